import type { Network } from './network.ts';
import { runSteps, type Steps } from './steps.ts';
import type { PlannedLeg } from './types.ts';

/**
 * RAPTOR (Delling, Pajor, Werneck: "Round-Based Public Transit Routing", 2012): round k finds
 * the earliest arrival at every stop with at most k rides, scanning each pattern once from the
 * first stop where a better time to board was found in the round before. Exact: the arrival at
 * the target after round k is the earliest of every journey with at most k rides.
 *
 * Boarding at a stop reached by bus needs its minimum change time after the arrival; boarding
 * at a change place's other stop needs the walk. The start stop needs nothing.
 *
 * A step-free search (issue 41) boards and alights only at stops marked step-free and rides only
 * trips marked low-floor: the first such trip leaving after a time is the one after the binary
 * search's (Network.nextStepFreeTrip), and the trips it skips never overtake it, so the rounds
 * stay exact over the trips it may ride. A walk ends where a bus is boarded, so it joins two
 * step-free stops or is not taken. A search that is not step-free reads none of the marks.
 */

export const NEVER = 0x3fffffff;

/**
 * The working arrays of a network's searches, made once per search space and reused (a search
 * may pause between rounds, so two plans under way at once each have a space of their own).
 *
 * Per round and stop (row k = round k, cell k * stops + s), only what a round must see of the
 * rounds before is copied from row to row: the time to board and the round that set it. The
 * ride that reached a stop and where a time to board came from are read in the row of the round
 * that wrote them (a round that improves nothing there would only have copied them).
 */
interface Workspace {
  rounds: number;
  stops: number;
  /** Per round and stop: the arrival by bus set in that round, and the ride that made it. */
  arrival: Int32Array;
  ridePattern: Int32Array;
  rideTrip: Int32Array;
  rideBoard: Int32Array;
  rideAlight: Int32Array;
  /** Per round and stop: the earliest time to board there (copied on), and the round that set it (copied on). */
  ready: Int32Array;
  readyRound: Int32Array;
  /** The stop whose arrival gave a time to board, in the row of the round that set it. */
  readyFrom: Int32Array;
  /** Best arrival at each stop over all rounds so far (local pruning). */
  best: Int32Array;
  /** Stops whose ready time improved this round / last round; stops reached by bus this round. */
  markedReady: Uint8Array;
  markedBus: Uint8Array;
  busList: Int32Array;
  readyList: Int32Array;
  /** Earliest position queued per pattern (-1: not queued) and the queued patterns. */
  queued: Int32Array;
  queue: Int32Array;
  /**
   * Per row of a search the other way (`Reach`) and pattern: the last position of the pattern
   * at a stop that search reached in that row (-1: none; UNKNOWN: not looked at yet), for the
   * Reach in `lastAllowedOf` (a row is forgotten when another Reach comes).
   */
  lastAllowed: Int32Array;
  lastAllowedOf: (Reach | null)[];
}

const UNKNOWN = -2;

/** Where searches keep their working arrays, per network: one per plan under way. */
export class SearchSpace {
  readonly workspaces = new WeakMap<Network, Workspace>();
  readonly reachBuffers = new WeakMap<Network, Int32Array>();
}

/** The space of the searches run without one of their own (each runs to its end at once). */
const SHARED = new SearchSpace();

function workspaceOf(space: SearchSpace, net: Network, rounds: number): Workspace {
  const existing = space.workspaces.get(net);
  if (existing !== undefined && existing.rounds >= rounds) return existing;
  const stops = net.stopIds.length;
  const cells = (rounds + 1) * stops;
  const patterns = net.patternStart.length - 1;
  const workspace: Workspace = {
    rounds,
    stops,
    arrival: new Int32Array(cells),
    ridePattern: new Int32Array(cells),
    rideTrip: new Int32Array(cells),
    rideBoard: new Int32Array(cells),
    rideAlight: new Int32Array(cells),
    ready: new Int32Array(cells),
    readyRound: new Int32Array(cells),
    readyFrom: new Int32Array(cells),
    // One more than the stops: a search with no target has its target's best time there (never met).
    best: new Int32Array(stops + 1),
    markedReady: new Uint8Array(stops),
    markedBus: new Uint8Array(stops),
    busList: new Int32Array(stops),
    readyList: new Int32Array(stops),
    queued: new Int32Array(patterns).fill(-1),
    queue: new Int32Array(patterns),
    lastAllowed: new Int32Array((rounds + 1) * patterns),
    lastAllowedOf: new Array<Reach | null>(rounds + 1).fill(null),
  };
  space.workspaces.set(net, workspace);
  return workspace;
}

