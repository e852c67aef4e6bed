import type SQLite from 'better-sqlite3';
import { RESTORED_AT } from '../backup.ts';
import { TIMETABLE_IMPORTED_AT } from '../repositories/dataset.ts';

/**
 * The server-wide change stamp (dataStamp: this connection's view, moves on every commit) and
 * what the data is at in every process (dataBasis, dataVersion: the public answers' ETag).
 */

const stampStatements = new WeakMap<SQLite.Database, [SQLite.Statement, SQLite.Statement]>();

/** Changes whenever any connection commits a write (or this one runs one). */
export function dataStamp(sqlite: SQLite.Database): string {
  let statements = stampStatements.get(sqlite);
  if (!statements) {
    statements = [
      sqlite.prepare('PRAGMA data_version').pluck(),
      sqlite.prepare('SELECT total_changes()').pluck(),
    ];
    stampStatements.set(sqlite, statements);
  }
  return `${statements[0].get()}:${statements[1].get()}`;
}

/**
 * What the data is at, the same in every process that opens the file (unlike dataStamp, which
 * is this connection's own): the newest history entry (every admin save and restore writes
 * one), the last import and the last restore from a backup. A write outside these (by hand in
 * SQLite) does not move it.
 */
export interface DataBasis {
  changeId: number;
  /** ISO instants; null: never. */
  imported: string | null;
  restored: string | null;
}

const basisStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

export function dataBasis(sqlite: SQLite.Database): DataBasis {
  let statement = basisStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(
      `SELECT (SELECT ifnull(max(id), 0) FROM change_log) AS changeId,
         (SELECT value FROM app_meta WHERE key = '${TIMETABLE_IMPORTED_AT}') AS imported,
         (SELECT value FROM app_meta WHERE key = '${RESTORED_AT}') AS restored`,
    );
    basisStatements.set(sqlite, statement);
  }
  return statement.get() as DataBasis;
}

/** dataBasis as a short text: the version the public answers' ETag is named by. */
export function dataVersion(sqlite: SQLite.Database): string {
  const { changeId, imported, restored } = dataBasis(sqlite);
  const time = (iso: string | null) => (iso === null ? '0' : Date.parse(iso).toString(36));
  return `${changeId}-${time(imported)}-${time(restored)}`;
}
