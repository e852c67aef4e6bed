import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import { createPrivateFile, databaseFiles, makePrivate } from './private-files.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  /** The query builder every repository takes. */
  kysely: Db;
  /** The raw handle, for the few hot paths that prepare statements themselves. */
  sqlite: SQLite.Database;
}

/**
 * How long a write waits for another connection's write lock. better-sqlite3 waits
 * synchronously, so a server must not wait long (every request would wait with it): the
 * server opens its database with a short timeout and answers 409 when a long writer (an
 * import) holds the lock (isDatabaseBusy). Command-line tools may wait longer.
 */
export const SERVER_BUSY_TIMEOUT_MS = 50;
export const TOOL_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating when missing) a database file, or ':memory:', with the project's pragmas. The
 * file, its WAL and its SHM are its owner's only (mode 0600: they hold password hashes): a new
 * file is made so before SQLite writes into it, an existing one with a looser mode is tightened.
 */
export function openDatabase(
  path: string,
  { busyTimeoutMs = TOOL_BUSY_TIMEOUT_MS }: { busyTimeoutMs?: number } = {},
): OpenedDatabase {
  const sqlite = openSqliteFile(path, busyTimeoutMs);
  sqlite.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, sqlite };
}

/**
 * A SQLite file (or ':memory:') opened the project's way: made private (mode 0600) before SQLite
 * writes into it, a looser one tightened, WAL, `synchronous = NORMAL`, the given lock wait. The
 * timetable's database and the live buses' (live/store.ts) both open so.
 */
export function openSqliteFile(path: string, busyTimeoutMs: number): SQLite.Database {
  const onDisk = path !== ':memory:' && path !== '';
  if (onDisk) {
    try {
      createPrivateFile(path);
    } catch (error) {
      // There already (EEXIST), or no such folder: SQLite says so in its own words.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && code !== 'ENOENT') throw error;
    }
  }
  const sqlite = new SQLite(path);
  if (onDisk) {
    sqlite.pragma('journal_mode = WAL');
    // SQLite makes a WAL and SHM with their database's mode; ones left from before may be looser.
    for (const file of databaseFiles(path)) makePrivate(file);
  }
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  return sqlite;
}

/**
 * A second, read-only connection to a database file, for long reads that must see one state
 * of the data while the first connection goes on serving and writing (the server's read
 * snapshot, read in slices inside one read transaction).
 */
export function openReader(path: string): OpenedDatabase {
  const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  sqlite.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, sqlite };
}

/**
 * An in-memory database made from another's image (`sqlite.serialize()`), for a thread that
 * must read what an in-memory database holds (tests, a demo without a file): a copy, so it sees
 * the state of the moment the image was taken.
 */
export function openImage(image: Buffer): OpenedDatabase {
  const sqlite = new SQLite(image);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, sqlite };
}

/** Opens a read transaction on `reader` (openReader): every read on it sees one state until it is closed. */
export function beginRead(reader: OpenedDatabase): void {
  reader.sqlite.prepare('BEGIN').run();
}

/** Brings the schema to the newest migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}

/** The image of a freshly migrated database, made by the first createTestDb of a process. */
let migratedImage: Promise<Buffer> | undefined;

/**
 * A migrated in-memory database for tests: a copy of a migrated image (the migrations run once a
 * process, not once a test: a test run opens hundreds), opened with the project's pragmas.
 */
export async function createTestDb(): Promise<OpenedDatabase> {
  migratedImage ??= (async () => {
    const fresh = openDatabase(':memory:');
    await migrateToLatest(fresh.kysely);
    const image = fresh.sqlite.serialize();
    fresh.sqlite.close();
    return image;
  })();
  return openMemoryCopy(await migratedImage);
}

/** A writable in-memory database holding a copy of `image`, opened as openDatabase opens one. */
export function openMemoryCopy(image: Buffer): OpenedDatabase {
  const sqlite = new SQLite(image);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${TOOL_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, sqlite };
}

/** 'SELECT 1' prepared once per database handle, not once per request. */
const probes = new WeakMap<SQLite.Database, SQLite.Statement>();

/** Runs a trivial query; throws when the database does not answer. */
export function pingDatabase(sqlite: SQLite.Database): void {
  let probe = probes.get(sqlite);
  if (!probe) {
    probe = sqlite.prepare('SELECT 1');
    probes.set(sqlite, probe);
  }
  probe.get();
}

/** True for SQLite's "database is locked" (another connection holds the write lock). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}
