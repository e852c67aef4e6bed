import {
  addDays,
  type Clock,
  HOME_STOP_ID,
  parseCsv,
  type ServiceChange,
  scheduleRunsOn,
  serviceDayContext,
  type TimetableDataset,
  type TimetableTrip,
  timetableTrips,
} from '@bus/core';
import { type OpenedDatabase, readTimetable, replaceTimetable } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import { feedPublisher } from '../src/public-read/gtfs/feed-publisher.ts';
import type { PublishingOverview } from '../src/public-read/gtfs/published.ts';
import type { AdminTestApp, adminClient } from './admin-helpers.ts';

/** The Publishing settings of the feed tests (the real data lacks them). */
export const SETTINGS = {
  siteUrl: 'https://autobusai.anyksciai.lt/',
  publisherName: 'Anykščių rajono savivaldybė',
  publisherContact: 'info@anyksciai.lt',
  operators: [{ name: 'Transporto Centras', url: 'https://www.anyksciutc.lt', phone: '+370 381 51333' }],
  windowDays: 365,
};

/** Trip id -> travel index -> corrected time, for the three trips whose times go backwards. */
export const TIME_FIXES: Record<number, Record<number, string>> = {
  25: { 13: '14:14' },
  104: { 8: '15:25', 9: '15:26' },
};
/** City bound trips driven from Anykščių AS outwards: their route 5 is drawn toward the station. */
export const WRONG_WAY = new Set([18, 20]);

/**
 * Everything the real data lacks for a feed, done the way the import and the editors do it;
 * `positions: false` leaves the stops without positions (issue 29 fills them from a stops.txt).
 */
export async function makeFeedReady(
  t: AdminTestApp,
  admin: ReturnType<typeof adminClient>,
  { positions = true }: { positions?: boolean } = {},
): Promise<void> {
  const dataset = await readTimetable(t.db.kysely);
  for (const schedule of dataset.schedules) {
    for (const trip of schedule.trips) {
      const fix = TIME_FIXES[trip.id];
      if (fix) trip.timeList = trip.timeList.map((time, i) => fix[i] ?? time);
      if (trip.id === 131) trip.timeList = [...trip.timeList].reverse();
      if (WRONG_WAY.has(trip.id)) trip.routeDirReversed = false;
    }
  }
  if (positions)
    dataset.stops = dataset.stops.map((s) => ({ ...s, position: { lat: 55.5 + s.id / 10_000, lon: 25.1 } }));
  replaceTimetable(t.db.sqlite, dataset);
  const overview = await admin.query<PublishingOverview>('admin.publishing.get');
  const saved = await admin.mutate('admin.publishing.save', {
    ...SETTINGS,
    baseSavedAt: overview.data.savedAt,
  });
  expect(saved.status).toBe(200);
}

/** The static feed's files, each as records by column name. */
export type StaticTables = Map<string, Record<string, string>[]>;

/**
 * GET /gtfs.zip once the feed of the data as it is now is built: a request gets the last feed,
 * stale by a change, when the current build takes longer than FRESH_WAIT_MS (a loaded machine
 * running two test commands at once took that long).
 */
export async function currentFeedZip(t: { app: FastifyInstance; db: OpenedDatabase }, clock: Clock) {
  await feedPublisher(t.db).report(clock);
  return t.app.inject({ method: 'GET', url: '/gtfs.zip' });
}

/**
 * The files of GET /gtfs.zip, each as records by column name; with `current`, of the data as it
 * is now (currentFeedZip).
 */
export async function servedFeed(
  app: FastifyInstance,
  current?: { db: OpenedDatabase; clock: Clock },
): Promise<StaticTables> {
  const res = current
    ? await currentFeedZip({ app, db: current.db }, current.clock)
    : await app.inject({ method: 'GET', url: '/gtfs.zip' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const tables = new Map<string, Record<string, string>[]>();
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(res.rawPayload)))) {
    const [header = [], ...rows] = parseCsv(new TextDecoder().decode(bytes)).rows;
    tables.set(
      name,
      rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? '']))),
    );
  }
  return tables;
}

