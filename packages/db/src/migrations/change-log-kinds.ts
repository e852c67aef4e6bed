import { type Kysely, sql } from 'kysely';

/**
 * A migration that adds a kind of thing to the history: `first` (the new tables) and then
 * change_log's CHECK on its kinds rebuilt the documented way (a new table, the rows copied with
 * their ids, renamed back) with `kind` added to whatever list it has, in one transaction with
 * the foreign keys off, checked before the commit. Used by 2026-11-30-service-changes and
 * 2026-12-02-change-places.
 */
export async function withChangeLogKind(
  db: Kysely<unknown>,
  kind: string,
  first: (db: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  // Must be set outside a transaction; the migrator runs SQLite migrations without one.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await first(db);
    const { rows } = await sql<{ type: string; sql: string | null }>`
      SELECT type, sql FROM sqlite_master WHERE tbl_name = 'change_log' AND sql IS NOT NULL
    `.execute(db);
    const create = rows.find((r) => r.type === 'table')?.sql;
    if (!create) throw new Error('table change_log is missing');
    const kinds = /kind IN \(([^)]*)\)/.exec(create);
    if (!kinds) throw new Error('change_log has no CHECK on its kinds');
    if (!(kinds[1] as string).includes(`'${kind}'`)) {
      const createNew = create
        .replace(kinds[0], `kind IN (${kinds[1]}, '${kind}')`)
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
