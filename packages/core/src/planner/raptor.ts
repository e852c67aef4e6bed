import type { Network } from './network.ts';
import type { PlannedLeg } from './types.ts';

/**
 * RAPTOR (Delling, Pajor, Werneck: "Round-Based Public Transit Routing", 2012): round k finds
 * the earliest arrival at every stop with at most k rides, scanning each pattern once from the
 * first stop where a better time to board was found in the round before. Exact: the arrival at
 * the target after round k is the earliest of every journey with at most k rides.
 *
 * Boarding at a stop reached by bus needs its minimum change time after the arrival; boarding
 * at a change place's other stop needs the walk. The start stop needs nothing.
 */

export const NEVER = 0x3fffffff;

/** The working arrays of a network's searches, made once and reused (a search is synchronous). */
interface Workspace {
  rounds: number;
  stops: number;
  /** Per round and stop (row k = round k): arrival by bus, and the ride that made it. */
  arrival: Int32Array;
  arrivalRound: Int32Array;
  ridePattern: Int32Array;
  rideTrip: Int32Array;
  rideBoard: Int32Array;
  rideAlight: Int32Array;
  /** Per round and stop: the earliest time to board there, the stop whose arrival gave it and its round. */
  ready: Int32Array;
  readyFrom: Int32Array;
  readyRound: Int32Array;
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
  /** Every per-round array above (round k starts as a copy of round k - 1). */
  rows: Int32Array[];
}

const workspaces = new WeakMap<Network, Workspace>();

