import { type Kysely, sql } from 'kysely';
import { DEPARTURE_INDEX_DDL, DEPARTURE_INDEX_FILL } from '../repositories/departure-index.ts';

/**
 * The departures index (repositories/departure-index.ts): every possible departure stored by
 * stop with its filters copied in, filled here from the timetable already stored. The shapes
 * and the fill are the repository's: a later change to them comes with a migration of its own
 * that drops and refills the index.
 *
 * One transaction (the fill takes a while at national scale, and the migrator runs SQLite
 * migrations without one): a start killed half way leaves nothing behind, and the tables are
 * made afresh when a killed start left them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The fill is the repository's current one, which reads the schedules' validity windows;
  // on a database older than them, 2026-12-01-schedule-windows adds the columns and makes
  // the index itself.
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info('schedule')`.execute(db);
  if (!rows.some((r) => r.name === 'valid_from')) return;
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await remakeDepartureIndex(db);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

/** The index dropped and made afresh from the timetable (in the caller's transaction); 2026-12-01 runs it too. */
export async function remakeDepartureIndex(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS departure_visit`.execute(db);
  await sql`DROP TABLE IF EXISTS departure_line_stop`.execute(db);
  for (const statement of [...DEPARTURE_INDEX_DDL, ...DEPARTURE_INDEX_FILL])
    await sql.raw(statement).execute(db);
}
