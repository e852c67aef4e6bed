import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  dayChanges,
  expandService,
  type ServiceChange,
  type TimetableDataset,
  timetableTrips,
  tripRetimeOn,
} from '@bus/core';
import { listServiceChanges, readTimetable } from '@bus/db';
import { closeDb, getStoptimes, importGtfs, openDb } from 'gtfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateFeedZip } from '../src/public-read/gtfs/published.ts';
import { type AdminTestApp, adminApp, adminClient, tokenFor } from './admin-helpers.ts';
import {
  currentFeedZip,
  makeFeedReady,
  runsOn,
  type SavedChanges,
  type StaticTables,
  saveTestChanges,
} from './gtfs-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The static feed stays exact day by day with service changes: with a cancel, a retime and a
 * closure saved through admin.serviceChanges.save on the real data, the trips and times that
 * /gtfs.zip runs on every date of its window are the ones core's rule (dayChanges, tripRetimeOn)
 * says run that date; node-gtfs, a GTFS reader we did not write, reads the same on the changed
 * dates. (The site's departures follow the same rule; this compares with the rule itself.)
 */

// 2026-12-01 09:30 in Vilnius, a Tuesday.
const clock = fixedClock('2026-12-01T07:30:00Z');
const TODAY = '2026-12-01';

let t: AdminTestApp;
let dataset: TimetableDataset;
let changes: ServiceChange[];
let saved: SavedChanges;
let zip: Uint8Array;
let tables: StaticTables;
let directory: string;

beforeAll(async () => {
  t = await adminApp({ clock });
  const admin = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
  await makeFeedReady(t, admin);
  await newTimetableForM35(admin);
  dataset = await readTimetable(t.db.kysely);
  saved = await saveTestChanges(admin, dataset, TODAY);
  changes = await listServiceChanges(t.db.kysely);
  const res = await currentFeedZip(t, clock);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  zip = new Uint8Array(res.rawPayload);
  const { unzipSync } = await import('fflate');
  const { parseCsv } = await import('@bus/core');
  tables = new Map(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => {
      const [header = [], ...rows] = parseCsv(new TextDecoder().decode(bytes)).rows;
      return [name, rows.map((row) => Object.fromEntries(header.map((c, i) => [c, row[i] ?? ''])))];
    }),
  );
  directory = mkdtempSync(join(tmpdir(), 'gtfs-changes-'));
  writeFileSync(join(directory, 'gtfs.zip'), zip);
  openDb({ sqlitePath: join(directory, 'node-gtfs.sqlite') });
  await importGtfs({
    sqlitePath: join(directory, 'node-gtfs.sqlite'),
    agencies: [{ path: join(directory, 'gtfs.zip') }],
    verbose: false,
  });
}, 60_000);

