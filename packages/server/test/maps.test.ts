import type { AdminStop } from '@bus/core';
import { listChanges } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env.ts';
import { tilesCspSource } from '../src/map-tiles.ts';
import type { StopPositions } from '../src/public-read/stop-positions.ts';
import { pageMeta, sitemap } from '../src/web-pages.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';
import { realDataApp, trpcQuery } from './helpers.ts';

/**
 * Issue 29, the maps: stops placed and moved on the bus stops screen's map are ordinary stop
 * saves (a version and a history entry each), the visitors' maps read every placed stop from
 * timetable.stopPositions, and the tile source is configuration the CSP follows.
 */

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await adminApp();
  admin = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

type Listed = { stop: AdminStop; version: number };
async function stop(id: number): Promise<Listed> {
  const all = (await admin.query<Listed[]>('admin.stops.listWithUsage')).data;
  const found = all.find((s) => s.stop.id === id);
  if (!found) throw new Error(`no stop ${id}`);
  return found;
}

/** What the map sends when a stop is dropped somewhere: the stop as loaded, at a new position. */
function moveOnMap({ stop: s, version }: Listed, lat: number, lon: number) {
  return admin.mutate<AdminStop & { version: number }>('admin.stops.save', {
    id: s.id,
    name: s.name,
    coords: s.coords,
    defaultOption: s.defaultOption,
    searchNames: s.searchNames,
    position: `${lat}, ${lon}`,
    baseVersion: version,
  });
}

const positions = async () => (await trpcQuery<StopPositions>(t.app, 'timetable.stopPositions')).data;

