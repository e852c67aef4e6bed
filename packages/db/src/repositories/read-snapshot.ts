import {
  type Holiday,
  type RouteType,
  type SearchCandidate,
  type Stop,
  searchName,
  type YearlyRule,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { OpenedDatabase } from '../connection.ts';
import { listHolidays, listYearlyRules } from './rules.ts';
import { parseSearchNames } from './stops.ts';

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
  /** Stop ids of each route as drawn. */
  routeStops: Map<number, number[]>;
  stopNames: Map<number, string>;
  /** Every stop in Lithuanian alphabetical order, with its folded name and search forms. */
  stopsSorted: SearchStop[];
  lines: Map<number, { name: string; routeType: RouteType }>;
  rules: YearlyRule[];
  holidays: Holiday[];
}

const stampStatements = new WeakMap<SQLite.Database, [SQLite.Statement, SQLite.Statement]>();

/** Changes whenever any connection commits a write (or this one runs one). */
export function dataStamp(sqlite: SQLite.Database): string {
  let statements = stampStatements.get(sqlite);
  if (!statements) {
    statements = [
      sqlite.prepare('PRAGMA data_version').pluck(),
      sqlite.prepare('SELECT total_changes()').pluck(),
    ];
    stampStatements.set(sqlite, statements);
  }
  return `${statements[0].get()}:${statements[1].get()}`;
}

const versionStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * The version of what the public answers show, the same in every process that opens the file
 * (unlike dataStamp, which is this connection's own): the newest history entry (every admin
 * save and restore writes one), the last import and the last restore from a backup. A write
 * outside these (by hand in SQLite) does not move it.
 */
export function dataVersion(sqlite: SQLite.Database): string {
  let statement = versionStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(
      `SELECT (SELECT ifnull(max(id), 0) FROM change_log) AS change,
         (SELECT value FROM app_meta WHERE key = 'timetable_imported_at') AS imported,
         (SELECT value FROM app_meta WHERE key = 'restored_at') AS restored`,
    );
    versionStatements.set(sqlite, statement);
  }
  const row = statement.get() as { change: number; imported: string | null; restored: string | null };
  const time = (iso: string | null) => (iso === null ? '0' : Date.parse(iso).toString(36));
  return `${row.change}-${time(row.imported)}-${time(row.restored)}`;
}

export async function readSnapshot(opened: OpenedDatabase): Promise<ReadSnapshot> {
  const { sqlite } = opened;
  const stamp = dataStamp(sqlite);
  const routeStops = new Map<number, number[]>();
  const routeRows = sqlite
    .prepare('SELECT route_id, stop_id FROM route_stop ORDER BY route_id, seq')
    .raw()
    .all() as [number, number][];
  for (const [routeId, stopId] of routeRows) {
    let list = routeStops.get(routeId);
    if (!list) {
      list = [];
      routeStops.set(routeId, list);
    }
    list.push(stopId);
  }
  const stopRows = sqlite
    .prepare(
      'SELECT id, name, coords, default_option, name_folded, search_names FROM stop ORDER BY name_sort, id',
    )
    .all() as {
    id: number;
    name: string;
    coords: string | null;
    default_option: number;
    name_folded: string;
    search_names: string;
  }[];
  // How busy each stop is (the search's tie-break): its trips' visits times their weekdays.
  const weekly = new Map<number, number>();
  // Per route first (one pass over the trips), then over the route stops already read.
  const busyRows = sqlite
    .prepare(
      `SELECT t.route_id, s.weekday_mask, count(*) FROM trip t
         JOIN schedule s ON s.id = t.schedule_id
       GROUP BY t.route_id, s.weekday_mask`,
    )
    .raw()
    .all() as [number, number, number][];
  const routeWeekly = new Map<number, number>();
  for (const [routeId, mask, trips] of busyRows)
    routeWeekly.set(routeId, (routeWeekly.get(routeId) ?? 0) + trips * bitCount(mask));
  for (const [routeId, perWeek] of routeWeekly)
    for (const stopId of routeStops.get(routeId) ?? [])
      weekly.set(stopId, (weekly.get(stopId) ?? 0) + perWeek);
  const stopsSorted = stopRows.map((r, order) => {
    const searchNames = parseSearchNames(r.search_names);
    return {
      id: r.id,
      name: r.name,
      coords: r.coords,
      defaultOption: r.default_option === 1,
      folded: r.name_folded,
      searchNames,
      names: [r.name, ...searchNames].map(searchName),
      weeklyDepartures: weekly.get(r.id) ?? 0,
      order,
    };
  });
  const lineRows = sqlite.prepare('SELECT id, name, route_type FROM line').all() as {
    id: number;
    name: string;
    route_type: RouteType;
  }[];
  const [rules, holidays] = await Promise.all([listYearlyRules(opened.kysely), listHolidays(opened.kysely)]);
  return {
    stamp,
    routeStops,
    stopNames: new Map(stopsSorted.map((s) => [s.id, s.name])),
    stopsSorted,
    lines: new Map(lineRows.map((l) => [l.id, { name: l.name, routeType: l.route_type }])),
    rules,
    holidays,
  };
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m > 0; m >>= 1) n += m & 1;
  return n;
}
