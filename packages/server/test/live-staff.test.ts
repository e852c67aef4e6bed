import {
  addDays,
  type Clock,
  formatTime,
  type PunctualityReport,
  parseTime,
  vilniusInstant,
} from '@bus/core';
import { forgetLiveBefore, type OpenedLive, openLiveDatabase } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDepartureItem } from '../src/live/layer.ts';
import type { LiveNow } from '../src/live/staff.ts';
import { type AdminTestApp, adminApp, adminClient, createTestUser, tokenFor, trpc } from './admin-helpers.ts';

/**
 * Live buses for staff (issue 40, the admin board's "Live" page) through their doors on the real
 * data: a driver drives a trip 4 minutes late (as live.test.ts does); admin.live.now shows the
 * bus with the driver's account name, its delay, the age of its position and its next stop, and
 * lists the trips planned to be on the road now that send nothing (the day's cancellations left
 * out); admin.live.punctuality counts the stop times the bus was seen at. Only admins may ask.
 */

// A Tuesday; the clock moves as the bus does.
const TODAY = '2026-12-01';
let now = Date.parse('2026-12-01T06:00:00Z');
const clock: Clock = () => new Date(now);

let t: AdminTestApp;
let live: OpenedLive;
let admin: ReturnType<typeof adminClient>;
let driver: string;

interface DriveStop {
  stopId: number;
  name: string;
  time: string;
}
let tripId: number;
let lineName: string;
let stops: DriveStop[];
const minuteOf = (time: string) => parseTime(time) as number;
const planned = (i: number) => vilniusInstant(TODAY, minuteOf((stops[i] as DriveStop).time));
/** Stop i of the trip is placed i * 0.015° east of the station: about 950 m apart. */
const placeOf = (i: number) => ({ lat: 55.5262, lon: 25.104 + i * 0.015 });
const between = (i: number, share: number) => {
  const [a, b] = [placeOf(i), placeOf(i + 1)];
  return { lat: a.lat + (b.lat - a.lat) * share, lon: a.lon + (b.lon - a.lon) * share };
};

const drive = <T>(type: 'query' | 'mutation', path: string, input?: unknown) =>
  trpc<T>(t.app, type, `drive.${path}`, input, driver);
const report = (place: { lat: number; lon: number }) =>
  drive<{ passed: number; ended: boolean; delaySeconds: number | null }>('mutation', 'report', {
    tripId,
    at: now,
    ...place,
    accuracy: 8,
    heading: null,
  });
const liveNow = async () => {
  const answer = await admin.query<LiveNow>('admin.live.now');
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
};
const punctuality = (input: Record<string, unknown>) =>
  admin.query<PunctualityReport>('admin.live.punctuality', input);

beforeAll(async () => {
  live = await openLiveDatabase(':memory:');
  t = await adminApp({ clock, live });
  admin = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
  await createTestUser(t, 'vairuotojas', ['ROLE_DRIVER']);
  driver = await tokenFor(t.db, 'vairuotojas', ['ROLE_DRIVER'], clock());
  // The first trip out of the station after 9:00 today (live.test.ts's).
  const out = await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
    from: 1,
    dir: 'Out bound',
    date: TODAY,
  });
  const first = out.data.items.find((i) => i.timeDepart >= '09:00' && !i.cancelled);
  if (!first) throw new Error('no departure after 9:00');
  tripId = first.tripId;
  lineName = first.lineName;
  // Its stops, as the drivers' page finds it by line and time.
  const found = await drive<{ tripId: number; stops: DriveStop[] }[]>('query', 'find', {
    line: first.lineName,
    time: first.timeDepart,
  });
  stops = found.data.find((f) => f.tripId === tripId)?.stops ?? [];
  // Placed along a road east of the station (the test's map), as staff would place them.
  const update = t.db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
  stops.forEach((s, i) => {
    update.run(placeOf(i).lat, placeOf(i).lon, s.stopId);
  });
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
  live.sqlite.close();
});