/** A trip of the data with its stops in travel order and its planned minutes. */
export type DataTrip = TimetableTrip;

/** The trip runs on `date` by the regular timetable (core's rule). */
export function runsOn(dataset: TimetableDataset, trip: DataTrip, date: string): boolean {
  return scheduleRunsOn(trip.schedule, serviceDayContext(date, dataset.yearlyRules, dataset.holidays));
}

const timedCount = (trip: DataTrip) => trip.planned.filter((m) => m !== null).length;
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The service changes the feed tests make, as saved. */
export interface SavedChanges {
  /** Cancelled on `today` and `tomorrow`. */
  cancelled: DataTrip;
  /** 10 minutes later on `tomorrow`, its last stop typed 25 minutes later. */
  retimed: DataTrip;
  /** Closed from `today` to the day after `tomorrow`. */
  closedStop: number;
  /** Every trip of the data. */
  all: DataTrip[];
  ids: { cancel: number; retime: number; closure: number; notice: number };
}

/**
 * A cancel, a retime, a closure and a network notice, saved through admin.serviceChanges.save on
 * the real data: trips and a stop picked from those that run on the dates.
 */
export async function saveTestChanges(
  admin: ReturnType<typeof adminClient>,
  dataset: TimetableDataset,
  today: string,
): Promise<SavedChanges> {
  const tomorrow = addDays(today, 1);
  const trips = timetableTrips(dataset).filter((trip) => timedCount(trip) >= 3);
  const cancelled = trips.find((trip) => runsOn(dataset, trip, today) && runsOn(dataset, trip, tomorrow));
  const retimed = trips.find(
    (trip) =>
      trip !== cancelled &&
      runsOn(dataset, trip, tomorrow) &&
      Math.max(...trip.planned.map((m) => m ?? 0)) + 25 < 24 * 60,
  );
  if (!cancelled || !retimed) throw new Error('the real data has no trips to change');
  // The stop most trips of today pass (with a time), not the home station, not on the retimed trip.
  const passing = new Map<number, number>();
  for (const trip of timetableTrips(dataset)) {
    if (!runsOn(dataset, trip, today)) continue;
    trip.travel.forEach((stopId, i) => {
      if (trip.planned[i] !== null) passing.set(stopId, (passing.get(stopId) ?? 0) + 1);
    });
  }
  const closedStop = [...passing]
    .filter(([stopId]) => stopId !== HOME_STOP_ID && !retimed.travel.includes(stopId))
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  if (closedStop === undefined) throw new Error('the real data has no stop to close');
  const save = async (fields: Record<string, unknown>) => {
    const res = await admin.mutate<ServiceChange>('admin.serviceChanges.save', {
      id: null,
      baseVersion: 0,
      ...fields,
    });
    expect(res.status, res.message).toBe(200);
    return res.data.id;
  };
  const lastIndex = retimed.planned.findLastIndex((m) => m !== null);
  return {
    cancelled,
    retimed,
    closedStop,
    all: timetableTrips(dataset),
    ids: {
      cancel: await save({
        kind: 'cancel',
        from: today,
        until: tomorrow,
        tripIds: [cancelled.tripId],
        reason: 'kelio darbai',
      }),
      retime: await save({
        kind: 'retime',
        from: tomorrow,
        until: tomorrow,
        tripIds: [retimed.tripId],
        shiftMinutes: 10,
        stopTimes: [
          {
            tripId: retimed.tripId,
            index: lastIndex,
            time: hhmm((retimed.planned[lastIndex] as number) + 25),
          },
        ],
      }),
      closure: await save({ kind: 'closure', from: today, until: addDays(today, 2), stopIds: [closedStop] }),
      notice: await save({
        kind: 'notice',
        until: addDays(today, 30),
        titleLt: 'Šventinis eismas',
        textLt: 'Per šventes autobusai važiuoja rečiau.',
        titleEn: 'Holiday service',
        cause: 'HOLIDAY',
        effect: 'REDUCED_SERVICE',
        url: 'https://autobusai.anyksciai.lt/pakeitimai',
      }),
    },
  };
}
