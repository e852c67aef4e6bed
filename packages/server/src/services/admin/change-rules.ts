import {
  type ChangeRulesSettings,
  DomainError,
  type SaveChangeRulesFields,
  serverMessage,
  type WithVersion,
} from '@bus/core';
import { type Db, getStopsByIds, listChangeRules, type OpenedDatabase, writeChangeRules } from '@bus/db';
import { type Actor, currentVersion, type EntityState, recordedWrite } from './recorded-write.ts';

/**
 * Changes between buses (issue 30): each stop's own minimum change time and the change places
 * (two stops counted as one place, with the walk between them), which the journey planner
 * reads. Staff save the whole set on one screen; the history keeps it as one thing (kind
 * 'change_rules'), restorable like the yearly rules.
 */

/** The settings with the stops' names (for the screen) and the version it saves against. */
export interface ChangeRulesView extends ChangeRulesSettings {
  stopNames: { id: number; name: string }[];
  version: number;
}

/** What the history keeps of the settings: the whole set. */
export async function changeRulesState(db: Db): Promise<EntityState[]> {
  return [
    {
      kind: 'change_rules',
      entityId: null,
      lineId: null,
      summary: 'Changes between buses',
      state: await listChangeRules(db),
    },
  ];
}

async function namesOf(db: Db, settings: ChangeRulesSettings): Promise<{ id: number; name: string }[]> {
  const ids = [
    ...new Set([
      ...settings.stopMinutes.map((s) => s.stopId),
      ...settings.places.flatMap((p) => [p.stopA, p.stopB]),
    ]),
  ];
  if (ids.length === 0) return [];
  const stops = await getStopsByIds(db, ids);
  return [...stops.values()].map(({ id, name }) => ({ id, name })).sort((a, b) => a.id - b.id);
}

export async function getChangeRules(db: OpenedDatabase): Promise<ChangeRulesView> {
  const settings = await listChangeRules(db.kysely);
  return {
    ...settings,
    stopNames: await namesOf(db.kysely, settings),
    version: await currentVersion(db.kysely, { kind: 'change_rules' }),
  };
}

/** Refuses (NOT_FOUND, naming it) settings for a stop that does not exist. */
async function refuseUnknownStops(db: Db, settings: ChangeRulesSettings): Promise<void> {
  const known = new Set((await namesOf(db, settings)).map((s) => s.id));
  for (const id of [
    ...settings.stopMinutes.map((s) => s.stopId),
    ...settings.places.flatMap((p) => [p.stopA, p.stopB]),
  ])
    if (!known.has(id)) throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id }));
}

/** Writes the whole set (what is left out is removed); answers it as stored, with the new version. */
export async function saveChangeRules(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveChangeRulesFields>,
): Promise<ChangeRulesView> {
  const { version } = await recordedWrite(db, actor, {
    scope: { kind: 'change_rules' },
    baseVersion: input.baseVersion,
    what: async () => ({ kind: 'changeRules' }),
    states: (trx) => changeRulesState(trx),
    write: (trx) => writeSettings(trx, input),
  });
  const settings = await listChangeRules(db.kysely);
  return { ...settings, stopNames: await namesOf(db.kysely, settings), version };
}

/** The write itself (a save, or the history's restore of an earlier set). */
export async function writeSettings(trx: Db, settings: ChangeRulesSettings): Promise<void> {
  await refuseUnknownStops(trx, settings);
  await writeChangeRules(trx, { stopMinutes: settings.stopMinutes, places: settings.places });
}
