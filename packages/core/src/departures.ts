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
  // Service changes of the date (issue 27, service-changes/departures.ts); only present when set.
  /** The trip does not run on the date: it stays in its place, marked. */
  cancelled?: true;
  /** Why it is cancelled: the change's reason, else its Lithuanian title. */
  reason?: string;
  /** The service change that cancelled, retimed or closed it. */
  changeId?: number;
  /** The planned 'HH:MM' of a retimed departure (timeDepart is the new time). */
  plannedTime?: string;
  /** The departure stop is closed on the date. */
  notServed?: true;
  /** Its bus is low-floor with a ramp (issue 41); only present when staff said so. */
  stepFree?: true;
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

/** Which line types a selection admits (see {@link tripSelectionFilter}). */
export type LineTypeFilter = 'any' | 'city bus only' | 'no city bus';

/**
 * The selection case of a query as plain data, for the database to prefilter candidates
 * with: a trip is selected exactly when its `boundFor` is in `boundFor` and its line type
 * passes `lineType` (isTripSelected stays the rule; this only restates it). `destination`
 * is the stop the trip must reach later, when the query has one that counts.
 */
export interface TripSelectionFilter {
  boundFor: readonly BoundFor[];
  lineType: LineTypeFilter;
  destination: number | null;
}

const GOING_OUT: readonly BoundFor[] = ['Out bound', 'One way'];
const ANY_BOUND: readonly BoundFor[] = ['City bound', 'Out bound', 'One way'];

/** isTripSelected turned into a filter (proved equal over every case in departures.test.ts). */
export function tripSelectionFilter(q: DepartureSelection): TripSelectionFilter {
  const destination = effectiveDestination(q);
  if (q.from === HOME_STOP_ID) {
    if (q.dir === 'City bound') return { boundFor: ANY_BOUND, lineType: 'city bus only', destination };
    if (q.to !== null) return { boundFor: GOING_OUT, lineType: 'any', destination };
    return { boundFor: GOING_OUT, lineType: 'no city bus', destination };
  }
  return { boundFor: [q.dir, 'One way'], lineType: 'any', destination };
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
 * Sorts like `items.sort(compareDepartures)` (same order, ties included, as the sort is
 * stable), but collates each distinct line name once instead of in every comparison: a hub's
 * thousands of departures share a few hundred line names, and Intl collation is slow.
 */
export function sortDepartures(items: DepartureItem[]): DepartureItem[] {
  let rank: Map<string, number> | undefined;
  const byLineAndTrip = (a: DepartureItem, b: DepartureItem) => {
    rank ??= lineNameRanks(items);
    return (rank.get(a.lineName) as number) - (rank.get(b.lineName) as number) || a.tripId - b.tripId;
  };
  // Already in time order (the departures index hands them over so): only each minute's few
  // departures are ordered, by line and trip; the same order as sorting the whole list.
  let timeOrdered = true;
  for (let i = 1; i < items.length && timeOrdered; i++)
    timeOrdered = (items[i - 1] as DepartureItem).timeDepart <= (items[i] as DepartureItem).timeDepart;
  if (timeOrdered) {
    for (let start = 0; start < items.length; ) {
      const time = (items[start] as DepartureItem).timeDepart;
      let end = start + 1;
      while (end < items.length && (items[end] as DepartureItem).timeDepart === time) end++;
      if (end - start > 16) {
        const run = items.slice(start, end).sort(byLineAndTrip);
        for (let i = 0; i < run.length; i++) items[start + i] = run[i] as DepartureItem;
      } else {
        // A minute's few: an insertion sort in place (stable, as sort is).
        for (let i = start + 1; i < end; i++) {
          const item = items[i] as DepartureItem;
          let at = i;
          while (at > start && byLineAndTrip(items[at - 1] as DepartureItem, item) > 0) {
            items[at] = items[at - 1] as DepartureItem;
            at--;
          }
          items[at] = item;
        }
      }
      start = end;
    }
    return items;
  }
  if (items.length < 256) {
    return items.sort((a, b) => {
      if (a.timeDepart !== b.timeDepart) return a.timeDepart < b.timeDepart ? -1 : 1;
      return byLineAndTrip(a, b);
    });
  }
  // A hub's thousands: one bucket per time first ('HH:MM' sorts as text does), then the few in
  // each bucket by line and trip; the same order as above (both stable), without a comparison
  // sort over the whole list.
  const buckets = new Map<string, DepartureItem[]>();
  for (const item of items) {
    const bucket = buckets.get(item.timeDepart);
    if (bucket) bucket.push(item);
    else buckets.set(item.timeDepart, [item]);
  }
  const times = [...buckets.keys()].sort();
  let i = 0;
  for (const time of times) {
    const bucket = buckets.get(time) as DepartureItem[];
    if (bucket.length > 1) bucket.sort(byLineAndTrip);
    for (const item of bucket) items[i++] = item;
  }
  return items;
}

/** Each line name's place in Lithuanian order; names the collator holds equal share one. */
function lineNameRanks(items: readonly DepartureItem[]): Map<string, number> {
  const names = [...new Set(items.map((i) => i.lineName))].sort(compareLt);
  const rank = new Map<string, number>();
  let r = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (i > 0 && compareLt(names[i - 1] as string, name) !== 0) r++;
    rank.set(name, r);
  }
  return rank;
}

/** 'HH:MM' for each minute of the day, built once: a hub answers thousands of departures. */
const TIME_TEXT: string[] = [];

function timeText(minute: number): string {
  let text = TIME_TEXT[minute];
  if (text === undefined) {
    text = formatTime(minute);
    if (Number.isInteger(minute) && minute >= 0 && minute < 24 * 60) TIME_TEXT[minute] = text;
  }
  return text;
}

/** A route driven one way, with the departure names worked out so far (by travel index). */
interface RouteWay {
  stops: readonly number[];
  names: (string | undefined)[];
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
  const stopName = (id: number) => routes.stopName(id);
  // Many visits share a route and direction: reverse its stops and name its visits once
  // (one map per direction, keyed by route id).
  const ways = [new Map<number, RouteWay | null>(), new Map<number, RouteWay | null>()] as const;
  const items: DepartureItem[] = [];
  for (const c of candidates) {
    if (c.minute === null || !isTripSelected(q, c)) continue;
    const waysOfDirection = ways[c.routeDirReversed ? 1 : 0];
    let way = waysOfDirection.get(c.routeId);
    if (way === undefined) {
      const drawn = routes.stopIds(c.routeId);
      way = drawn ? { stops: travelOrder(drawn, c.routeDirReversed), names: [] } : null;
      waysOfDirection.set(c.routeId, way);
    }
    if (way === null) continue;
    const { stops } = way;
    if (stops[c.travelIndex] !== q.from || c.travelIndex >= stops.length - 1) continue;
    if (to !== null && stops.indexOf(to, c.travelIndex + 1) === -1) continue;
    // The name depends on the route type too, which is the line's: key the cache by it.
    const nameKey = c.routeType === 'City Bus' ? c.travelIndex : -1;
    let name = way.names[nameKey + 1];
    if (name === undefined) {
      name = departureName(stops, c.travelIndex, c.routeType, stopName);
      way.names[nameKey + 1] = name;
    }
    items.push({
      lineName: c.lineName,
      routeType: c.routeType,
      tooLate: tooLate(c.minute),
      lineId: c.lineId,
      schedId: c.schedId,
      tripId: c.tripId,
      timeDepart: timeText(c.minute),
      name,
    });
  }
  return sortDepartures(items);
}
