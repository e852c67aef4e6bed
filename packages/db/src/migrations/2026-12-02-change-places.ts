import { type Kysely, sql } from 'kysely';
import { withChangeLogKind } from './change-log-kinds.ts';

/**
 * Changes between buses (issue 30, the journey planner): a stop's own minimum change time
 * (stop_change_time; stops without one take the planner's 2 minutes), and change places, two
 * stops counted as one place for changing with the minutes to walk between them (change_place,
 * each pair once, the lower stop id first). No foreign keys: a timetable import replaces every
 * stop (its ids kept) with the foreign keys off, and the settings of a stop that is gone are
 * simply not read (the reads join the stop table) until the next save drops them.
 *
 * The history records the settings, as one set, as kind 'change_rules' (withChangeLogKind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withChangeLogKind(db, 'change_rules', async (trx) => {
    await sql`CREATE TABLE stop_change_time (
      stop_id INTEGER PRIMARY KEY,
      minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 60)
    )`.execute(trx);
    await sql`CREATE TABLE change_place (
      stop_a INTEGER NOT NULL,
      stop_b INTEGER NOT NULL,
      walk_minutes INTEGER NOT NULL CHECK (walk_minutes BETWEEN 0 AND 60),
      PRIMARY KEY (stop_a, stop_b),
      CHECK (stop_a < stop_b)
    ) WITHOUT ROWID`.execute(trx);
  });
}

export async function down(): Promise<void> {
  // The settings and their history would be lost; nothing to undo that is worth it.
}
