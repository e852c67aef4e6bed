import { addDays, type Clock, vilniusInstant } from '@bus/core';
import {
  endLiveTrip,
  type OpenedLive,
  openLiveDatabase,
  positionsOf,
  recordLiveReport,
  startLiveTrip,
} from '@bus/db';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveDepartureItem, LiveLayer } from '../src/live/layer.ts';
import { readContext } from '../src/public-read/read-context.ts';
import { type AdminTestApp, adminApp, adminClient, createTestUser, tokenFor, trpc } from './admin-helpers.ts';
import { makeFeedReady, type StaticTables, servedFeed } from './gtfs-helpers.ts';
import { decodeFeed, realtimeProblems } from './gtfs-rt-rules.ts';

/**
 * Live buses through their doors on the real data (issue 40): a driver (ROLE_DRIVER) starts a
 * trip and reports positions along its stops 4 minutes late; the departures, the trip's live
 * part, the buses on the map and both GTFS-Realtime feeds say so; bad reports are refused and
 * store nothing; a quiet bus goes back to its planned times.
 */

const { VehiclePosition } = GtfsRealtimeBindings.transit_realtime;
// A Tuesday; the clock moves as the bus does.
const TODAY = '2026-12-01';
let now = Date.parse('2026-12-01T06:00:00Z');
const clock: Clock = () => new Date(now);

let t: AdminTestApp;
let driver: string;
let admin: ReturnType<typeof adminClient>;
let feed: StaticTables;

interface DriveStop {
  stopId: number;
  name: string;
  time: string;
  placed: boolean;
}
let tripId: number;
let stops: DriveStop[];
const planned = (i: number) => {
  const [h, m] = (stops[i] as DriveStop).time.split(':').map(Number);
  return vilniusInstant(TODAY, (h as number) * 60 + (m as number));
};
/** Stop i of the trip is placed i * 0.015° east of the station: about 950 m apart. */
const placeOf = (i: number) => ({ lat: 55.5262, lon: 25.104 + i * 0.015 });
/** A point `share` of the way from stop i to stop i + 1. */
const between = (i: number, share: number) => {
  const [a, b] = [placeOf(i), placeOf(i + 1)];
  return { lat: a.lat + (b.lat - a.lat) * share, lon: a.lon + (b.lon - a.lon) * share };
};

const drive = <T>(path: string, input?: unknown, token = driver) =>
  trpc<T>(
    t.app,
    path.endsWith('near') || path.endsWith('find') || path.endsWith('current') ? 'query' : 'mutation',
    `drive.${path}`,
    input,
    token,
  );
/** When the last accepted report was taken. */
let lastAccepted = 0;
const report = async (place: { lat: number; lon: number }, extra: Record<string, unknown> = {}) => {
  const answer = await drive<{ passed: number; ended: boolean; delaySeconds: number | null }>('report', {
    tripId,
    at: now,
    ...place,
    accuracy: 8,
    heading: null,
    ...extra,
  });
  if (answer.status === 200) lastAccepted = (extra.at as number | undefined) ?? now;
  return answer;
};
const departuresAt = async (stopId: number) =>
  (
    await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
      from: stopId,
      dir: 'Out bound',
      date: TODAY,
    })
  ).data.items.find((i) => i.tripId === tripId);
let live: OpenedLive;
/** The kept public answers' count of an outcome so far (GET /metrics). */
const keptCount = async (outcome: 'hit' | 'miss') =>
  Number(
    new RegExp(`bus_kept_answers_total\\{outcome="${outcome}"\\} (\\d+)`).exec(
      (await t.app.inject({ method: 'GET', url: '/metrics' })).body,
    )?.[1],
  );
const stored = () => positionsOf(live, tripId, TODAY).length;

