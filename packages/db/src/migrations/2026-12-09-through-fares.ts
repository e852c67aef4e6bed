import { type Kysely, sql } from 'kysely';
import { withChangeLogKind } from './change-log-kinds.ts';

/**
 * Through fares (issue 41; what they price is core's fares/journey-fares.ts): one ticket for a
 * journey from `from_stop_id` on a bus of `from_line_id`, changing to a bus of `to_line_id`, to
 * `to_stop_id` (and the same journey back), when the second bus leaves at most `change_minutes`
 * after the first arrives. `cents` is the whole journey's price; it is in force from
 * `valid_from` until the next through fare of the same journey (either way round) starts, at
 * most one per journey and date (the service checks both ways round; the UNIQUE below the one
 * the rows are written).
 *
 * Foreign keys: a through fare goes with either of its lines (ON DELETE CASCADE; the line delete
 * records it in the history and the line's restore brings it back); a stop it names cannot be
 * deleted (the stop delete refuses it first, naming the lines). Versions are the history's
 * (kind 'through_fare'), ids never reused (AUTOINCREMENT): a restore puts a deleted one back under
 * its old id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withChangeLogKind(db, 'through_fare', async (trx) => {
    await sql`CREATE TABLE through_fare (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      from_line_id INTEGER NOT NULL REFERENCES line (id) ON DELETE CASCADE,
      from_stop_id INTEGER NOT NULL REFERENCES stop (id),
      to_line_id INTEGER NOT NULL REFERENCES line (id) ON DELETE CASCADE,
      to_stop_id INTEGER NOT NULL REFERENCES stop (id),
      valid_from TEXT NOT NULL CHECK (valid_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
      cents INTEGER NOT NULL CHECK (cents >= 0),
      change_minutes INTEGER NOT NULL CHECK (change_minutes BETWEEN 1 AND 720),
      CHECK (from_line_id <> to_line_id),
      CHECK (from_stop_id <> to_stop_id),
      UNIQUE (from_line_id, from_stop_id, to_line_id, to_stop_id, valid_from)
    )`.execute(trx);
    // A line delete cascades by either line; a stop delete looks up what names the stop.
    await sql`CREATE INDEX through_fare_to_line ON through_fare (to_line_id)`.execute(trx);
    await sql`CREATE INDEX through_fare_from_stop ON through_fare (from_stop_id)`.execute(trx);
    await sql`CREATE INDEX through_fare_to_stop ON through_fare (to_stop_id)`.execute(trx);
  });
}

export async function down(): Promise<void> {
  // The through fares and their history would be lost; nothing to undo that is worth it.
}
