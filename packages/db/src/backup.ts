import { existsSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './connection.ts';
import { migrations } from './migrations/index.ts';
import { createPrivateFile, makePrivate } from './private-files.ts';
import { countTimetable, type TimetableCounts } from './repositories/dataset.ts';
import { TOKEN_EPOCH_KEY } from './repositories/users.ts';
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

/** Told how far a long step is: pages copied of all (the backup API's own count), or 0 of 0 for a step that cannot count. */
export type BackupProgress = (step: string, done: number, total: number) => void;

/** The backup API's options: the progress as the pages are copied. */
function copying(step: string, onProgress: BackupProgress) {
  onProgress(step, 0, 0);
  return {
    progress({ totalPages, remainingPages }: { totalPages: number; remainingPages: number }) {
      onProgress(step, totalPages - remainingPages, totalPages);
      // better-sqlite3's own step: 100 pages, then other connections get their turn.
      return 100;
    },
  };
}

/**
 * Writes a consistent copy of `sqlite` to a new `file` (mode 0600: it holds password hashes)
 * and checks it. A copy that could not be written whole is removed.
 */
export async function backupTo(
  sqlite: SQLite.Database,
  file: string,
  onProgress: BackupProgress = () => {},
): Promise<BackupReport> {
  createPrivateFile(file);
  try {
    await sqlite.backup(file, copying('copying the database', onProgress));
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
  return checkBackup(file, onProgress);
}

/** Opens a copy read-only and says what it holds and whether it is whole. */
export async function checkBackup(
  file: string,
  onProgress: BackupProgress = () => {},
): Promise<BackupReport> {
  if (!existsSync(file)) throw new Error(`there is no file ${file}`);
  onProgress('checking the copy', 0, 0);
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

/** app_meta key: when the database was last restored from a backup (ISO instant). */
export const RESTORED_AT = 'restored_at';

/** How the users of a backup differ from the users now (what a restore brings back). */
export interface UsersChange {
  /** In the backup only (removed since): the restore brings them back, with the backup's password. */
  back: string[];
  /** Now only (added since): the restore removes them. */
  gone: string[];
  /** In both, with another password or other roles in the backup: those come back. */
  changed: string[];
}

type UserFacts = { username: string; password_hash: string; roles: string };

function usersOf(db: SQLite.Database): Map<string, UserFacts> {
  const rows = db.prepare('SELECT username, password_hash, roles FROM app_user').all() as UserFacts[];
  return new Map(rows.map((row) => [row.username, row]));
}

/** Compares the users of a backup file with the users of the live database, by name. */
export function compareUsers(live: SQLite.Database, file: string): UsersChange {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  let backup: Map<string, UserFacts>;
  try {
    backup = usersOf(copy);
  } finally {
    copy.close();
  }
  const now = usersOf(live);
  const byName = (a: string, b: string) => a.localeCompare(b);
  return {
    back: [...backup.keys()].filter((name) => !now.has(name)).sort(byName),
    gone: [...now.keys()].filter((name) => !backup.has(name)).sort(byName),
    changed: [...backup.values()]
      .filter((user) => {
        const current = now.get(user.username);
        return (
          current !== undefined &&
          (current.password_hash !== user.password_hash || current.roles !== user.roles)
        );
      })
      .map((user) => user.username)
      .sort(byName),
  };
}

/** What the live database has handed out so far, which a restored copy must never hand out again. */
interface Issued {
  /** sqlite_sequence: the highest id each AUTOINCREMENT table ever gave. */
  sequences: Map<string, number>;
  /** The highest token epoch ever given to a user. */
  tokenEpoch: number;
}

function hasTable(db: SQLite.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function highestTokenEpoch(db: SQLite.Database): number {
  const counter = hasTable(db, 'app_meta')
    ? db.prepare('SELECT CAST(value AS INTEGER) FROM app_meta WHERE key = ?').pluck().get(TOKEN_EPOCH_KEY)
    : undefined;
  const columns = db.prepare("SELECT name FROM pragma_table_info('app_user')").pluck().all();
  const users = columns.includes('token_epoch')
    ? db.prepare('SELECT max(token_epoch) FROM app_user').pluck().get()
    : 0;
  return Math.max(Number(counter ?? 0), Number(users ?? 0));
}

function issuedBy(livePath: string): Issued {
  const issued: Issued = { sequences: new Map(), tokenEpoch: 0 };
  if (!existsSync(livePath)) return issued;
  const live = new SQLite(livePath, { fileMustExist: true });
  try {
    if (hasTable(live, 'sqlite_sequence'))
      for (const { name, seq } of live.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
        name: string;
        seq: number;
      }[])
        issued.sequences.set(name, Math.max(seq, issued.sequences.get(name) ?? 0));
    if (hasTable(live, 'app_user')) {
      // Also when the live file predates AUTOINCREMENT on app_user (no sequence row yet).
      const highest = Number(live.prepare('SELECT ifnull(max(id), 0) FROM app_user').pluck().get());
      issued.sequences.set('app_user', Math.max(highest, issued.sequences.get('app_user') ?? 0));
      issued.tokenEpoch = highestTokenEpoch(live);
    }
  } finally {
    live.close();
  }
  return issued;
}

/**
 * Settles a migrated copy before it goes live: no id the live database gave since the backup
 * is given again (each AUTOINCREMENT sequence at least where the live one is), and every user
 * is moved to one new token epoch above every epoch ever given (the copy's and the live
 * database's), so every token issued before the restore, including tokens the backup's own
 * epochs would accept, is refused.
 */
function settleCopy(copy: SQLite.Database, issued: Issued, at: Date): number {
  const epoch = Math.max(issued.tokenEpoch, highestTokenEpoch(copy)) + 1;
  copy.transaction(() => {
    const raise = copy.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?');
    const add = copy.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
    for (const [name, seq] of issued.sequences) {
      if (!hasTable(copy, name)) continue;
      if (raise.run(seq, name).changes === 0) add.run(name, seq);
    }
    copy.prepare('UPDATE app_user SET token_epoch = ?').run(epoch);
    const setMeta = copy.prepare(
      'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    setMeta.run(TOKEN_EPOCH_KEY, String(epoch));
    // The restored file may hold an older history: its own version would repeat one that
    // clients already hold (dataVersion), so the restore is a version of its own.
    setMeta.run(RESTORED_AT, at.toISOString());
  })();
  return epoch;
}

/**
 * Puts a checked copy in place of the live database. The copy is first written to a private
 * file beside the live one, migrated to this version's schema and settled (see settleCopy);
 * then it goes into the live file through the backup API in one step, so a server that has the
 * file open sees the restored timetable at once (its caches follow the change stamp), never a
 * copy that is not migrated or settled yet. The caller keeps the replaced database first.
 * Answers the token epoch every user has now.
 */
export async function restoreFrom(
  file: string,
  livePath: string,
  onProgress: BackupProgress = () => {},
): Promise<{ tokenEpoch: number }> {
  const staging = `${livePath}.restoring-${process.pid}-${Date.now().toString(36)}.sqlite`;
  createPrivateFile(staging);
  try {
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(staging, copying('copying the backup', onProgress));
    } finally {
      source.close();
    }
    const copy = new SQLite(staging);
    try {
      copy.pragma('journal_mode = DELETE');
      copy.pragma('foreign_keys = ON');
      onProgress('migrating the copy', 0, 0);
      await migrateToLatest(new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) }));
      const tokenEpoch = settleCopy(copy, issuedBy(livePath), new Date());
      if (!existsSync(livePath)) createPrivateFile(livePath);
      await copy.backup(livePath, copying('putting the copy in place', onProgress));
      return { tokenEpoch };
    } finally {
      copy.close();
    }
  } finally {
    for (const leftover of [staging, `${staging}-journal`]) rmSync(leftover, { force: true });
  }
}