/** What one search found: the best time at the target by rides, and the journey of each. */
export interface SearchResult {
  /** arrivals[k]: the earliest time at the target with at most k rides (NEVER: none); arrivals[0] = NEVER. */
  arrivals: number[];
  /** The legs (in travel order, in real minutes) of the journey reaching the target with at most k rides. */
  legs(k: number): PlannedLeg[];
  /** Where the search could board, for a search back along the journeys it found (see `Reach`). */
  reach: Reach;
}

/**
 * The earliest time to board at each stop with at most j rides from one search's source
 * (ready[min(j, lastRound) * stops + s]; NEVER where it reached nothing before its cap), for j
 * up to `rides` (past it, unknown). Valid until the next search on the same network and space.
 */
export interface Reach {
  ready: Int32Array;
  lastRound: number;
  rides: number;
  stops: number;
}

/**
 * The earliest arrivals at `target` from `source` leaving at `start` or later, with 1..maxRides
 * rides, on `net` (a backward network answers the latest departures, in negated minutes).
 *
 * `below[k]`, when given: only arrivals at the target earlier than it count in round k (a journey
 * known already arrives then); nothing later is explored, as nothing later can beat it with k
 * rides or more. The bounds must not grow with k.
 *
 * `reach`, when given, is a search the other way (on the network reversed to `net`, from this
 * search's target) whose journeys this one retraces: a stop reached here with k rides, at a time
 * that search could not be ready to go on from with the rides left, is on none of them, and is
 * left out. Every stop of a journey both searches allow is kept, so the journeys found are the
 * same; only what cannot be part of one is not explored (a step-free search's `reach` must be
 * step-free too, or it only prunes less).
 *
 * `stepFree`: boards and alights only at stops marked step-free, rides only low-floor trips.
 */
export function search(
  net: Network,
  source: number,
  target: number | null,
  start: number,
  maxRides: number,
  below: readonly number[] = [],
  reach?: Reach,
  stepFree = false,
): SearchResult {
  return runSteps(searchSteps(SHARED, net, source, target, start, maxRides, below, reach, stepFree));
}

/** search in `space`, as steps that yield between rounds and within them (see steps.ts). */
export function* searchSteps(
  space: SearchSpace,
  net: Network,
  source: number,
  target: number | null,
  start: number,
  maxRides: number,
  below: readonly number[] = [],
  reach?: Reach,
  stepFree = false,
): Steps<SearchResult> {
  const src = net.indexOf.get(source);
  const dst = target === null ? net.stopIds.length : net.indexOf.get(target);
  const arrivals = new Array<number>(maxRides + 1).fill(NEVER);
  if (src === undefined || dst === undefined || src === dst)
    return {
      arrivals,
      legs: () => [],
      reach: { ready: new Int32Array(0), lastRound: 0, rides: maxRides, stops: 0 },
    };
  const w = workspaceOf(space, net, maxRides);
  const n = w.stops;
  // Row 0 only: each round starts as a copy of the row before.
  w.ready.fill(NEVER, 0, n);
  w.best.fill(NEVER);
  // What a search stopped halfway (its plan given up) would have left marked or queued.
  w.markedReady.fill(0);
  w.markedBus.fill(0);
  w.queued.fill(-1);
  w.ready[src] = start;
  w.readyRound[src] = 0;
  w.readyFrom[src] = -1;
  w.readyList[0] = src;
  // The round whose arrival at the target is the best with at most k rides (0: none).
  const targetRound = new Array<number>(maxRides + 1).fill(0);
  const round: Round = {
    k: 0,
    readyCount: 1,
    below,
    reach,
    maxRides,
    dst,
    queueLength: 0,
    next: 0,
    busCount: 0,
    bound: NEVER,
    cap: NEVER,
    reachRow: -1,
    lastAllowed: null,
    stopOk: stepFree ? net.stopStepFree : null,
    nextOk: stepFree ? net.nextStepFreeTrip : null,
  };
  let lastRound = 0;
  for (let k = 1; k <= maxRides && round.readyCount > 0; k++) {
    if (k > 1) yield;
    lastRound = k;
    round.k = k;
    const before = w.best[dst] as number;
    startRound(net, w, round);
    while (!scanPatterns(net, w, round)) yield;
    endRound(net, w, round);
    targetRound[k] = (w.best[dst] as number) < before ? k : (targetRound[k - 1] as number);
    if (target !== null) arrivals[k] = w.best[dst] as number;
  }
  for (let k = 1; k <= maxRides; k++) if (arrivals[k] === NEVER) arrivals[k] = arrivals[k - 1] as number;
  // Clear what a round left marked when the search stopped early.
  for (let r = 0; r < round.readyCount; r++) w.markedReady[w.readyList[r] as number] = 0;

  return {
    arrivals,
    legs: (k) => legsOf(net, w, dst, targetRound[Math.min(k, lastRound)] as number),
    reach: { ready: w.ready, lastRound, rides: maxRides, stops: n },
  };
}

