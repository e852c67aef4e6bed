import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** A user who may sign in; `passwordHash` is the self-describing scrypt string of auth/passwords.ts. */
export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  roles: string[];
  createdAt: string;
  /** true: the demo account; false: any other; null: not checked yet (made before the flag). */
  demo: boolean | null;
  /** Part of every access token: tokens of an older epoch are refused. */
  tokenEpoch: number;
}

export type UserSummary = Omit<UserRecord, 'passwordHash'>;

type UserRow = {
  id: number;
  username: string;
  password_hash: string;
  roles: string;
  created_at: string;
  demo: number | null;
  token_epoch: number;
};

/** roles is a JSON array of role names; anything else reads as "no roles" rather than failing sign-in. */
function parseRoles(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    roles: parseRoles(row.roles),
    createdAt: row.created_at,
    demo: row.demo === null ? null : row.demo === 1,
    tokenEpoch: row.token_epoch,
  };
}

export async function findUserByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  const rows = await db.selectFrom('app_user').selectAll().orderBy('username').execute();
  return rows.map((row) => {
    const { passwordHash: _hash, ...summary } = toUser(row);
    return summary;
  });
}

/** Inserts a user; the UNIQUE constraint on username makes a duplicate throw. */
export async function createUser(
  db: Kysely<Database>,
  user: { username: string; passwordHash: string; roles: readonly string[]; demo?: boolean },
): Promise<UserRecord> {
  const row = await db
    .insertInto('app_user')
    .values({
      username: user.username,
      password_hash: user.passwordHash,
      roles: JSON.stringify(user.roles),
      demo: user.demo ? 1 : 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * A new password: every token issued before stops working, and an account set up as the demo
 * account is the operator's own from now on. Returns false when there is no such user.
 */
export async function setUserPassword(
  db: Kysely<Database>,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set((eb) => ({ password_hash: passwordHash, demo: 0, token_epoch: eb('token_epoch', '+', 1) }))
    .where('username', '=', username)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every token issued to the user so far. Returns false when there is no such user. */
export async function endUserTokens(db: Kysely<Database>, username: string): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set((eb) => ({ token_epoch: eb('token_epoch', '+', 1) }))
    .where('username', '=', username)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records whether an account made before the demo flag is the demo account. */
export async function setUserDemo(db: Kysely<Database>, username: string, demo: boolean): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ demo: demo ? 1 : 0 })
    .where('username', '=', username)
    .execute();
}

// ---------------------------------------------------------------------------------------
// Facts about the database itself

export async function getMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function setMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

// ---------------------------------------------------------------------------------------
// Wrong passwords per account name (the per-account sign-in limit)

/** Times (ms) of the wrong passwords for this name since `since`, oldest first. */
export async function listSignInFailures(
  db: Kysely<Database>,
  username: string,
  since: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('sign_in_failure')
    .select('at')
    .where('username', '=', username)
    .where('at', '>=', since)
    .orderBy('at')
    .execute();
  return rows.map((r) => r.at);
}

/** Records a wrong password and forgets this name's failures older than `forgetBefore`. */
export async function recordSignInFailure(
  db: Kysely<Database>,
  username: string,
  at: number,
  forgetBefore: number,
): Promise<void> {
  await db
    .deleteFrom('sign_in_failure')
    .where('username', '=', username)
    .where('at', '<', forgetBefore)
    .execute();
  await db.insertInto('sign_in_failure').values({ username, at }).execute();
}

/** Forgets the wrong passwords of a name (a successful sign-in, or `user unlock`). */
export async function clearSignInFailures(db: Kysely<Database>, username: string): Promise<number> {
  const result = await db.deleteFrom('sign_in_failure').where('username', '=', username).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Returns false when there is no such user. */
export async function deleteUser(db: Kysely<Database>, username: string): Promise<boolean> {
  const result = await db.deleteFrom('app_user').where('username', '=', username).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