beforeAll(async () => {
  live = await openLiveDatabase(':memory:');
  t = await adminApp({ clock, live });
  admin = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
  await makeFeedReady(t, admin);
  await createTestUser(t, 'vairuotojas', ['ROLE_DRIVER']);
  driver = await tokenFor(t.db, 'vairuotojas', ['ROLE_DRIVER'], clock());
  feed = await servedFeed(t.app, { db: t.db, clock });
  // The first trip out of the station after 9:00 today.
  const out = await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
    from: 1,
    dir: 'Out bound',
    date: TODAY,
  });
  const first = out.data.items.find((i) => i.timeDepart >= '09:00' && !i.cancelled);
  if (!first) throw new Error('no departure after 9:00');
  tripId = first.tripId;
  // The static feed is built in its own process: seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
  live.sqlite.close();
});

describe('who may report', () => {
  it('a signed-in admin without ROLE_DRIVER is refused with 403, and so is nobody', async () => {
    const boss = await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock());
    const refused = await drive('start', { tripId }, boss);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('This needs a driver account');
    expect((await drive('near', null, '')).status).toBe(401);
  });

  it('a driver cannot use the admin board', async () => {
    expect((await trpc(t.app, 'query', 'admin.holidays.list', undefined, driver)).status).toBe(403);
  });
});

