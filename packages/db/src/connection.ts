import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  /** The query builder every repository takes. */
  kysely: Db;
  /** The raw handle, for the few hot paths that prepare statements themselves. */
  sqlite: SQLite.Database;
}

/** Opens (creating when missing) a database file, or ':memory:', with the project's pragmas. */
export function openDatabase(path: string): OpenedDatabase {
  const sqlite = new SQLite(path);
  if (path !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, sqlite };
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

/** A migrated in-memory database for tests. */
export async function createTestDb(): Promise<OpenedDatabase> {
  const opened = openDatabase(':memory:');
  await migrateToLatest(opened.kysely);
  return opened;
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
