import type { DayRides } from './running-trips.ts';
import { PIECES_PER_YIELD, runSteps, type Steps } from './steps.ts';
import type { ChangeRules, RideTrip } from './types.ts';

/** Numbers written into an array between two yields of a build (a ride is about 30). */
const ENTRIES_PER_YIELD = 1 << 14;

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
  /**
   * Pattern p's times, stop by stop: at position i, its trips' times one after another (earliest
   * first), so the trip at position i of index j in the pattern (trip tripStart[p] + j) leaves at
   * times[patternTimes[p] + i * (its trips) + j]. The search looks for the first trip leaving
   * a stop after a time: that is a binary search over adjacent numbers.
   */
  patternTimes: Int32Array;
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
  /** Step-free travel (issue 41): 1 at a stop marked step-free, else 0. */
  stopStepFree: Uint8Array;
  /**
   * Per trip: the first trip of its pattern at or after it whose bus is marked low-floor (an
   * index into the trips like it; tripStart[p + 1] when none), so a step-free search finds the
   * first such trip leaving after a time with one read after its binary search.
   */
  nextStepFreeTrip: Int32Array;
}

/** Both directions of a day's network. */
export interface DayNetwork {
  forward: Network;
  backward: Network;
  /** How many trips run that day. */
  tripCount: number;
}

/** No stop marked step-free. */
const NO_STOPS: ArrayLike<number> = [];

/** The network of a day's running trips, both ways; `stepFreeStops`: the stops marked step-free. */
export function buildDayNetwork(
  trips: readonly RideTrip[],
  rules: ChangeRules,
  stepFreeStops: ArrayLike<number> = NO_STOPS,
): DayNetwork {
  return runSteps(dayNetworkSteps(trips, rules, stepFreeStops));
}

/** buildDayNetwork as a build that yields now and then (see steps.ts): the rideable trips packed first. */
export function* dayNetworkSteps(
  trips: readonly RideTrip[],
  rules: ChangeRules,
  stepFreeStops: ArrayLike<number> = NO_STOPS,
): Steps<DayNetwork> {
  const usable: RideTrip[] = [];
  let visits = 0;
  for (const trip of trips) {
    if (rideable(trip)) {
      usable.push(trip);
      visits += trip.stops.length;
    }
    if (usable.length % PIECES_PER_YIELD === 0) yield;
  }
  const rides: DayRides = {
    count: usable.length,
    tripIds: new Int32Array(usable.length),
    lineIds: new Int32Array(usable.length),
    stepFree: new Uint8Array(usable.length),
    start: new Int32Array(usable.length + 1),
    stops: new Int32Array(visits),
    minutes: new Int32Array(visits),
  };
  let at = 0;
  usable.forEach((trip, r) => {
    rides.tripIds[r] = trip.tripId;
    rides.lineIds[r] = trip.lineId;
    rides.stepFree[r] = trip.stepFree === true ? 1 : 0;
    rides.stops.set(trip.stops, at);
    rides.minutes.set(trip.minutes, at);
    at += trip.stops.length;
    rides.start[r + 1] = at;
  });
  return yield* ridesNetworkSteps(rides, rules, stepFreeStops);
}

/**
 * The network of a day's rides (dayRidesSteps), both ways, with the stops marked step-free
 * (PackedTimetable.stepFreeStops); rides that cannot be ridden are left out. The build uses the
 * rides up: their stops are overwritten.
 */
export function* ridesNetworkSteps(
  rides: DayRides,
  rules: ChangeRules,
  stepFreeStops: ArrayLike<number> = NO_STOPS,
): Steps<DayNetwork> {
  const usable = new Int32Array(rides.count);
  let count = 0;
  for (let r = 0; r < rides.count; r++) {
    if ((r + 1) % (PIECES_PER_YIELD * 16) === 0) yield;
    if (rideableRide(rides, r)) usable[count++] = r;
  }
  const forward = yield* networkSteps(rides, usable.subarray(0, count), rules, stepFreeStops);
  return { forward, backward: yield* reversedSteps(forward), tripCount: count };
}

/**
 * The same network driven backwards in negated time: each pattern's stops the other way, its
 * trips in the opposite order (trips that never overtake one another do not backwards either).
 */
