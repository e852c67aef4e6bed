import { type Kysely, sql } from 'kysely';

/**
 * Table changes SQLite's ALTER TABLE cannot make, done the documented way
 * (sqlite.org/lang_altertable.html, "other kinds of table schema changes"). Shared by the
 * migrations that rebuild a table; what each one changes stays in the migration.
 */

/**
 * Runs `work` in one IMMEDIATE transaction with the foreign keys off, checked by
 * foreign_key_check before the commit; all or nothing.
 */
export async function withForeignKeysOff(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  // Must be set outside a transaction; the migrator runs SQLite migrations without one.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await work();
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

/**
 * Rebuilds `table` from its CREATE statement as `change` rewrites it: a new table, the rows
 * copied with their ids, the old one dropped, the new one renamed, its indexes made again. When
 * `change` answers null (nothing to change) the table is left as it is. Runs inside the
 * caller's transaction. Answers whether it rebuilt.
 */
export async function rebuildTable(
  db: Kysely<unknown>,
  table: string,
  change: (create: string) => string | null,
): Promise<boolean> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    SELECT type, sql FROM sqlite_master WHERE tbl_name = ${table} AND sql IS NOT NULL
  `.execute(db);
  const create = rows.find((r) => r.type === 'table')?.sql;
  if (!create) throw new Error(`table ${table} is missing`);
  const changed = change(create);
  if (changed === null) return false;
  const rebuilt = `${table}__rebuilt`;
  await sql.raw(changed.replace(/^CREATE TABLE\s+("?)\w+\1/, `CREATE TABLE ${rebuilt}`)).execute(db);
  // Copying the rows with their ids keeps every id (an AUTOINCREMENT sequence starts above them).
  await sql.raw(`INSERT INTO ${rebuilt} SELECT * FROM ${table}`).execute(db);
  await sql.raw(`DROP TABLE ${table}`).execute(db);
  await sql.raw(`ALTER TABLE ${rebuilt} RENAME TO ${table}`).execute(db);
  for (const index of rows.filter((r) => r.type === 'index')) await sql.raw(index.sql as string).execute(db);
  return true;
}

const PLAIN_PRIMARY_KEY = /\bid INTEGER PRIMARY KEY\b(?! AUTOINCREMENT)/;

/** A CREATE statement with AUTOINCREMENT on its `id INTEGER PRIMARY KEY`; null when it has it. */
export function withAutoincrement(create: string): string | null {
  return PLAIN_PRIMARY_KEY.test(create)
    ? create.replace(PLAIN_PRIMARY_KEY, 'id INTEGER PRIMARY KEY AUTOINCREMENT')
    : null;
}
