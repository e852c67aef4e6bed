import { DomainError, diffStates, type FieldChange, type Holiday, type Stop } from '@bus/core';
import {
  type ChangeEntry,
  type ChangeKind,
  deleteHoliday,
  deleteStop,
  getChange,
  getStop,
  listChangeAuthors,
  listChanges,
  listStopUsage,
  type OpenedDatabase,
  restoreHolidayRow,
  restoreStopRow,
} from '@bus/db';
import { type Actor, recordedWrite } from './recorded-write.ts';
import { holidayState, stopState } from './states.ts';

/** The history screen: what changed, field by field, newest first. */
export interface HistoryItem {
  id: number;
  at: string;
  username: string;
  via: 'admin' | 'rest';
  kind: ChangeKind;
  entityId: number | null;
  lineId: number | null;
  action: ChangeEntry['action'];
  summary: string;
  restoredFrom: number | null;
  changes: FieldChange[];
  /** False when the state before cannot be put back by this screen (see restoreChange). */
  restorable: boolean;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** Pass as beforeId for the next (older) page; null when this is the last. */
  nextBeforeId: number | null;
  /** Everyone who has changed something (the person filter). */
  authors: string[];
}

export interface HistoryFilter {
  kind?: ChangeKind | undefined;
  lineId?: number | undefined;
  username?: string | undefined;
  beforeId?: number | undefined;
  limit?: number | undefined;
}

const PAGE = 50;

export async function getHistory(db: OpenedDatabase, filter: HistoryFilter): Promise<HistoryPage> {
  const limit = filter.limit ?? PAGE;
  const [entries, authors] = await Promise.all([
    listChanges(db.kysely, { ...filter, limit: limit + 1 }),
    listChangeAuthors(db.kysely),
  ]);
  const page = entries.slice(0, limit);
  return {
    items: page.map((e) => ({
      id: e.id,
      at: e.at,
      username: e.username,
      via: e.via,
      kind: e.kind,
      entityId: e.entityId,
      lineId: e.lineId,
      action: e.action,
      summary: e.summary,
      restoredFrom: e.restoredFrom,
      changes: diffStates(e.before, e.after),
      restorable: true,
    })),
    nextBeforeId: entries.length > limit ? (page.at(-1)?.id ?? null) : null,
    authors,
  };
}

/**
 * Puts back the state before a change: the thing as it was (re-created with its old id when it
 * was deleted since), or deleted when the change created it. It goes through the same checks as
 * a save (a stop a route uses is not deleted) and is recorded like any other change.
 */
export async function restoreChange(
  db: OpenedDatabase,
  actor: Actor,
  changeId: number,
): Promise<{ changeIds: number[] }> {
  const entry = await getChange(db.kysely, changeId);
  if (!entry) throw new DomainError('NOT_FOUND', `Change ${changeId} does not exist`);
  const restore = RESTORERS[entry.kind];
  return { changeIds: await restore(db, actor, entry) };
}

type Restorer = (db: OpenedDatabase, actor: Actor, entry: ChangeEntry) => Promise<number[]>;

const restoreHoliday: Restorer = async (db, actor, entry) => {
  const id = entry.entityId as number;
  const before = entry.before as Holiday | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'holiday', id },
    restoredFrom: entry.id,
    what: async () => entry.summary,
    states: (trx) => holidayState(trx, id),
    write: async (trx) => {
      if (before === null) await deleteHoliday(trx, id);
      else await restoreHolidayRow(trx, before);
    },
  });
  return changeIds;
};

const restoreStop: Restorer = async (db, actor, entry) => {
  const id = entry.entityId as number;
  const before = entry.before as Stop | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'stop', id },
    restoredFrom: entry.id,
    what: async () => entry.summary,
    states: (trx) => stopState(trx, id),
    write: async (trx) => {
      if (before !== null) return restoreStopRow(trx, before);
      const stop = await getStop(trx, id);
      if (!stop) return;
      const lines = (await listStopUsage(trx, [id])).get(id) ?? [];
      if (lines.length > 0)
        throw new DomainError(
          'CONFLICT',
          `Bus stop ${stop.name} is used by lines: ${lines.map((l) => l.name).join(', ')}`,
        );
      await deleteStop(trx, id);
    },
  });
  return changeIds;
};

const RESTORERS: Record<ChangeKind, Restorer> = {
  holiday: restoreHoliday,
  stop: restoreStop,
  rules: async () => {
    throw new DomainError('INVALID_INPUT', 'Restoring yearly rules is not available yet');
  },
  line: async () => {
    throw new DomainError('INVALID_INPUT', 'Restoring lines is not available yet');
  },
  schedule: async () => {
    throw new DomainError('INVALID_INPUT', 'Restoring schedules is not available yet');
  },
};