function* reversedSteps(net: Network): Steps<Network> {
  const patterns = net.patternStart.length - 1;
  const patternStops = new Int32Array(net.patternStops.length);
  const times = new Int32Array(net.times.length);
  const tripIds = new Int32Array(net.tripIds.length);
  const tripLines = new Int32Array(net.tripLines.length);
  let written = 0;
  for (let p = 0; p < patterns; p++) {
    const first = net.patternStart[p] as number;
    const length = (net.patternStart[p + 1] as number) - first;
    for (let i = 0; i < length; i++)
      patternStops[first + i] = net.patternStops[first + length - 1 - i] as number;
    const tripFirst = net.tripStart[p] as number;
    const width = (net.tripStart[p + 1] as number) - tripFirst;
    for (let j = 0; j < width; j++) {
      tripIds[tripFirst + j] = net.tripIds[tripFirst + width - 1 - j] as number;
      tripLines[tripFirst + j] = net.tripLines[tripFirst + width - 1 - j] as number;
    }
    // Written in order (fresh memory is slow to touch all over).
    const base = net.patternTimes[p] as number;
    for (let i = 0; i < length; i++) {
      const to = base + i * width;
      const from = base + (length - 1 - i) * width + width - 1;
      for (let j = 0; j < width; j++) times[to + j] = -(net.times[from - j] as number);
      written += width;
      if (written >= ENTRIES_PER_YIELD) {
        written = 0;
        yield;
      }
    }
  }
  const stopPatterns = new Int32Array(net.stopPatterns.length);
  for (let e = 0; e < stopPatterns.length; e += 2) {
    if (e % ENTRIES_PER_YIELD === 0) yield;
    const p = net.stopPatterns[e] as number;
    const length = (net.patternStart[p + 1] as number) - (net.patternStart[p] as number);
    stopPatterns[e] = p;
    stopPatterns[e + 1] = length - 1 - (net.stopPatterns[e + 1] as number);
  }
  // A trip is low-floor when it is its own next low-floor trip; each pattern's come the other way.
  const stepFree = new Uint8Array(net.tripIds.length);
  for (let p = 0; p < patterns; p++) {
    const first = net.tripStart[p] as number;
    const last = (net.tripStart[p + 1] as number) - 1;
    for (let t = first; t <= last; t++)
      stepFree[t] = net.nextStepFreeTrip[first + last - t] === first + last - t ? 1 : 0;
  }
  const nextStepFreeTrip = nextStepFreeOf(net.tripStart, stepFree);
  return {
    ...net,
    reversed: true,
    patternStops,
    times,
    tripIds,
    tripLines,
    stopPatterns,
    nextStepFreeTrip,
  };
}

/**
 * Per trip, the first trip of its pattern at or after it flagged 1 in `stepFree` (the pattern's
 * end, tripStart[p + 1], when none).
 */
function nextStepFreeOf(tripStart: Int32Array, stepFree: Uint8Array): Int32Array {
  const next = new Int32Array(stepFree.length);
  for (let p = 0; p < tripStart.length - 1; p++) {
    let ahead = tripStart[p + 1] as number;
    for (let t = ahead - 1; t >= (tripStart[p] as number); t--) {
      if (stepFree[t] === 1) ahead = t;
      next[t] = ahead;
    }
  }
  return next;
}

/** A trip someone can ride: two visits or more, minutes never going back. */
function rideable(trip: RideTrip): boolean {
  if (trip.stops.length < 2 || trip.stops.length !== trip.minutes.length) return false;
  for (let i = 1; i < trip.minutes.length; i++)
    if ((trip.minutes[i] as number) < (trip.minutes[i - 1] as number)) return false;
  return true;
}

/** rideable for a packed ride. */
function rideableRide(rides: DayRides, r: number): boolean {
  const from = rides.start[r] as number;
  const to = rides.start[r + 1] as number;
  if (to - from < 2) return false;
  for (let i = from + 1; i < to; i++)
    if ((rides.minutes[i] as number) < (rides.minutes[i - 1] as number)) return false;
  return true;
}

/**
 * The forward network of the usable rides (in their order): stops by dense index in the order
 * they are first met (the change places' first), rides grouped by their stop sequence in the
 * order each sequence is first met, each group's rides earliest first (by their times, then
 * trip id) and split into patterns where none overtakes another (each ride into the first
 * pattern it follows, else a new one). Everything is kept in typed arrays, the groups too.
 */
