import {
  formatTime,
  type LineInfo,
  maskToWeekdays,
  type RouteType,
  type Stop,
  type Weekday,
} from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { toStop } from './stops.ts';
import { listTripTimes } from './trip-times.ts';

export interface RouteWithStops {
  id: number;
  lineId: number;
  routeNotes: string | null;
  stops: Stop[];
  distanceMeters: (number | null)[];
}

export interface TripWithRoute {
  id: number;
  scheduleId: number;
  boundFor: 'City bound' | 'Out bound' | 'One way';
  routeId: number;
  routeDirReversed: boolean;
  /** 'HH:MM' per stop in travel order, null where the trip has no time. */
  timeList: (string | null)[];
}

export interface ScheduleWithTrips {
  id: number;
  lineId: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: number;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  trips: TripWithRoute[];
}

type LineRow = {
  id: number;
  name: string;
  route_start: string | null;
  route_end: string | null;
  route_type: string;
  operator: string | null;
  anyk_station_platform: string | null;
  price: string | null;
  via: string | null;
  enabled_seasonal_yearly_rule_filter: number;
};

function toLineInfo(row: LineRow, notes: LineInfo['customNotes']): LineInfo {
  return {
    id: row.id,
    name: row.name,
    routeStart: row.route_start,
    routeEnd: row.route_end,
    routeType: row.route_type as RouteType,
    operator: row.operator,
    anykStationPlatform: row.anyk_station_platform,
    price: row.price,
    via: row.via,
    enabledSeasonalYearlyRuleFilter: row.enabled_seasonal_yearly_rule_filter === 1,
    customNotes: notes,
  };
}

/** Lines (by id) with their custom notes (by id); all lines when `ids` is omitted. */
export async function listLineInfos(db: Kysely<Database>, ids?: readonly number[]): Promise<LineInfo[]> {
  if (ids && ids.length === 0) return [];
  let lines = db.selectFrom('line').selectAll().orderBy('id');
  let notes = db.selectFrom('line_note').selectAll().orderBy('id');
  if (ids) {
    lines = lines.where('id', 'in', [...ids]);
    notes = notes.where('line_id', 'in', [...ids]);
  }
  const [lineRows, noteRows] = await Promise.all([lines.execute(), notes.execute()]);
  const notesByLine = new Map<number, LineInfo['customNotes']>();
  for (const n of noteRows) {
    const list = notesByLine.get(n.line_id) ?? [];
    list.push({ id: n.id, noteKey: n.note_key, noteValue: n.note_value });
    notesByLine.set(n.line_id, list);
  }
  return lineRows.map((row) => toLineInfo(row, notesByLine.get(row.id) ?? []));
}

export async function getLineInfo(db: Kysely<Database>, id: number): Promise<LineInfo | undefined> {
  return (await listLineInfos(db, [id]))[0];
}

/** Routes (by id) with their stops as drawn and their distances; by line ids or route ids. */
export async function listRoutes(
  db: Kysely<Database>,
  by: { lineIds: readonly number[] } | { routeIds: readonly number[] } | 'all',
): Promise<RouteWithStops[]> {
  let routesQuery = db.selectFrom('route').selectAll().orderBy('id');
  if (by !== 'all') {
    const ids = 'lineIds' in by ? by.lineIds : by.routeIds;
    if (ids.length === 0) return [];
    routesQuery = routesQuery.where('lineIds' in by ? 'line_id' : 'id', 'in', [...ids]);
  }
  const routes = await routesQuery.execute();
  if (routes.length === 0) return [];
  const routeIds = routes.map((r) => r.id);
  const [stopRows, distanceRows] = await Promise.all([
    db
      .selectFrom('route_stop as rs')
      .innerJoin('stop as s', 's.id', 'rs.stop_id')
      .select(['rs.route_id', 's.id', 's.name', 's.coords', 's.default_option'])
      .where('rs.route_id', 'in', routeIds)
      .orderBy('rs.route_id')
      .orderBy('rs.seq')
      .execute(),
    db
      .selectFrom('route_distance')
      .selectAll()
      .where('route_id', 'in', routeIds)
      .orderBy('route_id')
      .orderBy('seq')
      .execute(),
  ]);
  const byId = new Map<number, RouteWithStops>(
    routes.map((r) => [
      r.id,
      { id: r.id, lineId: r.line_id, routeNotes: r.route_notes, stops: [], distanceMeters: [] },
    ]),
  );
  for (const s of stopRows) byId.get(s.route_id)?.stops.push(toStop(s));
  for (const d of distanceRows) byId.get(d.route_id)?.distanceMeters.push(d.meters);
  return [...byId.values()];
}

/** Schedules (by id) with their trips (by id) and time lists; by line or by schedule ids. */
export async function listSchedules(
  db: Kysely<Database>,
  by: { lineId: number } | { scheduleIds: readonly number[] },
): Promise<ScheduleWithTrips[]> {
  let q = db.selectFrom('schedule').selectAll().orderBy('id');
  if ('lineId' in by) q = q.where('line_id', '=', by.lineId);
  else {
    if (by.scheduleIds.length === 0) return [];
    q = q.where('id', 'in', [...by.scheduleIds]);
  }
  const schedules = await q.execute();
  if (schedules.length === 0) return [];
  const scheduleIds = schedules.map((s) => s.id);
  const trips = await db
    .selectFrom('trip')
    .selectAll()
    .where('schedule_id', 'in', scheduleIds)
    .orderBy('id')
    .execute();
  const times = await listTripTimes(
    db,
    trips.map((t) => t.id),
  );
  const tripById = new Map<number, TripWithRoute>();
  for (const t of trips) {
    tripById.set(t.id, {
      id: t.id,
      scheduleId: t.schedule_id,
      boundFor: t.bound_for as TripWithRoute['boundFor'],
      routeId: t.route_id,
      routeDirReversed: t.route_dir_reversed === 1,
      timeList: [],
    });
  }
  for (const tt of times) {
    tripById.get(tt.trip_id)?.timeList.push(tt.minute === null ? null : formatTime(tt.minute));
  }
  const bySchedule = new Map<number, ScheduleWithTrips>(
    schedules.map((s) => [
      s.id,
      {
        id: s.id,
        lineId: s.line_id,
        runsOnWeekly: maskToWeekdays(s.weekday_mask),
        runsOnYearlyId: s.rule_id,
        runsOnPublicHolidays: s.runs_on_public_holidays === 1,
        timeConstraintsDescription: s.time_constraints_description,
        trips: [],
      },
    ]),
  );
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