describe('admin.live.now', () => {
  it('the trip is long enough for what follows', () => {
    expect(stops.length).toBeGreaterThan(3);
    expect(minuteOf(stops.at(-1)?.time ?? '') - minuteOf(stops[0]?.time ?? '')).toBeGreaterThanOrEqual(15);
  });

  it('before its driver starts, the trip is among those planned to be on the road without live data', async () => {
    now = planned(0) + 60_000;
    const answer = await liveNow();
    expect(answer).toMatchObject({ date: TODAY, time: formatTime(minuteOf(stops[0]?.time ?? '') + 1) });
    expect(answer.inService).toEqual([]);
    const ours = answer.noLiveData.find((m) => m.tripId === tripId);
    expect(ours).toEqual({
      tripId,
      lineId: expect.any(Number),
      lineName,
      departure: stops[0]?.time,
      arrival: stops.at(-1)?.time,
      from: stops[0]?.name,
      to: stops.at(-1)?.name,
      lastReportAge: null,
    });
    // Every trip listed is planned between its first and last stop now.
    const minute = minuteOf(answer.time);
    for (const m of answer.noLiveData) {
      expect(minuteOf(m.departure), `trip ${m.tripId}`).toBeLessThanOrEqual(minute);
      expect(minuteOf(m.arrival), `trip ${m.tripId}`).toBeGreaterThanOrEqual(minute);
    }
  });

  it('the day’s cancellations are not missing: a cancelled trip leaves the list', async () => {
    const other = (await liveNow()).noLiveData.find((m) => m.tripId !== tripId);
    if (!other) throw new Error('no other trip is on the road now');
    const saved = await admin.mutate<{ id: number; version: number }>('admin.serviceChanges.save', {
      id: null,
      kind: 'cancel',
      tripIds: [other.tripId],
      from: TODAY,
      baseVersion: 0,
    });
    expect(saved.status, saved.message).toBe(200);
    expect((await liveNow()).noLiveData.map((m) => m.tripId)).not.toContain(other.tripId);
    const deleted = await admin.mutate('admin.serviceChanges.delete', {
      id: saved.data.id,
      baseVersion: saved.data.version,
    });
    expect(deleted.status, deleted.message).toBe(200);
    expect((await liveNow()).noLiveData.map((m) => m.tripId)).toContain(other.tripId);
  });

  it('a driver drives it 4 minutes late: in service with the driver’s name, the delay, the position’s age and the next stop', async () => {
    expect((await drive('mutation', 'start', { tripId })).status).toBe(200);
    now = planned(0) + 4 * 60_000 - 20_000;
    expect((await report(placeOf(0))).status).toBe(200);
    now += 20_000;
    expect((await report({ lat: placeOf(0).lat + 0.0001, lon: placeOf(0).lon })).status).toBe(200);
    now += 30_000;
    expect((await report(between(0, 0.3))).data).toMatchObject({ passed: 1, delaySeconds: 240 });
    now += 10_000;
    const answer = await liveNow();
    expect(answer.inService).toEqual([
      {
        tripId,
        lineId: expect.any(Number),
        lineName,
        departure: stops[0]?.time,
        from: stops[0]?.name,
        to: stops.at(-1)?.name,
        source: 'phone',
        driver: 'vairuotojas',
        vehicle: null,
        delayMinutes: 4,
        positionAge: 10,
        nextStop: { stopId: stops[1]?.stopId, name: stops[1]?.name, at: false },
      },
    ]);
    expect(answer.noLiveData.map((m) => m.tripId)).not.toContain(tripId);
  });

  it('once the names are forgotten (LIVE_KEEP_DAYS), the bus shows no driver', async () => {
    forgetLiveBefore(live, now + 1);
    // Another process's write (the hourly deletion) is seen within a second (LiveLayer).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [bus] = (await liveNow()).inService;
    expect(bus).toMatchObject({ tripId, driver: null, delayMinutes: 4 });
    // The driver starts it again (it keeps what it observed) and drives on.
    expect((await drive('mutation', 'start', { tripId })).status).toBe(200);
    expect((await liveNow()).inService[0]?.driver).toBe('vairuotojas');
  });

  it('a bus quiet for 3 minutes is no longer in service: it has no live data, and says since when', async () => {
    now += 3 * 60_000 + 1000;
    const answer = await liveNow();
    expect(answer.inService).toEqual([]);
    expect(answer.noLiveData.find((m) => m.tripId === tripId)?.lastReportAge).toBe(191);
  });

  it('driven on to its last stop: done, neither in service nor missing', async () => {
    const last = stops.length - 1;
    for (let i = 1; i <= last; i++) {
      now = Math.max(now + 60_000, planned(i) + 4 * 60_000);
      const answer = await report(placeOf(i));
      expect(answer.status, answer.message).toBe(200);
      now += 30_000;
      if (i < last) expect((await report(between(i, 0.2))).status).toBe(200);
    }
    const answer = await liveNow();
    expect(answer.inService).toEqual([]);
    expect(answer.noLiveData.map((m) => m.tripId)).not.toContain(tripId);
  });
});

