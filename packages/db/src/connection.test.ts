import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb } from './connection.ts';

describe('migrations', () => {
  it('create every table on an empty database, with foreign keys on', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    const tables = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'kysely%' AND name NOT LIKE 'sqlite%'
      ORDER BY name`.execute(db);
    expect(tables.rows.map((r) => r.name)).toEqual([
      'app_meta',
      'app_user',
      'change_log',
      'change_place',
      'concession',
      'departure_line_stop',
      'departure_visit',
      'fare_band',
      'fare_pair',
      'fare_rule',
      'holiday',
      'line',
      'line_note',
      'pattern_item',
      'route',
      'route_distance',
      'route_stop',
      'schedule',
      'service_change',
      'sign_in_failure',
      'stop',
      'stop_change_time',
      'through_fare',
      'time_period',
      'trip',
      'trip_time',
      'yearly_rule',
    ]);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    await expect(
      db.insertInto('route').values({ id: 1, line_id: 99, route_notes: null, stop_count: 0 }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
