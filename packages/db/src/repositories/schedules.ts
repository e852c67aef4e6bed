import {
  addDays,
  type BoundFor,
  formatTime,
  maskToWeekdays,
  parseTime,
  type Schedule,
  type StepFree,
  stepFreeCode,
  stepFreeOf,
  storedDate,
  type Trip,
  type Weekday,
  weekdaysToMask,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database, ScheduleRow, TripRow } from '../schema.ts';
import { chunksOf, forEachIdChunk, rowsPerInsert, selectByIds } from './bound-lists.ts';
import { listTripTimes } from './trip-times.ts';

/** A line's schedules and their trips (with their stop times), read and written. */

/** A trip as stored, its route given by id. */
export type TripWithRoute = Trip;
/** A schedule with every one of its trips. */
export type ScheduleWithTrips = Schedule;

/**
 * A schedule row with its trips (in whatever form the caller reads them); its window read
 * inside STORED_DATES (storedDate), whatever was stored before dates were bounded.
 */
export function toSchedule<T>(row: ScheduleRow, trips: T[]): Omit<Schedule, 'trips'> & { trips: T[] } {
  return {
    id: row.id,
    lineId: row.line_id,
    runsOnWeekly: maskToWeekdays(row.weekday_mask),
    runsOnYearlyId: row.rule_id,
    runsOnPublicHolidays: row.runs_on_public_holidays === 1,
    timeConstraintsDescription: row.time_constraints_description,
    validFrom: storedDate(row.valid_from),
    validUntil: storedDate(row.valid_until),
    stepFree: stepFreeOf(row.wheelchair_accessible),
    trips,
  };
}

export function toTrip(row: TripRow, timeList: (string | null)[]): Trip {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    boundFor: row.bound_for as BoundFor,
    routeId: row.route_id,
    routeDirReversed: row.route_dir_reversed === 1,
    timeList,
  };
}

export interface ScheduleFields {
  runsOnWeekly: readonly Weekday[];
  runsOnYearlyId: number;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  /** The validity window ('YYYY-MM-DD' inclusive); absent or null: no bound. */
  validFrom?: string | null;
  validUntil?: string | null;
  /** Whether its bus is low-floor with a ramp; absent: not known for a new one, the stored mark kept. */
  stepFree?: StepFree | undefined;
}

export interface TripFields {
  boundFor: BoundFor;
  routeId: number;
  routeDirReversed: boolean;
  /** 'HH:MM' per stop in travel order; null (or anything not a time) is stored as "no time". */
  timeList: readonly (string | null)[];
}

export function scheduleColumns(s: ScheduleFields) {
  return {
    rule_id: s.runsOnYearlyId,
    weekday_mask: weekdaysToMask(s.runsOnWeekly),
    runs_on_public_holidays: s.runsOnPublicHolidays ? 1 : 0,
    time_constraints_description: s.timeConstraintsDescription,
    // Absent (the old REST client knows no windows): the stored window stays as it is.
    ...(s.validFrom === undefined ? {} : { valid_from: s.validFrom }),
    ...(s.validUntil === undefined ? {} : { valid_until: s.validUntil }),
    ...(s.stepFree === undefined ? {} : { wheelchair_accessible: stepFreeCode(s.stepFree) }),
  };
}

/** Where the schedules' validity windows begin and end, for the read side (listWindows). */
export interface ScheduleWindows {
  /**
   * The dates on which the set of schedules inside their windows changes: each validFrom and
   * the day after each validUntil, ascending and distinct. Dates between two of them (the read
   * side's "window era") have the same schedules in their windows.
   */
  bounds: string[];
  /** Each line's validFrom dates, ascending and distinct (a new timetable starting). */
  starts: Map<number, string[]>;
}