function* networkSteps(
  rides: DayRides,
  usable: Int32Array,
  rules: ChangeRules,
  stepFreeStops: ArrayLike<number>,
): Steps<Network> {
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
  const { start, minutes } = rides;
  const rideCount = usable.length;
  const from = (u: number) => start[usable[u] as number] as number;
  const lengthOf = (u: number) => (start[(usable[u] as number) + 1] as number) - from(u);

  // Each usable ride's stops by dense index (in place of their ids: the rides are the build's
  // own, and 4 million numbers at national scale), and its group: rides with the same stops in
  // the same order (a hash of the stops, then the stops compared).
  const dense = rides.stops;
  const groupOf = new Int32Array(rideCount);
  const groupFirst: number[] = [];
  const groupsByHash = new Map<number, number[]>();
  let pieces = 0;
  for (let u = 0; u < rideCount; u++) {
    if (++pieces % PIECES_PER_YIELD === 0) yield;
    const first = from(u);
    const length = lengthOf(u);
    let hash = length;
    for (let i = first; i < first + length; i++) {
      const stop = indexOfStop(rides.stops[i] as number);
      dense[i] = stop;
      hash = Math.imul(hash ^ stop, 0x01000193);
    }
    let candidates = groupsByHash.get(hash);
    if (candidates === undefined) {
      candidates = [];
      groupsByHash.set(hash, candidates);
    }
    let group = -1;
    for (const g of candidates) {
      const other = groupFirst[g] as number;
      if (lengthOf(other) !== length) continue;
      const otherFirst = from(other);
      let same = true;
      for (let i = 0; i < length && same; i++) same = dense[first + i] === dense[otherFirst + i];
      if (same) {
        group = g;
        break;
      }
    }
    if (group === -1) {
      group = groupFirst.length;
      groupFirst.push(u);
      candidates.push(group);
    }
    groupOf[u] = group;
  }
  const groupCount = groupFirst.length;
  // The rides of each group, in ride order (a stable counting sort).
  const groupStart = new Int32Array(groupCount + 1);
  for (let u = 0; u < rideCount; u++) {
    const g = (groupOf[u] as number) + 1;
    groupStart[g] = (groupStart[g] as number) + 1;
  }
  for (let g = 0; g < groupCount; g++)
    groupStart[g + 1] = (groupStart[g + 1] as number) + (groupStart[g] as number);
  yield;
  const grouped = new Int32Array(rideCount);
  const next = groupStart.slice(0, groupCount);
  for (let u = 0; u < rideCount; u++) {
    if ((u + 1) % ENTRIES_PER_YIELD === 0) yield;
    const g = groupOf[u] as number;
    const at = next[g] as number;
    grouped[at] = u;
    next[g] = at + 1;
  }
  yield;

  // Each group earliest first, then split into patterns where no ride overtakes another: the
  // patterns (each group's in the order they were opened) with their rides in `ordered`.
  const earlier = (a: number, b: number): number => {
    const fa = from(a);
    const fb = from(b);
    const length = lengthOf(a);
    for (let i = 0; i < length; i++) {
      const d = (minutes[fa + i] as number) - (minutes[fb + i] as number);
      if (d !== 0) return d;
    }
    return (rides.tripIds[usable[a] as number] as number) - (rides.tripIds[usable[b] as number] as number);
  };
  const follows = (before: number, after: number): boolean => {
    const fa = from(before);
    const fb = from(after);
    const length = lengthOf(after);
    for (let i = 0; i < length; i++)
      if ((minutes[fb + i] as number) < (minutes[fa + i] as number)) return false;
    return true;
  };
  const ordered = new Int32Array(rideCount);
  const laneOf = new Int32Array(rideCount);
  const patternGroup: number[] = [];
  const patternTripStart: number[] = [0];
  const laneLast: number[] = [];
  const laneCount: number[] = [];
  for (let g = 0; g < groupCount; g++) {
    const first = groupStart[g] as number;
    const end = groupStart[g + 1] as number;
    const members = grouped.subarray(first, end).sort(earlier);
    laneLast.length = 0;
    laneCount.length = 0;
    for (let m = 0; m < members.length; m++) {
      if (++pieces % PIECES_PER_YIELD === 0) yield;
      const u = members[m] as number;
      let lane = 0;
      while (lane < laneLast.length && !follows(laneLast[lane] as number, u)) lane++;
      if (lane === laneLast.length) {
        laneLast.push(u);
        laneCount.push(0);
      } else laneLast[lane] = u;
      laneOf[first + m] = lane;
      laneCount[lane] = (laneCount[lane] as number) + 1;
    }
    // Each lane's rides together, in the order they joined it (a stable counting sort).
    const laneAt: number[] = [];
    let at = first;
    for (const n of laneCount) {
      laneAt.push(at);
      at += n;
      patternGroup.push(g);
      patternTripStart.push(at);
    }
    for (let m = 0; m < members.length; m++) {
      const lane = laneOf[first + m] as number;
      const to = laneAt[lane] as number;
      ordered[to] = members[m] as number;
      laneAt[lane] = to + 1;
    }
  }

  const patternCount = patternGroup.length;
  const stopCount = stopIdList.length;
  const patternStart = new Int32Array(patternCount + 1);
  const patternTimes = new Int32Array(patternCount + 1);
  const tripStart = Int32Array.from(patternTripStart);
  let stopTotal = 0;
  let timeTotal = 0;
  for (let p = 0; p < patternCount; p++) {
    patternStart[p] = stopTotal;
    patternTimes[p] = timeTotal;
    const length = lengthOf(groupFirst[patternGroup[p] as number] as number);
    stopTotal += length;
    timeTotal += length * ((tripStart[p + 1] as number) - (tripStart[p] as number));
  }
  patternStart[patternCount] = stopTotal;
  patternTimes[patternCount] = timeTotal;
  yield;

  const patternStops = new Int32Array(stopTotal);
  const times = new Int32Array(timeTotal);
  const tripIds = new Int32Array(rideCount);
  const tripLines = new Int32Array(rideCount);
  const tripStepFree = new Uint8Array(rideCount);
  // Patterns through each stop, (pattern, position) pairs in pattern order (counted, then placed).
  const stopPatternStart = new Int32Array(stopCount + 1);
  for (let p = 0; p < patternCount; p++) {
    if ((p + 1) % PIECES_PER_YIELD === 0) yield;
    const stops = patternStopsOf(p);
    for (let i = 0; i < stops.length; i++) {
      const s = (stops[i] as number) + 1;
      stopPatternStart[s] = (stopPatternStart[s] as number) + 2;
    }
  }
  for (let s = 0; s < stopCount; s++)
    stopPatternStart[s + 1] = (stopPatternStart[s + 1] as number) + (stopPatternStart[s] as number);
  const stopPatterns = new Int32Array(stopPatternStart[stopCount] as number);
  const passAt = stopPatternStart.slice(0, stopCount);
  let written = 0;
  function patternStopsOf(p: number): Int32Array {
    const u = groupFirst[patternGroup[p] as number] as number;
    return dense.subarray(from(u), from(u) + lengthOf(u));
  }
  for (let p = 0; p < patternCount; p++) {
    const stops = patternStopsOf(p);
    patternStops.set(stops, patternStart[p] as number);
    for (let position = 0; position < stops.length; position++) {
      const s = stops[position] as number;
      const at = passAt[s] as number;
      stopPatterns[at] = p;
      stopPatterns[at + 1] = position;
      passAt[s] = at + 2;
    }
    const tripFirst = tripStart[p] as number;
    const width = (tripStart[p + 1] as number) - tripFirst;
    for (let j = 0; j < width; j++) {
      const r = usable[ordered[tripFirst + j] as number] as number;
      tripIds[tripFirst + j] = rides.tripIds[r] as number;
      tripLines[tripFirst + j] = rides.lineIds[r] as number;
      tripStepFree[tripFirst + j] = rides.stepFree[r] as number;
    }
    // Written in order, stop by stop (fresh memory is slow to touch all over).
    const base = patternTimes[p] as number;
    for (let i = 0; i < stops.length; i++) {
      const to = base + i * width;
      for (let j = 0; j < width; j++)
        times[to + j] = minutes[from(ordered[tripFirst + j] as number) + i] as number;
      written += width;
      if (written >= ENTRIES_PER_YIELD) {
        written = 0;
        yield;
      }
    }
  }

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

  const stopStepFree = new Uint8Array(stopCount);
  for (let i = 0; i < stepFreeStops.length; i++) {
    const s = indexOf.get(stepFreeStops[i] as number);
    if (s !== undefined) stopStepFree[s] = 1;
  }

  return {
    reversed: false,
    stopIds: Int32Array.from(stopIdList),
    indexOf,
    patternStart,
    patternStops,
    tripStart,
    patternTimes,
    times,
    tripIds,
    tripLines,
    stopPatternStart,
    stopPatterns,
    changeMinutes,
    walkStart,
    walks,
    stopStepFree,
    nextStepFreeTrip: nextStepFreeOf(tripStart, tripStepFree),
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