describe('a driver drives a trip 4 minutes late', () => {
  it('starts it: the trip with its stops and today’s times', async () => {
    const started = await drive<{ tripId: number; stops: DriveStop[] }>('start', { tripId });
    expect(started.status).toBe(200);
    stops = started.data.stops;
    expect(stops.length).toBeGreaterThan(2);
    // Its stops placed along a road east of the station (the test's map), as staff would place them.
    const update = t.db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
    stops.forEach((s, i) => {
      update.run(placeOf(i).lat, placeOf(i).lon, s.stopId);
    });
    expect((await drive<{ tripId: number }>('current')).data.tripId).toBe(tripId);
  });

  it('at the first stop 4 minutes after its time: standing there, not gone', async () => {
    now = planned(0) + 4 * 60_000 - 20_000;
    // Not gone yet, 3:40 after its time: at least that late.
    expect((await report(placeOf(0))).data).toEqual({ passed: 0, ended: false, delaySeconds: 220 });
    now += 20_000;
    expect((await report({ lat: placeOf(0).lat + 0.0001, lon: placeOf(0).lon })).data.passed).toBe(0);
    const there = await departuresAt(stops[0]?.stopId as number);
    expect(there?.live).toMatchObject({ departed: false, delayMinutes: 4, positionAge: 0 });
  });

  it('leaving it: departed there, expected 4 minutes late at the next stops', async () => {
    now += 30_000;
    const answer = await report(between(0, 0.3));
    expect(answer.data).toEqual({ passed: 1, ended: false, delaySeconds: 240 });
    const first = await departuresAt(stops[0]?.stopId as number);
    expect(first?.live?.departed).toBe(true);
    expect(first?.tooLate).toBe(true);
    const next = await departuresAt(stops[1]?.stopId as number);
    const [h, m] = (stops[1] as DriveStop).time.split(':').map(Number);
    const late = (h as number) * 60 + (m as number) + 4;
    expect(next?.live).toEqual({
      expectedTime: `${String(Math.floor(late / 60)).padStart(2, '0')}:${String(late % 60).padStart(2, '0')}`,
      delayMinutes: 4,
      positionAge: 0,
      departed: false,
    });
    // The planned time stays what it was: the live part is beside it.
    expect(next?.timeDepart).toBe(stops[1]?.time);
  });

  it('a second bus joining names the answers that show it at once, though they showed none of it before', async () => {
    // The layer keeps, for each answer's list of departures, which of them are followed (so a
    // request looks at those alone): a trip joining the live state must be looked at too.
    const layer = new LiveLayer(live, clock);
    const read = readContext(t.db, clock);
    const out = await departuresAt(stops[0]?.stopId as number);
    const station = await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
      from: stops[0]?.stopId,
      dir: 'Out bound',
      date: TODAY,
    });
    const other = station.data.items.find(
      (i) => i.tripId !== tripId && i.timeDepart > (out?.timeDepart ?? ''),
    );
    if (!other) throw new Error('no second departure');
    const visits = station.data.items.map((i) => ({
      tripId: i.tripId,
      stopId: stops[0]?.stopId as number,
      timeDepart: i.timeDepart,
    }));
    const before = await layer.tagOf(read, TODAY, [], false, visits);
    expect(before).not.toBe('');
    expect(await layer.tagOf(read, TODAY, [], false, visits)).toBe(before);
    startLiveTrip(live, {
      tripId: other.tripId,
      serviceDate: TODAY,
      source: 'phone',
      userId: null,
      vehicle: null,
      lineId: other.lineId,
      at: now,
    });
    const standing = { along: 0, observed: [], passed: 0, at: 0, lastAt: now, ...placeOf(0), bearing: null };
    recordLiveReport(
      live,
      { tripId: other.tripId, serviceDate: TODAY, lineId: other.lineId },
      { ...standing, ended: false },
      { at: now, receivedAt: now, ...placeOf(0), accuracy: 5, heading: null },
      [],
    );
    layer.touched();
    expect(await layer.tagOf(read, TODAY, [], false, visits)).not.toBe(before);
    endLiveTrip(live, other.tripId, TODAY, now);
  });

  it('the trip page and the map see the bus, 4 minutes late, going to the second stop', async () => {
    const live = await trpc<{
      live: { delaySeconds: number; stops: { status: string; observed: string | null }[] };
    }>(t.app, 'query', 'timetable.liveTrip', { id: tripId });
    expect(live.data.live.delaySeconds).toBe(240);
    expect(live.data.live.stops.map((s) => s.status).slice(0, 3)).toEqual(['passed', 'next', 'ahead']);
    expect(live.data.live.stops[0]?.observed).not.toBeNull();
    const vehicles = await trpc<{ tripId: number; delaySeconds: number; nextStop: { stopId: number } }[]>(
      t.app,
      'query',
      'timetable.vehicles',
    );
    expect(vehicles.data).toHaveLength(1);
    expect(vehicles.data[0]).toMatchObject({
      tripId,
      delaySeconds: 240,
      nextStop: { stopId: stops[1]?.stopId },
    });
  });

  it('the journey planner: a journey on the bus carries its live times and delay', async () => {
    const [h, m] = (stops[1] as DriveStop).time.split(':').map(Number);
    const at = (h as number) * 60 + (m as number);
    const time = `${String(Math.floor((at - 1) / 60)).padStart(2, '0')}:${String((at - 1) % 60).padStart(2, '0')}`;
    const plan = await trpc<{
      journeys: {
        legs: { tripId: number; depart: string; live?: { delayMinutes: number; expectedDepart: string } }[];
      }[];
    }>(t.app, 'query', 'timetable.plan', { from: stops[1]?.stopId, to: stops[3]?.stopId, date: TODAY, time });
    expect(plan.status).toBe(200);
    const leg = plan.data.journeys.flatMap((j) => j.legs).find((l) => l.tripId === tripId);
    const late = at + 4;
    expect(leg?.live).toMatchObject({
      delayMinutes: 4,
      expectedDepart: `${String(Math.floor(late / 60)).padStart(2, '0')}:${String(late % 60).padStart(2, '0')}`,
      departed: false,
    });
  });

  it('GTFS-Realtime: the bus in vehicle positions, its delay in trip updates, by the validator’s rules', async () => {
    const positions = await t.app.inject({ method: 'GET', url: '/gtfs-rt/vehicle-positions.pb' });
    expect(positions.statusCode, positions.body.slice(0, 200)).toBe(200);
    const vp = decodeFeed(new Uint8Array(positions.rawPayload));
    expect(realtimeProblems(vp, feed, Math.floor(now / 1000))).toEqual([]);
    expect(vp.entity).toHaveLength(1);
    const vehicle = vp.entity[0]?.vehicle;
    expect(vehicle?.trip?.tripId).toBe(String(tripId));
    expect(vehicle?.trip?.startDate).toBe('20261201');
    expect(vehicle?.currentStatus).toBe(VehiclePosition.VehicleStopStatus.IN_TRANSIT_TO);
    expect(vehicle?.stopId).toBe(String(stops[1]?.stopId));
    const updates = decodeFeed(
      new Uint8Array((await t.app.inject({ method: 'GET', url: '/gtfs-rt/trip-updates.pb' })).rawPayload),
    );
    expect(realtimeProblems(updates, feed, Math.floor(now / 1000))).toEqual([]);
    const ours = updates.entity.find((e) => e.tripUpdate?.trip.tripId === String(tripId));
    expect(ours?.tripUpdate?.stopTimeUpdate?.[0]?.departure?.delay).toBe(240);
    const json = await t.app.inject({ method: 'GET', url: '/gtfs-rt/vehicle-positions.pb?format=json' });
    expect(json.json()).toMatchObject({ entity: [{ vehicle: { trip: { tripId: String(tripId) } } }] });
  });

  it('a departures answer keeps its tag while what riders see stays; the position growing older moves it', async () => {
    const url = `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: stops[1]?.stopId, dir: 'Out bound', date: TODAY }))}`;
    const first = await t.app.inject({ method: 'GET', url });
    const tag = first.headers.etag as string;
    expect(tag).toContain('-l');
    const unchanged = { 'if-none-match': tag };
    expect((await t.app.inject({ method: 'GET', url, headers: unchanged })).statusCode).toBe(304);
    // A report that changes no time, stop or delay minute riders see: the same answer.
    now += 10_000;
    await report(between(0, 0.45));
    expect((await t.app.inject({ method: 'GET', url, headers: unchanged })).statusCode).toBe(304);
    // 20 s without a report: the answer says the position is 15 s old.
    now += 20_000;
    const older = await t.app.inject({ method: 'GET', url, headers: unchanged });
    expect(older.statusCode).toBe(200);
    expect(older.headers.etag).not.toBe(tag);
    const item = (
      older.json() as { result: { data: { items: LiveDepartureItem[] } } }
    ).result.data.items.find((i) => i.tripId === tripId);
    expect(item?.live?.positionAge).toBe(15);
    now += 2_000;
    expect((await report(between(0, 0.47))).status).toBe(200);
  });
});

