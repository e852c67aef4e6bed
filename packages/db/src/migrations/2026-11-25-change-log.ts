import { type Kysely, sql } from 'kysely';

/**
 * The history of every admin write (safe editing): who, when, what and the state before and
 * after, written in the same transaction as the change itself. The newest entry of a thing is
 * also its version: an editor saves against the entry id it loaded, and a save made from an
 * older version is refused. Entries written by one save share a batch (the id of its first
 * entry): deleting a line deletes its schedules too, and a restore brings them back together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE change_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    username TEXT NOT NULL,
    via TEXT NOT NULL CHECK (via IN ('admin', 'rest')),
    kind TEXT NOT NULL CHECK (kind IN ('line', 'schedule', 'rules', 'holiday', 'stop')),
    entity_id INTEGER,
    line_id INTEGER,
    action TEXT NOT NULL CHECK (action IN ('create', 'update', 'delete')),
    summary TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT,
    restored_from INTEGER REFERENCES change_log (id),
    batch INTEGER
  )`.execute(db);
  await sql`CREATE INDEX change_log_entity ON change_log (kind, entity_id, id)`.execute(db);
  await sql`CREATE INDEX change_log_line ON change_log (line_id, id)`.execute(db);
  await sql`CREATE INDEX change_log_user ON change_log (username, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS change_log`.execute(db);
}
