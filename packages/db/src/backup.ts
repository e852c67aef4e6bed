import { existsSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrations } from './migrations/index.ts';
import { createPrivateFile, makePrivate } from './private-files.ts';
import { countTimetable, type TimetableCounts } from './repositories/dataset.ts';
import type { Database } from './schema.ts';

/**
 * Consistent copies of the live database (SQLite's online backup API: it copies the pages
 * while other connections keep reading and writing, and starts again on a change, so the
 * copy is one moment of the database), and the checks a copy must pass before it replaces
 * anything.
 */

export interface BackupReport {
  file: string;
  bytes: number;
  /** PRAGMA integrity_check: 'ok' or the problems found. */
  integrity: string;
  /** The newest migration applied in the copy; null when it has none (not one of ours). */
  schema: string | null;
  /** True when this version of the code knows every migration of the copy. */
  schemaKnown: boolean;
  counts: TimetableCounts | null;
  users: number | null;
}

/**
 * Writes a consistent copy of `sqlite` to a new `file` (mode 0600: it holds password hashes)
 * and checks it. A copy that could not be written whole is removed.
 */
export async function backupTo(sqlite: SQLite.Database, file: string): Promise<BackupReport> {
  createPrivateFile(file);
  try {
    await sqlite.backup(file);
    // One self-contained file (no -wal/-shm beside it), whatever mode the live database is in.
    const copy = new SQLite(file);
    copy.pragma('journal_mode = DELETE');
    copy.close();
  } catch (error) {
    for (const leftover of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`])
      rmSync(leftover, { force: true });
    throw error;
  }
  makePrivate(file);
  return checkBackup(file);
}

/** Opens a copy read-only and says what it holds and whether it is whole. */
export async function checkBackup(file: string): Promise<BackupReport> {
  if (!existsSync(file)) throw new Error(`there is no file ${file}`);
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    let integrity: string;
    try {
      const rows = copy.pragma('integrity_check') as { integrity_check: string }[];
      integrity = rows.map((r) => r.integrity_check).join('; ');
    } catch (error) {
      integrity = `not a database: ${(error as Error).message}`;
    }
    const hasTable = (name: string) =>
      copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    const ours = integrity === 'ok' && hasTable('kysely_migration') && hasTable('stop');
    const applied = ours
      ? (copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map(
          (r) => r.name,
        )
      : [];
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
    const counts = ours ? await countTimetable(kysely) : null;
    const users = ours ? (copy.prepare('SELECT count(*) AS n FROM app_user').get() as { n: number }).n : null;
    return {
      file,
      bytes: statSync(file).size,
      integrity,
      schema: applied.at(-1) ?? null,
      schemaKnown: ours && applied.every((name) => name in migrations),
      counts,
      users,
    };
  } finally {
    copy.close();
  }
}

/** Why a copy must not replace the live database, or null when it may. */
export function backupProblem(report: BackupReport): string | null {
  if (report.integrity !== 'ok') return `the copy is damaged (integrity check: ${report.integrity})`;
  if (report.schema === null || report.counts === null)
    return 'the file is not a timetable database of this project';
  if (!report.schemaKnown)
    return `the copy was made by a newer version of the server (schema ${report.schema}); update the server first`;
  return null;
}

/**
 * Puts a checked copy in place of the live database, through the backup API into the live
 * file, so a server that has it open sees the restored timetable at once (its caches follow
 * the change stamp). The caller keeps the replaced database first.
 */
/** app_meta key: when the database was last restored from a backup (ISO instant). */
export const RESTORED_AT = 'restored_at';

export async function restoreFrom(file: string, livePath: string): Promise<void> {
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(livePath);
  } finally {
    source.close();
  }
  // The restored file may hold an older history: its own version would repeat one that
  // clients already hold (dataVersion), so the restore is a version of its own.
  const live = new SQLite(livePath, { fileMustExist: true });
  try {
    const hasMeta = live
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'app_meta'")
      .get();
    // A backup older than app_meta is migrated when opened; it has no versions to repeat.
    if (hasMeta !== undefined)
      live
        .prepare(
          `INSERT INTO app_meta (key, value) VALUES ('${RESTORED_AT}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        )
        .run(new Date().toISOString());
  } finally {
    live.close();
  }
}
