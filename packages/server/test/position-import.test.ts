import type { Position } from '@bus/core';
import { otherFeedStopsTxt } from '@bus/core/test-stops-txt';
import { listAllStops, listRoutes } from '@bus/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishingOverview } from '../src/public-read/gtfs/published.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { PositionImportPreview, PositionImportSaved } from '../src/services/admin/position-import.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { makeFeedReady, servedFeed } from './gtfs-helpers.ts';

/**
 * Stop positions from another feed's stops.txt on the bus stops screen (issue 29): the preview
 * on the real data (195 stops, none placed) and a stops.txt with other spellings of their
 * names, the save with its version and one history batch, undone in one step, and the feed
 * publishable afterwards.
 */

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
let feed: ReturnType<typeof otherFeedStopsTxt>;

/** Every stop's position as stored. */
async function positions(): Promise<Map<number, Position | null>> {
  return new Map((await listAllStops(t.db.kysely)).map((s) => [s.id, s.position]));
}

const placedCount = async () => [...(await positions()).values()].filter((p) => p !== null).length;

const preview = () =>
  admin.mutate<PositionImportPreview>('admin.stops.positionImportPreview', { stopsTxt: feed.text });

const allPositions = (p: PositionImportPreview) =>
  p.matched.map((m) => ({ stopId: m.stopId, ...m.position }));

beforeAll(async () => {
  t = await adminApp();
  admin = adminClient(t.app, t.adminToken);
  const [stops, routes] = await Promise.all([listAllStops(t.db.kysely), listRoutes(t.db.kysely, 'all')]);
  feed = otherFeedStopsTxt(
    stops,
    routes.map((r) => r.stops.map((s) => s.id)),
  );
});
afterAll(() => t.app.close());

describe('admin.stops.positionImportPreview', () => {
  it('matches every real stop to its place in a stops.txt with other spellings, and changes nothing', async () => {
    const res = await preview();
    expect(res.status, res.message).toBe(200);
    const p = res.data;
    expect(p.matched).toHaveLength(195);
    expect(p.ambiguous).toEqual([]);
    expect(p.unmatched).toEqual([]);
    for (const m of p.matched) expect(m.position, m.name).toEqual(feed.expected.get(m.stopId));
    // The three "Mokinių st. v." by their neighbours on the routes.
    expect(p.matched.filter((m) => m.name === 'Mokinių st. v.').map((m) => m.by)).toEqual([
      'nearness',
      'nearness',
      'nearness',
    ]);
    expect(p.version).toBe(await versionNow(t, { kind: 'stops' }));
    expect(await placedCount()).toBe(0);
  });

  it.each([
    [
      'stop_id,name,lat,lon\nA,Pagiriai,55.5,25.1\n',
      'The stops file cannot be read: line 1: the header has no stop_name, stop_lat, stop_lon',
    ],
    [
      'stop_id,stop_name,stop_lat,stop_lon\nA,Pagiriai,55.5,25.1\nB,Pagojė,55;6,25.2\n',
      'The stops file cannot be read: line 3: stop_lat "55;6" is not a latitude in degrees',
    ],
    ['', 'The stops file cannot be read: line 1: the file is empty'],
  ])('refuses a bad file naming its line: %j', async (stopsTxt, message) => {
    const res = await admin.mutate('admin.stops.positionImportPreview', { stopsTxt });
    expect(res.status).toBe(400);
    expect(res.message).toContain(message);
  });

  it('refuses a file too large for the screen, pointing to the command line', async () => {
    const res = await admin.mutate('admin.stops.positionImportPreview', { stopsTxt: 'x'.repeat(900_001) });
    expect(res.status).toBe(400);
    expect(res.message).toContain('pnpm cli import-stop-positions --from-gtfs');
  });
});

