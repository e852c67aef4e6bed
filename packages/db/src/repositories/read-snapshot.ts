import {
  BOUND_FOR,
  type Holiday,
  type RouteType,
  type SearchCandidate,
  type Stop,
  searchName,
  shareSearchIndex,
  type YearlyRule,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import { RESTORED_AT } from '../backup.ts';
import type { OpenedDatabase } from '../connection.ts';
import { TIMETABLE_IMPORTED_AT } from './dataset.ts';
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

/**
 * What the data is at, the same in every process that opens the file (unlike dataStamp, which
 * is this connection's own): the newest history entry (every admin save and restore writes
 * one), the last import and the last restore from a backup. A write outside these (by hand in
 * SQLite) does not move it.
 */
export interface DataBasis {
  changeId: number;
  /** ISO instants; null: never. */
  imported: string | null;
  restored: string | null;
}

const basisStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

export function dataBasis(sqlite: SQLite.Database): DataBasis {
  let statement = basisStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(
      `SELECT (SELECT ifnull(max(id), 0) FROM change_log) AS changeId,
         (SELECT value FROM app_meta WHERE key = '${TIMETABLE_IMPORTED_AT}') AS imported,
         (SELECT value FROM app_meta WHERE key = '${RESTORED_AT}') AS restored`,
    );
    basisStatements.set(sqlite, statement);
  }
  return statement.get() as DataBasis;
}

/** dataBasis as a short text: the version the public answers' ETag is named by. */
export function dataVersion(sqlite: SQLite.Database): string {
  const { changeId, imported, restored } = dataBasis(sqlite);
  const time = (iso: string | null) => (iso === null ? '0' : Date.parse(iso).toString(36));
  return `${changeId}-${time(imported)}-${time(restored)}`;
}

/**
 * What the departures query needs of a trip besides its visit, by trip id, in typed arrays
 * (a few bytes a trip, not an object each): the departures index then hands back one number
 * per visit (departures.ts) instead of eight. Entries of deleted trips stay; nothing refers to them.
 */
export interface TripFacts {
  schedule: Int32Array;
  line: Int32Array;
  route: Int32Array;
  /** 1: known; 2: reversed; the index in BOUND_FOR times 4. */
  flags: Uint8Array;
}

const TRIP_FACTS_COLUMNS = `t.id, t.schedule_id, s.line_id, t.route_id, t.route_dir_reversed,
    CASE t.bound_for ${BOUND_FOR.map((b, i) => `WHEN '${b}' THEN ${i}`).join(' ')} END`;
/** The trips of some lines: from the lines' schedules (index schedule_line), not every trip. */
const LINE_TRIP_FACTS_SELECT = `SELECT ${TRIP_FACTS_COLUMNS} FROM schedule s CROSS JOIN trip t ON t.schedule_id = s.id`;

/** Longest route the packed visits can describe (travel index in 10 bits); longer: no facts. */
export const PACKED_MAX_STOPS = 1024;

type TripRow = [number, number, number, number, number, number];

/**
 * The facts of trips (`count` rows, ids up to `maxId`) written over `previous`, row by row: the
 * whole timetable's 300,000 trips are read straight into the arrays, never held as rows (a
 * hundred bytes each, which V8 would size the heap by). `facts` is null when the ids are far
 * sparser than the trips: arrays by id would waste memory (the query then sends every field).
 */
class TripFactsWriter {
  readonly facts: TripFacts | null;
  private readonly maxId: number;

