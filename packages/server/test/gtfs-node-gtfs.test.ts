import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Direction, HOME_STOP_ID, isTripSelected, type TimetableDataset } from '@bus/core';
import { createTestDb, type OpenedDatabase, putPublishingSettings, replaceTimetable } from '@bus/db';
import { closeDb, getStoptimes, importGtfs, openDb } from 'gtfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import { getDepartures } from '../src/public-read/departures.ts';
import { currentFeed, zipFeed } from '../src/public-read/gtfs/published.ts';
import { fixedClock } from './helpers.ts';

/**
 * The independent check of the feed: node-gtfs (a GTFS importer we did not write) reads the
 * exported zip, and the departures it lists for each stop and date must be the ones the site
 * lists. The real Anykščiai timetable, with two things a town would do before publishing:
 * every stop gets a position (made up here, inside Lithuania), and the three trips whose times
 * go backwards are corrected (the feed refuses them; see gtfs-feed.test.ts).
 */

const CLOCK = fixedClock('2026-11-25T10:00:00Z');

/** Dates in the feed window (2026-11-25 + 365 days) where the rules differ. */
const DATES = [
  '2026-11-27', // a Friday, school term, 4th Friday
  '2026-12-04', // 1st Friday of the month (the 1st-and-3rd-Friday rules)
  '2026-12-11', // 2nd Friday
  '2026-12-18', // 3rd Friday
  '2026-12-24', // Christmas Eve, a public holiday
  '2026-12-27', // Sunday after the school term's 12-26 end
  '2027-01-08', // 2nd Friday; the school term restarts on 01-06
  '2027-02-16', // public holiday on a Tuesday (and the 3rd Tuesday)
  '2027-02-23', // 4th Tuesday, between two school-term periods
  '2027-03-28', // Easter Sunday
  '2027-03-29', // Easter Monday
  '2027-04-14', // last day of winter
  '2027-04-15', // first day of summer
  '2027-05-31', // last school day
  '2027-06-01', // first day of the summer holidays
  '2027-06-04', // 1st Friday in the summer holidays
  '2027-08-31', // last day of the summer holidays
  '2027-09-01', // school starts
  '2027-09-03', // 1st Friday of the school year
  '2027-11-03', // last day of summer (rule 4)
  '2027-11-04', // first day of winter (rule 5), school term again
];

function fixBackwardTimes(dataset: TimetableDataset): void {
  const fixes: Record<number, (times: (string | null)[]) => (string | null)[]> = {
    // 14:24 between 14:13 and 14:15 is a typing slip for 14:14.
    25: (t) => t.map((time, i) => (i === 13 && time === '14:24' ? '14:14' : time)),
    // 15:26 then 15:25: the two are swapped.
    104: (t) => t.map((time, i) => (i === 8 ? '15:25' : i === 9 ? '15:26' : time)),
    // Every time written in route order although the trip drives the route reversed.
    131: (t) => [...t].reverse(),
  };
  for (const schedule of dataset.schedules) {
    for (const trip of schedule.trips) {
      const fix = fixes[trip.id];
      if (fix) trip.timeList = fix(trip.timeList);
    }
  }
}

/** Trips 18 and 20 are City bound but drive route 5 (drawn to Anykščių AS) backwards, away from it. */
function fixDirections(dataset: TimetableDataset): void {
  for (const schedule of dataset.schedules) {
    for (const trip of schedule.trips) if (trip.id === 18 || trip.id === 20) trip.routeDirReversed = false;
  }
}

let db: OpenedDatabase;
let directory: string;
let dataset: TimetableDataset;

