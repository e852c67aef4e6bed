import { type Kysely, sql } from 'kysely';
import { remakeDepartureIndex } from './2026-11-28-departure-index.ts';

/**
 * Schedule validity windows: valid_from and valid_until ('YYYY-MM-DD',
 * inclusive, null: no bound) on the schedule table, and the departures index made again with
 * the window copied into every visit (repositories/departure-index.ts), so the departures
 * query keeps every filter a comparison within the row.
 *
 * One transaction, like 2026-11-28: a start killed half way leaves the old schema whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await sql`ALTER TABLE schedule ADD COLUMN valid_from TEXT`.execute(db);
    await sql`ALTER TABLE schedule ADD COLUMN valid_until TEXT`.execute(db);
    await remakeDepartureIndex(db);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}
