import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import {
  type AdminTestApp,
  adminApp,
  adminClient,
  createTestUser,
  TEST_JWT_SECRET,
  tokenFor,
  versionNow,
} from './admin-helpers.ts';
import { fixedClock, realDataApp, trpcQuery } from './helpers.ts';

const clock = fixedClock('2026-03-04T07:30:00Z');
const departuresOn = async (app: AdminTestApp['app'], date: string) =>
  (await trpcQuery<DeparturesResult>(app, 'timetable.departures', { from: 1, date })).data.items.length;
const departures = async (app: AdminTestApp['app'], input: Record<string, unknown>) =>
  (await trpcQuery<DeparturesResult>(app, 'timetable.departures', input)).data.items;
const search = async (app: AdminTestApp['app'], query: string) =>
  (await trpcQuery<{ id: number; name: string }[]>(app, 'timetable.searchStops', { query })).data.map(
    (s) => s.name,
  );
/** The same search as the tRPC client batches it (the fast lane keeps each URL apart). */
const searchBatched = async (app: AdminTestApp['app'], query: string) => {
  const input = encodeURIComponent(JSON.stringify({ 0: { query } }));
  const res = await app.inject({ method: 'GET', url: `/trpc/timetable.searchStops?batch=1&input=${input}` });
  return (res.json() as [{ result: { data: { name: string }[] } }])[0].result.data.map((s) => s.name);
};

describe('public answers after an admin save (no stale caches)', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await adminApp({ clock });
  });
  afterAll(() => t.app.close());

  it("a new public holiday changes that day's departures at once, and deleting it restores them", async () => {
    const admin = adminClient(t.app, t.adminToken);
    const before = await departuresOn(t.app, '2026-03-04');
    const saved = await admin.mutate<{ id: number }>('admin.holidays.save', {
      id: null,
      name: 'Test day',
      month: 3,
      day: 4,
      baseVersion: 0,
    });
    expect(saved.status).toBe(200);
    const during = await departuresOn(t.app, '2026-03-04');
    expect(during).toBeLessThan(before);
    const version = await versionNow(t, { kind: 'holiday', id: saved.data.id });
    expect(
      (await admin.mutate('admin.holidays.delete', { id: saved.data.id, baseVersion: version })).status,
    ).toBe(200);
    expect(await departuresOn(t.app, '2026-03-04')).toBe(before);
  });

  it('a renamed stop is found under its new name at once', async () => {
    const admin = adminClient(t.app, t.adminToken);
    expect(await search(t.app, 'zabelyn')).toEqual(['Zabelynė']);
    const res = await admin.mutate('admin.stops.save', {
      id: 13,
      name: 'Žąsinė',
      coords: null,
      defaultOption: false,
      baseVersion: await versionNow(t, { kind: 'stop', id: 13 }),
    });
    expect(res.status).toBe(200);
    expect(await search(t.app, 'zabelyn')).toEqual([]);
    expect(await search(t.app, 'zasin')).toEqual(['Žąsinė']);
  });

  it('a cached departures answer follows a stop rename at once', async () => {
    const admin = adminClient(t.app, t.adminToken);
    const query = { from: 1, dir: 'Out bound', date: '2026-03-05' };
    const first = await departures(t.app, query);
    // The second call is answered from the cache.
    expect(await departures(t.app, query)).toEqual(first);
    const terminus = first[0]?.name ?? '';
    const stop = (
      await trpcQuery<{ id: number; name: string; coords: string | null; defaultOption: boolean }[]>(
        t.app,
        'timetable.searchStops',
        { query: terminus },
      )
    ).data.find((s) => s.name === terminus);
    expect(stop).toBeDefined();
    const renamed = `${terminus} (naujoji)`;
    const res = await admin.mutate('admin.stops.save', {
      ...stop,
      name: renamed,
      baseVersion: await versionNow(t, { kind: 'stop', id: stop?.id as number }),
    });
    expect(res.status).toBe(200);
    const after = await departures(t.app, query);
    expect(after).toHaveLength(first.length);
    expect(after.filter((i) => i.name === renamed).length).toBe(
      first.filter((i) => i.name === terminus).length,
    );
    expect(after.some((i) => i.name === terminus)).toBe(false);
  });
});

