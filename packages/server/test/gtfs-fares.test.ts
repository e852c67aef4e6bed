import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Concession, type FareRule, parseCsv, type ThroughFare } from '@bus/core';
import { type FareTables, fullFare, readJourneyFare, readLegFare } from '@bus/core/test-fare-reader';
import { unzipSync } from 'fflate';
import {
  closeDb,
  getAreas,
  getCalendarDates,
  getCalendars,
  getFareLegRules,
  getFareMedia,
  getFareProducts,
  getFareTransferRules,
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
import type { FareAnswer, JourneyFare } from '../src/public-read/fares.ts';
import type { PublishingOverview } from '../src/public-read/gtfs/published.ts';
import { type JourneysAnswer, planShareOf } from '../src/public-read/journeys.ts';
import type { LineFull } from '../src/services/admin/lines.ts';
import { type AdminTestApp, adminApp, adminClient, toSaveInput, trpc } from './admin-helpers.ts';
import { currentFeedZip, makeFeedReady } from './gtfs-helpers.ts';
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
 *
 * Through fares: "Kavarskas m27?" (line 18) and "Utena" (line 10) are priced flat, and a through
 * fare takes Kavarskas -> Utenos AS with a change at Anykščių AS for 2.85 within the change the
 * planner's journey makes; from 2027-01-01 its new price allows a minute less. The planner's
 * journey on a Wednesday of each is priced from the files alone (the transfer rules of the legs'
 * groups: one through ticket, then two tickets) as timetable.plan prices it.
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

const KAVARSKAS = 27;
const UTENA = 115;
/** A Wednesday of each of the through fare's prices (the planner's window is a year from today). */
const PLAN_DATES = ['2026-12-02', '2027-01-13'];
type PlannedJourney = JourneysAnswer['journeys'][number] & { fare: JourneyFare | null };

async function planned(date: string): Promise<PlannedJourney> {
  planShareOf(t.db).clear();
  const answer = await ok(
    trpc<{ journeys: PlannedJourney[] }>(t.app, 'query', 'timetable.plan', {
      from: KAVARSKAS,
      to: UTENA,
      date,
      time: '06:00',
    }),
  );
  const journey = answer.journeys.find((j) => j.legs.length === 2);
  if (!journey) throw new Error(`a journey with a change on ${date} was expected`);
  return journey;
}
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

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
  // Its questions follow each other as fast as one process can ask: the plan admission's pressure
  // rule would take them for a flood and refuse a plan now and then (date-bounds.test.ts).
  t = await adminApp({ clock: CLOCK, planPressure: null });
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
  const FLAT = { validFrom: '2026-11-01', roundingCents: 1, minimumCents: 0, pairs: [] };
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
  // Through fares: the two lines flat, the journey one ticket within the change it takes.
  await save({ ...FLAT, lineId: 18, method: { kind: 'flat', cents: 125 } });
  await save({ ...FLAT, lineId: 10, method: { kind: 'flat', cents: 210 } });
  const journey = await planned(PLAN_DATES[0] as string);
  const wait = minutesOf(journey.legs[1]?.depart ?? '') - minutesOf(journey.legs[0]?.arrive ?? '');
  const through = (validFrom: string, cents: number, changeMinutes: number) =>
    ok(
      admin.mutate<ThroughFare>('admin.throughFares.save', {
        id: null,
        fromLineId: 18,
        fromStopId: KAVARSKAS,
        toLineId: 10,
        toStopId: UTENA,
        validFrom,
        cents,
        changeMinutes,
        baseVersion: 0,
      }),
    );
  await through('2026-11-01', 285, wait);
  await through('2027-01-01', 300, wait - 1);
  for (const id of [1, 3]) {
    const line = await ok(admin.query<LineFull>('admin.lines.getFull', { id }));
    lineStops.set(id, [...new Set(line.routes.flatMap((r) => r.stopsArr.map((s) => s.id)))]);
  }

  const res = await currentFeedZip(t, CLOCK);
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

/**
 * The planner's journey from Kavarskas to Utenos AS on each of PLAN_DATES: its fare in the
 * planner's answer and from the feed's files (read from `feed`: the legs' leg rules and the
 * transfer rule between their groups) agree, each concession's too. What each was, in words.
 */
async function compareJourneys(feed: FareTables): Promise<string[]> {
  const found: string[] = [];
  for (const date of PLAN_DATES) {
    const journey = await planned(date);
    const [first, second] = journey.legs.map((leg) => ({
      routeId: String(leg.lineId),
      fromStopId: String(leg.fromStopId),
      toStopId: String(leg.toStopId),
      date,
      startTime: `${leg.depart}:00`,
      endTime: `${leg.arrive}:00`,
    }));
    if (!first || !second || journey.fare?.kind !== 'priced') throw new Error(`a priced journey on ${date}`);
    const read = readJourneyFare(feed, first, second);
    if (read.kind !== 'priced') throw new Error(`${date}: the feed says ${read.kind}`);
    expect(read.amounts.get('full'), date).toBe(journey.fare.cents);
    for (const concession of journey.fare.concessions) {
      const category = feed
        .get('rider_categories.txt')
        ?.find((c) => c.rider_category_name === concession.nameLt);
      expect(read.amounts.get(category?.rider_category_id ?? ''), `${date}, ${concession.nameEn}`).toBe(
        concession.cents,
      );
    }
    const isThrough = journey.fare.tickets.some((ticket) => ticket.kind === 'through');
    expect(read.transfer === 2, date).toBe(isThrough);
    found.push(`${isThrough ? 'through' : 'two tickets'} ${journey.fare.cents}`);
  }
  return found;
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
    expect(
      tables.get('timeframes.txt')?.filter((f) => f.timeframe_group_id?.startsWith('price-list-')).length,
    ).toBe(3);
    expect(tables.get('networks.txt')?.map((n) => n.network_name)).toEqual([
      'M35',
      'M27',
      'Utena',
      'Kavarskas m27?',
    ]);
    // The through fare's two prices: the transfer rules of its journeys' rides, both ways.
    expect(new Set(tables.get('fare_transfer_rules.txt')?.map((r) => r.fare_product_id))).toEqual(
      new Set(['through-285', 'through-300']),
    );
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

  it('the planner’s journey across two lines priced from the files alone as timetable.plan prices it: one through ticket, then two tickets', async () => {
    expect(await compareJourneys(tables)).toEqual(['through 285', 'two tickets 335']);
  }, 60_000);

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
        ['fare_transfer_rules.txt', getFareTransferRules() as Record<string, unknown>[]],
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
      expect(await compareJourneys(asText)).toEqual(['through 285', 'two tickets 335']);
    } finally {
      closeDb();
    }
  }, 180_000);
});
