import { type Kysely, sql } from 'kysely';
import { rebuildTable, withAutoincrement } from './rebuild-table.ts';

/**
 * Sign-ins that were ended never come back (issue 25). An access token names its user by
 * app_user.id and carries the user's token epoch (auth/tokens.ts). Before this migration a
 * removed user's id and epoch were given out again: `user add anna`, sign in, `user passwd
 * anna`, `user remove anna`, `user add anna` made the old token work again, because the new
 * anna got the next free id (max + 1) and started again at epoch 0.
 *
 * - app_user gets AUTOINCREMENT (rebuilt the documented way, as 2026-11-25-ids-never-reused did
 *   for the timetable's tables), so a user id is never handed out twice.
 * - app_meta 'token_epoch' is the highest token epoch ever given to anyone: every new user,
 *   password change and sign-out takes the next one (repositories/users.ts), so an epoch never
 *   repeats, even after its user is removed; a restore moves every user above it (backup.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The migrator runs SQLite migrations without a transaction: one of our own, all or nothing.
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await rebuildTable(db, 'app_user', withAutoincrement);
    await sql`
      INSERT INTO app_meta (key, value)
      SELECT 'token_epoch', ifnull(max(token_epoch), 0) FROM app_user WHERE true
      ON CONFLICT (key) DO NOTHING
    `.execute(db);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

export async function down(): Promise<void> {
  // Going back would let removed users' ids and epochs be given out again.
}
