import { type Kysely, sql } from 'kysely';
import { DEPARTURE_INDEX_DDL, DEPARTURE_INDEX_FILL } from '../repositories/departure-index.ts';

/**
 * The departures index (repositories/departure-index.ts): every possible departure stored by
 * stop with its filters copied in, filled here from the timetable already stored. The shapes
 * and the fill are the repository's: a later change to them comes with a migration of its own
 * that drops and refills the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...DEPARTURE_INDEX_DDL, ...DEPARTURE_INDEX_FILL])
    await sql.raw(statement).execute(db);
}
