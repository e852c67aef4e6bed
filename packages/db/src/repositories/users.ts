import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** A user who may sign in; `passwordHash` is the self-describing scrypt string of auth/passwords.ts. */
export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  roles: string[];
  createdAt: string;
}

export type UserSummary = Omit<UserRecord, 'passwordHash'>;

type UserRow = { id: number; username: string; password_hash: string; roles: string; created_at: string };

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
  user: { username: string; passwordHash: string; roles: readonly string[] },
): Promise<UserRecord> {
  const row = await db
    .insertInto('app_user')
    .values({ username: user.username, password_hash: user.passwordHash, roles: JSON.stringify(user.roles) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Returns false when there is no such user. */
export async function setUserPassword(
  db: Kysely<Database>,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash })
    .where('username', '=', username)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns false when there is no such user. */
export async function deleteUser(db: Kysely<Database>, username: string): Promise<boolean> {
  const result = await db.deleteFrom('app_user').where('username', '=', username).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
