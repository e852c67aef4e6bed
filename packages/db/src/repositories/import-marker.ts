import { hostname } from 'node:os';
import type SQLite from 'better-sqlite3';
import { isDatabaseBusy } from '../connection.ts';

/**
 * How an import tells a serving process that it holds the database: a row in app_meta, written
 * (committed) just before the import takes the write lock, and deleted in the import's own
 * transaction (so its commit removes it) or, when the import fails, right after.
 *
 * A killed import leaves the row behind. It is believed only while it is true: the process it
 * names is alive and the write lock is held (importInProgress). A left-over row therefore
 * refuses nothing; the next import overwrites it.
 */
export const IMPORT_RUNNING = 'timetable_import_running';

export interface ImportMarker {
  pid: number;
  host: string;
  /** ISO instant the import began. */
  at: string;
}

const UPSERT = `INSERT INTO app_meta (key, value) VALUES ('${IMPORT_RUNNING}', ?)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value`;

/** Writes (commits) this process's marker; returns its value, for clearImportMarker. */
export function markImportStarted(sqlite: SQLite.Database): string {
  const marker: ImportMarker = { pid: process.pid, host: hostname(), at: new Date().toISOString() };
  const value = JSON.stringify(marker);
  sqlite.prepare(UPSERT).run(value);
  return value;
}

/** Removes the marker `value` (in the caller's transaction, if one is open); another import's stays. */
export function clearImportMarker(sqlite: SQLite.Database, value: string): void {
  sqlite.prepare(`DELETE FROM app_meta WHERE key = '${IMPORT_RUNNING}' AND value = ?`).run(value);
}

const markerStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/** The marker as stored, or null (none, or not readable as one). */
export function importMarker(sqlite: SQLite.Database): ImportMarker | null {
  let statement = markerStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(`SELECT value FROM app_meta WHERE key = '${IMPORT_RUNNING}'`).pluck();
    markerStatements.set(sqlite, statement);
  }
  const value = statement.get() as string | undefined;
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(value) as Partial<ImportMarker>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host, at: String(parsed.at ?? '') }
      : null;
  } catch {
    return null;
  }
}

/** Whether the process is alive (on this machine: SQLite's WAL mode keeps all its users on one). */
function alive({ pid, host }: ImportMarker): boolean {
  if (host !== hostname()) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether another connection holds the write lock now, found without waiting: BEGIN IMMEDIATE
 * with no busy timeout, given up at once. A connection already in a transaction cannot ask
 * (null). Synchronous, so nothing else runs on the connection meanwhile.
 */
export function writeLockHeldElsewhere(sqlite: SQLite.Database): boolean | null {
  if (sqlite.inTransaction || sqlite.memory || sqlite.readonly) return null;
  const timeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
  sqlite.pragma('busy_timeout = 0');
  try {
    sqlite.prepare('BEGIN IMMEDIATE').run();
    sqlite.prepare('ROLLBACK').run();
    return false;
  } catch (error) {
    if (isDatabaseBusy(error)) return true;
    throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}

/**
 * Whether an import (another process) is writing the database now: its marker is there, the
 * process that wrote it is alive, and the write lock is held. Costs one indexed read when no
 * import is marked, which is nearly always.
 */
export function importInProgress(sqlite: SQLite.Database): boolean {
  const marker = importMarker(sqlite);
  if (marker === null || !alive(marker)) return false;
  // In a transaction of its own (a save under way here) the lock cannot be asked about: the
  // living importer's marker decides.
  return writeLockHeldElsewhere(sqlite) ?? true;
}