describe('admin.live.punctuality', () => {
  it('counts every stop the bus was seen at: each at least 4 minutes late', async () => {
    const answer = await punctuality({ from: addDays(TODAY, -6), until: TODAY });
    expect(answer.status, answer.message).toBe(200);
    const report = answer.data;
    expect(report).toMatchObject({ from: addDays(TODAY, -6), until: TODAY, earlyMinutes: 1, lateMinutes: 5 });
    const { total } = report;
    expect(total.observed).toBe(stops.length);
    expect(total.onTime + total.early + total.late).toBe(stops.length);
    expect(total.early).toBe(0);
    // The first stop left at 4:00 late to the second: on time by the defaults.
    expect(total.onTime).toBeGreaterThanOrEqual(1);
    expect(total.averageDelayMinutes).toBeGreaterThanOrEqual(4);
    expect(report.byLine).toEqual([{ ...total, lineId: expect.any(Number), lineName }]);
    const hours = [...new Set(stops.map((s) => Number(s.time.slice(0, 2))))].sort((a, b) => a - b);
    expect(report.byHour.map((r) => r.hour)).toEqual(hours);
    expect(report.byHour.reduce((n, r) => n + r.observed, 0)).toBe(stops.length);
    expect(report.byStop.map((r) => r.stopName).sort()).toEqual(stops.map((s) => s.name).sort());
  });

  it('the bounds are the caller’s: 3 minutes late makes every stop late, 60 every stop on time', async () => {
    const strict = await punctuality({ from: TODAY, until: TODAY, lateMinutes: 3 });
    expect(strict.data.total).toMatchObject({ observed: stops.length, late: stops.length, onTimeShare: 0 });
    const lenient = await punctuality({ from: TODAY, until: TODAY, earlyMinutes: 0, lateMinutes: 60 });
    expect(lenient.data.total).toMatchObject({ onTime: stops.length, onTimeShare: 1 });
  });

  it('another period has nothing', async () => {
    const answer = await punctuality({ from: addDays(TODAY, -30), until: addDays(TODAY, -1) });
    expect(answer.data.total).toEqual({
      observed: 0,
      onTime: 0,
      early: 0,
      late: 0,
      onTimeShare: null,
      averageDelayMinutes: null,
    });
    expect(answer.data.byLine).toEqual([]);
  });

  it.each([
    [
      'a period backwards',
      { from: TODAY, until: addDays(TODAY, -1) },
      'The period ends before it starts: the last date must be on or after the first',
    ],
    [
      '367 days',
      { from: addDays(TODAY, -366), until: TODAY },
      'The period is longer than 366 days: choose a shorter one',
    ],
    [
      'no such date',
      { from: '2026-02-30', until: TODAY },
      'from: date must be a calendar date written YYYY-MM-DD',
    ],
    [
      '61 minutes late',
      { from: TODAY, until: TODAY, lateMinutes: 61 },
      'lateMinutes: Minutes late must be a whole number from 0 to 60',
    ],
    ['no period at all', {}, 'Input validation failed'],
  ])('refuses %s with 400', async (_name, input, message) => {
    const answer = await punctuality(input);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it('366 days are taken', async () => {
    expect((await punctuality({ from: addDays(TODAY, -365), until: TODAY })).status).toBe(200);
  });
});

describe('only staff', () => {
  it.each([
    ['admin.live.now', undefined],
    ['admin.live.punctuality', { from: TODAY, until: TODAY }],
  ])('%s: 403 for a driver, 401 for nobody', async (path, input) => {
    const asDriver = await trpc(t.app, 'query', path, input, driver);
    expect(asDriver.status).toBe(403);
    const asNobody = await trpc(t.app, 'query', path, input);
    expect(asNobody.status).toBe(401);
    // Nothing of the drivers leaks into a refusal.
    expect(JSON.stringify([asDriver, asNobody])).not.toContain('vairuotojas');
  });
});