/**
 * A round under way: what it needs of its search, where its scan of the queued patterns is, and
 * what it hands on to the next round (the stops whose time to board improved).
 */
interface Round {
  k: number;
  readyCount: number;
  readonly below: readonly number[];
  readonly reach: Reach | undefined;
  readonly maxRides: number;
  readonly dst: number;
  /** The queued patterns, and the next one to scan. */
  queueLength: number;
  next: number;
  /** Stops reached by bus so far in the round (busList). */
  busCount: number;
  /** The bound of the round (`below[k]`), and the cap: nothing at or after it counts. */
  bound: number;
  cap: number;
  /** The other search's row of the rides left after this one (-1: no other search). */
  reachRow: number;
  /** Per pattern, the last position worth scanning with that row (null: all). */
  lastAllowed: Int32Array | null;
  /** A step-free search's stops to board and alight at, and next low-floor trips (null: any). */
  readonly stopOk: Uint8Array | null;
  readonly nextOk: Int32Array | null;
}

/** Positions of patterns scanned between two yields of a search (a fraction of a millisecond). */
const POSITIONS_PER_YIELD = 1 << 13;

/** Round k's start: the times to board copied on, and the patterns through the stops ready earlier queued. */
function startRound(net: Network, w: Workspace, round: Round): void {
  const { k, maxRides, dst, reach } = round;
  const n = w.stops;
  const row = k * n;
  const prev = row - n;
  const { ready, readyRound, markedReady, readyList, queued, queue } = w;
  // Round k starts from round k - 1's times to board (at most k rides includes fewer).
  ready.copyWithin(row, prev, row);
  readyRound.copyWithin(row, prev, row);

  // The patterns through the stops that got a better time to board, from the earliest such position.
  const { stopPatternStart, stopPatterns } = net;
  let queueLength = 0;
  for (let r = 0; r < round.readyCount; r++) {
    const s = readyList[r] as number;
    markedReady[s] = 0;
    for (let e = stopPatternStart[s] as number; e < (stopPatternStart[s + 1] as number); e += 2) {
      const p = stopPatterns[e] as number;
      const position = stopPatterns[e + 1] as number;
      const at = queued[p] as number;
      if (at === -1) {
        queue[queueLength++] = p;
        queued[p] = position;
      } else if (position < at) queued[p] = position;
    }
  }
  round.queueLength = queueLength;
  round.next = 0;
  round.busCount = 0;
  round.bound = round.below[k] ?? NEVER;
  round.cap = Math.min(w.best[dst] as number, round.bound);
  round.reachRow =
    reach === undefined || maxRides - k > reach.rides ? -1 : Math.min(maxRides - k, reach.lastRound) * n;
  // Where each pattern stops mattering: past the last stop the other search reached with the
  // rides left, an arrival is left out whatever its time, so the scan ends there (and a
  // pattern boarded no earlier than it is not scanned).
  round.lastAllowed = null;
  if (reach !== undefined && round.reachRow !== -1) {
    const patterns = net.patternStart.length - 1;
    const r = round.reachRow / n;
    round.lastAllowed = w.lastAllowed.subarray(r * patterns, (r + 1) * patterns);
    if (w.lastAllowedOf[r] !== reach) {
      round.lastAllowed.fill(UNKNOWN);
      w.lastAllowedOf[r] = reach;
    }
  }
}

/**
 * Scans queued patterns of the round until about POSITIONS_PER_YIELD positions are scanned;
 * true when every queued pattern is.
 */
