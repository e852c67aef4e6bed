import type { Position } from '../domain.ts';

/** The Earth's mean radius in metres (IUGG), the radius the haversine distance is taken on. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two positions in metres (the haversine formula): within a
 * few metres of the true distance over the distances between bus stops, which is what the
 * visitors' "Stops near me" says.
 */
export function distanceMetres(a: Position, b: Position): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A stop placed on the map: its id, its name and where it is. */
export interface PlacedStop {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

/**
 * The `limit` stops nearest to `here`, nearest first, each with its distance in whole metres.
 * Stops at the same distance keep a fixed order: by name, then by id.
 */
export function nearestStops<S extends PlacedStop>(
  stops: readonly S[],
  here: Position,
  limit: number,
): { stop: S; metres: number }[] {
  return stops
    .map((stop) => ({ stop, metres: Math.round(distanceMetres(here, stop)) }))
    .sort(
      (a, b) => a.metres - b.metres || a.stop.name.localeCompare(b.stop.name, 'lt') || a.stop.id - b.stop.id,
    )
    .slice(0, Math.max(0, limit));
}
