import type { Position } from '../domain.ts';
import { distanceMetres } from './nearest-stops.ts';

/**
 * Distances proposed from the stops' map positions (issue 41): the route editor offers them
 * where staff have not entered a distance, marked as estimates and saved only when staff take
 * them. A road is longer than the straight line between its ends; between the region's stops,
 * along its roads, about a third longer is the usual ratio (the "detour index" of rural road
 * networks is some 1.2-1.4), so the estimate is the great-circle distance times ROAD_FACTOR.
 */
export const ROAD_FACTOR = 1.3;

/** Estimates are rounded to this many metres: a straight line times a factor is no closer. */
export const ESTIMATE_STEP_METRES = 100;

/**
 * The longest plausible distance between two consecutive stops of a route: more is a typing
 * slip (kilometres written as metres twice over) or a stop placed far from where it is. The
 * distances import refuses it; no estimate is proposed above it.
 */
export const MAX_GAP_METRES = 300_000;

/**
 * The road distance between two stops as estimated from their positions, in whole metres
 * (rounded to ESTIMATE_STEP_METRES, at least one step), or null where none is proposed: two
 * stops at the same place (one of them is likely placed wrong), or farther apart than a road
 * between two stops plausibly is.
 */
export function estimateRoadMetres(a: Position, b: Position): number | null {
  const straight = distanceMetres(a, b);
  if (straight < 1) return null;
  const steps = Math.max(1, Math.round((straight * ROAD_FACTOR) / ESTIMATE_STEP_METRES));
  const metres = steps * ESTIMATE_STEP_METRES;
  return metres > MAX_GAP_METRES ? null : metres;
}

/**
 * The estimate of each gap of a route (stops in order, null where a stop has no position or is
 * not chosen): one entry fewer than the stops, null where either stop of the gap has no position.
 */
export function estimateGaps(positions: readonly (Position | null)[]): (number | null)[] {
  const gaps: (number | null)[] = [];
  for (let i = 0; i + 1 < positions.length; i++) {
    const a = positions[i] ?? null;
    const b = positions[i + 1] ?? null;
    gaps.push(a === null || b === null ? null : estimateRoadMetres(a, b));
  }
  return gaps;
}