  constructor({ count, maxId: rowsMaxId }: { count: number; maxId: number }, previous: TripFacts | null) {
    const maxId = Math.max(previous ? previous.flags.length - 1 : 0, rowsMaxId);
    this.maxId = maxId;
    if (maxId > 8 * (count + (previous?.flags.length ?? 0)) + 100_000 || maxId >= 2 ** 31) {
      this.facts = null;
      return;
    }
    const size = maxId + 1;
    const grown = <A extends Int32Array | Uint8Array>(old: A | undefined, make: (n: number) => A): A => {
      const next = make(size);
      if (old) next.set(old.subarray(0, Math.min(old.length, size)));
      return next;
    };
    this.facts = {
      schedule: grown(previous?.schedule, (n) => new Int32Array(n)),
      line: grown(previous?.line, (n) => new Int32Array(n)),
      route: grown(previous?.route, (n) => new Int32Array(n)),
      flags: grown(previous?.flags, (n) => new Uint8Array(n)),
    };
  }

  add(id: number, schedule: number, line: number, route: number, reversed: number, bound: number): void {
    const facts = this.facts;
    // Added by another connection since the largest id was read: left unknown, so a
    // departures query meeting it asks for every field (packedCandidates).
    if (facts === null || id > this.maxId) return;
    facts.schedule[id] = schedule;
    facts.line[id] = line;
    facts.route[id] = route;
    facts.flags[id] = 1 | (reversed === 1 ? 2 : 0) | (bound << 2);
  }
}

/** Trip facts of rows already read (a few lines' trips). */
function tripFactsOf(rows: readonly TripRow[], previous: TripFacts | null): TripFacts | null {
  let maxId = 0;
  for (const [id] of rows) if (id > maxId) maxId = id;
  const writer = new TripFactsWriter({ count: rows.length, maxId }, previous);
  for (const row of rows) writer.add(...row);
  return writer.facts;
}

function longestRoute(routeStops: ReadonlyMap<number, readonly number[]>): number {
  let longest = 0;
  for (const stops of routeStops.values()) if (stops.length > longest) longest = stops.length;
  return longest;
}

type StopRow = {
  id: number;
  name: string;
  coords: string | null;
  default_option: number;
  name_folded: string;
  name_sort: string;
  search_names: string;
};

const STOP_SELECT = 'SELECT id, name, coords, default_option, name_folded, name_sort, search_names FROM stop';

