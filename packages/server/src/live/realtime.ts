import {
  gtfsDate,
  type LiveFeedTrip,
  liveTripUpdateEntity,
  type RtEntity,
  rtFeedMessage,
  variantTripId,
  vehicleEntity,
} from '@bus/core';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import type { ReadContext } from '../public-read/read-context.ts';
import { type LiveLayer, noteLiveAnswer } from './layer.ts';

const { FeedMessage, FeedEntity } = GtfsRealtimeBindings.transit_realtime;

/**
 * Today's followed trips as the GTFS-Realtime feeds name them (issue 40): the trip_id that
 * day's /gtfs.zip runs (the variant on a changed day), the line as route_id, the date.
 */
export async function liveFeedTrips(layer: LiveLayer, read: ReadContext): Promise<LiveFeedTrip[]> {
  const date = read.now.date;
  const trips: LiveFeedTrip[] = [];
  for (const trip of layer.trips()) {
    if (trip.serviceDate !== date || trip.progress === null) continue;
    const entry = await layer.entry(read, trip.tripId, date);
    if (entry === undefined) continue;
    const prediction = layer.predict(entry);
    if (prediction.ended || prediction.stale) continue;
    trips.push({
      trip: {
        tripId: variantTripId(trip.tripId, entry.plan.variant),
        routeId: String(entry.plan.lineId),
        startDate: gtfsDate(date),
      },
      vehicle:
        trip.vehicle === null ? { id: `trip-${trip.tripId}` } : { id: trip.vehicle, label: trip.vehicle },
      lat: trip.progress.lat,
      lon: trip.progress.lon,
      bearing: trip.progress.bearing,
      at: trip.progress.lastAt,
      prediction,
    });
  }
  noteLiveAnswer(read, {
    date,
    tripIds: 'all',
    exact: true,
    tag: await layer.tagOf(read, date, 'all', true),
  });
  return trips;
}

/** A feed message as protobuf bytes and as protobuf's JSON form. */
export interface EncodedFeed {
  pb: Uint8Array;
  json: string;
}

function encoded(message: ReturnType<typeof FeedMessage.fromObject>): EncodedFeed {
  return { pb: FeedMessage.encode(message).finish(), json: JSON.stringify(message.toJSON()) };
}

/** /gtfs-rt/vehicle-positions.pb: every bus in service. */
export function vehiclePositionsFeed(trips: readonly LiveFeedTrip[], timestamp: number): EncodedFeed {
  return encoded(FeedMessage.fromObject(rtFeedMessage(timestamp, trips.map(vehicleEntity))));
}

/**
 * /gtfs-rt/trip-updates.pb: the service changes' trip updates (made in the feeds' process, `pb`)
 * with each followed trip's predicted times in place of what they said of it.
 */
export function withLiveTripUpdates(
  pb: Uint8Array,
  trips: readonly LiveFeedTrip[],
  timestamp: number,
): EncodedFeed {
  const live = trips.flatMap((t) => liveTripUpdateEntity(t) ?? []);
  if (live.length === 0) return { pb, json: JSON.stringify(FeedMessage.decode(pb).toJSON()) };
  const message = FeedMessage.decode(pb);
  // The regular trip's id before a variant's '-': the changes' updates name either.
  const regular = (id: string) => id.split('-')[0];
  const followed = new Set(
    live.map((e) => `${e.tripUpdate?.trip.startDate}|${regular(e.tripUpdate?.trip.tripId ?? '')}`),
  );
  const kept = message.entity.filter((e) => {
    const trip = e.tripUpdate?.trip;
    return trip == null || !followed.has(`${trip.startDate}|${regular(trip.tripId ?? '')}`);
  });
  const whole = message.toJSON() as { header: Record<string, unknown>; entity?: Record<string, unknown>[] };
  const merged = FeedMessage.fromObject({
    header: { ...whole.header, timestamp: Math.max(Number(message.header.timestamp), timestamp) },
    entity: [
      ...kept.map((e) => FeedEntity.toObject(e as InstanceType<typeof FeedEntity>, { enums: String })),
      ...(live as RtEntity[]),
    ],
  });
  return encoded(merged);
}
