import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type OpenedDatabase } from '../connection.ts';
import type { Database } from '../schema.ts';
import { chunksOf, IDS_PER_STATEMENT, rowsPerInsert, VALUES_PER_STATEMENT } from './bound-lists.ts';
import { writeChangeRules } from './change-rules.ts';
import { listEntityChanges } from './history.ts';
import {
  deleteLineNotes,
  deleteRoutes,
  insertRoute,
  listLineInfos,
  listRoutes,
  routeScheduleUsage,
} from './lines.ts';
import { deleteRules } from './rules.ts';
import {
  deleteTripsOfScheduleExcept,
  findScheduleLines,
  findTripSchedules,
  insertTrip,
  listSchedules,
} from './schedules.ts';
import { findExistingStopIds, getAdminStopsByIds, getStopsByIds, listStopUsage } from './stops.ts';
import { listTripTimes, routeStopIds } from './trip-times.ts';

/**
 * Lists longer than SQLite binds in one statement (32,766 values): every repository function
 * that takes a list of ids, or writes a row per item of one, works in parts (bound-lists.ts).
 */

/** More ids than one statement can bind. */
const MANY = 33_000;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
/** Ids of nothing stored: the long lists are mostly these, so the rows read stay few. */
const UNKNOWN = range(1_000_000, MANY);
/** Stops (the route written below passes all of them), and trips of schedule 70. */
const STOPS = 12_000;
const TRIPS = 3000;

async function fixture() {
  const opened = await createTestDb();
  const { sqlite } = opened;
  sqlite.transaction(() => {
    const stop = sqlite.prepare(
      "INSERT INTO stop (id, name, default_option, name_folded, name_sort) VALUES (?, 'S', 0, 's', 's')",
    );
    for (const id of range(1, STOPS)) stop.run(id);
    sqlite.exec(`
      INSERT INTO yearly_rule (id, period_name) VALUES (1, 'Visus metus');
      INSERT INTO line (id, name, route_type) VALUES (35, 'M35', 'Regional Bus');
      INSERT INTO line_note (id, line_id, note_key, note_value) VALUES (1, 35, 'a', 'b');
      INSERT INTO route (id, line_id, stop_count) VALUES (40, 35, 2);
      INSERT INTO route_stop (route_id, seq, stop_id) VALUES (40, 0, 1), (40, 1, 2);
      INSERT INTO schedule (id, line_id, rule_id, weekday_mask, runs_on_public_holidays) VALUES (70, 35, 1, 31, 0);
    `);
    const trip = sqlite.prepare(
      "INSERT INTO trip (id, schedule_id, route_id, bound_for, route_dir_reversed) VALUES (?, 70, 40, 'One way', 0)",
    );
    const time = sqlite.prepare('INSERT INTO trip_time (trip_id, seq, minute) VALUES (?, ?, ?)');
    for (const id of range(1, TRIPS)) {
      trip.run(id);
      time.run(id, 0, 600);
      time.run(id, 1, 610);
    }
    const change = sqlite.prepare(
      "INSERT INTO change_log (at, username, via, kind, entity_id, action, summary) VALUES ('2026-01-05T10:00:00Z', 'anna', 'admin', 'stop', ?, 'update', 's')",
    );
    // Entries of stops far apart in the list (in different parts), written in the other order.
    for (const id of [STOPS, 1, STOPS - 1, 2]) change.run(id);
  })();
  return opened;
}

describe('SQLite and the parts', () => {
  it('SQLite refuses a statement of more values than it binds (what the parts avoid)', async () => {
    const { sqlite } = await createTestDb();
    expect(() => sqlite.prepare(`SELECT 1 WHERE 1 IN (${Array(MANY).fill('?').join(',')})`)).toThrow(
      /too many SQL variables/,
    );
  });

  it('cuts lists into parts, in order', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
    expect(chunksOf(range(0, 2500), 1000).map((p) => p.length)).toEqual([1000, 1000, 500]);
    expect(rowsPerInsert(3) * 3).toBeLessThanOrEqual(VALUES_PER_STATEMENT);
    // The lists below take several parts.
    expect(STOPS).toBeGreaterThan(IDS_PER_STATEMENT);
  });
});

