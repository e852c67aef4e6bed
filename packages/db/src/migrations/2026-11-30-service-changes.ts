import { type Kysely, sql } from 'kysely';

/**
 * Service changes (issue 27): cancelled trips, changed times, closed stops and notices, each
 * on its dates (core/src/service-changes/). Lists of ids and typed times are JSON arrays: a
 * change names few things, and the read side keeps every change in memory.
 *
 * The history records them as kind 'service_change': change_log's CHECK on its kinds is
 * rebuilt the documented way (a new table, the rows copied with their ids, renamed back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Must be set outside a transaction; the migrator runs SQLite migrations without one.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await sql`CREATE TABLE service_change (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('cancel', 'retime', 'closure', 'notice')),
      from_date TEXT,
      until_date TEXT,
      line_ids TEXT NOT NULL DEFAULT '[]',
      stop_ids TEXT NOT NULL DEFAULT '[]',
      trip_ids TEXT NOT NULL DEFAULT '[]',
      shift_minutes INTEGER,
      stop_times TEXT NOT NULL DEFAULT '[]',
      instead_stop_id INTEGER,
      reason TEXT,
      title_lt TEXT NOT NULL,
      text_lt TEXT,
      title_en TEXT,
      text_en TEXT,
      cause TEXT NOT NULL,
      effect TEXT NOT NULL,
      url TEXT
    )`.execute(db);

    const { rows } = await sql<{ type: string; sql: string | null }>`
      SELECT type, sql FROM sqlite_master WHERE tbl_name = 'change_log' AND sql IS NOT NULL
    `.execute(db);
    const create = rows.find((r) => r.type === 'table')?.sql;
    if (!create) throw new Error('table change_log is missing');
    const kinds = "kind IN ('line', 'schedule', 'rules', 'holiday', 'stop')";
    if (create.includes(kinds)) {
      const createNew = create
        .replace(kinds, "kind IN ('line', 'schedule', 'rules', 'holiday', 'stop', 'service_change')")
        .replace(/^CREATE TABLE\s+("?)\w+\1/, 'CREATE TABLE change_log__kinds');
      await sql.raw(createNew).execute(db);
      await sql`INSERT INTO change_log__kinds SELECT * FROM change_log`.execute(db);
      await sql`DROP TABLE change_log`.execute(db);
      await sql`ALTER TABLE change_log__kinds RENAME TO change_log`.execute(db);
      for (const index of rows.filter((r) => r.type === 'index'))
        await sql.raw(index.sql as string).execute(db);
    }
    const { rows: broken } = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(broken.slice(0, 5))}`);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The changes and their history would be lost; nothing to undo that is worth it.
}
