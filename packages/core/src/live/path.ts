import type { Position } from '../domain.ts';
import { distanceMetres, EARTH_RADIUS_METRES } from '../geo/nearest-stops.ts';
import type { LiveVisit } from './types.ts';

/**
 * A trip's path: straight lines from stop to stop through the stops that have a map position,
 * in travel order. Staff place stops, not roads, so this is all the shape a trip has; it is
 * good enough to tell which stops a bus has passed, not to draw its road.
 */
export interface LivePath {
  /** Per visit (array position): metres along the path. */
  alongs: number[];
  /** Per visit: the stop's map position, or null. */
  points: (Position | null)[];
  /** At least one visit has a position: a report can be placed. */
  placeable: boolean;
  /** Metres from the first positioned visit to the last. */
  length: number;
  /** Array positions of the positioned visits, in travel order: the path's corners. */
  placed: number[];
}

/** Where a report lands on the path. */
export interface PathPlacement {
  along: number;
  /** Metres from the report to that point of the path. */
  distance: number;
}

export function livePath(visits: readonly LiveVisit[]): LivePath {
  const points = visits.map((visit) => visit.position);
  const placed = points.flatMap((point, i) => (point ? [i] : []));
  const alongs = new Array<number>(visits.length).fill(0);
  let length = 0;
  placed.forEach((i, k) => {
    const previous = placed[k - 1];
    if (previous !== undefined) length += distanceMetres(pointAt(points, previous), pointAt(points, i));
    alongs[i] = length;
  });
  // A stop without a position is where its planned minute puts it between its placed
  // neighbours: a bus covers the road between two stops at about an even speed.
  let before: number | undefined;
  let floor = 0;
  visits.forEach((visit, i) => {
    if (points[i]) {
      before = i;
      floor = alongs[i] ?? 0;
      return;
    }
    const after = placed.find((p) => p > i);
    let along: number;
    if (before === undefined) along = after === undefined ? 0 : (alongs[after] ?? 0);
    else if (after === undefined) along = alongs[before] ?? 0;
    else {
      const from = visits[before]?.minute ?? 0;
      const to = visits[after]?.minute ?? 0;
      const share =
        to > from ? clamp((visit.minute - from) / (to - from), 0, 1) : (i - before) / (after - before);
      const a = alongs[before] ?? 0;
      along = a + share * ((alongs[after] ?? 0) - a);
    }
    // Times out of order (a typo in a timetable) must not put a stop behind the one before it.
    floor = Math.max(floor, along);
    alongs[i] = floor;
  });
  return { alongs, points, placeable: placed.length > 0, length, placed };
}

/**
 * The point of the path nearest to `p` among those at least `minAlong` metres along it, or
 * undefined when the path is not placeable. Of points about as near as the nearest (within
 * `tie` metres of it) the one earliest along the path wins: a loop's first stop is also its
 * last, and a bus there is starting the loop, not ending it.
 */
export function placeOnPath(
  path: LivePath,
  p: Position,
  minAlong = Number.NEGATIVE_INFINITY,
  tie = 0,
): PathPlacement | undefined {
  const first = path.placed[0];
  if (first === undefined) return undefined;
  if (path.placed.length === 1) return { along: 0, distance: distanceMetres(p, pointAt(path.points, first)) };
  const candidates: PathPlacement[] = [];
  for (let k = 1; k < path.placed.length; k++) {
    const from = path.placed[k - 1] ?? 0;
    const to = path.placed[k] ?? 0;
    const a = pointAt(path.points, from);
    const b = pointAt(path.points, to);
    const start = path.alongs[from] ?? 0;
    const length = (path.alongs[to] ?? 0) - start;
    if (start + length < minAlong) continue;
    // Only the part of the segment not behind minAlong: a fix that wanders back along the
    // bus's own segment stays on it rather than jumping to a later one.
    const tMin = length > 0 ? clamp((minAlong - start) / length, 0, 1) : 0;
    const t = clamp(Math.max(tMin, planarShare(a, b, p)), 0, 1);
    const on = { lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon) };
    candidates.push({ along: start + t * length, distance: distanceMetres(p, on) });
  }
  if (candidates.length === 0) {
    // Only when minAlong is beyond the path's end: the bus is at the end.
    const last = path.placed[path.placed.length - 1] ?? first;
    return { along: path.length, distance: distanceMetres(p, pointAt(path.points, last)) };
  }
  const nearest = Math.min(...candidates.map((c) => c.distance));
  return candidates
    .filter((c) => c.distance <= nearest + tie)
    .reduce((best, c) => (c.along < best.along ? c : best));
}

/** Metres from `p` to the nearest point of the path (Infinity when nothing is placed). */
export function distanceToPath(path: LivePath, p: Position): number {
  return placeOnPath(path, p)?.distance ?? Number.POSITIVE_INFINITY;
}

function pointAt(points: readonly (Position | null)[], i: number): Position {
  const point = points[i];
  if (!point) throw new Error(`visit ${i} has no position`);
  return point;
}

/**
 * Where along a→b (0 at a, 1 at b, unclamped) the foot of the perpendicular from p falls, on a
 * flat map around a (equirectangular): over a few kilometres the Earth's curve is well under a
 * metre.
 */
function planarShare(a: Position, b: Position, p: Position): number {
  const k = (Math.PI / 180) * EARTH_RADIUS_METRES;
  const cos = Math.cos((a.lat * Math.PI) / 180);
  const bx = (b.lon - a.lon) * k * cos;
  const by = (b.lat - a.lat) * k;
  const px = (p.lon - a.lon) * k * cos;
  const py = (p.lat - a.lat) * k;
  const squared = bx * bx + by * by;
  return squared === 0 ? 0 : (px * bx + py * by) / squared;
}

function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}
