import { type Kysely, sql } from 'kysely';

/**
 * Open data (GTFS): a stop's position, which every journey planner needs, as two columns set
 * together or not at all (decimal degrees, WGS 84). The publishing settings and the time the
 * whole timetable was last imported live in app_meta (keys 'publishing', 'timetable_imported_at').
 *
 * One transaction, and each step skipped when already there: the migrator runs SQLite
 * migrations without a transaction, so a start killed half way must be able to run it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info('stop')`.execute(db);
    const columns = new Set(rows.map((r) => r.name));
    if (!columns.has('lat'))
      await sql`ALTER TABLE stop ADD COLUMN lat REAL CHECK (lat BETWEEN -90 AND 90)`.execute(db);
    if (!columns.has('lon'))
      await sql`ALTER TABLE stop ADD COLUMN lon REAL CHECK (lon BETWEEN -180 AND 180)`.execute(db);
    // SQLite cannot add a table constraint to an existing table; a trigger keeps the pair whole.
    for (const when of ['INSERT', 'UPDATE']) {
      await sql
        .raw(
          `CREATE TRIGGER IF NOT EXISTS stop_position_pair_${when.toLowerCase()} BEFORE ${when} ON stop
           WHEN (NEW.lat IS NULL) <> (NEW.lon IS NULL)
           BEGIN SELECT RAISE(ABORT, 'stop position: latitude and longitude are set together'); END`,
        )
        .execute(db);
    }
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}
