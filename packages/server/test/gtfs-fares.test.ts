import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Concession, type FareRule, parseCsv } from '@bus/core';
import { type FareTables, fullFare, readLegFare } from '@bus/core/test-fare-reader';
import { unzipSync } from 'fflate';
import {
  closeDb,
  getAreas,
  getCalendarDates,
  getCalendars,
  getFareLegRules,
  getFareMedia,
  getFareProducts,
  getNetworks,
  getRiderCategories,
  getRouteNetworks,
  getRoutes,
  getStopAreas,
  getTimeframes,
  importGtfs,
  openDb,
} from 'gtfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FareAnswer } from '../src/public-read/fares.ts';
import type { PublishingOverview } from '../src/public-read/gtfs/published.ts';
import type { LineFull } from '../src/services/admin/lines.ts';
import { type AdminTestApp, adminApp, adminClient, toSaveInput, trpc } from './admin-helpers.ts';
import { makeFeedReady } from './gtfs-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The fares in /gtfs.zip (issue 41, GTFS Fares v2) on the real Anykščiai data: staff price M35
 * (line 1) flat from 2027-01-01 with a pair fare, and M27 (line 3) by the kilometre with its
 * distances entered, a minimum, a rounding step and a pair fare, then dearer from 2027-03-01; two
 * concessions. Every ride between two stops of each line, on a day of each price list, is priced
 * from the served zip's files alone (core's test-fare-reader: the reference's matching rules)
 * and must be the site's timetable.fare answer, each concession's price too; a ride the site
 * does not price has no price in the feed. node-gtfs (an importer we did not write) reads the
 * same files, and its tables price every ride the same.
 */

// 2026-11-25 12:00 in Vilnius: the feed's window is 2026-11-25 + 365 days.
const CLOCK = fixedClock('2026-11-25T10:00:00Z');
/** A day of each price list: M35 has none yet; both first lists; M27's second. */
const DATES = ['2026-12-10', '2027-01-05', '2027-03-02'];
/** M27's distances from each stop to the next (metres), as staff enter them in the line editor. */
const M27_DISTANCES = [2100, 1800, 3500, 2900, 4200, 3100, 2600, 2200, 1900, 2400, 3000];

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
let zip: Uint8Array;
let tables: FareTables;
let concessions: Concession[];
let directory: string | undefined;
const lineStops = new Map<number, number[]>();

const ok = async <T>(
  call: Promise<{ status: number; data: T; message?: string | undefined }>,
): Promise<T> => {
  const res = await call;
  expect(res.status, res.message).toBe(200);
  return res.data;
};

function csvTables(bytes: Uint8Array): FareTables {
  const files = new Map<string, Record<string, string>[]>();
  for (const [name, data] of Object.entries(unzipSync(bytes))) {
    const [header = [], ...rows] = parseCsv(new TextDecoder().decode(data)).rows;
    files.set(
      name,
      rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? '']))),
    );
  }
  return files;
}

