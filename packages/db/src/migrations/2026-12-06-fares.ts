import { type Kysely, sql } from 'kysely';
import { withChangeLogKind } from './change-log-kinds.ts';

/**
 * Fares (issue 41; the rules are core's fares/fares.ts). Money is in whole cents, distances in
 * metres (a route's distances are route_distance's).
 *
 * - fare_rule: one line's price list from `valid_from` ('YYYY-MM-DD') until the line's next one,
 *   at most one per line and date. `method` says which of its numbers count: `flat_cents` for a
 *   flat fare, `cents_per_km` for a fare per kilometre, the rule's fare_band rows for distance
 *   bands; a distance fare is rounded to `rounding_cents` (1-100) and never below `minimum_cents`.
 * - fare_band: a bands rule's bands in order (`seq`), ascending by `up_to_meters`.
 * - fare_pair: a pair of the line's stops with a fare of its own (either direction).
 * - concession: a category of riders who pay `percent` % of the fare.
 *
 * Foreign keys: a rule goes with its line (ON DELETE CASCADE; the line delete records it in
 * the history and a restore of the line brings it back), bands and pairs with their rule; a stop
 * a pair names cannot be deleted (the stop delete refuses it first, naming the lines). Versions
 * are the history's, as for every editable thing (no version column): the history records the
 * rules as kind 'fare_rule' and the concessions as kind 'concession'. Ids are never reused
 * (AUTOINCREMENT): a restore puts a deleted rule back under its old id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withChangeLogKind(db, ['fare_rule', 'concession'], async (trx) => {
    await sql`CREATE TABLE fare_rule (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      line_id INTEGER NOT NULL REFERENCES line (id) ON DELETE CASCADE,
      valid_from TEXT NOT NULL CHECK (valid_from GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
      method TEXT NOT NULL CHECK (method IN ('flat', 'perKm', 'bands')),
      flat_cents INTEGER CHECK (flat_cents >= 0),
      cents_per_km INTEGER CHECK (cents_per_km >= 0),
      rounding_cents INTEGER NOT NULL DEFAULT 1 CHECK (rounding_cents BETWEEN 1 AND 100),
      minimum_cents INTEGER NOT NULL DEFAULT 0 CHECK (minimum_cents >= 0),
      CHECK ((method = 'flat') = (flat_cents IS NOT NULL)),
      CHECK ((method = 'perKm') = (cents_per_km IS NOT NULL)),
      UNIQUE (line_id, valid_from)
    )`.execute(trx);
    await sql`CREATE TABLE fare_band (
      rule_id INTEGER NOT NULL REFERENCES fare_rule (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL CHECK (seq >= 0),
      up_to_meters INTEGER NOT NULL CHECK (up_to_meters > 0),
      cents INTEGER NOT NULL CHECK (cents >= 0),
      PRIMARY KEY (rule_id, seq)
    ) WITHOUT ROWID`.execute(trx);
    await sql`CREATE TABLE fare_pair (
      rule_id INTEGER NOT NULL REFERENCES fare_rule (id) ON DELETE CASCADE,
      from_stop_id INTEGER NOT NULL REFERENCES stop (id),
      to_stop_id INTEGER NOT NULL REFERENCES stop (id),
      cents INTEGER NOT NULL CHECK (cents >= 0),
      PRIMARY KEY (rule_id, from_stop_id, to_stop_id),
      CHECK (from_stop_id <> to_stop_id)
    ) WITHOUT ROWID`.execute(trx);
    // A stop delete looks its pairs up (the foreign key's own check, and the refusal's).
    await sql`CREATE INDEX fare_pair_from_stop ON fare_pair (from_stop_id)`.execute(trx);
    await sql`CREATE INDEX fare_pair_to_stop ON fare_pair (to_stop_id)`.execute(trx);
    await sql`CREATE TABLE concession (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name_lt TEXT NOT NULL CHECK (length(trim(name_lt)) > 0),
      name_en TEXT NOT NULL CHECK (length(trim(name_en)) > 0),
      percent INTEGER NOT NULL CHECK (percent BETWEEN 0 AND 100)
    )`.execute(trx);
  });
}

export async function down(): Promise<void> {
  // The fares and their history would be lost; nothing to undo that is worth it.
}
