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
// The active rule ids are inlined as placeholders (one statement per list length): a
// json_each() subquery here made the whole query four times slower.
const candidatesSql = (ruleCount: number) => `
  SELECT t.id, s.id, s.line_id, t.bound_for, t.route_id, t.route_dir_reversed,
         CASE WHEN t.route_dir_reversed = 1 THEN r.stop_count - 1 - rs.seq ELSE rs.seq END,
         tt.minute
  FROM route_stop rs
  CROSS JOIN route r ON r.id = rs.route_id
  CROSS JOIN trip t ON t.route_id = rs.route_id
  CROSS JOIN schedule s ON s.id = t.schedule_id
  LEFT JOIN trip_time tt
    ON tt.trip_id = t.id
   AND tt.seq = CASE WHEN t.route_dir_reversed = 1 THEN r.stop_count - 1 - rs.seq ELSE rs.seq END
  WHERE rs.stop_id = ?
    AND (s.weekday_mask & ?) != 0
    AND s.runs_on_public_holidays >= ?
    AND s.rule_id IN (${Array.from({ length: ruleCount }, () => '?').join(', ')})`;

type CandidateRow = [
  tripId: number,
  schedId: number,
  lineId: number,
  boundFor: string,
  routeId: number,
  reversed: number,
  travelIndex: number,
  minute: number | null,
];

const statements = new WeakMap<SQLite.Database, Map<number, SQLite.Statement>>();

export interface ServiceDayFilter {
  stopId: number;
  weekdayBit: number;
  isHoliday: boolean;
  activeRuleIds: readonly number[];
}

/**
 * Every visit to the stop by a trip whose schedule runs on the day described by the filter.
 * Line names and types come from `lines` (the read snapshot) rather than a join per row.
 */
export function findDepartureCandidates(
  sqlite: SQLite.Database,
  f: ServiceDayFilter,
  lines: ReadonlyMap<number, { name: string; routeType: RouteType }>,
): DepartureCandidate[] {
  if (f.activeRuleIds.length === 0) return [];
  let byCount = statements.get(sqlite);
  if (!byCount) {
    byCount = new Map();
    statements.set(sqlite, byCount);
  }
  let statement = byCount.get(f.activeRuleIds.length);
  if (!statement) {
    statement = sqlite.prepare(candidatesSql(f.activeRuleIds.length)).raw();
    byCount.set(f.activeRuleIds.length, statement);
  }
  // On a public holiday only schedules with the flag set run (flag >= 1); otherwise any (>= 0).
  const rows = statement.all(
    f.stopId,
    f.weekdayBit,
    f.isHoliday ? 1 : 0,
    ...f.activeRuleIds,
  ) as CandidateRow[];
  const candidates: DepartureCandidate[] = [];
  for (const [tripId, schedId, lineId, boundFor, routeId, reversed, travelIndex, minute] of rows) {
    const line = lines.get(lineId);
    if (!line) continue;
    candidates.push({
      tripId,
      schedId,
      lineId,
      lineName: line.name,
      routeType: line.routeType,
      boundFor: boundFor as BoundFor,
      routeId,
      routeDirReversed: reversed === 1,
      travelIndex,
      minute,
    });
  }
  return candidates;
}
