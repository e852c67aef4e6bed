import { DomainError, distanceToPath, scheduleRunsOn, vilniusTime } from '@bus/core';
import { listSchedules, liveTripOf, type OpenedDatabase, startLiveTrip } from '@bus/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { type ReadContext, readContext, serviceDay, snapshotOf } from '../public-read/read-context.ts';
import { acceptReport } from './driving.ts';
import type { LiveLayer } from './layer.ts';
import { type LiveTripPlan, liveTripPlan } from './plans.ts';

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime;

/** A feed bigger than this is not read (a town's buses fit in a few kilobytes). */
const MAX_FEED_BYTES = 8 * 1024 * 1024;
/** How long one fetch may take before it is given up (the next poll tries again). */
const FETCH_TIMEOUT_MS = 8000;
/** A vehicle without a trip is matched to a trip of its route running now whose path is this near. */
const MATCH_METRES = 300;
/** "Running now": from this long before its first departure to this long after its last. */
const MATCH_WINDOW_MS = 15 * 60_000;

/** What one reading of the feed did. */
export interface FeedRead {
  vehicles: number;
  accepted: number;
  refused: number;
  /** Vehicles whose trip is unknown, or who could not be matched to one trip. */
  unmatched: number;
}

/**
 * An existing tracker's GTFS-Realtime VehiclePositions feed (issue 40, LIVE_VEHICLE_POSITIONS_URL):
 * each vehicle's position is used as a driver's would be, by the same rules (refusals included),
 * on the trip the feed names with the trip ids of our /gtfs.zip (a day's variant, '140-r7', is
 * trip 140). A vehicle without a trip is matched by its route (our line id) and position when
 * exactly one of the line's trips running now passes within 300 m; otherwise it is left out.
 */
export async function readVehiclePositions(
  layer: LiveLayer,
  read: ReadContext,
  bytes: Uint8Array,
): Promise<FeedRead> {
  const message = FeedMessage.decode(bytes);
  const result: FeedRead = { vehicles: 0, accepted: 0, refused: 0, unmatched: 0 };
  const today = read.now.date;
  const now = read.clock().getTime();
  for (const entity of message.entity) {
    const vehicle = entity.vehicle;
    const position = vehicle?.position;
    if (!vehicle || !position) continue;
    result.vehicles++;
    const here = { lat: position.latitude, lon: position.longitude };
    const label = vehicle.vehicle?.label || vehicle.vehicle?.id || entity.id;
    const startDate = vehicle.trip?.startDate;
    const date =
      startDate && /^\d{8}$/.test(startDate)
        ? `${startDate.slice(0, 4)}-${startDate.slice(4, 6)}-${startDate.slice(6)}`
        : today;
    let plan: LiveTripPlan | undefined;
    const named = Number.parseInt((vehicle.trip?.tripId ?? '').split('-')[0] ?? '', 10);
    if (Number.isInteger(named) && named > 0) {
      const found = await liveTripPlan(read, named, date);
      plan = typeof found === 'string' ? undefined : found;
    } else if (vehicle.trip?.routeId) {
      plan = await matchByRoute(read, Number(vehicle.trip.routeId), here, now);
    }
    if (plan === undefined || plan.serviceDate !== today || !plan.path.placeable) {
      result.unmatched++;
      continue;
    }
    const at = vehicle.timestamp ? Number(vehicle.timestamp) * 1000 : now;
    let trip = liveTripOf(layer.live, plan.tripId, plan.serviceDate);
    // The same position again (a feed read twice within its own update): nothing new.
    if (trip?.progress?.lastAt === at) continue;
    if (trip === undefined || trip.endedAt !== null) {
      if (trip?.endedAt != null) continue;
      startLiveTrip(layer.live, {
        tripId: plan.tripId,
        serviceDate: plan.serviceDate,
        source: 'feed',
        userId: null,
        vehicle: label.slice(0, 64),
        lineId: plan.lineId,
        at: now,
      });
      trip = liveTripOf(layer.live, plan.tripId, plan.serviceDate);
    }
    try {
      acceptReport(
        layer,
        read,
        plan,
        trip?.progress ?? null,
        {
          at,
          lat: here.lat,
          lon: here.lon,
          accuracy: null,
          heading: position.bearing == null ? null : Number(position.bearing),
        },
        'feed',
      );
      result.accepted++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.refused++;
    }
  }
  return result;
}

/** The one trip of line `lineId` running now that passes near `here`, if exactly one does. */
async function matchByRoute(
  read: ReadContext,
  lineId: number,
  here: { lat: number; lon: number },
  now: number,
): Promise<LiveTripPlan | undefined> {
  const date = vilniusTime(now).date;
  const snapshot = await snapshotOf(read);
  if (!Number.isInteger(lineId) || !snapshot.lines.has(lineId)) return undefined;
  const service = await serviceDay(read, date);
  const near: LiveTripPlan[] = [];
  for (const schedule of await listSchedules(read.db.kysely, { lineId })) {
    if (!scheduleRunsOn(schedule, service.context)) continue;
    for (const trip of schedule.trips) {
      const plan = await liveTripPlan(read, trip.id, date);
      if (typeof plan === 'string' || !plan.path.placeable) continue;
      const first = plan.planned[0] ?? 0;
      const last = plan.planned[plan.planned.length - 1] ?? 0;
      if (now < first - MATCH_WINDOW_MS || now > last + MATCH_WINDOW_MS) continue;
      if (distanceToPath(plan.path, here) <= MATCH_METRES) near.push(plan);
    }
  }
  return near.length === 1 ? near[0] : undefined;
}

/** Fetches the feed's bytes, refusing one that is too big or too slow. */
export async function fetchFeed(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_FEED_BYTES) throw new Error(`${url} is ${declared} bytes, more than ${MAX_FEED_BYTES}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_FEED_BYTES) throw new Error(`${url} is more than ${MAX_FEED_BYTES} bytes`);
  return bytes;
}

/**
 * Reads LIVE_VEHICLE_POSITIONS_URL every LIVE_POLL_SECONDS while the server runs (one reading
 * at a time; a failure is logged and the next poll tries again).
 */
export function followVehiclePositions(
  app: FastifyInstance,
  {
    layer,
    db,
    url,
    seconds,
    log,
  }: {
    layer: LiveLayer;
    db: OpenedDatabase;
    url: string;
    seconds: number;
    log: FastifyBaseLogger;
  },
  clock: () => Date,
): void {
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  const poll = async () => {
    if (reading) return;
    reading = true;
    try {
      const read = readContext(db, clock);
      const result = await readVehiclePositions(layer, read, await fetchFeed(url));
      if (result.refused > 0 || result.unmatched > 0) log.debug({ ...result }, 'vehicle positions read');
    } catch (error) {
      log.warn({ err: error, url }, 'the vehicle positions feed could not be read');
    } finally {
      reading = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(poll, seconds * 1000);
    timer.unref();
    void poll();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
