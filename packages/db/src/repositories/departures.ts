import type { BoundFor, DepartureCandidate, RouteType } from '@bus/core';
import type SQLite from 'better-sqlite3';

/**
 * The hot path of the product. Raw prepared statements (cached per connection) rather than
 * Kysely: the departures target is p50 <= 1 ms on a national timetable, and building and
 * compiling the query each time would take a good share of that.
 *
 * The join starts at the stop (index route_stop_stop), walks to the trips of each route
 * passing it, keeps the schedules that run on the date (weekday bit, active yearly rules,
 * holiday flag), and picks the trip's time at that visit. Times are stored in travel order,
 * so a reversed trip's time index is counted from the route's end.
 */
const CANDIDATES_SQL = `
  SELECT t.id AS tripId, s.id AS schedId, l.id AS lineId, l.name AS lineName, l.route_type AS routeType,
         t.bound_for AS boundFor, t.route_id AS routeId, t.route_dir_reversed AS reversed,
         CASE WHEN t.route_dir_reversed = 1 THEN r.stop_count - 1 - rs.seq ELSE rs.seq END AS travelIndex,
         tt.minute AS minute
  FROM route_stop rs
  CROSS JOIN route r ON r.id = rs.route_id
  CROSS JOIN trip t ON t.route_id = rs.route_id
  CROSS JOIN schedule s ON s.id = t.schedule_id
  CROSS JOIN line l ON l.id = s.line_id
  LEFT JOIN trip_time tt
    ON tt.trip_id = t.id
   AND tt.seq = CASE WHEN t.route_dir_reversed = 1 THEN r.stop_count - 1 - rs.seq ELSE rs.seq END
  WHERE rs.stop_id = @stopId
    AND (s.weekday_mask & @weekdayBit) != 0
    AND (@isHoliday = 0 OR s.runs_on_public_holidays = 1)
    AND s.rule_id IN (SELECT value FROM json_each(@activeRuleIds))`;

const ROUTE_STOPS_SQL = `
  SELECT rs.route_id AS routeId, rs.stop_id AS stopId, st.name AS name
  FROM route_stop rs JOIN stop st ON st.id = rs.stop_id
  WHERE rs.route_id IN (SELECT value FROM json_each(?))
  ORDER BY rs.route_id, rs.seq`;

interface CandidateRow {
  tripId: number;
  schedId: number;
  lineId: number;
  lineName: string;
  routeType: string;
  boundFor: string;
  routeId: number;
  reversed: number;
  travelIndex: number;
  minute: number | null;
}

const statements = new WeakMap<
  SQLite.Database,
  { candidates: SQLite.Statement; routeStops: SQLite.Statement }
>();

function prepared(sqlite: SQLite.Database) {
  let s = statements.get(sqlite);
  if (!s) {
    s = { candidates: sqlite.prepare(CANDIDATES_SQL), routeStops: sqlite.prepare(ROUTE_STOPS_SQL) };
    statements.set(sqlite, s);
  }
  return s;
}

export interface ServiceDayFilter {
  stopId: number;
  weekdayBit: number;
  isHoliday: boolean;
  activeRuleIds: readonly number[];
}

/** Every visit to the stop by a trip whose schedule runs on the day described by the filter. */
export function findDepartureCandidates(sqlite: SQLite.Database, f: ServiceDayFilter): DepartureCandidate[] {
  if (f.activeRuleIds.length === 0) return [];
  const rows = prepared(sqlite).candidates.all({
    stopId: f.stopId,
    weekdayBit: f.weekdayBit,
    isHoliday: f.isHoliday ? 1 : 0,
    activeRuleIds: JSON.stringify(f.activeRuleIds),
  }) as CandidateRow[];
  return rows.map((r) => ({
    tripId: r.tripId,
    schedId: r.schedId,
    lineId: r.lineId,
    lineName: r.lineName,
    routeType: r.routeType as RouteType,
    boundFor: r.boundFor as BoundFor,
    routeId: r.routeId,
    routeDirReversed: r.reversed === 1,
    travelIndex: r.travelIndex,
    minute: r.minute,
  }));
}

export interface RouteStopsTable {
  stopIds: Map<number, number[]>;
  names: Map<number, string>;
}

/** Stops (as drawn) of the given routes, with their names. */
export function loadRouteStops(sqlite: SQLite.Database, routeIds: readonly number[]): RouteStopsTable {
  const stopIds = new Map<number, number[]>();
  const names = new Map<number, string>();
  if (routeIds.length === 0) return { stopIds, names };
  const rows = prepared(sqlite).routeStops.all(JSON.stringify(routeIds)) as {
    routeId: number;
    stopId: number;
    name: string;
  }[];
  for (const r of rows) {
    let list = stopIds.get(r.routeId);
    if (!list) {
      list = [];
      stopIds.set(r.routeId, list);
    }
    list.push(r.stopId);
    names.set(r.stopId, r.name);
  }
  return { stopIds, names };
}
