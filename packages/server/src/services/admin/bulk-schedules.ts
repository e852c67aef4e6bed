import { type BulkSchedulesInput, DomainError, serverMessage, type Weekday } from '@bus/core';
import {
  type Db,
  findScheduleLines,
  getLineInfo,
  listRuleIds,
  listSchedules,
  type OpenedDatabase,
  updateSchedule,
} from '@bus/db';
import { type Actor, type EntityState, recordedWrite, refuseStale } from './recorded-write.ts';
import { scheduleStates } from './states.ts';

export interface BulkSchedulesResult {
  /** The schedules changed, as stored now (id, line, rule, weekdays). */
  schedules: { id: number; lineId: number; runsOnYearlyId: number; runsOnWeekly: Weekday[] }[];
  /** The version of each line's schedules after the save (what its editor saves against next). */
  versions: { lineId: number; version: number }[];
  /** The history entries written (one per schedule that changed, one batch). */
  changeIds: number[];
}

const lineSubject = async (trx: Db, lineId: number) => ({
  kind: 'lineSchedules' as const,
  lineId,
  line: (await getLineInfo(trx, lineId))?.name ?? null,
});

/**
 * What a save of the schedules of several lines records (a bulk change, a new timetable from a
 * date): the first line's version checked by recordedWrite, every line's version after the write
 * (moreScopes), the states of all their schedules; `refuseOthersStale` checks the other lines'
 * versions in the write's transaction.
 */
export function linesSchedulesWrite(lineIds: readonly number[], baseVersions: ReadonlyMap<number, number>) {
  const [first, ...others] = lineIds as [number, ...number[]];
  return {
    scope: { kind: 'schedules', lineId: first } as const,
    // Every line's version read in the write's transaction, after its history entries: exactly
    // the versions this save produced, never a save by someone else that committed just after.
    moreScopes: lineIds.map((lineId) => ({ kind: 'schedules' as const, lineId })),
    baseVersion: baseVersions.get(first) as number,
    what: (trx: Db) => lineSubject(trx, first),
    states: async (trx: Db) => {
      const states: EntityState[] = [];
      for (const lineId of lineIds) states.push(...(await scheduleStates(trx, lineId)));
      return states;
    },
    refuseOthersStale: async (trx: Db) => {
      for (const lineId of others)
        await refuseStale(trx, { kind: 'schedules', lineId }, baseVersions.get(lineId) as number, (t) =>
          lineSubject(t, lineId),
        );
    },
  };
}

/**
 * Moves several schedules (of one line or of several) to another yearly rule and/or sets their
 * weekdays, all or nothing, through the one save path: every line's version is checked (a page
 * loaded before someone else's save is refused, naming them), each schedule that changed gets
 * its history entry (one batch; each restorable from the history), and the departures index of
 * the lines follows in the same transaction. Only the rule and the weekdays change: trips,
 * times, the holidays flag and the description stay as they are.
 */
export async function bulkUpdateSchedules(
  db: OpenedDatabase,
  actor: Actor,
  input: BulkSchedulesInput,
): Promise<BulkSchedulesResult> {
  const lineOf = await findScheduleLines(db.kysely, input.scheduleIds);
  const unknown = input.scheduleIds.find((id) => !lineOf.has(id));
  if (unknown !== undefined)
    throw new DomainError('NOT_FOUND', serverMessage('scheduleNotFound', { id: unknown }));
  const lineIds = [...new Set(lineOf.values())].sort((a, b) => a - b);
  const baseVersions = new Map(input.baseVersions.map((b) => [b.lineId, b.version]));
  // A page knows the version of every line whose schedules it shows; one missing is a bad request.
  const unversioned = lineIds.find((lineId) => !baseVersions.has(lineId));
  if (unversioned !== undefined)
    throw new DomainError(
      'INVALID_INPUT',
      serverMessage('versionRequired', { field: 'baseVersions', lineId: unversioned }),
    );
  const { runsOnYearlyId, runsOnWeekly } = input;
  if (runsOnYearlyId !== undefined && !(await listRuleIds(db.kysely)).includes(runsOnYearlyId))
    throw new DomainError('NOT_FOUND', serverMessage('ruleNotFound', { id: runsOnYearlyId }));
  const { refuseOthersStale, ...lines } = linesSchedulesWrite(lineIds, baseVersions);

  const { result, changeIds, moreVersions } = await recordedWrite(db, actor, {
    ...lines,
    write: async (trx) => {
      await refuseOthersStale(trx);
      if (runsOnYearlyId !== undefined && !(await listRuleIds(trx)).includes(runsOnYearlyId))
        throw new DomainError('NOT_FOUND', serverMessage('ruleNotFound', { id: runsOnYearlyId }));
      const stored = new Map(
        (await listSchedules(trx, { scheduleIds: input.scheduleIds })).map((s) => [s.id, s]),
      );
      const gone = input.scheduleIds.find((id) => !stored.has(id));
      if (gone !== undefined)
        throw new DomainError('NOT_FOUND', serverMessage('scheduleNotFound', { id: gone }));
      for (const schedule of stored.values())
        await updateSchedule(trx, schedule.id, {
          ...schedule,
          runsOnYearlyId: runsOnYearlyId ?? schedule.runsOnYearlyId,
          runsOnWeekly: runsOnWeekly ?? schedule.runsOnWeekly,
        });
      return (await listSchedules(trx, { scheduleIds: input.scheduleIds })).map((s) => ({
        id: s.id,
        lineId: s.lineId,
        runsOnYearlyId: s.runsOnYearlyId,
        runsOnWeekly: s.runsOnWeekly,
      }));
    },
  });
  const versions = lineIds.map((lineId, i) => ({ lineId, version: moreVersions[i] as number }));
  return { schedules: result, versions, changeIds };
}