describe('repository functions given more ids than one statement binds', () => {
  let kysely: Kysely<Database>;
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await fixture();
    kysely = opened.kysely;
  });

  it('reads stops, their usage and which exist', async () => {
    const existing = await findExistingStopIds(kysely, [...UNKNOWN, ...range(1, STOPS), 5]);
    expect(existing.size).toBe(STOPS);
    expect(existing.has(UNKNOWN[0] as number)).toBe(false);
    expect((await findExistingStopIds(kysely, UNKNOWN)).size).toBe(0);
    expect((await getStopsByIds(kysely, [...range(1, STOPS), ...UNKNOWN])).size).toBe(STOPS);
    // In the order asked for, unknown ids left out.
    const reversed = range(1, STOPS).reverse();
    expect((await getAdminStopsByIds(kysely, [...UNKNOWN, ...reversed])).map((s) => s.id)).toEqual(reversed);
    const usage = await listStopUsage(kysely, [...reversed, ...UNKNOWN]);
    expect([...usage.keys()]).toEqual([1, 2]);
  });

  it('reads schedules, trips and their times, and the history of many things', async () => {
    const trips = range(1, TRIPS);
    const times = await listTripTimes(kysely, [...UNKNOWN, ...trips].reverse());
    expect(times).toHaveLength(2 * TRIPS);
    expect(times.slice(0, 3)).toEqual([
      { trip_id: 1, seq: 0, minute: 600 },
      { trip_id: 1, seq: 1, minute: 610 },
      { trip_id: 2, seq: 0, minute: 600 },
    ]);
    expect((await findTripSchedules(kysely, [...trips, ...UNKNOWN])).size).toBe(TRIPS);
    expect([...(await findScheduleLines(kysely, [70, ...UNKNOWN]))]).toEqual([[70, 35]]);
    const [schedule, ...others] = await listSchedules(kysely, { scheduleIds: [...UNKNOWN, 70] });
    expect(others).toEqual([]);
    expect(schedule?.trips.map((t) => t.id)).toEqual(trips);
    expect(schedule?.trips[0]?.timeList).toEqual(['10:00', '10:10']);
    expect((await routeStopIds(kysely, [40, ...UNKNOWN])).get(40)).toEqual([1, 2]);
    expect((await routeScheduleUsage(kysely, [40, ...UNKNOWN])).get(40)).toEqual([70]);
    // Oldest first across the parts.
    const entries = await listEntityChanges(kysely, 'stop', [...range(1, STOPS), ...UNKNOWN]);
    expect(entries.map((e) => e.entityId)).toEqual([STOPS, 1, STOPS - 1, 2]);
  });

  it('reads lines and routes', async () => {
    const lines = await listLineInfos(kysely, [...UNKNOWN, 35]);
    expect(lines.map((l) => [l.id, l.customNotes.length])).toEqual([[35, 1]]);
    expect((await listRoutes(kysely, { lineIds: [...UNKNOWN, 35] })).map((r) => r.id)).toEqual([40]);
    expect((await listRoutes(kysely, { routeIds: [...UNKNOWN, 40] })).map((r) => r.id)).toEqual([40]);
  });

  it('writes a route, a trip and change rules of more rows than one INSERT binds', async () => {
    const stopIds = range(1, STOPS);
    const routeId = await insertRoute(kysely, 35, {
      routeNotes: null,
      stopIds,
      distanceMeters: stopIds.slice(1).map(() => 100),
    });
    const [route] = await listRoutes(kysely, { routeIds: [routeId] });
    expect(route?.stops.map((s) => s.id)).toEqual(stopIds);
    expect(route?.distanceMeters).toHaveLength(STOPS - 1);
    const tripId = await insertTrip(kysely, 70, {
      boundFor: 'One way',
      routeId,
      routeDirReversed: false,
      timeList: stopIds.map(() => '12:00'),
    });
    expect(await listTripTimes(kysely, [tripId])).toHaveLength(STOPS);
    await writeChangeRules(kysely, {
      stopMinutes: stopIds.map((stopId) => ({ stopId, minutes: 5 })),
      places: range(1, STOPS / 2).map((stopA) => ({ stopA, stopB: stopA + STOPS / 2, walkMinutes: 3 })),
    });
    const { sqlite } = opened;
    expect(sqlite.prepare('SELECT count(*) AS n FROM stop_change_time').get()).toEqual({ n: STOPS });
  });

  it('deletes trips kept by a long list, routes, notes and rules by long lists', async () => {
    const { sqlite } = opened;
    const count = (table: string) =>
      (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    // Every trip but the last 1,000 kept (and the one written above goes too).
    await deleteTripsOfScheduleExcept(kysely, 70, [...UNKNOWN, ...range(1, TRIPS - 1000)]);
    expect(count('trip')).toBe(TRIPS - 1000);
    expect(count('trip_time')).toBe(2 * (TRIPS - 1000));
    await deleteTripsOfScheduleExcept(kysely, 70, []);
    expect(count('trip')).toBe(0);
    sqlite.exec('DELETE FROM schedule');
    await deleteLineNotes(kysely, [...UNKNOWN, 1]);
    expect(count('line_note')).toBe(0);
    const routes = (sqlite.prepare('SELECT id FROM route').all() as { id: number }[]).map((r) => r.id);
    await deleteRoutes(kysely, [...UNKNOWN, ...routes]);
    expect(count('route')).toBe(0);
    expect(count('route_stop')).toBe(0);
    await deleteRules(kysely, [...UNKNOWN, 1]);
    expect(count('yearly_rule')).toBe(0);
  });
});