function workspaceOf(net: Network, rounds: number): Workspace {
  const existing = workspaces.get(net);
  if (existing !== undefined && existing.rounds >= rounds) return existing;
  const stops = net.stopIds.length;
  const cells = (rounds + 1) * stops;
  const patterns = net.patternStart.length - 1;
  const [arrival, arrivalRound, ridePattern, rideTrip, rideBoard, rideAlight, ready, readyFrom, readyRound] =
    Array.from({ length: 9 }, () => new Int32Array(cells)) as [
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
    ];
  const workspace: Workspace = {
    rounds,
    stops,
    arrival,
    arrivalRound,
    ridePattern,
    rideTrip,
    rideBoard,
    rideAlight,
    ready,
    readyFrom,
    readyRound,
    rows: [arrival, arrivalRound, ridePattern, rideTrip, rideBoard, rideAlight, ready, readyFrom, readyRound],
    // One more than the stops: a search with no target has its target's best time there (never met).
    best: new Int32Array(stops + 1),
    markedReady: new Uint8Array(stops),
    markedBus: new Uint8Array(stops),
    busList: new Int32Array(stops),
    readyList: new Int32Array(stops),
    queued: new Int32Array(patterns).fill(-1),
    queue: new Int32Array(patterns),
  };
  workspaces.set(net, workspace);
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
 * up to `rides` (past it, unknown). Valid until the next search on the same network.
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
 * same; only what cannot be part of one is not explored.
 */
export function search(
  net: Network,
  source: number,
  target: number | null,
  start: number,
  maxRides: number,
  below: readonly number[] = [],
  reach?: Reach,
): SearchResult {
  const src = net.indexOf.get(source);
  const dst = target === null ? net.stopIds.length : net.indexOf.get(target);
  const arrivals = new Array<number>(maxRides + 1).fill(NEVER);
  if (src === undefined || dst === undefined || src === dst)
    return {
      arrivals,
      legs: () => [],
      reach: { ready: new Int32Array(0), lastRound: 0, rides: maxRides, stops: 0 },
    };
  const w = workspaceOf(net, maxRides);
  const n = w.stops;
  const used = (maxRides + 1) * n;
  w.arrival.fill(NEVER, 0, used);
  w.ready.fill(NEVER, 0, used);
  w.best.fill(NEVER);
  w.ready[src] = start;
  w.readyFrom[src] = -1;
  w.readyRound[src] = 0;
  let readyCount = 1;
  w.readyList[0] = src;

  const { patternStart, patternStops, tripStart, timeStart, times, stopPatternStart, stopPatterns } = net;
  let lastRound = 0;
  for (let k = 1; k <= maxRides && readyCount > 0; k++) {
    lastRound = k;
    const row = k * n;
    const prev = row - n;
    // Round k starts from round k - 1's labels (at most k rides includes fewer).
    for (const labels of w.rows) labels.copyWithin(row, prev, row);

    // The patterns through the stops that got a better time to board, from the earliest such position.
    let queueLength = 0;
    for (let r = 0; r < readyCount; r++) {
      const s = w.readyList[r] as number;
      w.markedReady[s] = 0;
      for (let e = stopPatternStart[s] as number; e < (stopPatternStart[s + 1] as number); e += 2) {
        const p = stopPatterns[e] as number;
        const position = stopPatterns[e + 1] as number;
        const at = w.queued[p] as number;
        if (at === -1) {
          w.queue[queueLength++] = p;
          w.queued[p] = position;
        } else if (position < at) w.queued[p] = position;
      }
    }

    let busCount = 0;
    const bound = below[k] ?? NEVER;
    // The other search's row of the rides left after this one (-1: no other search).
    const reachRow =
      reach === undefined || maxRides - k > reach.rides ? -1 : Math.min(maxRides - k, reach.lastRound) * n;
    const reachReady = reach?.ready;
    for (let q = 0; q < queueLength; q++) {
      const p = w.queue[q] as number;
      const from = w.queued[p] as number;
      w.queued[p] = -1;
      const first = patternStart[p] as number;
      const length = (patternStart[p + 1] as number) - first;
      const tripFirst = tripStart[p] as number;
      const tripEnd = tripStart[p + 1] as number;
      let trip = -1;
      let board = -1;
      for (let i = from; i < length; i++) {
        const s = patternStops[first + i] as number;
        // Nothing at or after the cap counts: neither the target's best time nor `bound` is beaten.
        const cap = Math.min(w.best[dst] as number, bound);
        if (trip !== -1) {
          const t = times[(timeStart[trip] as number) + i] as number;
          // The trip only gets later along the pattern: past the cap it is dropped (a trip
          // boarded further on is found by the binary search as if it had been kept).
          if (t >= cap) trip = -1;
          else if (
            t < (w.best[s] as number) &&
            (reachRow === -1 || ((reachReady as Int32Array)[reachRow + s] as number) <= -t)
          ) {
            const cell = row + s;
            w.arrival[cell] = t;
            w.arrivalRound[cell] = k;
            w.ridePattern[cell] = p;
            w.rideTrip[cell] = trip;
            w.rideBoard[cell] = board;
            w.rideAlight[cell] = i;
            w.best[s] = t;
            if (w.markedBus[s] === 0) {
              w.markedBus[s] = 1;
              w.busList[busCount++] = s;
            }
          }
        }
        if (i === length - 1) break;
        const readyAt = w.ready[prev + s] as number;
        if (readyAt >= cap) continue;
        if (trip !== -1 && readyAt > (times[(timeStart[trip] as number) + i] as number)) continue;
        // The first trip of the pattern leaving here at readyAt or later (trips never overtake).
        let lo = tripFirst;
        let hi = trip === -1 ? tripEnd : trip;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if ((times[(timeStart[mid] as number) + i] as number) < readyAt) lo = mid + 1;
          else hi = mid;
        }
        if (lo < (trip === -1 ? tripEnd : trip)) {
          trip = lo;
          board = i;
        }
      }
    }

    // Changes: from each stop reached by bus, its own change time and its change places' walks.
    readyCount = 0;
    const { changeMinutes, walkStart, walks } = net;
    const cap = Math.min(w.best[dst] as number, bound);
    const improve = (s: number, time: number, from: number) => {
      const cell = row + s;
      if (time >= (w.ready[cell] as number)) return;
      w.ready[cell] = time;
      w.readyFrom[cell] = from;
      w.readyRound[cell] = k;
      // Boarding at or after the cap reaches nothing that counts: the stop is not scanned from.
      if (time < cap && w.markedReady[s] === 0) {
        w.markedReady[s] = 1;
        w.readyList[readyCount++] = s;
      }
    };
    for (let b = 0; b < busCount; b++) {
      const s = w.busList[b] as number;
      w.markedBus[s] = 0;
      const t = w.arrival[row + s] as number;
      improve(s, t + (changeMinutes[s] as number), s);
      for (let e = walkStart[s] as number; e < (walkStart[s + 1] as number); e += 2)
        improve(walks[e] as number, t + (walks[e + 1] as number), s);
    }
    if (target !== null) arrivals[k] = w.arrival[row + dst] as number;
  }
  for (let k = 1; k <= maxRides; k++) if (arrivals[k] === NEVER) arrivals[k] = arrivals[k - 1] as number;
  // Clear what a round left marked when the search stopped early.
  for (let r = 0; r < readyCount; r++) w.markedReady[w.readyList[r] as number] = 0;

  return {
    arrivals,
    legs: (k) => legsOf(net, w, dst, Math.min(k, lastRound)),
    reach: { ready: w.ready, lastRound, rides: maxRides, stops: n },
  };
}

