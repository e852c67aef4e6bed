import type { Kysely } from 'kysely';
import { rebuildTable, withAutoincrement, withForeignKeysOff } from './rebuild-table.ts';

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

export async function up(db: Kysely<unknown>): Promise<void> {
  await withForeignKeysOff(db, async () => {
    for (const table of TABLES) await rebuildTable(db, table, withAutoincrement);
  });
}

export async function down(): Promise<void> {
  // Going back would allow ids to be reused again; nothing to undo that is worth it.
}
