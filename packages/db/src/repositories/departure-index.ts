import { BOUND_FOR } from '@bus/core';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The departures index (migration 2026-11-28): every stop visit that can be a departure (a
 * time, not the trip's last stop), stored by stop, with what the departures query filters on
 * copied in (the schedule's rule, weekdays, holiday flag and validity window, the window as
 * YYYYMMDD numbers since 2026-12-01; the trip's direction, whether the line is a city bus).
 * A stop's visits sit together on disk, so a hub's whole day is one range
 * read instead of a walk over routes, trips, schedules and stop times.
 *
 * Kept in step line by line: recordedWrite (every admin save, restore and old REST write)
 * rebuilds the lines whose line or schedules it changed, in the same transaction; an import
 * rebuilds it all. departure_line_stop lists the stops each line has visits at, so a line's
 * rows are found without an index on line_id (which would cost about as much as the table's
 * own key).
 */

const travelIndex = 'CASE WHEN t.route_dir_reversed = 1 THEN r.stop_count - 1 - rs.seq ELSE rs.seq END';

/** A 'YYYY-MM-DD' column as the number YYYYMMDD (dayNumber in departures.ts), `none` when null. */
function dayNumber(column: string, none: string): string {
  return `COALESCE(CAST(replace(${column}, '-', '') AS INTEGER), ${none})`;
}

/** The visits of the trips whose schedules match `where` (a condition on s, the schedule). */
function visitsSelect(where: string): string {
  return `
  SELECT rs.stop_id, s.line_id, t.id, ${travelIndex}, rs.seq, s.rule_id, s.weekday_mask,
         s.runs_on_public_holidays,
         CASE t.bound_for ${BOUND_FOR.map((b, i) => `WHEN '${b}' THEN ${i}`).join(' ')} END,
         CASE WHEN l.route_type = 'City Bus' THEN 1 ELSE 0 END,
         tt.minute, t.schedule_id, t.route_id, t.route_dir_reversed,
         ${dayNumber('s.valid_from', '0')}, ${dayNumber('s.valid_until', '99999999')}
  FROM schedule s
  CROSS JOIN line l ON l.id = s.line_id
  CROSS JOIN trip t ON t.schedule_id = s.id
  CROSS JOIN route r ON r.id = t.route_id
  CROSS JOIN route_stop rs ON rs.route_id = t.route_id
  CROSS JOIN trip_time tt ON tt.trip_id = t.id AND tt.seq = ${travelIndex}
  WHERE ${where}
    AND ${travelIndex} < r.stop_count - 1
    AND tt.minute IS NOT NULL`;
}

const COLUMNS =
  'stop_id, line_id, trip_id, travel_index, route_seq, rule_id, weekday_mask, holidays, bound, city, minute, schedule_id, route_id, reversed, valid_from, valid_until';

export const DEPARTURE_INDEX_DDL = [
  `CREATE TABLE departure_visit (
    stop_id INTEGER NOT NULL,
    line_id INTEGER NOT NULL,
    trip_id INTEGER NOT NULL,
    travel_index INTEGER NOT NULL,
    route_seq INTEGER NOT NULL,
    rule_id INTEGER NOT NULL,
    weekday_mask INTEGER NOT NULL,
    holidays INTEGER NOT NULL,
    bound INTEGER NOT NULL,
    city INTEGER NOT NULL,
    minute INTEGER NOT NULL,
    schedule_id INTEGER NOT NULL,
    route_id INTEGER NOT NULL,
    reversed INTEGER NOT NULL,
    valid_from INTEGER NOT NULL,
    valid_until INTEGER NOT NULL,
    PRIMARY KEY (stop_id, line_id, trip_id, travel_index)
  ) WITHOUT ROWID`,
  `CREATE TABLE departure_line_stop (
    line_id INTEGER NOT NULL,
    stop_id INTEGER NOT NULL,
    PRIMARY KEY (line_id, stop_id)
  ) WITHOUT ROWID`,
];

/** The whole index from the timetable, as statements (the migration runs them too). */
export const DEPARTURE_INDEX_FILL = [
  'DELETE FROM departure_visit',
  'DELETE FROM departure_line_stop',
  // In key order, so SQLite appends to the table's B-tree instead of inserting all over it.
  `INSERT INTO departure_visit (${COLUMNS}) ${visitsSelect('1')} ORDER BY 1, 2, 3, 4`,
  `INSERT INTO departure_line_stop (line_id, stop_id)
    SELECT DISTINCT r.line_id, rs.stop_id FROM route_stop rs CROSS JOIN route r ON r.id = rs.route_id`,
];

/** The whole index from the timetable (an import, the migration); run inside the caller's transaction. */
export function rebuildDepartureIndex(sqlite: SQLite.Database): void {
  for (const statement of DEPARTURE_INDEX_FILL) sqlite.prepare(statement).run();
}

/** The index rows of these lines, written again from their current schedules (in the caller's transaction). */
export async function rebuildLineDepartures(db: Kysely<Database>, lineIds: Iterable<number>): Promise<void> {
  for (const lineId of new Set(lineIds)) {
    // The stops the line had visits at; each stop's rows of the line are one key range.
    await sql`DELETE FROM departure_visit WHERE (stop_id, line_id) IN
      (SELECT stop_id, line_id FROM departure_line_stop WHERE line_id = ${lineId})`.execute(db);
    await sql`DELETE FROM departure_line_stop WHERE line_id = ${lineId}`.execute(db);
    await sql
      .raw(`INSERT INTO departure_visit (${COLUMNS}) ${visitsSelect(`s.line_id = ${Number(lineId)}`)}`)
      .execute(db);
    await sql`INSERT INTO departure_line_stop (line_id, stop_id)
      SELECT DISTINCT ${lineId}, stop_id FROM route_stop WHERE route_id IN
        (SELECT id FROM route WHERE line_id = ${lineId})`.execute(db);
  }
}