describe('placing and dragging a stop on the bus stops screen’s map', () => {
  it('the real data has no positions: the visitors’ maps have no stop yet', async () => {
    const answer = await positions();
    expect(answer.stops).toEqual([]);
    expect(answer.tiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: { text: '© OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
      maxZoom: 19,
    });
  });

  it('a place and two drags are three saves, each with a new version and a history entry', async () => {
    const first = await stop(1);
    expect(first.stop.position).toBeNull();
    const placed = await moveOnMap(first, 55.5262019, 25.1039871);
    expect(placed.status).toBe(200);
    // Six decimals, as every position is kept.
    expect(placed.data.position).toEqual({ lat: 55.526202, lon: 25.103987 });
    const afterPlace = await stop(1);
    expect(afterPlace.version).toBe(placed.data.version);
    expect(afterPlace.version).toBeGreaterThan(first.version);

    const dragged = await moveOnMap(afterPlace, 55.5265, 25.1045);
    expect(dragged.status).toBe(200);
    expect(dragged.data.version).toBeGreaterThan(afterPlace.version);
    const again = await moveOnMap(await stop(1), 55.527, 25.105);
    expect(again.status).toBe(200);

    const entries = (await listChanges(t.db.kysely, { kind: 'stop', limit: 10 })).filter(
      (e) => e.entityId === 1,
    );
    expect(entries.map((e) => [(e.before as AdminStop).position, (e.after as AdminStop).position])).toEqual([
      [
        { lat: 55.5265, lon: 25.1045 },
        { lat: 55.527, lon: 25.105 },
      ],
      [
        { lat: 55.526202, lon: 25.103987 },
        { lat: 55.5265, lon: 25.1045 },
      ],
      [null, { lat: 55.526202, lon: 25.103987 }],
    ]);
    // A drag changes the position only.
    expect((await stop(1)).stop).toEqual({ ...first.stop, position: { lat: 55.527, lon: 25.105 } });
  });

  it('a drag on a stale copy is refused with 409 and moves nothing', async () => {
    const loaded = await stop(2);
    expect((await moveOnMap(loaded, 55.53, 25.11)).status).toBe(200);
    const stale = await moveOnMap(loaded, 55.54, 25.12);
    expect(stale.status).toBe(409);
    expect((await stop(2)).stop.position).toEqual({ lat: 55.53, lon: 25.11 });
  });

  it('a drop outside Lithuania is refused, naming the position, and changes nothing', async () => {
    const loaded = await stop(3);
    const refused = await moveOnMap(loaded, 59.437, 24.7536);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      'position: Position is outside Lithuania: latitude comes first, for example 55.5248, 25.1043',
    );
    expect(await stop(3)).toEqual(loaded);
  });

  it('the visitors’ maps show every placed stop at once, by name, and a new tag', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/trpc/timetable.stopPositions' });
    const next = await moveOnMap(await stop(4), 55.51, 25.09);
    expect(next.status).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/trpc/timetable.stopPositions' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const { stops } = await positions();
    const names = await Promise.all([1, 2, 4].map(async (id) => (await stop(id)).stop));
    expect(stops).toEqual(
      names
        .map((s) => ({
          id: s.id,
          name: s.name,
          coords: s.coords,
          lat: s.position?.lat,
          lon: s.position?.lon,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'lt') || a.id - b.id),
    );
    // Answered again unchanged: 304 for the same tag.
    const again = await t.app.inject({
      method: 'GET',
      url: '/trpc/timetable.stopPositions',
      headers: { 'if-none-match': String(after.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the map pages and their headers', () => {
  it('/map is a page with its own title; /map/x is none', async () => {
    expect(await pageMeta(t.db, '/map', new URLSearchParams())).toMatchObject({
      status: 200,
      title: 'Map – Anyksciai bus timetable',
      index: true,
    });
    expect((await pageMeta(t.db, '/map/1', new URLSearchParams())).status).toBe(404);
    expect(await sitemap(t.db, 'https://autobusai.anyksciai.lt')).toContain(
      '<loc>https://autobusai.anyksciai.lt/map</loc>',
    );
  });

  it('the default tiles’ host is the one image source beyond our own; the position is ours to ask', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org",
    );
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
    // OpenStreetMap's tile policy asks for a Referer: other sites get our origin.
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('another tile source is allowed instead, with its attribution', async () => {
    const other = await realDataApp({
      env: parseEnv({
        LOG_LEVEL: 'silent',
        MAP_TILES_URL: 'https://{s}.tiles.example.lt/base/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Žemėlapių kūrėjai',
      }),
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/trpc/timetable.stopPositions' });
      expect(String(res.headers['content-security-policy'])).toContain(
        "img-src 'self' data: https://*.tiles.example.lt;",
      );
      expect(res.json().result.data.tiles).toEqual({
        url: 'https://{s}.tiles.example.lt/base/{z}/{x}/{y}.png',
        attribution: { text: '© Žemėlapių kūrėjai', href: null },
        maxZoom: 19,
      });
    } finally {
      await other.app.close();
    }
  });
});

describe('MAP_TILES_URL and MAP_TILES_ATTRIBUTION', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['http://127.0.0.1:8089/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:8089'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}@2x.png?key=1', 'https://*.tile.example.org'],
  ])('%s is allowed in the CSP as %s', (url, source) => {
    expect(parseEnv({ MAP_TILES_URL: url }).MAP_TILES_URL).toBe(url);
    expect(tilesCspSource(url)).toBe(source);
  });

  it.each([
    ['tile.openstreetmap.org/{z}/{x}/{y}.png', /MAP_TILES_URL: must be an http\(s\) address/],
    ['https://tile.openstreetmap.org/{z}/{x}.png', /MAP_TILES_URL: must contain \{y\}/],
    ['javascript:alert(1)//{z}{x}{y}', /MAP_TILES_URL: must be an http\(s\) address/],
  ])('refuses %s', (url, message) => {
    expect(() => parseEnv({ MAP_TILES_URL: url })).toThrow(message);
  });

  it('refuses an attribution with markup, and takes words with a link', () => {
    expect(() => parseEnv({ MAP_TILES_ATTRIBUTION: '<script>x</script>' })).toThrow(/MAP_TILES_ATTRIBUTION/);
    expect(parseEnv({ MAP_TILES_ATTRIBUTION: ' ' }).MAP_TILES_ATTRIBUTION).toBe(
      '© OpenStreetMap contributors <https://www.openstreetmap.org/copyright>',
    );
  });
});
