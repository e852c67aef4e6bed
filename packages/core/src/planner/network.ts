import { PIECES_PER_YIELD, runSteps, type Steps } from './steps.ts';
import type { ChangeRules, RideTrip } from './types.ts';

/**
 * A day's running trips laid out for RAPTOR, built once per service day and kept: stops by dense
 * index, trips grouped into patterns (the same stops in the same order, and no trip overtaking
 * another, so the first trip leaving a stop after a time is found by a binary search), for each
 * stop the patterns passing it with the position (a stop a trip visits twice has two), and the
 * change rules per stop.
 *
 * The backward search (arrive by, latest departure) runs the same code on the reversed network:
 * every trip driven backwards in negated time, so "arrive by" becomes "leave after".
 */
export interface Network {
  reversed: boolean;
  /** Stop id of each dense index, and back. */
  stopIds: Int32Array;
  indexOf: ReadonlyMap<number, number>;
  /** Pattern p's stops: patternStops[patternStart[p] .. patternStart[p + 1]). */
  patternStart: Int32Array;
  patternStops: Int32Array;
  /** Pattern p's trips: tripStart[p] .. tripStart[p + 1] (indexes into `trips`), earliest first. */
  tripStart: Int32Array;
  /** Times of trip t (an index into `trips`) at position i: times[timeStart[t] + i]. */
  timeStart: Int32Array;
  times: Int32Array;
  /** The trip id and line id of each network trip. */
  tripIds: Int32Array;
  tripLines: Int32Array;
  /** Patterns through stop s: stopPatternStart[s] .. stopPatternStart[s + 1], (pattern, position) pairs. */
  stopPatternStart: Int32Array;
  stopPatterns: Int32Array;
  /** Minimum change time at each stop. */
  changeMinutes: Int32Array;
  /** Walks from stop s to its change places: walkStart[s] .. walkStart[s + 1], (stop, minutes) pairs. */
  walkStart: Int32Array;
  walks: Int32Array;
}

/** Both directions of a day's network. */
export interface DayNetwork {
  forward: Network;
  backward: Network;
  /** How many trips run that day. */
  tripCount: number;
}

/** The network of a day's running trips, both ways. */
export function buildDayNetwork(trips: readonly RideTrip[], rules: ChangeRules): DayNetwork {
  return runSteps(dayNetworkSteps(trips, rules));
}

/** buildDayNetwork as a build that yields now and then (see steps.ts). */
export function* dayNetworkSteps(trips: readonly RideTrip[], rules: ChangeRules): Steps<DayNetwork> {
  const usable: RideTrip[] = [];
  for (const trip of trips) {
    if (rideable(trip)) usable.push(trip);
    if (usable.length % PIECES_PER_YIELD === 0) yield;
  }
  const forward = yield* networkSteps(usable, rules);
  return { forward, backward: yield* reversedSteps(forward), tripCount: usable.length };
}

/**
 * The same network driven backwards in negated time: each pattern's stops the other way, its
 * trips in the opposite order (trips that never overtake one another do not backwards either).
 */
function* reversedSteps(net: Network): Steps<Network> {
  const patterns = net.patternStart.length - 1;
  const patternStops = new Int32Array(net.patternStops.length);
  const timeStart = new Int32Array(net.timeStart.length);
  const times = new Int32Array(net.times.length);
  const tripIds = new Int32Array(net.tripIds.length);
  const tripLines = new Int32Array(net.tripLines.length);
  let offset = 0;
  for (let p = 0; p < patterns; p++) {
    const first = net.patternStart[p] as number;
    const length = (net.patternStart[p + 1] as number) - first;
    for (let i = 0; i < length; i++)
      patternStops[first + i] = net.patternStops[first + length - 1 - i] as number;
    const tripFirst = net.tripStart[p] as number;
    const tripEnd = net.tripStart[p + 1] as number;
    for (let t = tripFirst; t < tripEnd; t++) {
      if (t % PIECES_PER_YIELD === 0) yield;
      const from = tripEnd - 1 - (t - tripFirst);
      const source = net.timeStart[from] as number;
      timeStart[t] = offset;
      for (let i = 0; i < length; i++) times[offset + i] = -(net.times[source + length - 1 - i] as number);
      offset += length;
      tripIds[t] = net.tripIds[from] as number;
      tripLines[t] = net.tripLines[from] as number;
    }
  }
  const stopPatterns = new Int32Array(net.stopPatterns.length);
  for (let e = 0; e < stopPatterns.length; e += 2) {
    const p = net.stopPatterns[e] as number;
    const length = (net.patternStart[p + 1] as number) - (net.patternStart[p] as number);
    stopPatterns[e] = p;
    stopPatterns[e + 1] = length - 1 - (net.stopPatterns[e + 1] as number);
  }
  return { ...net, reversed: true, patternStops, timeStart, times, tripIds, tripLines, stopPatterns };
}

/** A trip someone can ride: two visits or more, minutes never going back. */
function rideable(trip: RideTrip): boolean {
  if (trip.stops.length < 2 || trip.stops.length !== trip.minutes.length) return false;
  for (let i = 1; i < trip.minutes.length; i++)
    if ((trip.minutes[i] as number) < (trip.minutes[i - 1] as number)) return false;
  return true;
}