function scanPatterns(net: Network, w: Workspace, round: Round): boolean {
  const { k, dst, reach, queueLength, reachRow, lastAllowed, stopOk, nextOk } = round;
  const n = w.stops;
  const row = k * n;
  const prev = row - n;
  const { arrival, ridePattern, rideTrip, rideBoard, rideAlight, ready, best } = w;
  const { markedBus, busList, queued, queue } = w;
  const { patternStart, patternStops, tripStart, patternTimes, times } = net;
  const reachReady = reach === undefined ? ready : reach.ready;
  let busCount = round.busCount;
  let cap = round.cap;
  let scanned = 0;
  let q = round.next;
  for (; q < queueLength && scanned < POSITIONS_PER_YIELD; q++) {
    const p = queue[q] as number;
    const from = queued[p] as number;
    queued[p] = -1;
    const first = patternStart[p] as number;
    const length = (patternStart[p + 1] as number) - first;
    const tripFirst = tripStart[p] as number;
    // The pattern's trips, and where its times at position `from` start (a position's times
    // are `width` apart).
    const width = (tripStart[p + 1] as number) - tripFirst;
    let at = (patternTimes[p] as number) + from * width;
    let last = length - 1;
    if (lastAllowed !== null) {
      last = lastAllowed[p] as number;
      if (last === UNKNOWN) {
        last = length - 1;
        while (
          last >= 0 &&
          (reachReady[reachRow + (patternStops[first + last] as number)] as number) === NEVER
        )
          last--;
        lastAllowed[p] = last;
        scanned += length - last;
      }
      if (last <= from) continue;
    }
    scanned += last - from + 1;
    // The trip ridden (its index in the pattern; -1: none) and where it was boarded.
    let trip = -1;
    let board = -1;
    for (let i = from; i <= last; i++, at += width) {
      const s = patternStops[first + i] as number;
      if (trip !== -1) {
        const t = times[at + trip] as number;
        // The trip only gets later along the pattern: past the cap it is dropped (a trip
        // boarded further on is found by the binary search as if it had been kept).
        if (t >= cap) trip = -1;
        else if (
          t < (best[s] as number) &&
          (reachRow === -1 || (reachReady[reachRow + s] as number) <= -t) &&
          (stopOk === null || stopOk[s] === 1)
        ) {
          const cell = row + s;
          arrival[cell] = t;
          ridePattern[cell] = p;
          rideTrip[cell] = tripFirst + trip;
          rideBoard[cell] = board;
          rideAlight[cell] = i;
          best[s] = t;
          if (s === dst && t < cap) cap = t;
          if (markedBus[s] === 0) {
            markedBus[s] = 1;
            busList[busCount++] = s;
          }
        }
      }
      if (i === last) break;
      const readyAt = ready[prev + s] as number;
      if (readyAt >= cap || (stopOk !== null && stopOk[s] === 0)) continue;
      // The first trip of the pattern leaving here at readyAt or later (trips never overtake):
      // before the one ridden, if it leaves here at readyAt or later.
      let hi = width;
      if (trip !== -1) {
        // Mostly the trip before it leaves too early: nothing to look for.
        if (
          readyAt > (times[at + trip] as number) ||
          trip === 0 ||
          (times[at + trip - 1] as number) < readyAt
        )
          continue;
        hi = trip - 1;
      }
      const end = trip === -1 ? width : trip;
      let lo = 0;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((times[at + mid] as number) < readyAt) lo = mid + 1;
        else hi = mid;
      }
      // Step-free: the first low-floor trip from there on (the pattern's end when none).
      if (nextOk !== null && lo < end) lo = (nextOk[tripFirst + lo] as number) - tripFirst;
      if (lo < end) {
        trip = lo;
        board = i;
      }
    }
  }
  round.next = q;
  round.busCount = busCount;
  round.cap = cap;
  return q === queueLength;
}

/** Round k's end: changes from each stop reached by bus, its own change time and its change places' walks. */
function endRound(net: Network, w: Workspace, round: Round): void {
  const { k, dst, busCount } = round;
  const row = k * w.stops;
  const { arrival, ready, readyRound, readyFrom, best, markedReady, markedBus, busList, readyList } = w;
  let readyCount = 0;
  const { changeMinutes, walkStart, walks } = net;
  const cap = Math.min(best[dst] as number, round.bound);
  const improve = (s: number, time: number, from: number) => {
    const cell = row + s;
    if (time >= (ready[cell] as number)) return;
    ready[cell] = time;
    readyRound[cell] = k;
    readyFrom[cell] = from;
    // Boarding at or after the cap reaches nothing that counts: the stop is not scanned from.
    if (time < cap && markedReady[s] === 0) {
      markedReady[s] = 1;
      readyList[readyCount++] = s;
    }
  };
  for (let b = 0; b < busCount; b++) {
    const s = busList[b] as number;
    markedBus[s] = 0;
    const t = arrival[row + s] as number;
    improve(s, t + (changeMinutes[s] as number), s);
    for (let e = walkStart[s] as number; e < (walkStart[s + 1] as number); e += 2)
      improve(walks[e] as number, t + (walks[e + 1] as number), s);
  }
  round.readyCount = readyCount;
}