describe('refused reports store nothing', () => {
  const north = (km: number) => ({ lat: 55.5262 + km / 111.2, lon: between(0, 0.45).lon });
  it.each([
    [
      'more than 2 km from the route (2.5 km in 90 s: not too fast)',
      90_000,
      () => north(2.5),
      () => now,
      "The position is more than 2 km from the trip's route: nothing was stored",
    ],
    [
      'a time 3 minutes off the server clock',
      10_000,
      () => between(0, 0.5),
      () => now - 180_000,
      "The position's time is more than 2 minutes off the server's clock (check the phone's time): nothing was stored",
    ],
    [
      'half a second after the last',
      10_000,
      () => between(0, 0.46),
      () => lastAccepted + 500,
      'Positions came more often than once a second: nothing was stored',
    ],
    [
      '2.6 km along the route in 10 seconds',
      10_000,
      () => between(3, 0.2),
      () => lastAccepted + 10_000,
      'The move from the last position would mean more than 150 km/h: nothing was stored',
    ],
  ])('%s', async (_name, wait, place, at, message) => {
    now += wait;
    const before = stored();
    const refused = await report(place(), { at: at() });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(message);
    expect(stored()).toBe(before);
  });

  it('a trip that does not run today cannot be started', async () => {
    // Tomorrow's first departure of a schedule that does not run on Tuesdays is not at hand here:
    // a trip that does not exist says so.
    const missing = await drive('start', { tripId: 999_999 });
    expect(missing.status).toBe(404);
  });
});

