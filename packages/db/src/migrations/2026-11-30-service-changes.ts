import { type Kysely, sql } from 'kysely';
import { withChangeLogKind } from './change-log-kinds.ts';

/**
 * Service changes (issue 27): cancelled trips, changed times, closed stops and notices, each
 * on its dates (core/src/service-changes/). Lists of ids and typed times are JSON arrays: a
 * change names few things, and the read side keeps every change in memory.
 *
 * The history records them as kind 'service_change': change_log's CHECK on its kinds is
 * rebuilt the documented way (withChangeLogKind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withChangeLogKind(db, 'service_change', async (trx) => {
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
    )`.execute(trx);
  });
}

export async function down(): Promise<void> {
  // The changes and their history would be lost; nothing to undo that is worth it.
}
