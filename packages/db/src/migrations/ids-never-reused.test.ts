import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb, migrateToLatest, openDatabase } from '../connection.ts';
import { migrationProvider } from './index.ts';

const PUBLIC_ID_TABLES = [
  'holiday',
  'line',
  'line_note',
  'pattern_item',
  'route',
  'schedule',
  'stop',
  'time_period',
  'trip',
  'yearly_rule',
];

/** A database at the schema before ids were protected, with a little data in it. */
async function oldDatabase() {
  const opened = openDatabase(':memory:');
  const migrator = new Migrator({ db: opened.kysely, provider: migrationProvider });
  const { error } = await migrator.migrateTo('2026-11-23-departures-covering-index');
  if (error) throw error;
  opened.sqlite.exec(`
    INSERT INTO stop (id, name, coords, default_option, name_folded, name_sort) VALUES
      (5, 'Anykščių AS', NULL, 1, 'anyksciu as', 'a'), (9, 'Vikonys', NULL, 0, 'vikonys', 'v');
    INSERT INTO yearly_rule (id, period_name, type_of_yearly_rule, other_rule_id) VALUES (3, 'Visus metus', NULL, NULL);
    INSERT INTO line (id, name, route_type, enabled_seasonal_yearly_rule_filter) VALUES (35, 'M35', 'Regional Bus', 0);
    INSERT INTO route (id, line_id, route_notes, stop_count) VALUES (40, 35, NULL, 2);
    INSERT INTO route_stop (route_id, seq, stop_id) VALUES (40, 0, 5), (40, 1, 9);
    INSERT INTO schedule (id, line_id, rule_id, weekday_mask, runs_on_public_holidays) VALUES
      (70, 35, 3, 31, 0), (75, 35, 3, 96, 1);
    INSERT INTO trip (id, schedule_id, route_id, bound_for, route_dir_reversed) VALUES
      (130, 70, 40, 'Out bound', 0), (138, 75, 40, 'Out bound', 0);
    INSERT INTO trip_time (trip_id, seq, minute) VALUES (130, 0, 400), (130, 1, 420), (138, 0, 500), (138, 1, NULL);
  `);
  return opened;
}

describe('migration 2026-11-25-ids-never-reused', () => {
  it('makes every table with public ids AUTOINCREMENT on a new database', async () => {
    const { kysely, sqlite } = await createTestDb();
    const rows = sqlite
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name IN (${PUBLIC_ID_TABLES.map(() => '?').join(',')})`,
      )
      .all(...PUBLIC_ID_TABLES) as { name: string; sql: string }[];
    expect(rows.map((r) => r.name).sort()).toEqual(PUBLIC_ID_TABLES);
    for (const row of rows) expect(row.sql, row.name).toContain('id INTEGER PRIMARY KEY AUTOINCREMENT');
    await kysely.destroy();
  });

  it('keeps every row, id and index of an existing database, and foreign keys still hold', async () => {
    const { kysely, sqlite } = await oldDatabase();
    const indexesBefore = sqlite
      .prepare(
        `SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name NOT IN ('change_log', 'sign_in_failure') ORDER BY name`,
      )
      .all();
    const dump = () =>
      Object.fromEntries(
        [...PUBLIC_ID_TABLES, 'route_stop', 'trip_time'].map((t) => [
          t,
          sqlite.prepare(`SELECT * FROM ${t}`).all(),
        ]),
      );
    const before = dump();
    // This migration alone (later ones may add columns).
    const { error } = await new Migrator({ db: kysely, provider: migrationProvider }).migrateTo(
      '2026-11-25-ids-never-reused',
    );
    expect(error).toBeUndefined();
    expect(dump()).toEqual(before);
    expect(
      sqlite
        .prepare(
          `SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name NOT IN ('change_log', 'sign_in_failure') ORDER BY name`,
        )
        .all(),
    ).toEqual(indexesBefore);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    // Children still point at the rebuilt parents: a trip of an unknown schedule is refused,
    // and deleting a schedule still takes its trips and their times.
    expect(() =>
      sqlite
        .prepare(
          `INSERT INTO trip (schedule_id, route_id, bound_for, route_dir_reversed) VALUES (999, 40, 'Out bound', 0)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    await sql`DELETE FROM schedule WHERE id = 75`.execute(kysely);
    expect(sqlite.prepare('SELECT count(*) AS n FROM trip_time WHERE trip_id = 138').get()).toEqual({ n: 0 });
    await kysely.destroy();
  });

  it.each([
    [
      'schedule',
      `INSERT INTO schedule (line_id, rule_id, weekday_mask, runs_on_public_holidays) VALUES (35, 3, 1, 0)`,
      75,
    ],
    [
      'trip',
      `INSERT INTO trip (schedule_id, route_id, bound_for, route_dir_reversed) VALUES (70, 40, 'Out bound', 0)`,
      138,
    ],
    [
      'stop',
      `INSERT INTO stop (name, default_option, name_folded, name_sort) VALUES ('Naujas', 0, 'naujas', 'n')`,
      9,
    ],
    ['line', `INSERT INTO line (name, route_type) VALUES ('M99', 'City Bus')`, 35],
  ])('never gives a deleted %s id to a new row', async (table, insert, newestId) => {
    const { kysely, sqlite } = await oldDatabase();
    await migrateToLatest(kysely);
    sqlite.pragma('foreign_keys = OFF');
    sqlite.prepare(`DELETE FROM ${table} WHERE id = ?`).run(newestId);
    sqlite.pragma('foreign_keys = ON');
    const { lastInsertRowid } = sqlite.prepare(insert).run();
    expect(Number(lastInsertRowid)).toBe(newestId + 1);
    sqlite.prepare(`DELETE FROM ${table} WHERE id = ?`).run(newestId + 1);
    expect(Number(sqlite.prepare(insert).run().lastInsertRowid)).toBe(newestId + 2);
    await kysely.destroy();
  });
});