afterAll(async () => {
  closeDb();
  await t.app.close();
  await t.db.kysely.destroy();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/**
 * M35 (line 1) gets a new timetable from CHANGE, its copies 10 minutes
 * later, so the day-by-day comparison runs across a change date; line 7's schedules all end on
 * LINE_7_ENDS, which leaves it without a schedule for the rest of the feed window.
 */
const CHANGE = addDays(TODAY, 30);
const LINE_7_ENDS = addDays(TODAY, 99);

async function newTimetableForM35(admin: ReturnType<typeof adminClient>): Promise<void> {
  type Loaded = { version: number; schedules: { id: number; trips: { timeList: (string | null)[] }[] }[] };
  const byLine = async (lineId: number) =>
    (await admin.query<Loaded>('admin.schedules.byLine', { lineId })).data;
  const made = await admin.mutate<{ copies: { copyId: number }[] }>('admin.schedules.newTimetableFrom', {
    from: CHANGE,
    baseVersions: [{ lineId: 1, version: (await byLine(1)).version }],
  });
  expect(made.status, made.message).toBe(200);
  const m35 = await byLine(1);
  const later = (time: string | null) => (time === null ? null : hhmm(minuteOf(time) + 10));
  const copies = m35.schedules.filter((s) => made.data.copies.some((c) => c.copyId === s.id));
  const shifted = await admin.mutate('admin.schedules.saveList', {
    lineId: 1,
    baseVersion: m35.version,
    schedules: copies.map((s) => ({
      ...s,
      trips: s.trips.map((tr) => ({ ...tr, timeList: tr.timeList.map(later) })),
    })),
  });
  expect(shifted.status, shifted.message).toBe(200);
  const line7 = await byLine(7);
  const ended = await admin.mutate('admin.schedules.saveList', {
    lineId: 7,
    baseVersion: line7.version,
    schedules: line7.schedules.map((s) => ({ ...s, validUntil: LINE_7_ENDS })),
  });
  expect(ended.status, ended.message).toBe(200);
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

/** What runs on `date` by core's rule, as 'tripId stopId HH:MM' (a trip the changes leave with one stop carries nobody: none). */
function ruleVisits(date: string): Set<string> {
  const day = dayChanges(changes, date);
  const found = new Set<string>();
  for (const trip of timetableTrips(dataset)) {
    if (!runsOn(dataset, trip, date) || day.cancelled.has(trip.tripId)) continue;
    const minutes = tripRetimeOn(day, trip.tripId, trip.planned)?.minutes ?? trip.planned;
    const visits = trip.travel.flatMap((stopId, i) => {
      const minute = minutes[i];
      return minute === null || minute === undefined || day.closed.has(stopId)
        ? []
        : [`${trip.tripId} ${stopId} ${hhmm(minute)}`];
    });
    const unchanged = visits.length === trip.planned.filter((m) => m !== null).length;
    if (visits.length >= 2 || unchanged) for (const visit of visits) found.add(visit);
  }
  return found;
}

/** What the feed runs on each date, read as a GTFS consumer reads it, as 'tripId stopId HH:MM' (the trip's own id). */
function feedVisits(): Map<string, Set<string>> {
  const rows = (name: string) => tables.get(name) ?? [];
  const services = new Map<string, string[]>();
  const serviceIds = new Set(
    [...rows('calendar.txt'), ...rows('calendar_dates.txt')].map((r) => r.service_id as string),
  );
  for (const id of serviceIds) {
    const weekly = rows('calendar.txt').find((r) => r.service_id === id);
    const exceptions = rows('calendar_dates.txt').filter((r) => r.service_id === id);
    services.set(
      id,
      expandService({
        weekly: weekly
          ? {
              weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
                (d) => weekly[d] === '1',
              ),
              start: iso(weekly.start_date as string),
              end: iso(weekly.end_date as string),
            }
          : null,
        added: exceptions.filter((e) => e.exception_type === '1').map((e) => iso(e.date as string)),
        removed: exceptions.filter((e) => e.exception_type === '2').map((e) => iso(e.date as string)),
      }),
    );
  }
  const stopTimes = new Map<string, string[]>();
  for (const st of rows('stop_times.txt')) {
    const base = (st.trip_id as string).split('-')[0];
    const list = stopTimes.get(st.trip_id as string) ?? [];
    list.push(`${base} ${st.stop_id} ${(st.departure_time as string).slice(0, 5)}`);
    stopTimes.set(st.trip_id as string, list);
  }
  const byDate = new Map<string, Set<string>>();
  for (const trip of rows('trips.txt')) {
    for (const date of services.get(trip.service_id as string) ?? []) {
      const set = byDate.get(date) ?? new Set<string>();
      for (const visit of stopTimes.get(trip.trip_id as string) ?? []) set.add(visit);
      byDate.set(date, set);
    }
  }
  return byDate;
}

describe('/gtfs.zip with a cancel, a retime and a closure', () => {
  it('passes the GTFS validator', () => {
    expect(validateFeedZip(zip, TODAY).filter((n) => n.severity === 'ERROR')).toEqual([]);
  });

  it('runs on every date of its window exactly what core says runs', () => {
    const feed = feedVisits();
    const wrong: string[] = [];
    let compared = 0;
    for (let i = 0; i < 365; i++) {
      const date = addDays(TODAY, i);
      const expected = ruleVisits(date);
      const got = feed.get(date) ?? new Set<string>();
      compared += expected.size;
      const missing = [...expected].filter((v) => !got.has(v));
      const extra = [...got].filter((v) => !expected.has(v));
      if (missing.length + extra.length > 0)
        wrong.push(
          `${date}: missing ${missing.slice(0, 3).join('; ')} extra ${extra.slice(0, 3).join('; ')}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
  });

  it('carries the validity windows exactly: calendars end the day before the change and start on it; a warning names the gap', () => {
    const rows = (name: string) => tables.get(name) ?? [];
    const m35Trips = rows('trips.txt').filter(
      (r) => r.route_id === rows('routes.txt').find((x) => x.route_short_name === 'M35')?.route_id,
    );
    const datesOf = (serviceId: string) => {
      const weekly = rows('calendar.txt').find((r) => r.service_id === serviceId);
      const added = rows('calendar_dates.txt').filter(
        (r) => r.service_id === serviceId && r.exception_type === '1',
      );
      return [...(weekly ? [weekly.start_date, weekly.end_date] : []), ...added.map((r) => r.date)].map((d) =>
        iso(d as string),
      );
    };
    const copyIds = new Set(dataset.schedules.filter((s) => s.validFrom === CHANGE).map((s) => s.id));
    expect(copyIds.size).toBeGreaterThan(0);
    let before = 0;
    let after = 0;
    for (const trip of m35Trips) {
      const schedule = Number((trip.service_id as string).split('-')[0]);
      const dates = datesOf(trip.service_id as string);
      if (copyIds.has(schedule)) {
        after++;
        expect(dates.every((d) => d >= CHANGE)).toBe(true);
      } else {
        before++;
        expect(dates.every((d) => d < CHANGE)).toBe(true);
      }
    }
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    // Line 7 runs nothing after LINE_7_ENDS, and publishing says so.
    const feed = feedVisits();
    const line7Trips = new Set(
      dataset.schedules.filter((s) => s.lineId === 7).flatMap((s) => s.trips.map((tr) => String(tr.id))),
    );
    const line7After = [...feed.entries()].filter(
      ([date, visits]) =>
        date > LINE_7_ENDS && [...visits].some((v) => line7Trips.has(v.split(' ')[0] as string)),
    );
    expect(line7After).toEqual([]);
    const res = validateFeedZip(zip, TODAY);
    expect(res.filter((n) => n.severity === 'ERROR')).toEqual([]);
  });

  it('publishing warns about a line left without a schedule when its validity windows end', async () => {
    const admin = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
    const overview = await admin.query<{ warnings: { code: string; message: string }[] }>(
      'admin.publishing.get',
    );
    expect(overview.status).toBe(200);
    const gaps = overview.data.warnings.filter((w) => w.code === 'line_without_schedule_in_window');
    expect(gaps).toHaveLength(1);
    expect(gaps[0]?.message).toMatch(
      new RegExp(
        `^Line M17 B has no schedule valid on \\d+ days of the feed window \\(${addDays(LINE_7_ENDS, 1)} to `,
      ),
    );
  });

  it('changes the changed dates only: the cancelled trip is gone, the retimed one moved, the stop left out', () => {
    const feed = feedVisits();
    const tomorrow = addDays(TODAY, 1);
    const ofTrip = (date: string, tripId: number) =>
      [...(feed.get(date) ?? [])].filter((v) => v.startsWith(`${tripId} `));
    expect(ofTrip(TODAY, saved.cancelled.tripId)).toEqual([]);
    expect(ofTrip(tomorrow, saved.cancelled.tripId)).toEqual([]);
    const planned = saved.retimed.planned.flatMap((m, i) =>
      m === null ? [] : [`${saved.retimed.tripId} ${saved.retimed.travel[i]} ${hhmm(m)}`],
    );
    const later = saved.retimed.planned.flatMap((m, i, all) =>
      m === null
        ? []
        : [
            `${saved.retimed.tripId} ${saved.retimed.travel[i]} ${hhmm(m + (i === all.findLastIndex((x) => x !== null) ? 25 : 10))}`,
          ],
    );
    expect(ofTrip(tomorrow, saved.retimed.tripId).sort()).toEqual(later.sort());
    // A week later, the same weekday: as planned.
    if (runsOn(dataset, saved.retimed, addDays(tomorrow, 7)))
      expect(ofTrip(addDays(tomorrow, 7), saved.retimed.tripId).sort()).toEqual(planned.sort());
    const atStop = (date: string) =>
      [...(feed.get(date) ?? [])].filter((v) => v.split(' ')[1] === String(saved.closedStop));
    expect(atStop(TODAY)).toEqual([]);
    expect(atStop(addDays(TODAY, 2))).toEqual([]);
    expect(atStop(addDays(TODAY, 7)).length).toBeGreaterThan(0);
  });

  it('node-gtfs reads the same departures on the changed dates and the days around them', () => {
    const stops = new Set([saved.closedStop, ...saved.cancelled.travel, ...saved.retimed.travel]);
    for (const date of [TODAY, addDays(TODAY, 1), addDays(TODAY, 2), addDays(TODAY, 3), addDays(TODAY, 8)]) {
      const expected = [...ruleVisits(date)];
      for (const stopId of stops) {
        const rows = getStoptimes({ stop_id: String(stopId), date: Number(date.replaceAll('-', '')) }, [
          'trip_id',
          'departure_time',
        ]) as { trip_id: string; departure_time: string }[];
        const read = rows
          .map((r) => `${r.trip_id.split('-')[0]} ${stopId} ${r.departure_time.slice(0, 5)}`)
          .sort();
        expect(read, `stop ${stopId} on ${date}`).toEqual(
          expected.filter((v) => v.split(' ')[1] === String(stopId)).sort(),
        );
      }
    }
  });
});
