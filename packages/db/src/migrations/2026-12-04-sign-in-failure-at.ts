import { type Kysely, sql } from 'kysely';

/**
 * sign_in_failure.at indexed: the admin board's list of refused sign-ins (listSignInFailures)
 * reads the window's failures of every name at once, a range of `at`. Without the index it
 * would read the whole table, which keeps the failures of names nobody guessed at again (they
 * are forgotten only when their name is tried again), so a flood of made-up names would make
 * that read slower by the day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX sign_in_failure_at ON sign_in_failure (at)`.execute(db);
}
