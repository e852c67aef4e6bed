import type { Position } from '../domain.ts';
import { distanceMetres } from '../geo/nearest-stops.ts';

/** A trip a driver could be about to start: where it starts and when it leaves. */
export interface TripToStart {
  tripId: number;
  firstStop: Position | null;
  /** The departure instant from its first stop, ms. */
  departure: number;
}

const MINUTE = 60_000;
/** A trip that left up to this long ago may still be waiting for its driver to start it. */
const STARTED_WINDOW_MS = 15 * MINUTE;
/** Trips further ahead than this are not about to start. */
const AHEAD_WINDOW_MS = 60 * MINUTE;
/** A stop this much further away weighs as one minute further in time. */
const METRES_PER_MINUTE = 500;
/** The distance counted when either end is unknown: not near, not ruled out. */
const UNKNOWN_METRES = 2000;

/**
 * The trips a driver at `here` is most likely about to start, best first (the drivers' page):
 * departures from 15 minutes ago to an hour ahead, ranked by the distance to the first stop
 * and the time to the departure together, 500 m counting as a minute. Each comes with its
 * whole metres to the first stop, or null when either position is unknown.
 */
export function rankTripsToStart<T extends TripToStart>(
  candidates: readonly T[],
  here: Position | null,
  now: number,
  limit = 8,
): (T & { metres: number | null })[] {
  return candidates
    .filter((c) => c.departure >= now - STARTED_WINDOW_MS && c.departure <= now + AHEAD_WINDOW_MS)
    .map((c) => {
      const metres = here && c.firstStop ? Math.round(distanceMetres(here, c.firstStop)) : null;
      const score = (metres ?? UNKNOWN_METRES) / METRES_PER_MINUTE + Math.abs(c.departure - now) / MINUTE;
      return { trip: { ...c, metres }, score };
    })
    .sort((a, b) => a.score - b.score || a.trip.departure - b.trip.departure || a.trip.tripId - b.trip.tripId)
    .slice(0, Math.max(0, limit))
    .map(({ trip }) => trip);
}
