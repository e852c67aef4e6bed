import {
  type PackedTimetable,
  PackedTimetableBuilder,
  runSteps,
  type Steps,
  stepFreeCode,
  travelOrder,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { ScheduleRow } from '../schema.ts';
import { toSchedule } from './schedules.ts';

/**
 * The whole timetable as the journey planner reads it (issue 30), once per data generation,
 * packed (core's PackedTimetable): every schedule as its mapper gives it (toSchedule, so whatever
 * decides when a schedule runs comes along, and its bus's step-free mark), every trip's stops in
 * travel order with its planned minutes, and the stops marked step-free (issue 41). Read through one connection (a read side's, possibly held at an older state
 * during an import).
 */
export function plannerTimetable(sqlite: SQLite.Database): PackedTimetable {
  return runSteps(plannerTimetableSteps(sqlite));
}

/** Rows read in one page: a few ms each at national scale (a trip comes with about 30 times). */
const ROUTE_STOPS_PER_PAGE = 2000;
const SCHEDULES_PER_PAGE = 400;
const TRIPS_PER_PAGE = 100;

/**
 * plannerTimetable as a build that yields between pages (see core's steps.ts): every statement
 * is read whole before a yield, so the connection is free for others in between, and pages go by
 * key (route and position, schedule id, trip id), never by an iterator left open; each loop
 * below yields after each page. Run in slices, it reads one state of the data only inside a read
 * transaction (or on a connection held at one state), which its caller opens.
 */
export function* plannerTimetableSteps(sqlite: SQLite.Database): Steps<PackedTimetable> {
  const routeStops = new Map<number, number[]>();
  const routePage = sqlite
    .prepare(
      `SELECT route_id, seq, stop_id FROM route_stop WHERE (route_id, seq) > (?, ?)
       ORDER BY route_id, seq LIMIT ${ROUTE_STOPS_PER_PAGE}`,
    )
    .raw();
  for (let after: [number, number] = [-1, -1]; ; yield) {
    const rows = routePage.all(...after) as [number, number, number][];
    for (const [routeId, , stopId] of rows) {
      let list = routeStops.get(routeId);
      if (list === undefined) {
        list = [];
        routeStops.set(routeId, list);
      }
      list.push(stopId);
    }
    const last = rows.at(-1);
    if (last === undefined) break;
    after = [last[0], last[1]];
  }
  // Each route's stops both ways, packed once and shared by its trips.
  const timetable = new PackedTimetableBuilder();
  const travelOf = new Map<number, number>();
  const travel = (routeId: number, reversed: boolean): number => {
    const key = routeId * 2 + (reversed ? 1 : 0);
    let index = travelOf.get(key);
    if (index === undefined) {
      index = timetable.travel(travelOrder(routeStops.get(routeId) ?? [], reversed));
      travelOf.set(key, index);
    }
    return index;
  };

  const schedulePage = sqlite.prepare(
    `SELECT * FROM schedule WHERE id > ? ORDER BY id LIMIT ${SCHEDULES_PER_PAGE}`,
  );
  for (let after = -1; ; yield) {
    const rows = schedulePage.all(after) as ScheduleRow[];
    for (const row of rows) timetable.schedule(row.id, toSchedule(row, []));
    const last = rows.at(-1);
    if (last === undefined) break;
    after = last.id;
  }
  // A few rows: what staff marked step-free ('yes' only: step-free plans take nothing else).
  const stepFree = sqlite
    .prepare('SELECT id FROM stop WHERE wheelchair_boarding = ? ORDER BY id')
    .pluck()
    .all(stepFreeCode('yes')) as number[];
  for (const id of stepFree) timetable.stepFreeStop(id);

  // Trips by id a page at a time, and the page's times: each trip's as one 'index:minute,...'
  // text (a row costs more than its text).
  const tripPage = sqlite
    .prepare(
      `SELECT t.id, t.schedule_id, s.line_id, t.route_id, t.route_dir_reversed
       FROM trip t JOIN schedule s ON s.id = t.schedule_id WHERE t.id > ? ORDER BY t.id LIMIT ${TRIPS_PER_PAGE}`,
    )
    .raw();
  const timesPage = sqlite
    .prepare(
      `SELECT trip_id, group_concat(seq || ':' || minute, ',') FROM trip_time
       WHERE trip_id BETWEEN ? AND ? AND minute IS NOT NULL GROUP BY trip_id`,
    )
    .raw();
  for (let after = -1; ; yield) {
    const trips = tripPage.all(after) as [number, number, number, number, number][];
    const last = trips.at(-1);
    if (last === undefined) break;
    const timesOf = new Map(timesPage.all(after + 1, last[0]) as [number, string][]);
    for (const [id, scheduleId, lineId, routeId, reversed] of trips) {
      const r = travel(routeId, reversed === 1);
      const at = timetable.trip(id, scheduleId, lineId, r);
      const minutes = timesOf.get(id);
      if (at !== -1 && minutes !== undefined)
        readTimes(minutes, timetable.plannedChunk, at, (routeStops.get(routeId) ?? []).length);
    }
    after = last[0];
  }
  return yield* timetable.done();
}

const COLON = 58;
const COMMA = 44;
const ZERO = 48;

/**
 * A trip's 'index:minute,...' text into its `stops` planned minutes from `at` (indexes past them
 * left out), read digit by digit: splitting 8 million pairs into strings took seconds of the
 * national build.
 */
function readTimes(text: string, planned: Int16Array, at: number, stops: number): void {
  let value = 0;
  let index = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : COMMA;
    if (c === COLON) {
      index = value;
      value = 0;
    } else if (c === COMMA) {
      if (index < stops) planned[at + index] = value;
      value = 0;
    } else value = value * 10 + c - ZERO;
  }
}