export function listWindows(sqlite: SQLite.Database): ScheduleWindows {
  const rows = sqlite
    .prepare(
      'SELECT line_id, valid_from, valid_until FROM schedule WHERE valid_from IS NOT NULL OR valid_until IS NOT NULL',
    )
    .raw()
    .all() as [number, string | null, string | null][];
  const bounds = new Set<string>();
  const starts = new Map<number, Set<string>>();
  for (const [lineId, storedFrom, storedUntil] of rows) {
    // Read as toSchedule reads them: a day after "until 9999-12-31" cannot be written.
    const from = storedDate(storedFrom);
    const until = storedDate(storedUntil);
    if (from !== null) {
      bounds.add(from);
      starts.set(lineId, (starts.get(lineId) ?? new Set()).add(from));
    }
    if (until !== null) bounds.add(addDays(until, 1));
  }
  return {
    bounds: [...bounds].sort(),
    starts: new Map([...starts].map(([lineId, dates]) => [lineId, [...dates].sort()])),
  };
}

/** Schedules (by id) with their trips (by id) and time lists; by line or by schedule ids. */
export async function listSchedules(
  db: Kysely<Database>,
  by: { lineId: number } | { scheduleIds: readonly number[] },
): Promise<ScheduleWithTrips[]> {
  const q = db.selectFrom('schedule').selectAll().orderBy('id');
  const schedules =
    'lineId' in by
      ? await q.where('line_id', '=', by.lineId).execute()
      : await selectByIds(by.scheduleIds, (part) => q.where('id', 'in', part).execute());
  if (schedules.length === 0) return [];
  const scheduleIds = schedules.map((s) => s.id);
  const trips = (
    await selectByIds(scheduleIds, (part) =>
      db.selectFrom('trip').selectAll().where('schedule_id', 'in', part).execute(),
    )
  ).sort((a, b) => a.id - b.id);
  const times = await listTripTimes(
    db,
    trips.map((t) => t.id),
  );
  const tripById = new Map<number, TripWithRoute>();
  for (const t of trips) tripById.set(t.id, toTrip(t, []));
  for (const tt of times) {
    tripById.get(tt.trip_id)?.timeList.push(tt.minute === null ? null : formatTime(tt.minute));
  }
  const bySchedule = new Map<number, ScheduleWithTrips>(schedules.map((s) => [s.id, toSchedule(s, [])]));
  for (const t of tripById.values()) bySchedule.get(t.scheduleId)?.trips.push(t);
  return [...bySchedule.values()];
}

export async function findScheduleIdByTrip(
  db: Kysely<Database>,
  tripId: number,
): Promise<number | undefined> {
  const row = await db.selectFrom('trip').select('schedule_id').where('id', '=', tripId).executeTakeFirst();
  return row?.schedule_id;
}

/** A trip's line and route, and whether it drives the route backwards; undefined when there is no such trip. */
export async function findTripRoute(
  db: Kysely<Database>,
  tripId: number,
): Promise<{ lineId: number; routeId: number; reversed: boolean } | undefined> {
  const row = await db
    .selectFrom('trip as t')
    .innerJoin('schedule as s', 's.id', 't.schedule_id')
    .select(['s.line_id', 't.route_id', 't.route_dir_reversed'])
    .where('t.id', '=', tripId)
    .executeTakeFirst();
  return row && { lineId: row.line_id, routeId: row.route_id, reversed: row.route_dir_reversed === 1 };
}

/** Line of each stored schedule among `ids`; unknown ids are absent. */
export async function findScheduleLines(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await selectByIds(ids, (part) =>
    db.selectFrom('schedule').select(['id', 'line_id']).where('id', 'in', part).execute(),
  );
  return new Map(rows.map((r) => [r.id, r.line_id]));
}

/** Schedule of each stored trip among `ids`; unknown ids are absent. */
export async function findTripSchedules(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const rows = await selectByIds(ids, (part) =>
    db.selectFrom('trip').select(['id', 'schedule_id']).where('id', 'in', part).execute(),
  );
  return new Map(rows.map((r) => [r.id, r.schedule_id]));
}

/** Stop count of each route of a line. */
export async function routeStopCountsOfLine(
  db: Kysely<Database>,
  lineId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('route')
    .select(['id', 'stop_count'])
    .where('line_id', '=', lineId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.stop_count]));
}