describe("a report's short way in answers as tRPC's adapter does", () => {
  // drive.report is answered by the mutation fast lane (trpc/mutation-lane.ts); a batch
  // that names a second procedure always goes through tRPC's adapter, so its first element is
  // the reference, as fast-lane.test.ts does for the queries. The second, drive.stop, is given
  // no input: refused by its input check, it stops nothing.
  const send = (url: string, body: string, token: string | null = driver, type = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    });
  const both = async (input: unknown, token: string | null = driver) => {
    const fast = await send('/trpc/drive.report', JSON.stringify(input), token);
    const fastBatch = await send('/trpc/drive.report?batch=1', JSON.stringify({ 0: input }), token);
    const adapter = await send('/trpc/drive.report,drive.stop?batch=1', JSON.stringify({ 0: input }), token);
    return { fast, fastBatch, adapter, reference: (adapter.json() as unknown[])[0] };
  };
  const at = () => ({ tripId, at: now, ...between(0, 0.5), accuracy: 8, heading: null });

  it.each([
    ['an input that is not one', () => ({ tripId: 'x' }), driver, 400],
    ['a trip this driver has not started', () => ({ ...at(), tripId: 999_999 }), driver, 400],
    ['a position 3 km from the route', () => ({ ...at(), lat: 55.5262 + 3 / 111.2 }), driver, 400],
    ['a time 5 minutes off', () => ({ ...at(), at: now - 300_000 }), driver, 400],
    ['nobody signed in', at, null, 401],
  ])(
    'refused: %s, the same status, error and bytes, and nothing stored',
    async (_name, input, token, status) => {
      now += 10_000;
      const before = stored();
      const { fast, fastBatch, reference } = await both(input(), token);
      expect(fast.statusCode).toBe(status);
      expect((reference as { error: { data: { httpStatus: number } } }).error.data.httpStatus).toBe(status);
      expect(fast.body).toBe(JSON.stringify(reference));
      expect(fastBatch.statusCode).toBe(status);
      expect(fastBatch.body).toBe(JSON.stringify([reference]));
      // JSON either way (Fastify names its charset where the adapter does not).
      expect(fast.headers['content-type']).toMatch(/^application\/json\b/);
      expect(fast.headers.vary).toBe('trpc-accept, accept');
      expect(stored()).toBe(before);
    },
  );

  it('accepted: the same answer and headers, plain and as a batch of one', async () => {
    // Three reports 5 s apart at one place between two stops, past the next one's time: the
    // delay grows with the clock, 5 s a report, and the rest of each answer is the same.
    now += 60_000;
    const fast = await send('/trpc/drive.report', JSON.stringify(at()));
    now += 5_000;
    const fastBatch = await send('/trpc/drive.report?batch=1', JSON.stringify({ 0: at() }));
    now += 5_000;
    const adapter = await send('/trpc/drive.report,drive.stop?batch=1', JSON.stringify({ 0: at() }));
    lastAccepted = now;
    type Answer = { result: { data: { passed: number; ended: boolean; delaySeconds: number } } };
    const reference = (adapter.json() as Answer[])[0] as Answer;
    expect(reference.result.data).toMatchObject({ passed: 1, ended: false });
    const later = (seconds: number): Answer => ({
      result: {
        data: { ...reference.result.data, delaySeconds: reference.result.data.delaySeconds - seconds },
      },
    });
    expect([fast.statusCode, fastBatch.statusCode]).toEqual([200, 200]);
    expect(fast.body).toBe(JSON.stringify(later(10)));
    expect(fastBatch.body).toBe(JSON.stringify([later(5)]));
    expect(fast.headers.vary).toBe(adapter.headers.vary);
    expect(fastBatch.headers.vary).toBe(adapter.headers.vary);
  });

  it("what the lane does not read goes on to tRPC's adapter: a body that is not JSON, another media type", async () => {
    now += 10_000;
    const before = stored();
    const broken = await send('/trpc/drive.report', '{nope');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: { data: { httpStatus: 400, path: 'drive.report' } } });
    const text = await send('/trpc/drive.report', JSON.stringify(at()), driver, 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: { data: { code: 'UNSUPPORTED_MEDIA_TYPE' } } });
    const notAnObject = await send('/trpc/drive.report?batch=1', '[1]');
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toMatchObject([{ error: { data: { code: 'BAD_REQUEST' } } }]);
    expect(stored()).toBe(before);
  });
});