describe('a cached departures answer is too late by the clock of each request', () => {
  it('marks departures too late as the clock moves, with the data unchanged', async () => {
    let instant = new Date('2026-03-04T03:00:00Z'); // 05:00 in Vilnius
    const { app } = await realDataApp({ clock: () => new Date(instant) });
    try {
      const query = { from: 1, dir: 'Out bound', date: '2026-03-04' };
      const early = await departures(app, query);
      expect(early.length).toBeGreaterThan(10);
      expect(early.every((i) => i.timeDepart < '05:00' || !i.tooLate)).toBe(true);
      instant = new Date('2026-03-04T10:00:00Z'); // 12:00 in Vilnius
      const noon = await departures(app, query);
      expect(noon.map(({ tooLate: _, ...i }) => i)).toEqual(early.map(({ tooLate: _, ...i }) => i));
      for (const item of noon) expect(item.tooLate).toBe(item.timeDepart < '12:00');
      expect(noon.filter((i) => i.tooLate).length).toBeGreaterThan(early.filter((i) => i.tooLate).length);
      instant = new Date('2026-03-05T10:00:00Z'); // the next day: every departure of the 4th is gone
      expect((await departures(app, query)).every((i) => i.tooLate)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

// Writes by another process go through the app's own paths (its admin board, old REST paths,
// pnpm cli): they write the history, which the server follows (snapshot, departures index).
// A change typed into SQLite by hand bypasses both.
describe('a write by another process is seen at once', () => {
  it('reloads after another server process saves', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fresh-')), 'db.sqlite');
    const server = openDatabase(file);
    await migrateToLatest(server.kysely);
    replaceTimetable(server.sqlite, await loadDefaultDataset());
    const app = await buildApp({ db: server, env: parseEnv({ LOG_LEVEL: 'silent', DEMO: '0' }), clock });
    expect(await search(app, 'zabelyn')).toEqual(['Zabelynė']);
    expect(await searchBatched(app, 'zabelyn')).toEqual(['Zabelynė']);
    const other = openDatabase(file);
    const otherApp = await buildApp({
      db: other,
      env: parseEnv({ LOG_LEVEL: 'silent', DEMO: '0', JWT_SECRET: TEST_JWT_SECRET }),
      clock,
    });
    await createTestUser({ app: otherApp, db: other }, 'anna', ['ROLE_ADMIN']);
    const admin = adminClient(otherApp, await tokenFor(other, 'anna', ['ROLE_ADMIN'], clock()));
    const renamed = await admin.mutate('admin.stops.save', {
      id: 13,
      name: 'Zabelynė II',
      coords: null,
      defaultOption: false,
      baseVersion: await versionNow({ app: otherApp, db: other }, { kind: 'stop', id: 13 }),
    });
    expect(renamed.status, renamed.message).toBe(200);
    expect(await search(app, 'zabelyn')).toEqual(['Zabelynė II']);
    expect(await searchBatched(app, 'zabelyn')).toEqual(['Zabelynė II']);
    // Departures too, although the same question was answered (and cached) just before.
    const query = { from: 1, dir: 'Out bound', date: '2026-03-05' };
    const before = await departures(app, query);
    expect(await departures(app, query)).toEqual(before);
    const moved = before.find((i) => i.timeDepart < '23:00');
    if (!moved) throw new Error('no departure to move');
    const [h, m] = moved.timeDepart.split(':').map(Number);
    const minute = (h as number) * 60 + (m as number);
    const later = `${String(Math.floor((minute + 30) / 60)).padStart(2, '0')}:${String((minute + 30) % 60).padStart(2, '0')}`;
    // The other process moves that trip 30 minutes later, from the station on.
    const { data } = await admin.query<{
      schedules: { trips: { id: number; timeList: (string | null)[] }[] }[];
      version: number;
    }>('admin.schedules.byLine', { lineId: moved.lineId });
    for (const schedule of data.schedules)
      for (const trip of schedule.trips)
        if (trip.id === moved.tripId)
          trip.timeList = trip.timeList.map((t) => (t === moved.timeDepart ? later : t));
    const saved = await admin.mutate('admin.schedules.saveList', {
      lineId: moved.lineId,
      schedules: data.schedules,
      baseVersion: data.version,
      confirmWarnings: true,
    });
    expect(saved.status, saved.message).toBe(200);
    const after = await departures(app, query);
    expect(after).not.toEqual(before);
    expect(after.filter((i) => i.tripId === moved.tripId).map((i) => i.timeDepart)).toContain(later);
    await otherApp.close();
    other.sqlite.close();
    await app.close();
    server.sqlite.close();
  });
});
