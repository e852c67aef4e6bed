import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, vilniusInstant } from '@bus/core';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveDepartureItem } from '../src/live/layer.ts';
import { type AdminTestApp, adminApp, trpc } from './admin-helpers.ts';

/**
 * A tracker's GTFS-Realtime VehiclePositions feed (issue 40, LIVE_VEHICLE_POSITIONS_URL), served
 * by a local test server: the app reads it every second and its buses show as a driver's would.
 */

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime;
const TODAY = '2026-12-01';
let now = Date.parse('2026-12-01T06:00:00Z');
const clock: Clock = () => new Date(now);

let feedServer: Server;
let served: Uint8Array = new Uint8Array();
let t: AdminTestApp;
let tripId: number;
let lineId: number;
let firstStop: { lat: number; lon: number };

function feedOf(vehicles: object[]): Uint8Array {
  return FeedMessage.encode(
    FeedMessage.fromObject({
      header: {
        gtfsRealtimeVersion: '2.0',
        incrementality: 'FULL_DATASET',
        timestamp: Math.floor(now / 1000),
      },
      entity: vehicles.map((vehicle, i) => ({ id: `v${i}`, vehicle })),
    }),
  ).finish();
}

const vehicles = async () =>
  (await trpc<{ tripId: number; lineName: string }[]>(t.app, 'query', 'timetable.vehicles')).data;

beforeAll(async () => {
  feedServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.from(served));
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const { port } = feedServer.address() as AddressInfo;
  t = await adminApp({
    clock,
    env: {
      LIVE_VEHICLE_POSITIONS_URL: `http://127.0.0.1:${port}/vehicle-positions.pb`,
      LIVE_POLL_SECONDS: 1,
    },
  });
  const out = await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
    from: 1,
    dir: 'Out bound',
    date: TODAY,
  });
  const first = out.data.items.find((i) => i.timeDepart >= '09:00' && !i.cancelled) as LiveDepartureItem;
  tripId = first.tripId;
  lineId = first.lineId;
  // The trip's stops placed along a road east of the station (the test's map).
  const stops = t.db.sqlite
    .prepare(
      `SELECT rs.stop_id AS id FROM trip tr JOIN route_stop rs ON rs.route_id = tr.route_id
       WHERE tr.id = ? ORDER BY CASE tr.route_dir_reversed WHEN 1 THEN -rs.seq ELSE rs.seq END`,
    )
    .all(tripId) as { id: number }[];
  const update = t.db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
  stops.forEach((s, i) => {
    update.run(55.5262, 25.104 + i * 0.015, s.id);
  });
  firstStop = { lat: 55.5262, lon: 25.104 };
  const [h, m] = first.timeDepart.split(':').map(Number);
  now = vilniusInstant(TODAY, (h as number) * 60 + (m as number)) + 2 * 60_000;
  await t.app.ready();
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
  await new Promise((resolve) => feedServer.close(resolve));
});

describe('a tracker feed', () => {
  it('a vehicle on a trip of /gtfs.zip: the bus is in service, with the tracker’s label', async () => {
    served = feedOf([
      {
        trip: { tripId: String(tripId), startDate: '20261201' },
        vehicle: { id: 'bus-17', label: 'BUS 17' },
        position: { latitude: firstStop.lat, longitude: firstStop.lon + 0.003 },
        timestamp: Math.floor(now / 1000),
      },
    ]);
    await vi.waitFor(async () => expect((await vehicles()).map((v) => v.tripId)).toEqual([tripId]), {
      timeout: 10_000,
      interval: 200,
    });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/bus_live_position_reports_total\{source="feed",outcome="accepted"\} [1-9]/);
    expect(metrics.body).toContain('bus_live_buses_in_service 1');
  });

  it('a position 5 km off the route is refused by the same rules as a phone’s, and counted', async () => {
    now += 10_000;
    served = feedOf([
      {
        trip: { tripId: String(tripId), startDate: '20261201' },
        vehicle: { id: 'bus-17' },
        position: { latitude: firstStop.lat + 0.045, longitude: firstStop.lon },
        timestamp: Math.floor(now / 1000),
      },
    ]);
    await vi.waitFor(
      async () =>
        expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
          /bus_live_position_reports_total\{source="feed",outcome="refused"\} [1-9]/,
        ),
      { timeout: 10_000, interval: 200 },
    );
  });

  it('a vehicle with only its route, far from every trip of it, is left out', async () => {
    const { readVehiclePositions } = await import('../src/live/feed-reader.ts');
    const { readContext } = await import('../src/public-read/read-context.ts');
    const { LiveLayer } = await import('../src/live/layer.ts');
    const { openLiveDatabase } = await import('@bus/db');
    const layer = new LiveLayer(await openLiveDatabase(':memory:'), clock);
    const bytes = feedOf([
      {
        trip: { routeId: String(lineId) },
        vehicle: { id: 'x' },
        position: { latitude: 55.9, longitude: 24.5 },
        timestamp: Math.floor(now / 1000),
      },
    ]);
    expect(await readVehiclePositions(layer, readContext(t.db, clock), bytes)).toEqual({
      vehicles: 1,
      accepted: 0,
      refused: 0,
      unmatched: 1,
    });
    layer.live.sqlite.close();
  });
});
