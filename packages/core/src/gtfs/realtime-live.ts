import type { LivePrediction } from '../live/types.ts';
import type { RtEntity, RtStopTimeUpdate, RtTripDescriptor } from './realtime.ts';

/**
 * The live part of the GTFS-Realtime feeds (issue 40): each followed bus as a VehiclePosition,
 * and its predicted times as a TripUpdate, naming the trip as that day's static feed does (the
 * caller gives the descriptor: the trip variant's id on a changed day). No person is named: a
 * phone's vehicle id is the trip's own.
 */
export interface LiveFeedTrip {
  trip: RtTripDescriptor;
  /** The vehicle's id and label (a tracker's); for a phone, derived from the trip. */
  vehicle: { id: string; label?: string };
  lat: number;
  lon: number;
  bearing: number | null;
  /** ms of the last position. */
  at: number;
  prediction: LivePrediction;
}

const seconds = (ms: number) => Math.round(ms / 1000);

/** The bus's VehiclePosition: where it is, and the stop it stands at or goes to next. */
export function vehicleEntity(live: LiveFeedTrip): RtEntity {
  const next = live.prediction.stops.find((s) => s.status !== 'passed');
  return {
    id: `vehicle-${live.trip.startDate ?? ''}-${live.trip.tripId}`,
    vehicle: {
      trip: live.trip,
      vehicle: live.vehicle,
      position: {
        latitude: live.lat,
        longitude: live.lon,
        ...(live.bearing === null ? {} : { bearing: Math.round(live.bearing) }),
      },
      ...(next === undefined
        ? {}
        : {
            currentStopSequence: next.index,
            stopId: String(next.stopId),
            currentStatus: next.status === 'at' ? ('STOPPED_AT' as const) : ('IN_TRANSIT_TO' as const),
          }),
      timestamp: seconds(live.at),
    },
  };
}

/**
 * The bus's TripUpdate: the stop it stands at or goes to next with its expected time and its
 * delay against the static feed, then each later stop where the delay changes (a bus running
 * early is early only at its next stop); GTFS-Realtime carries a delay on to the following
 * stops, and consecutive updates never repeat a time (the validator's E022). Null for a trip
 * without live data (stale: riders see the planned times) or already over.
 */
export function liveTripUpdateEntity(live: LiveFeedTrip): RtEntity | null {
  const { prediction } = live;
  if (prediction.stale || prediction.ended) return null;
  const updates: RtStopTimeUpdate[] = [];
  let delay: number | null = null;
  for (const stop of prediction.stops) {
    if (stop.status === 'passed') continue;
    const time = seconds(stop.expected);
    const late = time - seconds(stop.planned);
    if (late === delay) continue;
    delay = late;
    updates.push({
      stopSequence: stop.index,
      stopId: String(stop.stopId),
      arrival: { time, delay: late },
      departure: { time, delay: late },
      scheduleRelationship: 'SCHEDULED',
    });
  }
  if (updates.length === 0) return null;
  return {
    id: `${live.trip.startDate ?? ''}-${live.trip.tripId}`,
    tripUpdate: {
      trip: { ...live.trip, scheduleRelationship: 'SCHEDULED' },
      stopTimeUpdate: updates,
      timestamp: seconds(live.at),
    },
  };
}
