import { type ReadSnapshot, readSnapshot } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSnapshot } from '../src/public-read/generation.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * After a save, the server brings its read snapshot up to date from the history instead of
 * reading the whole timetable again (refreshSnapshot). Whatever the save, the result must be
 * exactly what a whole read gives.
 */

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await adminApp({ clock: fixedClock('2026-03-04T07:30:00Z') });
  admin = adminClient(t.app, t.adminToken);
  await currentSnapshot(t.db);
});
afterAll(() => t.app.close());

/** The trips' facts of the trips that exist (a refreshed snapshot keeps those of deleted ones). */
function liveTrips(snapshot: ReadSnapshot, ids: readonly number[]) {
  const t = snapshot.trips;
  if (!t) return null;
  return ids.map((id) => [id, t.schedule[id], t.line[id], t.route[id], t.flags[id]]);
}

function comparable(snapshot: ReadSnapshot, tripIds: readonly number[]) {
  const { stamp: _stamp, trips: _trips, ...rest } = snapshot;
  return {
    ...rest,
    trips: liveTrips(snapshot, tripIds),
    routeStops: [...rest.routeStops].sort(([a], [b]) => a - b),
    routeLines: [...rest.routeLines].sort(([a], [b]) => a - b),
    routeWeekly: [...rest.routeWeekly].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b),
    stopSortKeys: [...rest.stopSortKeys].sort(([a], [b]) => a - b),
    stopNames: [...rest.stopNames].sort(([a], [b]) => a - b),
    lines: [...rest.lines].sort(([a], [b]) => a - b),
  };
}

async function expectUpToDate(): Promise<void> {
  const refreshed = await currentSnapshot(t.db);
  const whole = await readSnapshot(t.db);
  const tripIds = t.db.sqlite.prepare('SELECT id FROM trip ORDER BY id').pluck().all() as number[];
  expect(whole.trips).not.toBeNull();
  expect(comparable(refreshed, tripIds)).toEqual(comparable(whole, tripIds));
}

async function ok(result: Promise<{ status: number; message: string | undefined }>) {
  const { status, message } = await result;
  expect(status, message).toBe(200);
}

describe('the read snapshot after a save', () => {
  it('follows stop saves: a rename (new place in the order), a new stop, a deleted one', async () => {
    await ok(
      admin.mutate('admin.stops.save', {
        id: 13,
        name: 'Žąsinė',
        coords: null,
        defaultOption: false,
        baseVersion: await versionNow(t, { kind: 'stop', id: 13 }),
      }),
    );
    await expectUpToDate();
    await ok(
      admin.mutate('admin.stops.save', {
        id: 13,
        name: 'Aaa pirmoji',
        coords: null,
        defaultOption: false,
        baseVersion: await versionNow(t, { kind: 'stop', id: 13 }),
      }),
    );
    await expectUpToDate();
    const created = await admin.mutate<{ id: number }>('admin.stops.save', {
      id: null,
      name: 'Naujoji',
      baseVersion: 0,
    });
    expect(created.status).toBe(200);
    await expectUpToDate();
    await ok(
      admin.mutate('admin.stops.delete', {
        id: created.data.id,
        baseVersion: await versionNow(t, { kind: 'stop', id: created.data.id }),
      }),
    );
    await expectUpToDate();
  });

  it('follows line saves: a route with a new stop made in the route editor, a renamed line, a deleted line', async () => {
    const line = (
      await admin.query<{
        info: Record<string, unknown>;
        routes: { stopsArr: unknown[] }[];
        version: number;
      }>('admin.lines.getFull', { id: 4 })
    ).data;
    const route = line.routes[0] as { stopsArr: unknown[]; distanceMetersList: unknown[] };
    route.stopsArr.push({ id: -7, name: 'Visai nauja stotelė' });
    route.distanceMetersList.push(null);
    await ok(
      admin.mutate('admin.lines.saveFull', {
        info: { ...line.info, name: 'M17 pakeista', routeType: 'City Bus' },
        routes: line.routes,
        baseVersion: line.version,
      }),
    );
    await expectUpToDate();
    expect([...(await currentSnapshot(t.db)).stopNames.values()]).toContain('Visai nauja stotelė');
    await ok(
      admin.mutate('admin.lines.delete', {
        id: 5,
        baseVersion: await versionNow(t, { kind: 'line', lineId: 5 }),
      }),
    );
    await expectUpToDate();
  });

  it('follows schedule, rule and holiday saves', async () => {
    const schedules = (
      await admin.query<{ schedules: { runsOnWeekly: string[] }[]; version: number }>(
        'admin.schedules.byLine',
        {
          lineId: 1,
        },
      )
    ).data;
    const [first, ...rest] = schedules.schedules;
    if (!first) throw new Error('line 1 has no schedules');
    first.runsOnWeekly = ['SUNDAY'];
    await ok(
      admin.mutate('admin.schedules.saveList', {
        lineId: 1,
        schedules: [first, ...rest],
        baseVersion: schedules.version,
      }),
    );
    await expectUpToDate();
    const rules = (
      await admin.query<{ rules: { periodName: string }[]; version: number }>('admin.rules.allWithUsage')
    ).data;
    const rule = rules.rules[1] as { periodName: string };
    rule.periodName = 'Vasaros atostogos';
    await ok(admin.mutate('admin.rules.saveAll', { rules: rules.rules, baseVersion: rules.version }));
    await expectUpToDate();
    await ok(
      admin.mutate('admin.holidays.save', { id: null, name: 'Test day', month: 3, day: 5, baseVersion: 0 }),
    );
    await expectUpToDate();
  });
});
