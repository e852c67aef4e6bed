import { NO_TIME, type PlannerSchedule, type TimetableRideTrip, travelOrder } from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { ScheduleRow } from '../schema.ts';
import { toSchedule } from './schedules.ts';

/**
 * The whole timetable as the journey planner reads it (issue 30), once per data generation:
 * every schedule as its mapper gives it (toSchedule, so whatever decides when a schedule runs
 * comes along), and every trip's stops in travel order with its planned minutes. Read
 * synchronously through one connection (a read side's, possibly held at an older state during
 * an import), so it is one state of the data.
 */
export function plannerTimetable(sqlite: SQLite.Database): PlannerSchedule[] {
  const routeStops = new Map<number, number[]>();
  for (const [routeId, stopId] of sqlite
    .prepare('SELECT route_id, stop_id FROM route_stop ORDER BY route_id, seq')
    .raw()
    .iterate() as IterableIterator<[number, number]>) {
    let list = routeStops.get(routeId);
    if (list === undefined) {
      list = [];
      routeStops.set(routeId, list);
    }
    list.push(stopId);
  }
  // Each route's stops both ways, shared by its trips.
  const travelOf = new Map<string, readonly number[]>();
  const travel = (routeId: number, reversed: boolean): readonly number[] => {
    const key = `${routeId}:${reversed ? 1 : 0}`;
    let stops = travelOf.get(key);
    if (stops === undefined) {
      stops = travelOrder(routeStops.get(routeId) ?? [], reversed);
      travelOf.set(key, stops);
    }
    return stops;
  };

  const schedules = new Map<number, PlannerSchedule & { trips: TimetableRideTrip[] }>();
  for (const row of sqlite.prepare('SELECT * FROM schedule').iterate() as IterableIterator<ScheduleRow>)
    schedules.set(row.id, { id: row.id, schedule: toSchedule(row, []), trips: [] });

  // Every trip's times in one pass over the table (its key order), each trip's as one
  // 'index:minute,...' text: a row costs more than its text.
  const timesOf = new Map<number, string>();
  for (const [tripId, times] of sqlite
    .prepare(
      `SELECT trip_id, group_concat(seq || ':' || minute, ',') FROM trip_time
       WHERE minute IS NOT NULL GROUP BY trip_id`,
    )
    .raw()
    .iterate() as IterableIterator<[number, string]>)
    timesOf.set(tripId, times);
  const trips = sqlite
    .prepare(
      `SELECT t.id, t.schedule_id, s.line_id, t.route_id, t.route_dir_reversed
       FROM trip t JOIN schedule s ON s.id = t.schedule_id ORDER BY t.id`,
    )
    .raw()
    .iterate() as IterableIterator<[number, number, number, number, number]>;
  for (const [id, scheduleId, lineId, routeId, reversed] of trips) {
    const stops = travel(routeId, reversed === 1);
    const planned = new Int16Array(stops.length).fill(NO_TIME);
    const minutes = timesOf.get(id);
    if (minutes !== undefined) readTimes(minutes, planned);
    schedules.get(scheduleId)?.trips.push({ id, lineId, travel: stops, planned });
  }
  return [...schedules.values()];
}

const COLON = 58;
const COMMA = 44;
const ZERO = 48;

/**
 * A trip's 'index:minute,...' text into its planned minutes (indexes past them left out), read
 * digit by digit: splitting 8 million pairs into strings took seconds of the national build.
 */
function readTimes(text: string, planned: Int16Array): void {
  let value = 0;
  let index = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : COMMA;
    if (c === COLON) {
      index = value;
      value = 0;
    } else if (c === COMMA) {
      if (index < planned.length) planned[index] = value;
      value = 0;
    } else value = value * 10 + c - ZERO;
  }
}