/**
 * The journey reaching `dst` by the arrival set in round `setIn` (0: none), traced back through
 * the labels, as forward legs.
 */
function legsOf(net: Network, w: Workspace, dst: number, setIn: number): PlannedLeg[] {
  const n = w.stops;
  const legs: PlannedLeg[] = [];
  let s = dst;
  let round = setIn;
  while (round > 0) {
    // The arrival at s set in `round`, and the ride that made it.
    const cell = round * n + s;
    const p = w.ridePattern[cell] as number;
    const trip = w.rideTrip[cell] as number;
    const board = w.rideBoard[cell] as number;
    const alight = w.rideAlight[cell] as number;
    legs.push(legOf(net, p, trip, board, alight));
    const boardStop = net.patternStops[(net.patternStart[p] as number) + board] as number;
    // The time to board there that the ride took (from the round before), and the round that set it.
    const readyIn = w.readyRound[(round - 1) * n + boardStop] as number;
    const from = w.readyFrom[readyIn * n + boardStop] as number;
    if (from === -1) break;
    round = readyIn;
    s = from;
  }
  // Traced from the target back: the forward network's legs come last first.
  if (!net.reversed) legs.reverse();
  return legs;
}

function legOf(net: Network, p: number, trip: number, board: number, alight: number): PlannedLeg {
  const first = net.patternStart[p] as number;
  const tripFirst = net.tripStart[p] as number;
  const width = (net.tripStart[p + 1] as number) - tripFirst;
  const at = (i: number) =>
    net.times[(net.patternTimes[p] as number) + i * width + trip - tripFirst] as number;
  const stop = (i: number) => net.stopIds[net.patternStops[first + i] as number] as number;
  const ride = { tripId: net.tripIds[trip] as number, lineId: net.tripLines[trip] as number };
  return net.reversed
    ? {
        tripId: ride.tripId,
        lineId: ride.lineId,
        fromStopId: stop(alight),
        depart: -at(alight),
        toStopId: stop(board),
        arrive: -at(board),
      }
    : {
        tripId: ride.tripId,
        lineId: ride.lineId,
        fromStopId: stop(board),
        depart: at(board),
        toStopId: stop(alight),
        arrive: at(alight),
      };
}

/**
 * Where one can be ready to go on from each stop with at most j rides from `source` leaving at
 * `start` or later, with no target (nothing cut at a target's time), kept in a buffer of its own
 * per network and search space (a search's workspace is reused by the next search): the `Reach`
 * of every journey from `source` for searches the other way, valid until the next `reachFrom` on
 * `net` in the same space. Nothing
 * at `bound` or later is explored (what a search the other way could not be ready for).
 * `stepFree`: of step-free journeys only (see `search`).
 */
export function reachFrom(
  net: Network,
  source: number,
  start: number,
  maxRides: number,
  bound = NEVER,
  stepFree = false,
): Reach {
  return runSteps(reachFromSteps(SHARED, net, source, start, maxRides, bound, stepFree));
}

/** reachFrom in `space`, as steps that yield after each round. */
export function* reachFromSteps(
  space: SearchSpace,
  net: Network,
  source: number,
  start: number,
  maxRides: number,
  bound = NEVER,
  stepFree = false,
): Steps<Reach> {
  const { reach } = yield* searchSteps(
    space,
    net,
    source,
    null,
    start,
    maxRides,
    new Array<number>(maxRides + 1).fill(bound),
    undefined,
    stepFree,
  );
  const cells = (reach.lastRound + 1) * reach.stops;
  let buffer = space.reachBuffers.get(net);
  if (buffer === undefined || buffer.length < cells) {
    buffer = new Int32Array((maxRides + 1) * reach.stops);
    space.reachBuffers.set(net, buffer);
  }
  buffer.set(reach.ready.subarray(0, cells));
  return { ready: buffer, lastRound: reach.lastRound, rides: maxRides, stops: reach.stops };
}
