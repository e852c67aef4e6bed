import { DomainError, endBefore, type NewTimetableInput, serverMessage } from '@bus/core';
import {
  findScheduleLines,
  getLineInfo,
  insertSchedule,
  insertTrip,
  listSchedules,
  type OpenedDatabase,
  type ScheduleWithTrips,
  updateSchedule,
} from '@bus/db';
import { linesSchedulesWrite } from './bulk-schedules.ts';
import { type Actor, recordedWrite } from './recorded-write.ts';

/**
 * "New timetable from ..." (issue 28): the chosen schedules of one line or of several are
 * copied, trips and times, as new schedules valid from the date (until the original's own end,
 * if it had one), and the originals end the day before. One recordedWrite: every line's version
 * checked (CONFLICT when stale), one history batch that restoreBatch puts back in one step, and
 * the departures index of the lines rebuilt in the same transaction. Staff then edit the copies;
 * the site shows the old times before the date and the copies' from it.
 */

export interface NewTimetableResult {
  from: string;
  /** Each schedule copied and its copy, by line. */
  copies: { lineId: number; originalId: number; copyId: number }[];
  /** The version of each line's schedules after the save (what its editor saves against next). */
  versions: { lineId: number; version: number }[];
  /** The history entries written (one batch). */
  changeIds: number[];
}

/** A schedule runs on the day before `from` and on `from` itself as far as its window goes. */
function spans(schedule: ScheduleWithTrips, from: string): boolean {
  const start = schedule.validFrom ?? null;
  const end = schedule.validUntil ?? null;
  return (start === null || start < from) && (end === null || end >= from);
}

/**
 * The schedules the save copies, by line (checked: each named one is on a listed line and
 * valid across `from`; none named: every schedule of the listed lines valid across it).
 */
function chosenOf(
  stored: ReadonlyMap<number, ScheduleWithTrips[]>,
  scheduleIds: readonly number[],
  from: string,
): Map<number, ScheduleWithTrips[]> {
  const chosen = new Map<number, ScheduleWithTrips[]>();
  if (scheduleIds.length === 0) {
    for (const [lineId, schedules] of stored)
      chosen.set(
        lineId,
        schedules.filter((s) => spans(s, from)),
      );
    return chosen;
  }
  const byId = new Map([...stored.values()].flat().map((s) => [s.id, s]));
  for (const id of scheduleIds) {
    const schedule = byId.get(id);
    if (!schedule) throw new DomainError('NOT_FOUND', serverMessage('scheduleNotFound', { id }));
    if (!spans(schedule, from))
      throw new DomainError('INVALID_INPUT', serverMessage('newTimetableOutside', { scheduleId: id, from }));
    chosen.set(schedule.lineId, [...(chosen.get(schedule.lineId) ?? []), schedule]);
  }
  return chosen;
}

/** Each schedule named belongs to a line whose version the page sent (else: that line's version is missing). */
async function refuseUnversioned(
  db: OpenedDatabase,
  scheduleIds: readonly number[],
  versions: ReadonlyMap<number, number>,
): Promise<void> {
  const lineOf = await findScheduleLines(db.kysely, scheduleIds);
  const unknown = scheduleIds.find((id) => !lineOf.has(id));
  if (unknown !== undefined)
    throw new DomainError('NOT_FOUND', serverMessage('scheduleNotFound', { id: unknown }));
  const unversioned = [...lineOf.values()].find((lineId) => !versions.has(lineId));
  if (unversioned !== undefined)
    throw new DomainError(
      'INVALID_INPUT',
      serverMessage('versionRequired', { field: 'baseVersions', lineId: unversioned }),
    );
}

export async function newTimetableFrom(
  db: OpenedDatabase,
  actor: Actor,
  input: NewTimetableInput,
): Promise<NewTimetableResult> {
  const lineIds = input.baseVersions.map((l) => l.lineId).sort((a, b) => a - b);
  for (const lineId of lineIds)
    if (!(await getLineInfo(db.kysely, lineId)))
      throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  const versions = new Map(input.baseVersions.map((l) => [l.lineId, l.version]));
  const scheduleIds = input.scheduleIds ?? [];
  await refuseUnversioned(db, scheduleIds, versions);
  const { from } = input;
  const { refuseOthersStale, ...lines } = linesSchedulesWrite(lineIds, versions);

  const { result, changeIds, moreVersions } = await recordedWrite(db, actor, {
    ...lines,
    write: async (trx) => {
      await refuseOthersStale(trx);
      const stored = new Map<number, ScheduleWithTrips[]>();
      for (const lineId of lineIds) stored.set(lineId, await listSchedules(trx, { lineId }));
      const copies: NewTimetableResult['copies'] = [];
      for (const [lineId, chosen] of chosenOf(stored, scheduleIds, from)) {
        for (const original of chosen) {
          const copyId = await insertSchedule(trx, lineId, {
            ...original,
            validFrom: from,
            validUntil: original.validUntil ?? null,
          });
          for (const trip of original.trips) await insertTrip(trx, copyId, trip);
          await updateSchedule(trx, original.id, {
            ...original,
            validFrom: original.validFrom ?? null,
            validUntil: endBefore(from),
          });
          copies.push({ lineId, originalId: original.id, copyId });
        }
      }
      return copies;
    },
  });
  return {
    from,
    copies: result,
    versions: lineIds.map((lineId, i) => ({ lineId, version: moreVersions[i] as number })),
    changeIds,
  };
}
