import type { ChangeRules, RideTrip } from './types.ts';

/**
 * A deliberately simple planner for the tests (not exported from the package): round by round,
 * every ride of the day is tried from every stop where it can be boarded; the earliest arrival
 * at `to` leaving `from` at `time` or later with at most `maxRides` rides. No patterns, no
 * pruning, no binary search: nothing it shares with the real planner but the change rules' words.
 *
 * `stepFreeStops`, when given: step-free only (issue 41): only trips marked stepFree, boarded and
 * left only at those stops.
 */
export function referenceEarliestArrival(
  trips: readonly RideTrip[],
  rules: ChangeRules,
  from: number,
  to: number,
  time: number,
  maxRides: number,
  stepFreeStops?: ReadonlySet<number>,
): number | null {
  const usable = (stop: number) => stepFreeStops === undefined || stepFreeStops.has(stop);
  if (from === to) return null;
  // When one can board at each stop (after k rides); the start stop needs no change time.
  let ready = new Map<number, number>([[from, time]]);
  let best: number | null = null;
  for (let k = 1; k <= maxRides; k++) {
    const arrived = new Map<number, number>();
    for (const trip of trips) {
      if (stepFreeStops !== undefined && trip.stepFree !== true) continue;
      let boarded = false;
      for (let i = 0; i < trip.stops.length; i++) {
        const stop = trip.stops[i] as number;
        const minute = trip.minutes[i] as number;
        if (!usable(stop)) continue;
        if (boarded && minute < (arrived.get(stop) ?? Number.POSITIVE_INFINITY)) arrived.set(stop, minute);
        const at = ready.get(stop);
        if (at !== undefined && at <= minute && i < trip.stops.length - 1) boarded = true;
      }
    }
    const reached = arrived.get(to);
    if (reached !== undefined && (best === null || reached < best)) best = reached;
    const next = new Map(ready);
    const offer = (stop: number, minute: number) => {
      if (minute < (next.get(stop) ?? Number.POSITIVE_INFINITY)) next.set(stop, minute);
    };
    for (const [stop, minute] of arrived) {
      offer(stop, minute + (rules.stopMinutes.get(stop) ?? rules.defaultMinutes));
      for (const place of rules.places) {
        if (place.stopA === stop) offer(place.stopB, minute + place.walkMinutes);
        if (place.stopB === stop) offer(place.stopA, minute + place.walkMinutes);
      }
    }
    ready = next;
  }
  return best;
}
