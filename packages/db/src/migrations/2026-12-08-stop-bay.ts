import { type Kysely, sql } from 'kysely';

/**
 * A stop's bay or platform (issue 42): free text of at most 10 characters ('3', 'A'), which the
 * departure board shows beside each departure. null: none; every stop starts with none (at the
 * home station the board then shows the line's own anyk_station_platform).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stop ADD COLUMN bay TEXT CHECK (bay IS NULL OR length(bay) BETWEEN 1 AND 10)`.execute(
    db,
  );
}
