import type { TimetableDataset } from '@bus/core';
import { readTimetable } from '@bus/db';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp, adminClient, tokenFor } from './admin-helpers.ts';
import {
  makeFeedReady,
  runsOn,
  type SavedChanges,
  type StaticTables,
  saveTestChanges,
  servedFeed,
} from './gtfs-helpers.ts';
import { decodeFeed, type FeedMessage, realtimeProblems } from './gtfs-rt-rules.ts';
import { fixedClock } from './helpers.ts';

/**
 * GTFS-Realtime through its doors on the real data: /gtfs-rt/alerts.pb and
 * /gtfs-rt/trip-updates.pb decoded with MobilityData's bindings, checked against the
 * GTFS-Realtime validator's rules and the static feed they refer to (/gtfs.zip).
 */

const { Alert, TripDescriptor, TripUpdate } = GtfsRealtimeBindings.transit_realtime;
// 2026-12-01 09:30 in Vilnius, a Tuesday.
const clock = fixedClock('2026-12-01T07:30:00Z');
const NOW = Date.parse('2026-12-01T07:30:00Z') / 1000;
const TODAY = '2026-12-01';

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
let dataset: TimetableDataset;

beforeAll(async () => {
  t = await adminApp({ clock });
  admin = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
});
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function feed(name: 'alerts' | 'trip-updates'): Promise<FeedMessage> {
  const res = await get(`/gtfs-rt/${name}.pb`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/x-protobuf');
  return decodeFeed(new Uint8Array(res.rawPayload));
}

describe('before the static feed can be published', () => {
  it('answers 404, naming why: the realtime feeds refer to /gtfs.zip', async () => {
    const res = await get('/gtfs-rt/trip-updates.pb');
    expect(res.statusCode).toBe(404);
    expect((res.json() as { message: string }).message).toBe(
      'GTFS-Realtime refers to /gtfs.zip: The GTFS feed is not published yet',
    );
  });
});

describe('with no service changes', () => {
  beforeAll(async () => {
    await makeFeedReady(t, admin);
    dataset = await readTimetable(t.db.kysely);
  });

  it('both feeds are a valid empty FULL_DATASET', async () => {
    const gtfs = await servedFeed(t.app, { db: t.db, clock });
    for (const name of ['alerts', 'trip-updates'] as const) {
      const message = await feed(name);
      expect(message.entity).toEqual([]);
      expect(message.header.gtfsRealtimeVersion).toBe('2.0');
      expect(Number(message.header.timestamp)).toBe(NOW);
      expect(realtimeProblems(message, gtfs, NOW)).toEqual([]);
    }
  });
});

describe('with a cancel, a retime, a closure and a notice', () => {
  let saved: SavedChanges;
  let gtfs: StaticTables;
  let trips: FeedMessage;
  let alerts: FeedMessage;
  beforeAll(async () => {
    saved = await saveTestChanges(admin, dataset, TODAY);
    gtfs = await servedFeed(t.app, { db: t.db, clock });
    trips = await feed('trip-updates');
    alerts = await feed('alerts');
  });

  it('both feeds pass the GTFS-Realtime rules against /gtfs.zip', () => {
    expect(realtimeProblems(trips, gtfs, NOW)).toEqual([]);
    expect(realtimeProblems(alerts, gtfs, NOW)).toEqual([]);
    expect(Number(trips.header.timestamp)).toBe(NOW);
  });

  it('cancels the trip today and tomorrow, with its route and date, and no stop times', () => {
    const id = String(saved.cancelled.tripId);
    const cancels = trips.entity.filter(
      (e) => e.tripUpdate?.trip.scheduleRelationship === TripDescriptor.ScheduleRelationship.CANCELED,
    );
    expect(
      cancels.map((e) => [
        e.id,
        e.tripUpdate?.trip.tripId,
        e.tripUpdate?.trip.routeId,
        e.tripUpdate?.trip.startDate,
      ]),
    ).toEqual([
      [`20261201-${id}`, id, String(saved.cancelled.lineId), '20261201'],
      [`20261202-${id}`, id, String(saved.cancelled.lineId), '20261202'],
    ]);
    expect(cancels.every((e) => e.tripUpdate?.stopTimeUpdate?.length === 0)).toBe(true);
  });

  it('names no retimed trip by its regular id tomorrow: /gtfs.zip runs its variant with the new times', () => {
    const trip = saved.retimed;
    // An update naming the regular trip, which /gtfs.zip does not run that day, would be missed (issue 40).
    expect(trips.entity.map((e) => e.id)).not.toContain(`20261202-${trip.tripId}`);
    const timed = trip.planned.flatMap((m, index) => (m === null ? [] : [{ index, minute: m }]));
    const last = timed[timed.length - 1] as { index: number; minute: number };
    // 10 minutes later from the start, 25 at the end (typed).
    const expected = timed.map(
      ({ index, minute }) => `${index} ${minute + (index === last.index ? 25 : 10)}`,
    );
    const variant = `${trip.tripId}-r${saved.ids.retime}`;
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    expect(
      (gtfs.get('stop_times.txt') ?? [])
        .filter((st) => st.trip_id === variant)
        .map((st) => `${st.stop_sequence} ${minutes(st.departure_time as string)}`),
    ).toEqual(expected);
  });

  it('names no trip through the closed stop by its regular id: /gtfs.zip runs each without it that day', () => {
    const skipped = trips.entity.flatMap((e) =>
      (e.tripUpdate?.stopTimeUpdate ?? []).filter(
        (u) => u.scheduleRelationship === TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED,
      ),
    );
    expect(skipped).toEqual([]);
    const staticTrips = new Set((gtfs.get('trips.txt') ?? []).map((row) => row.trip_id));
    const through = saved.all.filter(
      (trip) =>
        trip !== saved.cancelled &&
        runsOn(dataset, trip, TODAY) &&
        staticTrips.has(String(trip.tripId)) &&
        trip.travel.some((stopId, index) => stopId === saved.closedStop && trip.planned[index] !== null),
    );
    expect(through.length).toBeGreaterThan(1);
    const named = new Set(trips.entity.map((e) => e.tripUpdate?.trip.tripId));
    for (const trip of through) {
      const variants = [...staticTrips].filter(
        (id) => id?.startsWith(`${trip.tripId}-`) && id.includes(`x${saved.closedStop}`),
      );
      // Its variant without the stop, or, left with one stop, cancelled.
      expect(variants.length > 0 || named.has(String(trip.tripId)), `trip ${trip.tripId}`).toBe(true);
    }
  });

  it('makes every change an alert with its Vilnius days, what it concerns, and both languages', () => {
    const byId = new Map(alerts.entity.map((e) => [e.id, e.alert]));
    expect([...byId.keys()]).toEqual(
      [saved.ids.cancel, saved.ids.retime, saved.ids.closure, saved.ids.notice].map((id) => `change-${id}`),
    );
    const cancel = byId.get(`change-${saved.ids.cancel}`);
    expect(cancel?.activePeriod?.map((p) => [Number(p.start), Number(p.end)])).toEqual([
      [Date.parse('2026-11-30T22:00:00Z') / 1000, Date.parse('2026-12-02T22:00:00Z') / 1000],
    ]);
    expect(cancel?.informedEntity?.map((s) => [s.trip?.tripId, s.trip?.startDate])).toEqual([
      [String(saved.cancelled.tripId), '20261201'],
      [String(saved.cancelled.tripId), '20261202'],
    ]);
    expect(cancel?.headerText?.translation?.map((tr) => tr.language)).toEqual(['lt', 'en']);
    expect(cancel?.descriptionText?.translation?.[0]?.text).toContain('Priežastis: kelio darbai.');
    expect(byId.get(`change-${saved.ids.closure}`)?.informedEntity).toEqual([
      { stopId: String(saved.closedStop) },
    ]);
    const notice = byId.get(`change-${saved.ids.notice}`);
    const json = (notice as InstanceType<typeof Alert>).toJSON();
    expect(json.activePeriod).toEqual([{ end: String(Date.parse('2026-12-31T22:00:00Z') / 1000) }]);
    expect(json.informedEntity).toEqual([{ agencyId: 'transporto-centras' }]);
    expect([json.cause, json.effect, json.url.translation[0].text]).toEqual([
      'HOLIDAY',
      'REDUCED_SERVICE',
      'https://autobusai.anyksciai.lt/pakeitimai',
    ]);
    const texts = (field: 'headerText' | 'descriptionText') =>
      json[field].translation.map((tr: { text: string; language: string }) => `${tr.language}: ${tr.text}`);
    expect(texts('headerText')).toEqual(['lt: Šventinis eismas', 'en: Holiday service']);
    // No English text: English falls back to the Lithuanian one.
    expect(texts('descriptionText')).toEqual([
      'lt: Per šventes autobusai važiuoja rečiau.',
      'en: Per šventes autobusai važiuoja rečiau.',
    ]);
  });

  it('answers ?format=json with the same message as JSON', async () => {
    for (const name of ['alerts', 'trip-updates'] as const) {
      const res = await get(`/gtfs-rt/${name}.pb?format=json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual((await feed(name)).toJSON());
    }
    const json = (await get('/gtfs-rt/trip-updates.pb?format=json')).json() as {
      header: Record<string, unknown>;
      entity: { tripUpdate: { trip: { scheduleRelationship: string } } }[];
    };
    expect(json.header).toEqual({
      gtfsRealtimeVersion: '2.0',
      incrementality: 'FULL_DATASET',
      timestamp: String(NOW),
    });
    expect(json.entity[0]?.tripUpdate.trip.scheduleRelationship).toBe('CANCELED');
    const bad = await get('/gtfs-rt/alerts.pb?format=xml');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe('format must be "json" or "pb", not "xml"');
  });

  it('carries an ETag, answers 304 to it, and a new one after a save', async () => {
    for (const url of ['/gtfs-rt/alerts.pb', '/gtfs-rt/trip-updates.pb', '/gtfs-rt/alerts.pb?format=json']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await get(url, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    }
    const before = await get('/gtfs-rt/alerts.pb');
    await admin.mutate('admin.serviceChanges.save', {
      id: null,
      baseVersion: 0,
      kind: 'notice',
      titleLt: 'Dar viena žinia',
    });
    const after = await get('/gtfs-rt/alerts.pb', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decodeFeed(new Uint8Array(after.rawPayload)).entity.length).toBe(5);
  });
});
