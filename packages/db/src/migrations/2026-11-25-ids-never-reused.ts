import { type Kysely, sql } from 'kysely';

/**
 * Ids are never given out twice. With a plain `INTEGER PRIMARY KEY` SQLite hands out
 * max(id) + 1, so deleting the newest schedule gave its id to the next new one and an old
 * public link (/browse/{line}/{sched}/{trip}) opened a different schedule. AUTOINCREMENT keeps
 * the highest id ever used in sqlite_sequence and never goes below it.
 *
 * SQLite cannot add AUTOINCREMENT to a table, so every table whose ids appear in public links
 * or the old API is rebuilt the documented way (sqlite.org/lang_altertable.html, "other kinds
 * of table schema changes"): foreign keys off, new table, copy the rows with their ids, drop,
 * rename, indexes again, foreign_key_check, all in one transaction. Existing ids are kept; the
 * sequence starts at the highest existing id.
 */
const TABLES = [
  'stop',
  'holiday',
  'yearly_rule',
  'time_period',
  'pattern_item',
  'line',
  'line_note',
  'route',
  'schedule',
  'trip',
] as const;

const PRIMARY_KEY = /\bid INTEGER PRIMARY KEY\b(?! AUTOINCREMENT)/;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Must be set outside a transaction; the migrator runs SQLite migrations without one.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    for (const table of TABLES) {
      const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
        SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ${table} AND sql IS NOT NULL
      `.execute(db);
      const create = rows.find((r) => r.type === 'table')?.sql;
      if (!create) throw new Error(`table ${table} is missing`);
      if (!PRIMARY_KEY.test(create)) continue; // already AUTOINCREMENT
      const rebuilt = `${table}__autoincrement`;
      const createNew = create
        .replace(PRIMARY_KEY, 'id INTEGER PRIMARY KEY AUTOINCREMENT')
        .replace(/^CREATE TABLE\s+("?)\w+\1/, `CREATE TABLE ${rebuilt}`);
      await sql.raw(createNew).execute(db);
      await sql.raw(`INSERT INTO ${rebuilt} SELECT * FROM ${table}`).execute(db);
      await sql.raw(`DROP TABLE ${table}`).execute(db);
      await sql.raw(`ALTER TABLE ${rebuilt} RENAME TO ${table}`).execute(db);
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
  // Going back would allow ids to be reused again; nothing to undo that is worth it.
}
