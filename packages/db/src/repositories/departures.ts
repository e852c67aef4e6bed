import {
  BOUND_FOR,
  type BoundFor,
  type DepartureCandidate,
  type RouteType,
  type TripSelectionFilter,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import { dataStamp } from '../read-snapshot/change-stamp.ts';
import type { TripFacts } from '../read-snapshot/trip-facts.ts';

/**
 * The hot path of the product. Raw prepared statements (cached per connection) rather than
 * Kysely: the departures target is p50 <= 1 ms on a national timetable, and building and
 * compiling the query each time would take a good share of that.
 *
 * The join starts at the stop (index route_stop_stop), walks to the trips of each route
 * passing it (covering index trip_route_cover: the trip row itself is never read), keeps the
 * schedules that run on the date (validity window, weekday bit, active yearly rules, holiday
 * flag), and picks
 * the trip's time at that visit. Times are stored in travel order, so a reversed trip's time
 * index is counted from the route's end.
 *
 * It also leaves out the rows assembleDepartures would reject anyway (that function stays the
 * rule and checks them all again): visits without a time, visits at the trip's last stop,
 * trips the selection case does not take (tripSelectionFilter) and, with a destination, trips
 * that do not reach it later in travel order.
 */
const travelIndex = 'CASE WHEN t.route_dir_reversed = 1 THEN r.stop_count - 1 - rs.seq ELSE rs.seq END';

interface Variant {
  /** How many active rule ids are placeholders; 0: they come as one bit mask (see RULE_MASK_MAX_ID). */
  ruleCount: number;
  lineType: TripSelectionFilter['lineType'];
  withDestination: boolean;
}

/**
 * A later visit of the destination (the two ? placeholders) in travel order: a higher seq going
 * the way the route is drawn, a lower one reversed. Written as the directions the trip may run
 * in, so it is checked once per route visit and narrows the trip index (rather than once per trip).
 */
function laterVisitOfDestination(reversed: string, route: string, seq: string): string {
  return `AND ${reversed} IN (
        CASE WHEN EXISTS (
          SELECT 1 FROM route_stop d WHERE d.stop_id = ? AND d.route_id = ${route} AND d.seq > ${seq}
        ) THEN 0 END,
        CASE WHEN EXISTS (
          SELECT 1 FROM route_stop d WHERE d.stop_id = ? AND d.route_id = ${route} AND d.seq < ${seq}
        ) THEN 1 END)`;
}

// The active rule ids are inlined as placeholders (one statement per list length): a
// json_each() subquery here made the whole query four times slower. The line type and the
// destination change the joins, so they get their own statements too (six per list length).
function candidatesSql(v: Variant): string {
  const lineJoin = v.lineType === 'any' ? '' : 'CROSS JOIN line l ON l.id = s.line_id';
  const lineCondition =
    v.lineType === 'any' ? '' : `AND l.route_type ${v.lineType === 'city bus only' ? '=' : '!='} 'City Bus'`;
  const destinationCondition = v.withDestination
    ? laterVisitOfDestination('t.route_dir_reversed', 'rs.route_id', 'rs.seq')
    : '';
  // One row holding every visit as comma-separated numbers, VISIT_FIELDS per visit: better-
  // sqlite3 spends a few microseconds on each row it returns, and a hub answers thousands of
  // visits; one text and JSON.parse cost about half as much. The visits come in the order the
  // join finds them, as rows did; that order only shows in assembleDepartures' stable sort for
  // exact ties (one trip at the stop twice in the same minute).
  return `
  SELECT group_concat(
           t.id || ',' || t.schedule_id || ',' || s.line_id || ',' || t.route_id || ',' ||
           t.route_dir_reversed || ',' || ${travelIndex} || ',' || tt.minute || ',' ||
           CASE t.bound_for ${BOUND_FOR.map((b, i) => `WHEN '${b}' THEN ${i}`).join(' ')} END)
  FROM route_stop rs
  CROSS JOIN route r ON r.id = rs.route_id
  CROSS JOIN trip t ON t.route_id = rs.route_id
  CROSS JOIN schedule s ON s.id = t.schedule_id
  ${lineJoin}
  CROSS JOIN trip_time tt ON tt.trip_id = t.id AND tt.seq = ${travelIndex}
  WHERE rs.stop_id = ?
    AND t.bound_for IN (?, ?, ?)
    AND ${travelIndex} < r.stop_count - 1
    ${destinationCondition}
    AND (s.valid_from IS NULL OR s.valid_from <= ?)
    AND (s.valid_until IS NULL OR s.valid_until >= ?)
    AND (s.weekday_mask & ?) != 0
    AND s.runs_on_public_holidays >= ?
    AND s.rule_id IN (${Array.from({ length: v.ruleCount }, () => '?').join(', ')})
    ${lineCondition}
    AND tt.minute IS NOT NULL`;
}

/** tripId, schedId, lineId, routeId, reversed, travelIndex, minute, index in BOUND_FOR. */
const VISIT_FIELDS = 8;

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function statementFor(sqlite: SQLite.Database, sqlOf: (v: Variant) => string, v: Variant): SQLite.Statement {
  let byVariant = statements.get(sqlite);
  if (!byVariant) {
    byVariant = new Map();
    statements.set(sqlite, byVariant);
  }
  const key = `${sqlOf === candidatesSql ? 'plain' : sqlOf === indexedSql ? 'index' : 'packed'}:${v.ruleCount}:${v.lineType}:${v.withDestination}`;
  let statement = byVariant.get(key);
  if (!statement) {
    statement = sqlite.prepare(sqlOf(v)).pluck();
    byVariant.set(key, statement);
  }
  return statement;
}

/** The day the schedules must run on and the selection case of the query (tripSelectionFilter). */
export interface DeparturesFilter extends TripSelectionFilter {
  stopId: number;
  /** The date ('YYYY-MM-DD'): a schedule runs only inside its validity window. */
  date: string;
  weekdayBit: number;
  isHoliday: boolean;
  activeRuleIds: readonly number[];
}

/**
 * Every visit to the stop, with a time and not at the trip's last stop, by a trip that the
 * filter's selection case takes and whose schedule runs on the filter's day. Line names and
 * types come from `lines` (the read snapshot) rather than a join per row.
 */
export function findDepartureCandidatesPlain(
  sqlite: SQLite.Database,
  f: DeparturesFilter,
  lines: ReadonlyMap<number, { name: string; routeType: RouteType }>,
): DepartureCandidate[] {
  return candidatesOf(sqlite, f, lines, candidatesSql);
}

/**
 * The same candidates from the departures index (departure-index.ts): one key range of the
 * stop, every filter a comparison within the row. What the server uses; the plain path above
 * stays as the reference the tests and the benchmark compare it with.
 */
export function findDepartureCandidates(
  sqlite: SQLite.Database,
  f: DeparturesFilter,
  lines: ReadonlyMap<number, { name: string; routeType: RouteType }>,
  facts: { trips: TripFacts | null; stamp: string | null } | null = null,
): DepartureCandidate[] {
  if (facts?.trips == null) return candidatesOf(sqlite, f, lines, indexedSql);
  // The packed form: one number per visit, the rest from the trips' facts of the read snapshot
  // (facts.stamp: the change stamp it was read at). If the data moved on since (the stamp
  // differs after the query), those facts may be old: asked again with every field. A stamp of
  // null: `sqlite` reads the very state the facts were read at (held in a read transaction).
  const packed = packedCandidates(sqlite, f, lines, facts.trips);
  return packed !== null && (facts.stamp === null || dataStamp(sqlite) === facts.stamp)
    ? packed
    : candidatesOf(sqlite, f, lines, indexedSql);
}

/** trip id * 2^21 + travel index * 2^11 + minute: exact below 2^53 (trip ids below 2^32). */
const TRIP_FACTOR = 2 ** 21;
/** Minutes take the low 11 bits (a day has 1,440). */
const MINUTES = 2048;

function packedSql(v: Variant): string {
  return indexedQuery(v, `v.trip_id * ${TRIP_FACTOR} + v.travel_index * ${MINUTES} + v.minute`);
}

/**
 * The packed visits in time order: a counting sort by minute, which keeps the order the index
 * gave within a minute (by line, trip and travel index). assembleDepartures then only orders
 * each minute's few departures by line and trip (sortDepartures), not a hub's thousands by time.
 */
function byMinute(visits: readonly number[]): Float64Array {
  const starts = new Int32Array(MINUTES + 1);
  for (let i = 0; i < visits.length; i++) {
    const at = ((visits[i] as number) % MINUTES) + 1;
    starts[at] = (starts[at] as number) + 1;
  }
  for (let m = 1; m <= MINUTES; m++) starts[m] = (starts[m] as number) + (starts[m - 1] as number);
  const sorted = new Float64Array(visits.length);
  for (let i = 0; i < visits.length; i++) {
    const key = visits[i] as number;
    const minute = key % MINUTES;
    const at = starts[minute] as number;
    sorted[at] = key;
    starts[minute] = at + 1;
  }
  return sorted;
}

function packedCandidates(
  sqlite: SQLite.Database,
  f: DeparturesFilter,
  lines: ReadonlyMap<number, { name: string; routeType: RouteType }>,
  trips: TripFacts,
): DepartureCandidate[] | null {
  const text = runCandidates(sqlite, f, packedSql);
  if (text === undefined || text === null) return [];
  const visits = byMinute(JSON.parse(`[${text}]`) as number[]);
  const candidates: DepartureCandidate[] = [];
  for (let i = 0; i < visits.length; i++) {
    const key = visits[i] as number;
    const tripId = Math.floor(key / TRIP_FACTOR);
    const rest = key - tripId * TRIP_FACTOR;
    const flags = trips.flags[tripId] ?? 0;
    // A trip the facts do not know yet: the caller asks for every field instead.
    if ((flags & 1) === 0) return null;
    const lineId = trips.line[tripId] as number;
    const line = lines.get(lineId);
    if (!line) continue;
    candidates.push({
      tripId,
      schedId: trips.schedule[tripId] as number,
      lineId,
      lineName: line.name,
      routeType: line.routeType,
      boundFor: BOUND_FOR[flags >> 2] as BoundFor,
      routeId: trips.route[tripId] as number,
      routeDirReversed: (flags & 2) !== 0,
      travelIndex: Math.floor(rest / MINUTES),
      minute: rest % MINUTES,
    });
  }
  return candidates;
}

function indexedSql(v: Variant): string {
  return indexedQuery(
    v,
    `v.trip_id || ',' || v.schedule_id || ',' || v.line_id || ',' || v.route_id || ',' ||
           v.reversed || ',' || v.travel_index || ',' || v.minute || ',' || v.bound`,
  );
}

function indexedQuery(v: Variant, visit: string): string {
  const lineCondition = v.lineType === 'any' ? '' : `AND v.city = ${v.lineType === 'city bus only' ? 1 : 0}`;
  const destinationCondition = v.withDestination
    ? laterVisitOfDestination('v.reversed', 'v.route_id', 'v.route_seq')
    : '';
  // The directions and (when their ids allow) the active rules as bit masks: one shift per row
  // instead of an IN list's look-up, about a third of the statement's time at a hub.
  const ruleCondition =
    v.ruleCount === 0
      ? '(? >> v.rule_id) & 1'
      : `v.rule_id IN (${Array.from({ length: v.ruleCount }, () => '?').join(', ')})`;
  return `
  SELECT group_concat(${visit})
  FROM departure_visit v
  WHERE v.stop_id = ?
    AND (? >> v.bound) & 1
    ${destinationCondition}
    AND v.valid_from <= ?
    AND v.valid_until >= ?
    AND (v.weekday_mask & ?) != 0
    AND v.holidays >= ?
    AND ${ruleCondition}
    ${lineCondition}`;
}

/**
 * Rule ids up to this fit one 64-bit integer's bits (SQLite shifts signed 64-bit integers;
 * a shift by 64 or more gives 0, so rows of other rules never match). Larger ids: an IN list.
 */
const RULE_MASK_MAX_ID = 62;

/** The statement's one text (undefined: nothing can match, the statement is not run). */
function runCandidates(
  sqlite: SQLite.Database,
  f: DeparturesFilter,
  sqlOf: (v: Variant) => string,
): string | null | undefined {
  const bounds = [...new Set(f.boundFor)];
  if (f.activeRuleIds.length === 0 || bounds.length === 0) return undefined;
  const plain = sqlOf === candidatesSql;
  const ruleMask =
    !plain && f.activeRuleIds.every((id) => Number.isInteger(id) && id >= 0 && id <= RULE_MASK_MAX_ID);
  const statement = statementFor(sqlite, sqlOf, {
    ruleCount: ruleMask ? 0 : f.activeRuleIds.length,
    lineType: f.lineType,
    withDestination: f.destination !== null,
  });
  const params: unknown[] = [f.stopId];
  if (plain) {
    // Always three bound_for placeholders; repeating a value does not change the IN list.
    const [b0, b1 = b0, b2 = b1] = bounds;
    params.push(b0, b1, b2);
  } else {
    params.push(bounds.reduce((mask, b) => mask | (1 << BOUND_FOR.indexOf(b)), 0));
  }
  if (f.destination !== null) params.push(f.destination, f.destination);
  // The window: stored as text in schedule, as the number YYYYMMDD in the index.
  const day = plain ? f.date : dayNumber(f.date);
  params.push(day, day);
  // On a public holiday only schedules with the flag set run (flag >= 1); otherwise any (>= 0).
  params.push(f.weekdayBit, f.isHoliday ? 1 : 0);
  if (ruleMask) params.push(f.activeRuleIds.reduce((mask, id) => mask | (1n << BigInt(id)), 0n));
  else params.push(...f.activeRuleIds);
  return statement.get(...params) as string | null;
}

/** 'YYYY-MM-DD' as the number YYYYMMDD the departures index keeps windows in. */
export function dayNumber(date: string): number {
  return Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
}

function candidatesOf(
  sqlite: SQLite.Database,
  f: DeparturesFilter,
  lines: ReadonlyMap<number, { name: string; routeType: RouteType }>,
  sqlOf: (v: Variant) => string,
): DepartureCandidate[] {
  const text = runCandidates(sqlite, f, sqlOf);
  if (text === undefined || text === null) return [];
  const visits = JSON.parse(`[${text}]`) as number[];
  const candidates: DepartureCandidate[] = [];
  for (let i = 0; i < visits.length; i += VISIT_FIELDS) {
    const lineId = visits[i + 2] as number;
    const line = lines.get(lineId);
    if (!line) continue;
    candidates.push({
      tripId: visits[i] as number,
      schedId: visits[i + 1] as number,
      lineId,
      lineName: line.name,
      routeType: line.routeType,
      boundFor: BOUND_FOR[visits[i + 7] as number] as BoundFor,
      routeId: visits[i + 3] as number,
      routeDirReversed: visits[i + 4] === 1,
      travelIndex: visits[i + 5] as number,
      minute: visits[i + 6] as number,
    });
  }
  return candidates;
}
