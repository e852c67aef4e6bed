import type { Position } from '../domain.ts';
import { EARTH_RADIUS_METRES } from '../geo/nearest-stops.ts';
import { vilniusInstant } from '../vilnius-instant.ts';
import type { LiveReport, LiveVisit } from './types.ts';

// The trip the live rules' tests follow: out of Anykščiai's bus station, six stops, the third
// one not placed on the map.

const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_METRES;

/** The point `north` and `east` metres from `from` (negative: south, west). */
export function offset(from: Position, north: number, east: number): Position {
  return {
    lat: from.lat + north / METRES_PER_DEGREE,
    lon: from.lon + east / (METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
  };
}

/** The point `share` of the way from a to b. */
export function between(a: Position, b: Position, share: number): Position {
  return { lat: a.lat + share * (b.lat - a.lat), lon: a.lon + share * (b.lon - a.lon) };
}

/** Anykščiai's bus station. */
export const STATION: Position = { lat: 55.5262, lon: 25.104 };

/**
 * Stotis → 800 m east → (unplaced) → 1200 m north → 1000 m east → 600 m north, two minutes
 * apart from 08:00. The unplaced stop's minute (08:04) puts it half way between its neighbours,
 * so the stops lie at about 0, 800, 1400, 2000, 3000 and 3600 m along the path.
 */
export const S0 = STATION;
export const S1 = offset(S0, 0, 800);
export const S3 = offset(S1, 1200, 0);
export const S4 = offset(S3, 0, 1000);
export const S5 = offset(S4, 600, 0);
export const ALONGS = [0, 800, 1400, 2000, 3000, 3600];

export const DATE = '2025-06-02';
export const MINUTES = [480, 482, 484, 486, 488, 490];

export function visit(index: number, minute: number, position: Position | null): LiveVisit {
  return { index, stopId: 100 + index, minute, position };
}

export const TRIP: LiveVisit[] = [S0, S1, null, S3, S4, S5].map((position, i) =>
  visit(i + 1, MINUTES[i] ?? 0, position),
);

/** The trip's stop i (array position) at its planned minute, plus `seconds`. */
export function plannedAt(i: number, seconds = 0): number {
  return vilniusInstant(DATE, MINUTES[i] ?? 0) + seconds * 1000;
}

/** The point `metres` along the trip's path (its placed corners). */
export function alongTrip(metres: number): Position {
  const corners: [number, Position][] = [
    [0, S0],
    [800, S1],
    [2000, S3],
    [3000, S4],
    [3600, S5],
  ];
  for (let k = 1; k < corners.length; k++) {
    const [fromAlong, from] = corners[k - 1] ?? [0, S0];
    const [toAlong, to] = corners[k] ?? [0, S0];
    if (metres <= toAlong || k === corners.length - 1) {
      return between(from, to, (metres - fromAlong) / (toAlong - fromAlong));
    }
  }
  return S0;
}

export function report(at: number, where: Position, heading: number | null = null): LiveReport {
  return { at, lat: where.lat, lon: where.lon, accuracy: 10, heading };
}
