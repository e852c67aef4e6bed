/**
 * Times follow their stops. A trip stores one time per stop of its route, by position; when a
 * route gains, loses or reorders stops (line editor), or a trip moves to another route
 * (schedule editor), every time must stay with the stop it belongs to, never with the
 * position. A stop the trip did not have before gets no time (the public site shows it
 * without one) until staff give it one.
 *
 * Stops are matched by id and occurrence: the k-th visit of a stop in the old order is the
 * k-th visit of that stop in the new order, so a route that passes a stop twice (a loop)
 * keeps both times apart.
 */

/** For each position of `next`, the position in `previous` of the same visit, or null (new stop). */
export function matchStopVisits(previous: readonly number[], next: readonly number[]): (number | null)[] {
  const positions = new Map<number, number[]>();
  previous.forEach((stopId, index) => {
    const list = positions.get(stopId);
    if (list) list.push(index);
    else positions.set(stopId, [index]);
  });
  const used = new Map<number, number>();
  return next.map((stopId) => {
    const k = used.get(stopId) ?? 0;
    used.set(stopId, k + 1);
    return positions.get(stopId)?.[k] ?? null;
  });
}

export interface RemappedTimes<T> {
  /** The trip's times on the new stop list, in travel order. */
  timeList: (T | null)[];
  /** Positions (travel order) of stops that had no counterpart and so have no time yet. */
  emptied: number[];
  /** Times that belonged to stops no longer on the route (dropped), in old travel order. */
  dropped: T[];
}

/**
 * A trip's times (travel order: the route's stops reversed when `reversed`) carried from the
 * route's old stop list to its new one.
 */
export function remapTripTimes<T>(
  previousStops: readonly number[],
  nextStops: readonly number[],
  timeList: readonly (T | null)[],
  reversed: boolean,
): RemappedTimes<T> {
  const oldStops = reversed ? [...previousStops].reverse() : previousStops;
  const newStops = reversed ? [...nextStops].reverse() : nextStops;
  const match = matchStopVisits(oldStops, newStops);
  const kept = new Set<number>();
  const emptied: number[] = [];
  const next = match.map((from, index) => {
    if (from === null) {
      emptied.push(index);
      return null;
    }
    kept.add(from);
    return timeList[from] ?? null;
  });
  const dropped: T[] = [];
  timeList.forEach((time, index) => {
    if (!kept.has(index) && time !== null && time !== undefined) dropped.push(time);
  });
  return { timeList: next, emptied, dropped };
}

/** True when the route's stops are the same visits in the same order (times need no remapping). */
export function sameStopOrder(previous: readonly number[], next: readonly number[]): boolean {
  return previous.length === next.length && previous.every((id, i) => id === next[i]);
}
