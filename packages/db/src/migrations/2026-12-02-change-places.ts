import { type Kysely, sql } from 'kysely';

/**
 * Changes between buses (issue 30, the journey planner): a stop's own minimum change time
 * (stop_change_time; stops without one take the planner's 2 minutes), and change places, two
 * stops counted as one place for changing with the minutes to walk between them (change_place,
 * each pair once, the lower stop id first). No foreign keys: a timetable import replaces every
 * stop (its ids kept) with the foreign keys off, and the settings of a stop that is gone are
 * simply not read (the reads join the stop table) until the next save drops them.
 *
 * The history records the settings, as one set, as kind 'change_rules': change_log's CHECK on
 * its kinds is rebuilt the documented way (a new table, the rows copied with their ids, renamed
 * back), adding the kind to whatever list it has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Must be set outside a transaction; the migrator runs SQLite migrations without one.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await sql`CREATE TABLE stop_change_time (
      stop_id INTEGER PRIMARY KEY,
      minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 60)
    )`.execute(db);
    await sql`CREATE TABLE change_place (
      stop_a INTEGER NOT NULL,
      stop_b INTEGER NOT NULL,
      walk_minutes INTEGER NOT NULL CHECK (walk_minutes BETWEEN 0 AND 60),
      PRIMARY KEY (stop_a, stop_b),
      CHECK (stop_a < stop_b)
    ) WITHOUT ROWID`.execute(db);

    const { rows } = await sql<{ type: string; sql: string | null }>`
      SELECT type, sql FROM sqlite_master WHERE tbl_name = 'change_log' AND sql IS NOT NULL
    `.execute(db);
    const create = rows.find((r) => r.type === 'table')?.sql;
    if (!create) throw new Error('table change_log is missing');
    const kinds = /kind IN \(([^)]*)\)/.exec(create);
    if (!kinds) throw new Error('change_log has no CHECK on its kinds');
    if (!(kinds[1] as string).includes("'change_rules'")) {
      const createNew = create
        .replace(kinds[0], `kind IN (${kinds[1]}, 'change_rules')`)
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
  // The settings and their history would be lost; nothing to undo that is worth it.
}