describe('a quiet bus, and the end of the trip', () => {
  it('no report for 3 minutes: the planned times again, "no live data"', async () => {
    now += 4 * 60_000;
    const next = await departuresAt(stops[1]?.stopId as number);
    expect(next?.live).toMatchObject({ delayMinutes: null, noLiveData: true, departed: false });
    expect(next?.live?.expectedTime).toBe(stops[1]?.time);
    expect((await trpc<unknown[]>(t.app, 'query', 'timetable.vehicles')).data).toEqual([]);
  });

  it('the last stop ends the trip by itself', async () => {
    const last = stops.length - 1;
    const urlAt = (i: number) =>
      `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: stops[i]?.stopId, dir: 'Out bound', date: TODAY }))}`;
    const tagAt = async (i: number) =>
      (await t.app.inject({ method: 'GET', url: urlAt(i) })).headers.etag as string;
    const askAgain = (i: number, tag: string) =>
      t.app.inject({ method: 'GET', url: urlAt(i), headers: { 'if-none-match': tag } });
    let checked = false;
    // Driven on: each stop reached at its planned time plus 4 minutes.
    for (let i = 1; i <= last; i++) {
      // At least a minute a stop: 950 m a minute is 57 km/h.
      now = Math.max(now + 60_000, planned(i) + 4 * 60_000);
      const answer = await report(placeOf(i));
      expect(answer.status, answer.message).toBe(200);
      if (i < last) expect(answer.data.ended).toBe(false);
      else expect(answer.data).toMatchObject({ ended: true, passed: stops.length });
      // Once the bus keeps to its 4 minutes again with two stops still ahead of the next: leaving
      // stop i remakes that stop's answer (gone), not the one of a stop it has still to reach.
      const steady = answer.data.delaySeconds !== null && Math.round(answer.data.delaySeconds / 60) === 4;
      const watch = !checked && steady && i + 2 < last ? [await tagAt(i), await tagAt(i + 2)] : undefined;
      now += 30_000;
      const madeBefore = await keptCount('miss');
      if (i < last) await report(between(i, 0.2));
      if (watch !== undefined) {
        checked = true;
        // Stop i's answer, asked just before, is made again by the server at once (answers-ahead.ts):
        // the rider who asks next is answered from what was kept, without waiting for it.
        await expect.poll(() => keptCount('miss'), { timeout: 5_000 }).toBe(madeBefore + 1);
        const [made, hits] = [await keptCount('miss'), await keptCount('hit')];
        const left = await askAgain(i, watch[0] as string);
        expect([await keptCount('miss'), await keptCount('hit')]).toEqual([made, hits + 1]);
        expect(left.statusCode).toBe(200);
        const item = (
          left.json() as { result: { data: { items: LiveDepartureItem[] } } }
        ).result.data.items.find((d) => d.tripId === tripId);
        expect(item?.live?.departed).toBe(true);
        expect((await askAgain(i + 2, watch[1] as string)).statusCode).toBe(304);
      }
    }
    expect(checked).toBe(true);
    // Over: the drivers' page offers the next trip instead.
    expect((await drive<unknown>('current')).data).toBeNull();
    expect((await trpc<unknown[]>(t.app, 'query', 'timetable.vehicles')).data).toEqual([]);
  });

  it('a stopped trip takes no more reports', async () => {
    const stopped = await drive('stop', { tripId });
    expect(stopped.status).toBe(400);
    now += 5_000;
    const after = await report(placeOf(stops.length - 1));
    expect(after.status).toBe(400);
    expect(after.message).toBe(`Trip ${tripId} is not started by you today: start it first`);
  });

  it('another date is as planned: no live part', async () => {
    const tomorrow = await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
      from: stops[1]?.stopId,
      dir: 'Out bound',
      date: addDays(TODAY, 1),
    });
    expect(tomorrow.data.items.some((i) => i.live !== undefined)).toBe(false);
  });
});
