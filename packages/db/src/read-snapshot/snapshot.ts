import {
  type Holiday,
  type RouteType,
  type SearchCandidate,
  type ServiceChange,
  type Stop,
  searchName,
  type YearlyRule,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { OpenedDatabase } from '../connection.ts';
import { listHolidays } from '../repositories/holidays.ts';
import { listYearlyRules } from '../repositories/rules.ts';
import { listWindows, type ScheduleWindows } from '../repositories/schedules.ts';
import { listServiceChanges } from '../repositories/service-changes.ts';
import { parseSearchNames } from '../repositories/stops.ts';
import type { StopRow } from '../schema.ts';
import { type DataBasis, dataBasis, dataStamp } from './change-stamp.ts';
import {
  longestRoute,
  PACKED_MAX_STOPS,
  TRIP_FACTS_COLUMNS,
  type TripFacts,
  TripFactsWriter,
} from './trip-facts.ts';

/**
 * The slowly changing part of the timetable that every departures request and stop search
 * needs (route stop lists, stop names, lines, rules, holidays). readSnapshot always reads it
 * afresh; the server keeps one per change stamp (dataStamp) in its answer cache, which loads
 * it again after any write, by this process (total_changes) or another one (data_version).
 */
export interface SearchStop extends Stop, SearchCandidate {
  folded: string;
  /** Extra names the search finds it by (names[1..] prepared). */
  searchNames: string[];
}

export interface ReadSnapshot {
  /** The change stamp when reading began. */
  stamp: string;
  /** What the data was at when it was read (see refreshSnapshot). */
  basis: DataBasis;
  /** Each route's line, and how many trips a week each route runs (for the stops' busyness). */
  routeLines: Map<number, number>;
  routeWeekly: Map<number, number>;
  /** Each stop's place in the alphabetical order: its lithuanianSortKey. */
  stopSortKeys: Map<number, string>;
  /** Stop ids of each route as drawn. */
  routeStops: Map<number, number[]>;
  stopNames: Map<number, string>;
  /** Every stop in Lithuanian alphabetical order, with its folded name and search forms. */
  stopsSorted: SearchStop[];
  lines: Map<number, { name: string; routeType: RouteType }>;
  /** Each trip's schedule, line, route and direction, by trip id; null when ids are too sparse. */
  trips: TripFacts | null;
  rules: YearlyRule[];
  holidays: Holiday[];
  /** Every service change (cancelled trips, changed times, closed stops, notices), oldest first. */
  serviceChanges: ServiceChange[];
  /** Where the schedules' validity windows begin and end, and each line's new timetables (listWindows). */
  windows: ScheduleWindows;
  /** The schedules whose bus is low-floor with a ramp (issue 41): the departures mark them. */
  lowFloorSchedules: Set<number>;
}

/** The schedules whose bus staff marked low-floor with a ramp (a few rows). */
export function listLowFloorSchedules(sqlite: SQLite.Database): Set<number> {
  return new Set(
    sqlite.prepare('SELECT id FROM schedule WHERE wheelchair_accessible = 1').pluck().all() as number[],
  );
}

/** The stop columns the snapshot reads (STOP_SELECT). */
export type SnapshotStopRow = Omit<StopRow, 'lat' | 'lon'>;

export const STOP_SELECT =
  'SELECT id, name, coords, default_option, name_folded, name_sort, search_names FROM stop';

export function searchStop(r: SnapshotStopRow, weekly: number, order: number): SearchStop {
  const searchNames = parseSearchNames(r.search_names);
  // Written out, not spread from toStop: the stop search walks these objects in its hot loop,
  // and an object literal keeps them one fixed shape (spread made `pnpm bench`'s stop search
  // twice as slow).
  return {
    id: r.id,
    name: r.name,
    coords: r.coords,
    defaultOption: r.default_option === 1,
    folded: r.name_folded,
    searchNames,
    names: [r.name, ...searchNames].map(searchName),
    weeklyDepartures: weekly,
    order,
  };
}

/** Trips a week of each of these routes (all routes when `routeIds` is undefined). */
export function routeWeeklyOf(sqlite: SQLite.Database, routeIds?: readonly number[]): Map<number, number> {
  const where = routeIds === undefined ? '' : `WHERE t.route_id IN (${routeIds.map(Number).join(',')})`;
  const rows = sqlite
    .prepare(
      `SELECT t.route_id, s.weekday_mask, count(*) FROM trip t
         JOIN schedule s ON s.id = t.schedule_id ${where}
       GROUP BY t.route_id, s.weekday_mask`,
    )
    .raw()
    .all() as [number, number, number][];
  const weekly = new Map<number, number>();
  for (const [routeId, mask, trips] of rows)
    weekly.set(routeId, (weekly.get(routeId) ?? 0) + trips * bitCount(mask));
  return weekly;
}

/** The snapshot of the data as it is now, read whole on `opened` (see readSnapshotApart). */
export function readSnapshot(opened: OpenedDatabase): Promise<ReadSnapshot> {
  return readWhole(opened, dataStamp(opened.sqlite), null);
}

/**
 * How a whole read gives way to other work: checked every few hundred rows, `due` says the
 * current slice has run long enough and `pause` lets the event loop answer others meanwhile.
 */
export interface Slicing {
  due(): boolean;
  pause(): Promise<void>;
}

/**
 * The whole snapshot read on `reader`, a connection of its own (openReader) that nothing else
 * uses meanwhile, in slices (`slicing`) inside one read transaction: every slice sees the same
 * state of the data, whatever other connections commit in between. `stamp` is the serving
 * connection's change stamp, read just before the state is fixed, so the snapshot is never
 * newer-stamped than its data (a commit in between makes it look older, and it is refreshed).
 */
export async function readSnapshotApart(
  reader: OpenedDatabase,
  stamp: () => string,
  slicing: Slicing,
): Promise<ReadSnapshot> {
  const { sqlite } = reader;
  const before = stamp();
  sqlite.prepare('BEGIN').run();
  try {
    // readWhole's first statement, run now, fixes the state the transaction reads.
    return await readWhole(reader, before, slicing);
  } finally {
    if (sqlite.inTransaction) sqlite.prepare('COMMIT').run();
  }
}

/** Trips with what their facts need, and their weekdays (for the routes' trips a week). */
const WHOLE_TRIPS_SELECT = `SELECT ${TRIP_FACTS_COLUMNS}, s.weekday_mask FROM trip t CROSS JOIN schedule s ON s.id = t.schedule_id`;

/** Rows between two looks at the clock (`Slicing.due`): a look costs more than a row. */
const ROWS_PER_LOOK = 256;

async function readWhole(
  opened: OpenedDatabase,
  stamp: string,
  slicing: Slicing | null,
): Promise<ReadSnapshot> {
  const { sqlite } = opened;
  let rows = 0;
  /** Called after each row: a pause now and then when slicing (else nothing to await). */
  const due = () => slicing !== null && (++rows & (ROWS_PER_LOOK - 1)) === 0 && slicing.due();
  const pause = () => (slicing as Slicing).pause();

  const basis = dataBasis(sqlite);
  const routeStops = new Map<number, number[]>();
  const routeLines = new Map<number, number>();
  for (const [routeId, lineId] of sqlite
    .prepare('SELECT id, line_id FROM route')
    .raw()
    .iterate() as IterableIterator<[number, number]>) {
    routeLines.set(routeId, lineId);
    routeStops.set(routeId, []);
    if (due()) await pause();
  }
  // Row by row: the national timetable has about 100,000 route stops.
  const routeRows = sqlite
    .prepare('SELECT route_id, stop_id FROM route_stop ORDER BY route_id, seq')
    .raw()
    .iterate() as IterableIterator<[number, number]>;
  for (const [routeId, stopId] of routeRows) {
    let list = routeStops.get(routeId);
    if (!list) {
      list = [];
      routeStops.set(routeId, list);
    }
    list.push(stopId);
    if (due()) await pause();
  }

  // Every trip once: its facts, and its route's trips a week (how busy each stop is).
  const { count, maxId } = sqlite
    .prepare('SELECT count(*) AS count, ifnull(max(id), 0) AS maxId FROM trip')
    .get() as { count: number; maxId: number };
  const facts =
    longestRoute(routeStops) >= PACKED_MAX_STOPS ? null : new TripFactsWriter({ count, maxId }, null);
  const routeWeekly = new Map<number, number>();
  const tripRows = sqlite.prepare(WHOLE_TRIPS_SELECT).raw().iterate() as IterableIterator<
    [number, number, number, number, number, number, number]
  >;
  for (const [id, schedule, line, route, reversed, bound, mask] of tripRows) {
    facts?.add(id, schedule, line, route, reversed, bound);
    routeWeekly.set(route, (routeWeekly.get(route) ?? 0) + bitCount(mask));
    if (due()) await pause();
  }

  const stopRows: SnapshotStopRow[] = [];
  for (const row of sqlite
    .prepare(`${STOP_SELECT} ORDER BY name_sort, id`)
    .iterate() as IterableIterator<SnapshotStopRow>) {
    stopRows.push(row);
    if (due()) await pause();
  }
  // How busy each stop is (the search's tie-break): its trips' visits times their weekdays.
  const weekly = new Map<number, number>();
  for (const [routeId, perWeek] of routeWeekly) {
    for (const stopId of routeStops.get(routeId) ?? [])
      weekly.set(stopId, (weekly.get(stopId) ?? 0) + perWeek);
    if (due()) await pause();
  }
  const stopsSorted: SearchStop[] = [];
  for (const r of stopRows) {
    stopsSorted.push(searchStop(r, weekly.get(r.id) ?? 0, stopsSorted.length));
    if (due()) await pause();
  }
  const lineRows = sqlite.prepare('SELECT id, name, route_type FROM line').all() as {
    id: number;
    name: string;
    route_type: RouteType;
  }[];
  const [rules, holidays, serviceChanges] = await Promise.all([
    listYearlyRules(opened.kysely),
    listHolidays(opened.kysely),
    listServiceChanges(opened.kysely),
  ]);
  return {
    stamp,
    basis,
    routeLines,
    routeWeekly,
    stopSortKeys: new Map(stopRows.map((r) => [r.id, r.name_sort])),
    routeStops,
    stopNames: new Map(stopsSorted.map((s) => [s.id, s.name])),
    stopsSorted,
    lines: new Map(lineRows.map((l) => [l.id, { name: l.name, routeType: l.route_type }])),
    trips: facts?.facts ?? null,
    rules,
    holidays,
    serviceChanges,
    windows: listWindows(sqlite),
    lowFloorSchedules: listLowFloorSchedules(sqlite),
  };
}

export function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m > 0; m >>= 1) n += m & 1;
  return n;
}