describe('admin.stops.positionImportApply', () => {
  beforeEach(async () => {
    // Every test starts from no positions (what an earlier test saved is put back directly).
    await t.db.kysely.updateTable('stop').set({ lat: null, lon: null }).execute();
  });

  it('saves the positions chosen in one history batch and answers the new version', async () => {
    const p = (await preview()).data;
    const res = await admin.mutate<PositionImportSaved>('admin.stops.positionImportApply', {
      baseVersion: p.version,
      positions: allPositions(p),
    });
    expect(res.status, res.message).toBe(200);
    expect(res.data.changed).toBe(195);
    expect(res.data.version).toBe(await versionNow(t, { kind: 'stops' }));
    expect(res.data.version).toBeGreaterThan(p.version);
    const stored = await positions();
    for (const [id, where] of feed.expected) expect(stored.get(id)).toEqual(where);
    // One save: its newest entry offers to put all 195 back at once.
    const history = await admin.query<HistoryPage>('admin.history.list', { kind: 'stop' });
    const newest = history.data.items[0];
    expect(newest?.batchRestore).toEqual({ size: 195, what: 'stops', version: res.data.version });
    expect(history.data.items.slice(1).every((i) => i.batchRestore === null)).toBe(true);
  });

  it('from an older version of the stops: 409 naming who saved, nothing changed', async () => {
    const p = (await preview()).data;
    const stops =
      await admin.query<{ stop: Record<string, unknown>; version: number }[]>('admin.stops.listWithUsage');
    const pagiriai = stops.data.find((s) => s.stop.id === 5) as {
      stop: Record<string, unknown>;
      version: number;
    };
    const edited = await admin.mutate('admin.stops.save', {
      ...pagiriai.stop,
      coords: 'Prie kelio',
      baseVersion: pagiriai.version,
    });
    expect(edited.status, edited.message).toBe(200);
    const res = await admin.mutate('admin.stops.positionImportApply', {
      baseVersion: p.version,
      positions: allPositions(p),
    });
    expect(res.status).toBe(409);
    expect(res.message).toContain('A bus stop was changed by boss');
    expect(await placedCount()).toBe(0);
  });

  it('all or nothing: an unknown stop, a stop twice or a place outside Lithuania changes nothing', async () => {
    const p = (await preview()).data;
    const good = allPositions(p).slice(0, 3);
    for (const [positions, status, message] of [
      [[...good, { stopId: 99_999, lat: 55.5, lon: 25.1 }], 404, 'Bus stop 99999 does not exist'],
      [[...good, { ...(good[0] as (typeof good)[number]), lat: 55.6 }], 400, 'Bus stop 1 is given twice'],
      [[...good, { stopId: 7, lat: 25.1, lon: 55.5 }], 400, 'Position is outside Lithuania'],
      [[], 400, 'Input validation failed'],
    ] as const) {
      const res = await admin.mutate('admin.stops.positionImportApply', {
        baseVersion: p.version,
        positions,
      });
      expect(res.status, JSON.stringify(positions.at(-1))).toBe(status);
      expect(res.message).toContain(message);
    }
    expect(await placedCount()).toBe(0);
  });

  it('is undone in one step from the history', async () => {
    const p = (await preview()).data;
    const saved = await admin.mutate<PositionImportSaved>('admin.stops.positionImportApply', {
      baseVersion: p.version,
      positions: allPositions(p),
    });
    expect(saved.status).toBe(200);
    const newest = (await admin.query<HistoryPage>('admin.history.list', { kind: 'stop' })).data.items[0];
    const undo = await admin.mutate<{ changeIds: number[] }>('admin.history.restoreBatch', {
      id: newest?.id,
      baseVersion: newest?.batchRestore?.version,
    });
    expect(undo.status, undo.message).toBe(200);
    expect(undo.data.changeIds).toHaveLength(195);
    expect(await placedCount()).toBe(0);
    // The undo is one save too, and can itself be put back in one step.
    const again = (await admin.query<HistoryPage>('admin.history.list', { kind: 'stop' })).data.items[0];
    expect(again?.batchRestore).toEqual({
      size: 195,
      what: 'stops',
      version: await versionNow(t, { kind: 'stops' }),
    });
  });

  it('a stale undo (a stop saved since the history was loaded): 409, nothing changed', async () => {
    const p = (await preview()).data;
    await admin.mutate('admin.stops.positionImportApply', {
      baseVersion: p.version,
      positions: allPositions(p),
    });
    const newest = (await admin.query<HistoryPage>('admin.history.list', { kind: 'stop' })).data.items[0];
    const later = (await preview()).data;
    const moved = allPositions(later)
      .slice(0, 1)
      .map((x) => ({ ...x, lat: x.lat + 0.001 }));
    expect(
      (
        await admin.mutate('admin.stops.positionImportApply', {
          baseVersion: later.version,
          positions: moved,
        })
      ).status,
    ).toBe(200);
    const undo = await admin.mutate('admin.history.restoreBatch', {
      id: newest?.id,
      baseVersion: newest?.batchRestore?.version,
    });
    expect(undo.status).toBe(409);
    expect(await placedCount()).toBe(195);
  });
});

describe('the feed with positions from a stops.txt', () => {
  it('is publishable on the real data: no stop lacks a position', async () => {
    await t.db.kysely.updateTable('stop').set({ lat: null, lon: null }).execute();
    await makeFeedReady(t, admin, { positions: false });
    const before = await admin.query<PublishingOverview>('admin.publishing.get');
    expect(before.data.problems.length).toBeGreaterThan(0);
    expect(before.data.problems.every((problem) => problem.kind === 'stopPosition')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/gtfs.zip' })).statusCode).not.toBe(200);

    const p = (await preview()).data;
    const saved = await admin.mutate('admin.stops.positionImportApply', {
      baseVersion: p.version,
      positions: allPositions(p),
    });
    expect(saved.status, saved.message).toBe(200);
    const after = await admin.query<PublishingOverview>('admin.publishing.get');
    expect(after.data.problems).toEqual([]);
    expect(after.data.stopsWithoutPosition).toBe(0);
    const served = await servedFeed(t.app);
    const stops = served.get('stops.txt') ?? [];
    expect(stops.length).toBeGreaterThan(0);
    for (const row of stops) {
      const where = feed.expected.get(Number(row.stop_id));
      expect(where, row.stop_id).toBeDefined();
      expect([Number(row.stop_lat), Number(row.stop_lon)]).toEqual([where?.lat, where?.lon]);
    }
  });
});
