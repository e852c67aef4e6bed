import { type Kysely, sql } from 'kysely';

/**
 * sign_in_failure.address: the client address each wrong password came from (issue 37), so an
 * account's lock is held against the addresses that guessed, not against its owner signing in
 * from elsewhere (services/auth.ts). Failures recorded before have no address ('').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sign_in_failure ADD COLUMN address TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX sign_in_failure_user_address ON sign_in_failure (username, address, at)`.execute(db);
}