export async function insertSchedule(
  db: Kysely<Database>,
  lineId: number,
  schedule: ScheduleFields,
  id?: number,
): Promise<number> {
  const row = await db
    .insertInto('schedule')
    .values({ line_id: lineId, ...scheduleColumns(schedule), ...(id === undefined ? {} : { id }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSchedule(
  db: Kysely<Database>,
  id: number,
  schedule: ScheduleFields,
): Promise<void> {
  await db.updateTable('schedule').set(scheduleColumns(schedule)).where('id', '=', id).execute();
}

/** Deletes the schedule's trips (with their times) that are not in `keepIds`. */
export async function deleteTripsOfScheduleExcept(
  db: Kysely<Database>,
  scheduleId: number,
  keepIds: readonly number[],
): Promise<void> {
  // The schedule's trips read and those kept left out here, not in SQL: `keepIds` comes from
  // the request and may be longer than one statement binds.
  const keep = new Set(keepIds);
  const trips = await db.selectFrom('trip').select('id').where('schedule_id', '=', scheduleId).execute();
  const ids = trips.map((t) => t.id).filter((id) => !keep.has(id));
  await forEachIdChunk(ids, (part) => db.deleteFrom('trip_time').where('trip_id', 'in', part).execute());
  await forEachIdChunk(ids, (part) => db.deleteFrom('trip').where('id', 'in', part).execute());
}

async function writeTripTimes(db: Kysely<Database>, tripId: number, timeList: readonly (string | null)[]) {
  await db.deleteFrom('trip_time').where('trip_id', '=', tripId).execute();
  const rows = timeList.map((time, seq) => ({
    trip_id: tripId,
    seq,
    minute: time === null ? null : parseTime(time),
  }));
  for (const part of chunksOf(rows, rowsPerInsert(3)))
    await db.insertInto('trip_time').values(part).execute();
}

function tripColumns(trip: TripFields) {
  return {
    route_id: trip.routeId,
    bound_for: trip.boundFor,
    route_dir_reversed: trip.routeDirReversed ? 1 : 0,
  };
}

export async function insertTrip(
  db: Kysely<Database>,
  scheduleId: number,
  trip: TripFields,
  id?: number,
): Promise<number> {
  const row = await db
    .insertInto('trip')
    .values({ schedule_id: scheduleId, ...tripColumns(trip), ...(id === undefined ? {} : { id }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeTripTimes(db, row.id, trip.timeList);
  return row.id;
}

export async function updateTrip(db: Kysely<Database>, id: number, trip: TripFields): Promise<void> {
  await db.updateTable('trip').set(tripColumns(trip)).where('id', '=', id).execute();
  await writeTripTimes(db, id, trip.timeList);
}

/** Deletes a schedule with its trips and times; false when there is no such schedule. */
export async function deleteScheduleDeep(db: Kysely<Database>, id: number): Promise<boolean> {
  const tripIds = db.selectFrom('trip').select('id').where('schedule_id', '=', id);
  await db.deleteFrom('trip_time').where('trip_id', 'in', tripIds).execute();
  await db.deleteFrom('trip').where('schedule_id', '=', id).execute();
  const result = await db.deleteFrom('schedule').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ids (ascending) of the schedules that run on a yearly rule. */
export async function listScheduleIdsByRule(db: Kysely<Database>, ruleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('schedule')
    .select('id')
    .where('rule_id', '=', ruleId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** For every rule any schedule uses: the ids (ascending) of those schedules. */
export async function scheduleIdsByRule(db: Kysely<Database>): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('schedule')
    .select(['id', 'rule_id'])
    .orderBy('rule_id')
    .orderBy('id')
    .execute();
  const usage = new Map<number, number[]>();
  for (const row of rows) {
    const ids = usage.get(row.rule_id) ?? [];
    ids.push(row.id);
    usage.set(row.rule_id, ids);
  }
  return usage;
}