function searchStop(r: StopRow, weekly: number, order: number): SearchStop {
  const searchNames = parseSearchNames(r.search_names);
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
function routeWeeklyOf(sqlite: SQLite.Database, routeIds?: readonly number[]): Map<number, number> {
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

/**
 * The snapshot of the data as it is now, from an older one: only what the history says has
 * changed since (the lines and schedules of a line, a stop, the rules, the holidays) is read
 * again, so the first answer after an admin save does not wait for the whole timetable to be
 * read. An import or a restore (or more changes than are worth following) reads it all. The
 * older snapshot is left as it was: requests still using it see no change under them.
 */
export async function refreshSnapshot(opened: OpenedDatabase, previous: ReadSnapshot): Promise<ReadSnapshot> {
  const { sqlite } = opened;
  const stamp = dataStamp(sqlite);
  const basis = dataBasis(sqlite);
  const plan = planOf(sqlite, previous, basis);
  if (plan === 'whole') return readSnapshot(opened);
  if (plan === 'same') return { ...previous, stamp, basis };
  const changes = sqlite
    .prepare('SELECT kind, entity_id, line_id FROM change_log WHERE id > ? AND id <= ?')
    .all(previous.basis.changeId, basis.changeId) as {
    kind: string;
    entity_id: number | null;
    line_id: number | null;
  }[];

  const lineIds = new Set<number>();
  const stopIds = new Set<number>();
  let rules = false;
  let holidays = false;
  for (const c of changes) {
    if ((c.kind === 'line' || c.kind === 'schedule') && c.line_id !== null) lineIds.add(c.line_id);
    else if (c.kind === 'stop' && c.entity_id !== null) stopIds.add(c.entity_id);
    else if (c.kind === 'rules') rules = true;
    else if (c.kind === 'holiday') holidays = true;
  }

  const routeStops = new Map(previous.routeStops);
  const routeLines = new Map(previous.routeLines);
  const routeWeekly = new Map(previous.routeWeekly);
  const lines = new Map(previous.lines);
  // Busyness of the stops the changed routes pass, before and after.
  const weeklyDelta = new Map<number, number>();
  const addWeekly = (routeId: number, stops: readonly number[] | undefined, sign: 1 | -1) => {
    const perWeek = routeWeekly.get(routeId) ?? 0;
    if (perWeek === 0) return;
    for (const stopId of stops ?? [])
      weeklyDelta.set(stopId, (weeklyDelta.get(stopId) ?? 0) + sign * perWeek);
  };
  if (lineIds.size > 0) {
    for (const [routeId, lineId] of previous.routeLines) {
      if (!lineIds.has(lineId)) continue;
      addWeekly(routeId, routeStops.get(routeId), -1);
      routeStops.delete(routeId);
      routeLines.delete(routeId);
      routeWeekly.delete(routeId);
    }
    const ids = [...lineIds];
    for (const id of ids) lines.delete(id);
    const list = ids.map(Number).join(',');
    for (const l of sqlite.prepare(`SELECT id, name, route_type FROM line WHERE id IN (${list})`).all() as {
      id: number;
      name: string;
      route_type: RouteType;
    }[])
      lines.set(l.id, { name: l.name, routeType: l.route_type });
    const rows = sqlite
      .prepare(
        `SELECT r.id, r.line_id, rs.stop_id FROM route r LEFT JOIN route_stop rs ON rs.route_id = r.id
         WHERE r.line_id IN (${list}) ORDER BY r.id, rs.seq`,
      )
      .raw()
      .all() as [number, number, number | null][];
    for (const [routeId, lineId, stopId] of rows) {
      routeLines.set(routeId, lineId);
      let stops = routeStops.get(routeId);
      if (!stops) {
        stops = [];
        routeStops.set(routeId, stops);
      }
      if (stopId !== null) stops.push(stopId);
    }
    // A line save may have created stops (the route editor's new stops): read those too.
    for (const [, , stopId] of rows)
      if (stopId !== null && !previous.stopNames.has(stopId)) stopIds.add(stopId);
    const changedRoutes = rows.map(([routeId]) => routeId);
    if (changedRoutes.length > 0) {
      for (const [routeId, perWeek] of routeWeeklyOf(sqlite, [...new Set(changedRoutes)]))
        routeWeekly.set(routeId, perWeek);
    }
    for (const routeId of new Set(changedRoutes)) addWeekly(routeId, routeStops.get(routeId), 1);
  }

  // Copied only when a stop itself changed (15,000 entries at national scale).
  const stopSortKeys = stopIds.size === 0 ? previous.stopSortKeys : new Map(previous.stopSortKeys);
  let stopsSorted = previous.stopsSorted;
  const changedStops = new Set([
    ...stopIds,
    ...[...weeklyDelta].filter(([, d]) => d !== 0).map(([id]) => id),
  ]);
  if (changedStops.size > 0) {
    const reread = new Map<number, StopRow>();
    if (stopIds.size > 0) {
      for (const row of sqlite
        .prepare(`${STOP_SELECT} WHERE id IN (${[...stopIds].map(Number).join(',')})`)
        .all() as StopRow[])
        reread.set(row.id, row);
    }
    // The stops read again, as they were (for their busyness): a map only when there are some.
    const byId =
      reread.size === 0 ? null : new Map(stopsSorted.filter((s) => reread.has(s.id)).map((s) => [s.id, s]));
    const kept = stopIds.size === 0 ? stopsSorted : stopsSorted.filter((s) => !stopIds.has(s.id));
    // Stops whose name stayed: only their busyness may have moved (a new object, same place).
    const next: SearchStop[] = kept.map((s) => {
      const delta = weeklyDelta.get(s.id) ?? 0;
      return delta === 0 ? s : { ...s, weeklyDepartures: s.weeklyDepartures + delta };
    });
    for (const id of stopIds) stopSortKeys.delete(id);
    for (const row of reread.values()) {
      const old = byId?.get(row.id);
      const weekly = (old?.weeklyDepartures ?? 0) + (weeklyDelta.get(row.id) ?? 0);
      stopSortKeys.set(row.id, row.name_sort);
      // Binary search for the place by (sort key, id), the order readSnapshot reads them in.
      let lo = 0;
      let hi = next.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const other = next[mid] as SearchStop;
        const key = stopSortKeys.get(other.id) ?? '';
        if (key < row.name_sort || (key === row.name_sort && other.id < row.id)) lo = mid + 1;
        else hi = mid;
      }
      next.splice(lo, 0, searchStop(row, weekly, lo));
    }
    stopsSorted = next.map((s, order) => (s.order === order ? s : { ...s, order }));
    // The same names in the same places: the stop search's index stays good.
    if (stopIds.size === 0) shareSearchIndex(previous.stopsSorted, stopsSorted);
  }

  let trips = previous.trips;
  if (lineIds.size > 0 && trips !== null) {
    const rows = sqlite
      .prepare(`${LINE_TRIP_FACTS_SELECT} WHERE s.line_id IN (${[...lineIds].map(Number).join(',')})`)
      .raw()
      .all() as TripRow[];
    trips = longestRoute(routeStops) >= PACKED_MAX_STOPS ? null : tripFactsOf(rows, trips);
  }

  const [newRules, newHolidays] = await Promise.all([
    rules ? listYearlyRules(opened.kysely) : previous.rules,
    holidays ? listHolidays(opened.kysely) : previous.holidays,
  ]);
  return {
    stamp,
    basis,
    routeLines,
    routeWeekly,
    stopSortKeys,
    routeStops,
    stopNames: stopIds.size === 0 ? previous.stopNames : new Map(stopsSorted.map((s) => [s.id, s.name])),
    stopsSorted,
    lines,
    trips,
    rules: newRules,
    holidays: newHolidays,
  };
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

/** What a snapshot needs to catch up with the data: nothing, the changed lines' part, or all. */
export type RefreshPlan = 'same' | 'changes' | 'whole';

/** At most this many history entries are followed one by one; more: read it all (refreshSnapshot). */
const MAX_FOLLOWED_CHANGES = 200;

/**
 * refreshSnapshot's choice, found with one or two small reads: an import or a restore (or more
 * changes than are worth following) reads it all.
 */
export function refreshPlan(sqlite: SQLite.Database, previous: ReadSnapshot): RefreshPlan {
  return planOf(sqlite, previous, dataBasis(sqlite));
}

function planOf(sqlite: SQLite.Database, previous: ReadSnapshot, basis: DataBasis): RefreshPlan {
  const reloaded = basis.imported !== previous.basis.imported || basis.restored !== previous.basis.restored;
  if (reloaded || basis.changeId < previous.basis.changeId) return 'whole';
  if (basis.changeId === previous.basis.changeId) return 'same';
  const followed = sqlite
    .prepare('SELECT count(*) FROM (SELECT 1 FROM change_log WHERE id > ? AND id <= ? LIMIT ?)')
    .pluck()
    .get(previous.basis.changeId, basis.changeId, MAX_FOLLOWED_CHANGES + 1) as number;
  return followed > MAX_FOLLOWED_CHANGES ? 'whole' : 'changes';
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

  const stopRows: StopRow[] = [];
  for (const row of sqlite
    .prepare(`${STOP_SELECT} ORDER BY name_sort, id`)
    .iterate() as IterableIterator<StopRow>) {
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
  const [rules, holidays] = await Promise.all([listYearlyRules(opened.kysely), listHolidays(opened.kysely)]);
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
  };
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m > 0; m >>= 1) n += m & 1;
  return n;
}
