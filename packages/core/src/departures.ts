import { tooLateOn, type VilniusNow } from './clock.ts';
import type { BoundFor, Direction, RouteType } from './domain.ts';
import { HOME_STOP_ID } from './domain.ts';
import { compareLt } from './text.ts';
import { formatTime } from './time.ts';

/** One departure on the timetable home (spec section 3, 'Schedule item'). */
export interface DepartureItem {
  lineName: string;
  routeType: RouteType;
  tooLate: boolean;
  lineId: number;
  schedId: number;
  tripId: number;
  /** 'HH:MM' */
  timeDepart: string;
  /** Where the bus goes: the terminus, or for city buses the next stops. */
  name: string;
}

export interface DepartureSelection {
  from: number;
  to: number | null;
  dir: Direction;
}

/**
 * A visit of a trip (of a schedule that runs on the date) to the departure stop, as the
 * database finds it: one row per time the trip's route passes the stop.
 */
export interface DepartureCandidate {
  tripId: number;
  schedId: number;
  lineId: number;
  lineName: string;
  routeType: RouteType;
  boundFor: BoundFor;
  routeId: number;
  routeDirReversed: boolean;
  /** Position of the visit in travel order (0 = the trip's first stop). */
  travelIndex: number;
  /** Minutes after midnight at that stop; null when the trip has no time there. */
  minute: number | null;
}

export interface RouteStopsLookup {
  /** Stop ids of a route in the order it is drawn. */
  stopIds(routeId: number): readonly number[] | undefined;
  stopName(stopId: number): string;
}

/** The destination only narrows the search from the home station going out (domain rules). */
export function effectiveDestination(q: DepartureSelection): number | null {
  return q.from === HOME_STOP_ID && q.dir === 'Out bound' ? q.to : null;
}

/** The four selection cases of domain-rules.md, 'Departures for the timetable home'. */
export function isTripSelected(
  q: DepartureSelection,
  trip: { boundFor: BoundFor; routeType: RouteType },
): boolean {
  const goingOut = trip.boundFor === 'Out bound' || trip.boundFor === 'One way';
  if (q.from === HOME_STOP_ID) {
    if (q.dir === 'City bound') return trip.routeType === 'City Bus';
    if (q.to !== null) return goingOut;
    return goingOut && trip.routeType !== 'City Bus';
  }
  return trip.boundFor === q.dir || trip.boundFor === 'One way';
}

/** A trip's stops in the order the bus reaches them. */
export function travelOrder(stopIds: readonly number[], reversed: boolean): readonly number[] {
  return reversed ? [...stopIds].reverse() : stopIds;
}

/** City buses name the next stops ('Poliklinika > Ligoninė > ...'); other lines their terminus. */
export function departureName(
  travelStops: readonly number[],
  index: number,
  routeType: RouteType,
  stopName: (id: number) => string,
): string {
  if (routeType !== 'City Bus') return stopName(travelStops[travelStops.length - 1] as number);
  const next = travelStops[index + 1];
  const afterNext = travelStops[index + 2];
  let name = next === undefined ? '' : stopName(next);
  if (afterNext !== undefined) name += ` > ${stopName(afterNext)}`;
  if (index + 3 < travelStops.length) name += ' > ...';
  return name;
}

/** Items ordered by time, then line name, then trip id. */
export function compareDepartures(a: DepartureItem, b: DepartureItem): number {
  if (a.timeDepart !== b.timeDepart) return a.timeDepart < b.timeDepart ? -1 : 1;
  return compareLt(a.lineName, b.lineName) || a.tripId - b.tripId;
}

/**
 * Turns the visits found for the departure stop into the timetable's items: applies the
 * selection case, drops visits at the trip's last stop or without a time, checks that the
 * destination comes later, names the item and marks it too late.
 */
export function assembleDepartures(
  q: DepartureSelection & { date: string },
  now: VilniusNow,
  candidates: readonly DepartureCandidate[],
  routes: RouteStopsLookup,
): DepartureItem[] {
  const to = effectiveDestination(q);
  const tooLate = tooLateOn(q.date, now);
  const items: DepartureItem[] = [];
  for (const c of candidates) {
    if (c.minute === null || !isTripSelected(q, c)) continue;
    const drawn = routes.stopIds(c.routeId);
    if (!drawn) continue;
    const stops = travelOrder(drawn, c.routeDirReversed);
    if (stops[c.travelIndex] !== q.from || c.travelIndex >= stops.length - 1) continue;
    if (to !== null && stops.indexOf(to, c.travelIndex + 1) === -1) continue;
    items.push({
      lineName: c.lineName,
      routeType: c.routeType,
      tooLate: tooLate(c.minute),
      lineId: c.lineId,
      schedId: c.schedId,
      tripId: c.tripId,
      timeDepart: formatTime(c.minute),
      name: departureName(stops, c.travelIndex, c.routeType, (id) => routes.stopName(id)),
    });
  }
  return items.sort(compareDepartures);
}
