import { type Kysely, sql } from 'kysely';

/**
 * Access that ends when it should (hardening):
 * - app_user.demo: 1 for the demo account (boss / 2025), which signs in only while demo mode is
 *   on; 0 for any other account; NULL until the server has checked an account made before
 *   this column existed.
 * - app_user.token_epoch: part of every access token; changing a password, signing a user out
 *   or removing them moves it on, so every token issued before stops working at once.
 * - app_meta: small facts about the database itself ('demo_account': whether the demo account
 *   was ever created, so a removed one stays removed).
 * - sign_in_failure: wrong passwords per account name (existing or not), for the per-account
 *   sign-in limit that holds across addresses and processes (the CLI's `user unlock` clears it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE app_user ADD COLUMN demo INTEGER CHECK (demo IN (0, 1))`.execute(db);
  await sql`ALTER TABLE app_user ADD COLUMN token_epoch INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE TABLE app_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);
  await sql`CREATE TABLE sign_in_failure (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    at INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX sign_in_failure_user ON sign_in_failure (username, at)`.execute(db);
}