/** The journey reaching `dst` in round k, traced back through the labels, as forward legs. */
function legsOf(net: Network, w: Workspace, dst: number, k: number): PlannedLeg[] {
  const n = w.stops;
  const legs: PlannedLeg[] = [];
  let s = dst;
  let round = k;
  while (round > 0) {
    const cell = round * n + s;
    if ((w.arrival[cell] as number) === NEVER) return [];
    const setIn = w.arrivalRound[cell] as number;
    const p = w.ridePattern[cell] as number;
    const trip = w.rideTrip[cell] as number;
    const board = w.rideBoard[cell] as number;
    const alight = w.rideAlight[cell] as number;
    legs.push(legOf(net, p, trip, board, alight));
    const boardStop = net.patternStops[(net.patternStart[p] as number) + board] as number;
    const readyCell = (setIn - 1) * n + boardStop;
    const from = w.readyFrom[readyCell] as number;
    if (from === -1) break;
    round = w.readyRound[readyCell] as number;
    s = from;
  }
  // Traced from the target back: the forward network's legs come last first.
  if (!net.reversed) legs.reverse();
  return legs;
}

function legOf(net: Network, p: number, trip: number, board: number, alight: number): PlannedLeg {
  const first = net.patternStart[p] as number;
  const at = (i: number) => net.times[(net.timeStart[trip] as number) + i] as number;
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

const reachBuffers = new WeakMap<Network, Int32Array>();

/**
 * Where one can be ready to go on from each stop with at most j rides from `source` leaving at
 * `start` or later, with no target (nothing cut at a target's time), kept in a buffer of its own
 * per network (a search's workspace is reused by the next search): the `Reach` of every journey
 * from `source` for searches the other way, valid until the next `reachFrom` on `net`. Nothing
 * at `bound` or later is explored (what a search the other way could not be ready for).
 */
export function reachFrom(
  net: Network,
  source: number,
  start: number,
  maxRides: number,
  bound = NEVER,
): Reach {
  const { reach } = search(net, source, null, start, maxRides, new Array<number>(maxRides + 1).fill(bound));
  const cells = (reach.lastRound + 1) * reach.stops;
  let buffer = reachBuffers.get(net);
  if (buffer === undefined || buffer.length < cells) {
    buffer = new Int32Array((maxRides + 1) * reach.stops);
    reachBuffers.set(net, buffer);
  }
  buffer.set(reach.ready.subarray(0, cells));
  return { ready: buffer, lastRound: reach.lastRound, rides: maxRides, stops: reach.stops };
}
