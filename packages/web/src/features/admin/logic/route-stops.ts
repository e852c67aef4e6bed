import { estimateGaps, type Position } from '@bus/core';

/**
 * Pure helpers of the line editor's route variations: the stop count field and keeping the
 * distance list (one entry per gap between stops, digits as typed) in step with the stops.
 */

/** More stops than any route needs; keeps a mistyped count from building thousands of rows. */
export const MAX_ROUTE_STOPS = 200;

export interface RouteStops<T> {
  /** Chosen stops, null where none is chosen yet. */
  stops: (T | null)[];
  /** Metres from each stop to the next as typed (digits only, '' = unknown); stops - 1 entries. */
  distances: string[];
}

/** Only digits, as many as the largest count needs. */
export function digitsOnly(raw: string, maxLength = Number.POSITIVE_INFINITY): string {
  return raw.replace(/\D/g, '').slice(0, maxLength);
}

/** The stop count field's text while typing: digits only, at most 3. */
export function stopCountText(raw: string): string {
  return digitsOnly(raw, String(MAX_ROUTE_STOPS).length);
}

/**
 * The count a typed text asks for (applied when the field is left or Enter is pressed):
 * never lower than the stops already chosen, never lower than 1 (spec section 5); an empty
 * field keeps the current count.
 */
export function resolveStopCount(text: string, chosen: number, current: number): number {
  const digits = stopCountText(text);
  const wanted = digits === '' ? current : Number(digits);
  return Math.min(MAX_ROUTE_STOPS, Math.max(wanted, chosen, 1));
}

export function chosenCount<T>(stops: readonly (T | null)[]): number {
  return stops.filter((s) => s !== null).length;
}

function sumDistances(a: string | undefined, b: string | undefined): string {
  return a && b ? String(Number(a) + Number(b)) : '';
}

/** Removes the stop at `index`; the two gaps around it become one (their sum when both are known). */
export function removeStopAt<T>(route: RouteStops<T>, index: number): RouteStops<T> {
  const { stops, distances } = route;
  if (index < 0 || index >= stops.length || stops.length <= 1) return route;
  const nextStops = stops.filter((_, i) => i !== index);
  let nextDistances: string[];
  if (index === 0) nextDistances = distances.slice(1);
  else if (index === stops.length - 1) nextDistances = distances.slice(0, -1);
  else
    nextDistances = [
      ...distances.slice(0, index - 1),
      sumDistances(distances[index - 1], distances[index]),
      ...distances.slice(index + 1),
    ];
  return { stops: nextStops, distances: nextDistances };
}

/** Inserts an empty stop after `index` (-1: first); the gap it splits becomes two unknown ones. */
export function insertStopAfter<T>(route: RouteStops<T>, index: number): RouteStops<T> {
  const { stops, distances } = route;
  const at = Math.max(0, Math.min(index + 1, stops.length));
  const nextStops = [...stops.slice(0, at), null, ...stops.slice(at)];
  let nextDistances: string[];
  if (stops.length === 0) nextDistances = [];
  else if (at === stops.length) nextDistances = [...distances, ''];
  else if (at === 0) nextDistances = ['', ...distances];
  else nextDistances = [...distances.slice(0, at - 1), '', '', ...distances.slice(at)];
  return { stops: nextStops, distances: nextDistances };
}

/**
 * Grows (empty stops at the end) or shrinks a route to `count` stops. Shrinking removes the
 * empty slots nearest the end first and never a chosen stop: the count never goes below the
 * stops already chosen (nor below 1).
 */
export function resizeRouteStops<T>(route: RouteStops<T>, count: number): RouteStops<T> {
  const target = Math.min(MAX_ROUTE_STOPS, Math.max(count, chosenCount(route.stops), 1));
  let result = route;
  while (result.stops.length < target) result = insertStopAfter(result, result.stops.length - 1);
  while (result.stops.length > target) {
    const emptyIndex = result.stops.lastIndexOf(null);
    if (emptyIndex === -1) break;
    result = removeStopAt(result, emptyIndex);
  }
  return result;
}

/** The distances as the API takes them: metres, or null when unknown. */
export function distancesToSave(distances: readonly string[]): (number | null)[] {
  return distances.map((d) => (/^\d+$/.test(d) ? Number(d) : null));
}

/**
 * The estimate of each gap (issue 41) where no distance is entered: from the positions of its two
 * stops (core's estimateGaps), null where a distance is entered, a stop is not chosen or has no
 * position, or no estimate is proposed. One entry a gap.
 */
export function emptyGapEstimates<T extends { id: number }>(
  route: RouteStops<T>,
  positionOf: (stopId: number) => Position | undefined,
): (number | null)[] {
  const estimates = estimateGaps(route.stops.map((stop) => (stop ? (positionOf(stop.id) ?? null) : null)));
  return estimates.map((estimate, i) => (route.distances[i] === '' ? estimate : null));
}

/**
 * Staff take the estimates: each empty gap that has one gets it as its distance; an entered
 * distance is never replaced. Answers the route and how many gaps were filled.
 */
export function fillEstimates<R extends RouteStops<unknown>>(
  route: R,
  estimates: readonly (number | null)[],
): { route: R; filled: number } {
  let filled = 0;
  const distances = route.distances.map((text, i) => {
    const estimate = estimates[i];
    if (text !== '' || estimate === null || estimate === undefined) return text;
    filled++;
    return String(estimate);
  });
  return { route: { ...route, distances }, filled };
}
