import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
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
  /**
   * Part of every access token: a token of another epoch is refused. Epochs are handed out by
   * one counter for the whole database (nextTokenEpoch), so none is ever given twice.
   */
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

/** The statement of userById, prepared once per connection. */
const byIdStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * By id: what an access token names (ids are never reused, so a re-created name is another
 * user). Read at once by a statement prepared once per connection, not through the query
 * builder (which compiles and prepares its query on every call): every request of a signed-in
 * account asks it, a driver's position every few seconds from every bus in service among them.
 */
export function userById(sqlite: SQLite.Database, id: number): UserRecord | undefined {
  let statement = byIdStatements.get(sqlite);
  if (statement === undefined) {
    statement = sqlite.prepare('SELECT * FROM app_user WHERE id = ?');
    byIdStatements.set(sqlite, statement);
  }
  const row = statement.get(id) as UserRow | undefined;
  return row ? toUser(row) : undefined;
}

export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  const rows = await db.selectFrom('app_user').selectAll().orderBy('username').execute();
  return rows.map((row) => {
    const { passwordHash: _hash, ...summary } = toUser(row);
    return summary;
  });
}

// ---------------------------------------------------------------------------------------
// Token epochs: every access token carries its user's epoch, and only the current one works.

/** app_meta key: the highest token epoch ever given to any user (migration 2026-11-29). */
export const TOKEN_EPOCH_KEY = 'token_epoch';

/**
 * Takes the next token epoch of the database: above every epoch ever given, to this user or to
 * one removed since (the counter survives removal), and above every user's current one.
 */
async function nextTokenEpoch(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ value: string | number }>`
    INSERT INTO app_meta (key, value)
    SELECT ${TOKEN_EPOCH_KEY}, ifnull(max(token_epoch), 0) + 1 FROM app_user WHERE true
    ON CONFLICT (key) DO UPDATE SET value =
      max(CAST(value AS INTEGER), (SELECT ifnull(max(token_epoch), 0) FROM app_user)) + 1
    RETURNING value
  `.execute(db);
  const epoch = Number(rows[0]?.value);
  if (!Number.isSafeInteger(epoch)) throw new Error(`bad token epoch counter: ${String(rows[0]?.value)}`);
  return epoch;
}

/** Runs `work` in a transaction, or in the caller's when it already is one. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Inserts a user with a fresh id and epoch; the UNIQUE constraint on username makes a duplicate throw. */
export async function createUser(
  db: Kysely<Database>,
  user: { username: string; passwordHash: string; roles: readonly string[]; demo?: boolean },
): Promise<UserRecord> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('app_user')
      .values({
        username: user.username,
        password_hash: user.passwordHash,
        roles: JSON.stringify(user.roles),
        demo: user.demo ? 1 : 0,
        token_epoch: await nextTokenEpoch(trx),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  });
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
  return inTransaction(db, async (trx) => {
    const epoch = await nextTokenEpoch(trx);
    const result = await trx
      .updateTable('app_user')
      .set({ password_hash: passwordHash, demo: 0, token_epoch: epoch })
      .where('username', '=', username)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
}

/** Ends every token issued to the user so far. Returns false when there is no such user. */
export async function endUserTokens(db: Kysely<Database>, username: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const epoch = await nextTokenEpoch(trx);
    const result = await trx
      .updateTable('app_user')
      .set({ token_epoch: epoch })
      .where('username', '=', username)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  });
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

/**
 * Forgets the wrong passwords of a name: all of them (`user unlock`), or those of one address
 * (a successful sign-in from it: others' guesses still count).
 */