beforeAll(async () => {
  dataset = await loadDefaultDataset();
  fixBackwardTimes(dataset);
  fixDirections(dataset);
  dataset.stops = dataset.stops.map((stop) => ({
    ...stop,
    position: { lat: 55.3 + (stop.id % 50) * 0.01, lon: 24.8 + Math.floor(stop.id / 50) * 0.05 },
  }));
  db = await createTestDb();
  replaceTimetable(db.sqlite, dataset);
  await putPublishingSettings(
    db.kysely,
    {
      siteUrl: 'https://autobusai.anyksciai.lt',
      publisherName: 'Anykščių rajono savivaldybė',
      publisherContact: 'info@anyksciai.lt',
      operators: [{ name: 'Transporto Centras', url: 'https://www.anyksciutc.lt', phone: '+370 381 51333' }],
      windowDays: 365,
    },
    '2026-11-25T09:00:00.000Z',
  );
  const feed = await currentFeed(db, CLOCK);
  expect(feed.problems).toEqual([]);
  directory = mkdtempSync(join(tmpdir(), 'gtfs-cross-check-'));
  const zipPath = join(directory, 'gtfs.zip');
  writeFileSync(zipPath, zipFeed(feed));
  openDb({ sqlitePath: join(directory, 'node-gtfs.sqlite') });
  await importGtfs({
    sqlitePath: join(directory, 'node-gtfs.sqlite'),
    agencies: [{ path: zipPath }],
    verbose: false,
  });
}, 60_000);

afterAll(async () => {
  closeDb();
  await db?.kysely.destroy();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** node-gtfs's departures: stop times where one may board, on the services running that day. */
function gtfsDepartures(stopId: number, date: string): Set<string> {
  const rows = getStoptimes({ stop_id: String(stopId), date: Number(date.replaceAll('-', '')) }, [
    'trip_id',
    'departure_time',
    'pickup_type',
  ]) as { trip_id: string; departure_time: string | null; pickup_type: number | null }[];
  return new Set(
    rows
      .filter((r) => r.pickup_type !== 1 && r.departure_time)
      .map((r) => `${r.trip_id} ${(r.departure_time as string).slice(0, 5)}`),
  );
}

/** The site's departures in both directions, as 'tripId HH:MM'. */
async function siteDepartures(stopId: number, date: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const dir of ['Out bound', 'City bound'] as Direction[]) {
    const { items } = await getDepartures(db, { from: stopId, dir, date }, CLOCK);
    for (const item of items) found.add(`${item.tripId} ${item.timeDepart}`);
  }
  return found;
}

describe('node-gtfs reads the exported feed and lists the same departures as the site', () => {
  it.each(DATES)('every stop on %s', async (date) => {
    let compared = 0;
    for (const stop of dataset.stops) {
      const site = await siteDepartures(stop.id, date);
      const gtfs = gtfsDepartures(stop.id, date);
      if (stop.id !== HOME_STOP_ID) {
        expect([...gtfs].sort(), `stop ${stop.id} ${stop.name} on ${date}`).toEqual([...site].sort());
      } else {
        // At the home station the site's two directions leave out the regional trips coming
        // back into town (domain rules, four selection cases); the feed has them, as it must.
        for (const departure of site) expect(gtfs).toContain(departure);
        for (const departure of gtfs) {
          if (site.has(departure)) continue;
          const tripId = Number(departure.split(' ')[0]);
          const schedule = dataset.schedules.find((s) => s.trips.some((t) => t.id === tripId));
          const trip = schedule?.trips.find((t) => t.id === tripId);
          const line = dataset.lines.find((l) => l.id === schedule?.lineId);
          if (!trip || !line) throw new Error(`trip ${tripId} is not in the data`);
          const selection = { boundFor: trip.boundFor, routeType: line.routeType };
          expect(isTripSelected({ from: HOME_STOP_ID, to: null, dir: 'Out bound' }, selection)).toBe(false);
          expect(isTripSelected({ from: HOME_STOP_ID, to: null, dir: 'City bound' }, selection)).toBe(false);
        }
      }
      compared += gtfs.size;
    }
    // A date with no buses at all would prove nothing.
    expect(compared).toBeGreaterThan(20);
  });
});