beforeAll(async () => {
  t = await adminApp({ clock: CLOCK });
  admin = adminClient(t.app, t.adminToken);
  await makeFeedReady(t, admin);
  concessions = [
    await ok(
      admin.mutate<Concession>('admin.concessions.save', {
        id: null,
        nameLt: 'Moksleiviai',
        nameEn: 'Pupils',
        percent: 50,
        baseVersion: 0,
      }),
    ),
    await ok(
      admin.mutate<Concession>('admin.concessions.save', {
        id: null,
        nameLt: 'Senjorai',
        nameEn: 'Seniors',
        percent: 63,
        baseVersion: 0,
      }),
    ),
  ];
  const save = (rule: Omit<FareRule, 'id'>) =>
    ok(admin.mutate<FareRule>('admin.fares.save', { id: null, ...rule, baseVersion: 0 }));
  await save({
    lineId: 1,
    validFrom: '2027-01-01',
    method: { kind: 'flat', cents: 150 },
    roundingCents: 1,
    minimumCents: 0,
    pairs: [{ fromStopId: 6, toStopId: 1, cents: 120 }],
  });
  await save({
    lineId: 3,
    validFrom: '2026-11-01',
    method: { kind: 'perKm', centsPerKm: 9 },
    roundingCents: 10,
    minimumCents: 100,
    pairs: [{ fromStopId: 32, toStopId: 1, cents: 350 }],
  });
  await save({
    lineId: 3,
    validFrom: '2027-03-01',
    method: { kind: 'perKm', centsPerKm: 11 },
    roundingCents: 10,
    minimumCents: 120,
    pairs: [{ fromStopId: 32, toStopId: 1, cents: 400 }],
  });
  const m27 = await ok(admin.query<LineFull>('admin.lines.getFull', { id: 3 }));
  const input = toSaveInput(m27, m27.version);
  await ok(
    admin.mutate('admin.lines.saveFull', {
      ...input,
      routes: input.routes.map((r) => ({ ...r, distanceMetersList: M27_DISTANCES })),
    }),
  );
  for (const id of [1, 3]) {
    const line = await ok(admin.query<LineFull>('admin.lines.getFull', { id }));
    lineStops.set(id, [...new Set(line.routes.flatMap((r) => r.stopsArr.map((s) => s.id)))]);
  }

  const res = await t.app.inject({ method: 'GET', url: '/gtfs.zip' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  zip = new Uint8Array(res.rawPayload);
  tables = csvTables(zip);
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** The site's answers, asked once each (both comparisons ask the same). */
const siteAnswers = new Map<string, Promise<FareAnswer>>();
const siteFare = (lineId: number, fromStopId: number, toStopId: number, date: string) => {
  const key = `${lineId} ${fromStopId} ${toStopId} ${date}`;
  let answer = siteAnswers.get(key);
  if (answer === undefined) {
    answer = ok(trpc<FareAnswer>(t.app, 'query', 'timetable.fare', { lineId, fromStopId, toStopId, date }));
    siteAnswers.set(key, answer);
  }
  return answer;
};

/**
 * Every ride between two stops of M35 and M27 on each of DATES: the site's answer and the
 * feed's (read from `feed`) agree. The counts of rides priced and not.
 */
async function compareEveryRide(feed: FareTables): Promise<{ priced: number; notSet: number }> {
  const inFeed = new Set(feed.get('stops.txt')?.map((s) => s.stop_id));
  let priced = 0;
  let notSet = 0;
  for (const date of DATES) {
    for (const [lineId, stops] of lineStops) {
      for (const from of stops) {
        for (const to of stops) {
          if (from === to) continue;
          const where = `line ${lineId}: ${from} -> ${to} on ${date}`;
          // Every stop of the two lines has a time in some trip of the window.
          expect(inFeed.has(String(from)), where).toBe(true);
          const site = await siteFare(lineId, from, to, date);
          const fare = readLegFare(feed, {
            routeId: String(lineId),
            fromStopId: String(from),
            toStopId: String(to),
            date,
          });
          if (site.kind === 'notSet') {
            expect(fare, `${where}: ${site.reason}`).toEqual({ kind: 'none' });
            notSet++;
            continue;
          }
          priced++;
          expect(fullFare(fare), where).toBe(site.cents);
          if (fare.kind !== 'priced') continue;
          // Both concessions are compared, not none.
          expect(site.concessions.map((c) => c.id)).toEqual(concessions.map((c) => c.id));
          for (const concession of site.concessions) {
            const category = fare.categoryByName.get(concession.nameLt) ?? '';
            expect(fare.amounts.get(category), `${where}, ${concession.nameEn}`).toBe(concession.cents);
          }
        }
      }
    }
  }
  return { priced, notSet };
}

describe('/gtfs.zip carries the fares the site shows (GTFS Fares v2)', () => {
  it('with the fare files, which the feed’s own validator passes', async () => {
    for (const name of [
      'timeframes.txt',
      'rider_categories.txt',
      'fare_media.txt',
      'fare_products.txt',
      'fare_leg_rules.txt',
      'areas.txt',
      'stop_areas.txt',
      'networks.txt',
      'route_networks.txt',
    ])
      expect(tables.has(name), name).toBe(true);
    const overview = await ok(admin.query<PublishingOverview>('admin.publishing.get'));
    expect(overview.problems).toEqual([]);
    expect(overview.warnings.filter((w) => w.file?.startsWith('fare') || w.code.startsWith('fare'))).toEqual(
      [],
    );
    // M35's list starts inside the window, M27's second too (and its first ends there).
    expect(tables.get('timeframes.txt')?.length).toBe(3);
    expect(tables.get('networks.txt')?.map((n) => n.network_name)).toEqual(['M35', 'M27']);
    expect(
      tables.get('rider_categories.txt')?.map((c) => [c.rider_category_name, c.is_default_fare_category]),
    ).toEqual([
      ['Keleiviai be nuolaidos', '1'],
      ['Moksleiviai', '0'],
      ['Senjorai', '0'],
    ]);
  });

  it('every ride of M35 and M27 priced from the files alone: the site’s fare, each concession’s too', async () => {
    const counted = await compareEveryRide(tables);
    const rides = [...lineStops.values()].reduce((sum, stops) => sum + stops.length * (stops.length - 1), 0);
    expect(counted.priced + counted.notSet).toBe(rides * DATES.length);
    // M35 has no price list on the first day; M27 prices every ride (its distances are all entered).
    const m35 = (lineStops.get(1)?.length ?? 0) * ((lineStops.get(1)?.length ?? 0) - 1);
    expect(counted.notSet).toBe(m35);
    // On the real data: M35's 6 stops and M27's 12, 456 rides priced and 30 not set.
    expect(counted).toEqual({ priced: 456, notSet: 30 });
  }, 120_000);

  it('node-gtfs reads the fare files, and its tables price every ride the same', async () => {
    directory = mkdtempSync(join(tmpdir(), 'gtfs-fares-'));
    const zipPath = join(directory, 'gtfs.zip');
    writeFileSync(zipPath, zip);
    const sqlitePath = join(directory, 'node-gtfs.sqlite');
    openDb({ sqlitePath });
    try {
      await importGtfs({ sqlitePath, agencies: [{ path: zipPath }], verbose: false });
      const read = new Map<string, Record<string, unknown>[]>([
        ['routes.txt', getRoutes() as Record<string, unknown>[]],
        ['calendar.txt', getCalendars() as Record<string, unknown>[]],
        ['calendar_dates.txt', getCalendarDates() as Record<string, unknown>[]],
        ['timeframes.txt', getTimeframes() as Record<string, unknown>[]],
        ['rider_categories.txt', getRiderCategories() as Record<string, unknown>[]],
        ['fare_media.txt', getFareMedia() as Record<string, unknown>[]],
        ['fare_products.txt', getFareProducts() as Record<string, unknown>[]],
        ['fare_leg_rules.txt', getFareLegRules() as Record<string, unknown>[]],
        ['areas.txt', getAreas() as Record<string, unknown>[]],
        ['stop_areas.txt', getStopAreas() as Record<string, unknown>[]],
        ['networks.txt', getNetworks() as Record<string, unknown>[]],
        ['route_networks.txt', getRouteNetworks() as Record<string, unknown>[]],
      ]);
      for (const [name, rows] of read) {
        if (name === 'routes.txt' || name.startsWith('calendar')) continue;
        expect(rows.length, name).toBe(tables.get(name)?.length);
      }
      // Its values as the files' text: numbers as written, nothing as empty.
      const asText = new Map(
        [...read].map(([name, rows]) => [
          name,
          rows.map((row) =>
            Object.fromEntries(
              Object.entries(row).map(([key, value]) => [
                key,
                value === null || value === undefined ? '' : String(value),
              ]),
            ),
          ),
        ]),
      );
      asText.set('stops.txt', [...(tables.get('stops.txt') ?? [])]);
      const counted = await compareEveryRide(asText);
      expect(counted).toEqual({ priced: 456, notSet: 30 });
    } finally {
      closeDb();
    }
  }, 180_000);
});