/** The forward network: patterns of the trips, stops by dense index, the change rules. */
function* networkSteps(trips: readonly RideTrip[], rules: ChangeRules): Steps<Network> {
  const indexOf = new Map<number, number>();
  const stopIdList: number[] = [];
  const indexOfStop = (id: number): number => {
    let index = indexOf.get(id);
    if (index === undefined) {
      index = stopIdList.length;
      indexOf.set(id, index);
      stopIdList.push(id);
    }
    return index;
  };
  for (const place of rules.places) {
    indexOfStop(place.stopA);
    indexOfStop(place.stopB);
  }

  const stopsOf = (trip: RideTrip): number[] => trip.stops.map(indexOfStop);

  // Trips grouped by their stop sequence, each group earliest first.
  const groups = new Map<
    string,
    { stops: number[]; trips: { trip: RideTrip; times: readonly number[] }[] }
  >();
  let pieces = 0;
  for (const trip of trips) {
    if (++pieces % PIECES_PER_YIELD === 0) yield;
    const stops = stopsOf(trip);
    const key = stops.join(',');
    let group = groups.get(key);
    if (group === undefined) {
      group = { stops, trips: [] };
      groups.set(key, group);
    }
    group.trips.push({ trip, times: trip.minutes });
  }

  // Split each group into patterns where no trip overtakes another.
  const patterns: { stops: number[]; trips: { trip: RideTrip; times: readonly number[] }[] }[] = [];
  for (const group of groups.values()) {
    group.trips.sort((a, b) => compareTimes(a.times, b.times) || a.trip.tripId - b.trip.tripId);
    const lanes: { stops: number[]; trips: { trip: RideTrip; times: readonly number[] }[] }[] = [];
    for (const entry of group.trips) {
      if (++pieces % PIECES_PER_YIELD === 0) yield;
      const lane = lanes.find((l) => follows(l.trips[l.trips.length - 1]?.times ?? [], entry.times));
      if (lane === undefined) lanes.push({ stops: group.stops, trips: [entry] });
      else lane.trips.push(entry);
    }
    patterns.push(...lanes);
  }

  const stopCount = stopIdList.length;
  const patternStart = new Int32Array(patterns.length + 1);
  const tripStart = new Int32Array(patterns.length + 1);
  let stopTotal = 0;
  let tripTotal = 0;
  let timeTotal = 0;
  patterns.forEach((p, i) => {
    patternStart[i] = stopTotal;
    tripStart[i] = tripTotal;
    stopTotal += p.stops.length;
    tripTotal += p.trips.length;
    timeTotal += p.stops.length * p.trips.length;
  });
  patternStart[patterns.length] = stopTotal;
  tripStart[patterns.length] = tripTotal;

  const patternStops = new Int32Array(stopTotal);
  const timeStart = new Int32Array(tripTotal);
  const times = new Int32Array(timeTotal);
  const tripIds = new Int32Array(tripTotal);
  const tripLines = new Int32Array(tripTotal);
  const passes: number[][] = Array.from({ length: stopCount }, () => []);
  let t = 0;
  let offset = 0;
  for (let pi = 0; pi < patterns.length; pi++) {
    const p = patterns[pi] as (typeof patterns)[number];
    patternStops.set(p.stops, patternStart[pi] as number);
    p.stops.forEach((stop, position) => {
      (passes[stop] as number[]).push(pi, position);
    });
    for (const entry of p.trips) {
      if (++pieces % PIECES_PER_YIELD === 0) yield;
      timeStart[t] = offset;
      times.set(entry.times, offset);
      offset += entry.times.length;
      tripIds[t] = entry.trip.tripId;
      tripLines[t] = entry.trip.lineId;
      t++;
    }
  }

  const [stopPatternStart, stopPatterns] = packed(passes);

  const changeMinutes = new Int32Array(stopCount);
  for (let s = 0; s < stopCount; s++)
    changeMinutes[s] = rules.stopMinutes.get(stopIdList[s] as number) ?? rules.defaultMinutes;

  const walkLists: number[][] = Array.from({ length: stopCount }, () => []);
  for (const place of rules.places) {
    const a = indexOf.get(place.stopA) as number;
    const b = indexOf.get(place.stopB) as number;
    if (a === b) continue;
    (walkLists[a] as number[]).push(b, place.walkMinutes);
    (walkLists[b] as number[]).push(a, place.walkMinutes);
  }
  const [walkStart, walks] = packed(walkLists);

  return {
    reversed: false,
    stopIds: Int32Array.from(stopIdList),
    indexOf,
    patternStart,
    patternStops,
    tripStart,
    timeStart,
    times,
    tripIds,
    tripLines,
    stopPatternStart,
    stopPatterns,
    changeMinutes,
    walkStart,
    walks,
  };
}

/** Lists packed one after another: list i is values[start[i] .. start[i + 1]). */
function packed(lists: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  let total = 0;
  lists.forEach((list, i) => {
    start[i] = total;
    total += list.length;
  });
  start[lists.length] = total;
  const values = new Int32Array(total);
  lists.forEach((list, i) => {
    values.set(list, start[i] as number);
  });
  return [start, values];
}

function compareTimes(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/** `later` is at or after `earlier` at every stop (it never overtakes it). */
function follows(earlier: readonly number[], later: readonly number[]): boolean {
  for (let i = 0; i < later.length; i++) if ((later[i] as number) < (earlier[i] as number)) return false;
  return true;
}