export async function clearSignInFailures(
  db: Kysely<Database>,
  username: string,
  address?: string,
): Promise<number> {
  let query = db.deleteFrom('sign_in_failure').where('username', '=', username);
  if (address !== undefined) query = query.where('address', '=', address);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Returns false when there is no such user. Its tokens end with it: they name its id, which is
 * never given again, and its epoch, which the counter never repeats.
 */
export async function deleteUser(db: Kysely<Database>, username: string): Promise<boolean> {
  const result = await db.deleteFrom('app_user').where('username', '=', username).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---------------------------------------------------------------------------------------
// The per-account slot, taken before a password is checked

export type SignInSlot =
  | { taken: true; id: number }
  /** `freesAt`: the time (ms) of the failure whose leaving the window frees a slot. */
  | { taken: false; freesAt: number };

/** When and how a slot is asked for: `since` starts the window; `limit` wrong passwords fill it. */
export interface SlotRequest {
  now: number;
  since: number;
  limit: number;
  /** The client address asking. */
  address: string;
}

interface SlotStatements {
  recent: SQLite.Statement<[string, number], { at: number; address: string }>;
  forget: SQLite.Statement<[string, number]>;
  insert: SQLite.Statement<[string, number, string]>;
  take: (username: string, request: SlotRequest) => SignInSlot;
}

/**
 * Whether `address` may have a name's password checked, given the name's wrong passwords in the
 * window (oldest first), or the refusal. An address that sent `limit` of them is refused; once
 * the name has `limit` from all addresses together (guessing spread over many), every address
 * that sent one is refused too, while an address that sent none is still checked: its owner
 * signing in from elsewhere is never locked out by others' guesses, and a spread guesser gets one
 * guess per address and window instead of `limit`.
 */
function refusal(
  failures: readonly { at: number; address: string }[],
  { limit, address, now }: SlotRequest,
): SignInSlot | null {
  const here = failures.filter((f) => f.address === address);
  if (here.length >= limit) return { taken: false, freesAt: here[here.length - limit]?.at ?? now };
  if (failures.length >= limit && here.length > 0) {
    // Free again when this address's failures have left the window, or the name's are under the limit.
    const ownClear = here[here.length - 1]?.at ?? now;
    const nameUnder = failures[failures.length - limit]?.at ?? now;
    return { taken: false, freesAt: Math.min(ownClear, nameUnder) };
  }
  return null;
}

const slotStatements = new WeakMap<SQLite.Database, SlotStatements>();

function statementsOf(sqlite: SQLite.Database): SlotStatements {
  let statements = slotStatements.get(sqlite);
  if (statements) return statements;
  const recent = sqlite.prepare<[string, number], { at: number; address: string }>(
    'SELECT at, address FROM sign_in_failure WHERE username = ? AND at >= ? ORDER BY at',
  );
  const forget = sqlite.prepare<[string, number]>(
    'DELETE FROM sign_in_failure WHERE username = ? AND at < ?',
  );
  const insert = sqlite.prepare<[string, number, string]>(
    'INSERT INTO sign_in_failure (username, at, address) VALUES (?, ?, ?)',
  );
  const take = sqlite.transaction((username: string, request: SlotRequest): SignInSlot => {
    const refused = refusal(recent.all(username, request.since), request);
    if (refused) return refused;
    forget.run(username, request.since);
    return { taken: true, id: Number(insert.run(username, request.now, request.address).lastInsertRowid) };
  });
  statements = { recent, forget, insert, take: (...args) => take.immediate(...args) };
  slotStatements.set(sqlite, statements);
  return statements;
}

/**
 * Takes one of an account name's password checks for a client address, before the check, in
 * one synchronous IMMEDIATE transaction: no other request of this process runs in between, and
 * another process waits for the write lock, so parallel guesses cannot all see "under the
 * limit". The slot is a recorded failure until the check succeeds (clearSignInFailures) or is
 * given back unchecked (releaseSignInSlot). A refused name writes nothing and takes no lock.
 * Who is refused: see `refusal`.
 */
export function takeSignInSlot(sqlite: SQLite.Database, username: string, request: SlotRequest): SignInSlot {
  const statements = statementsOf(sqlite);
  // A locked name (a flood's usual case) is refused on a plain read, without the write lock.
  return (
    refusal(statements.recent.all(username, request.since), request) ?? statements.take(username, request)
  );
}

/** Gives back a slot whose password was never checked. */
export function releaseSignInSlot(sqlite: SQLite.Database, id: number): void {
  sqlite.prepare('DELETE FROM sign_in_failure WHERE id = ?').run(id);
}
