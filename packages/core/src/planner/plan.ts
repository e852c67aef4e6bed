import type { DayNetwork, Network } from './network.ts';
import { NEVER, type Reach, reachFromSteps, SearchSpace, searchSteps } from './raptor.ts';
import { runSteps, type Steps } from './steps.ts';
import { MAX_CHANGES, MAX_JOURNEYS, type PlannedJourney, type PlannedLeg, type PlanQuery } from './types.ts';

/**
 * How many rides back from the target the searches from the source are pruned with: a search's
 * rounds 2 to 4 (two rides or fewer left) are the costly ones, and a third ride back costs more
 * than it saves (national data: p50 5.0 ms with 2, 9.4 ms with 3, 19 ms with 4).
 */
const REACH_RIDES = 2;

/**
 * The journeys of a query on a day's network (issue 30).
 *
 * Leaving after a time: the earliest arrival with 1, 2, 3 and 4 rides (RAPTOR's rounds); each
 * that arrives earlier than every journey with fewer rides is Pareto-optimal by arrival and
 * changes. Each is then searched backwards from its arrival with as many rides, for the latest
 * departure that still arrives then, so no journey waits at the start when an equal one leaves
 * later. Then the next ones: the same again from a minute after the earliest departure found,
 * until there are MAX_JOURNEYS. Arriving by a time is the mirror image (the latest departures,
 * each then made to arrive as early as it can, then the ones before).
 *
 * What no journey can use is not explored: first, where the target can be reached from with one
 * or two rides (a search back from it, no earlier than the query's time); the searches from the
 * source leave out any stop reached too late to reach the target with the rides left. Each
 * search back then leaves out any stop the search from the source could not be ready at in time.
 *
 * Step-free only (`query.stepFree`, issue 41): every search of the plan is step-free (raptor.ts),
 * so the journeys are the same as on a day of only the low-floor trips, boarded and left only at
 * the stops marked step-free.
 */
export function planJourneys(network: DayNetwork, query: PlanQuery): PlannedJourney[] {
  return runSteps(planJourneysSteps(network, query));
}

/** The search spaces of a day's network free for the next plan (one per plan under way at once). */
const freeSpaces = new WeakMap<DayNetwork, SearchSpace[]>();

/**
 * planJourneys as steps that yield after each round of each search (see steps.ts), so a server
 * can let others run in between: a national plan is up to a dozen searches of four rounds. The
 * plan has a search space of its own while it runs, so plans under way at once do not share
 * working arrays; spaces are reused by the plans that come after.
 */
export function* planJourneysSteps(network: DayNetwork, query: PlanQuery): Steps<PlannedJourney[]> {
  let free = freeSpaces.get(network);
  if (free === undefined) {
    free = [];
    freeSpaces.set(network, free);
  }
  const space = free.pop() ?? new SearchSpace();
  try {
    return yield* planSteps(space, network, query);
  } finally {
    free.push(space);
  }
}

function* planSteps(space: SearchSpace, network: DayNetwork, query: PlanQuery): Steps<PlannedJourney[]> {
  const maxRides = MAX_CHANGES + 1;
  const [first, second] = query.arriveBy
    ? [network.backward, network.forward]
    : [network.forward, network.backward];
  const [source, target] = query.arriveBy ? [query.to, query.from] : [query.from, query.to];
  const found: PlannedJourney[] = [];
  const seen = new Set<string>();
  // In the first network's minutes (a backward network's are negated): where a journey starts
  // and ends as the first network sees it.
  let time = query.arriveBy ? -query.time : query.time;
  // Where one can still reach the target from, by rides left, leaving at the query's time or
  // later: every search from the source leaves out the rest.
  const stepFree = query.stepFree === true;
  const toTarget = yield* reachFromSteps(space, second, target, -NEVER, REACH_RIDES, -time + 1, stepFree);
  const startOf = (j: PlannedJourney) => (query.arriveBy ? -j.arrive : j.depart);
  const endOf = (j: PlannedJourney) => (query.arriveBy ? -j.depart : j.arrive);
  while (found.length < MAX_JOURNEYS) {
    // The journeys found that still start late enough: what a new one must beat, by rides.
    const below = Array.from({ length: maxRides + 1 }, (_, k) =>
      Math.min(NEVER, ...found.filter((j) => startOf(j) >= time && j.legs.length <= k).map(endOf)),
    );
    const front = yield* frontAt(
      space,
      first,
      second,
      source,
      target,
      time,
      maxRides,
      below,
      toTarget,
      stepFree,
    );
    front.sort((a, b) =>
      query.arriveBy
        ? b.depart - a.depart || a.changes - b.changes
        : a.arrive - b.arrive || a.changes - b.changes,
    );
    for (const journey of front) {
      const key = signature(journey);
      if (seen.has(key) || found.length >= MAX_JOURNEYS) continue;
      seen.add(key);
      found.push(journey);
    }
    // The Pareto front at this time, of the new journeys and the ones found before that still
    // start late enough; the next search starts a minute past its earliest start.
    const still = found.filter((j) => startOf(j) >= time);
    const current = paretoFront([...front, ...still], endOf);
    if (current.length === 0) break;
    time = Math.min(...current.map(startOf)) + 1;
  }
  return found.sort((a, b) => a.depart - b.depart || a.arrive - b.arrive || a.changes - b.changes);
}

/**
 * The Pareto front at `time` on `first` (by the time at the target and the rides), each journey
 * made tight on `second` (searched back from the target's time with as many rides).
 */
function* frontAt(
  space: SearchSpace,
  first: Network,
  second: Network,
  source: number,
  target: number,
  time: number,
  maxRides: number,
  below: readonly number[],
  toTarget: Reach,
  stepFree: boolean,
): Steps<PlannedJourney[]> {
  const {
    arrivals,
    legs: firstLegs,
    reach,
  } = yield* searchSteps(space, first, source, target, time, maxRides, below, toTarget, stepFree);
  const front: PlannedJourney[] = [];
  // Where each journey of the front starts, before it is made tight (the first search's labels
  // are read before the second network's search).
  const starts = arrivals.map((reached, k) => {
    if (k === 0 || reached === NEVER || reached >= (arrivals[k - 1] as number)) return null;
    const legs = firstLegs(k);
    const leg = (first.reversed ? legs[legs.length - 1] : legs[0]) as PlannedLeg | undefined;
    return leg === undefined ? null : first.reversed ? -leg.arrive : leg.depart;
  });
  for (let k = 1; k <= maxRides; k++) {
    const reached = arrivals[k] as number;
    const start = starts[k];
    if (start === null || start === undefined) continue;
    // Back from the time reached, with at most k rides: the tightest journey reaching it, which
    // starts no earlier than this one (so nothing earlier is explored).
    const back = yield* searchSteps(
      space,
      second,
      target,
      source,
      -reached,
      k,
      new Array<number>(k + 1).fill(-start + 1),
      reach,
      stepFree,
    );
    const legs = back.legs(k);
    if (legs.length > 0) front.push(journeyOf(legs));
  }
  return front;
}

/** The journeys no other beats by its end (earlier) and changes (no more), fewest changes first. */
function paretoFront(journeys: PlannedJourney[], endOf: (j: PlannedJourney) => number): PlannedJourney[] {
  const front: PlannedJourney[] = [];
  let bestEnd = NEVER;
  for (const j of [...journeys].sort((a, b) => a.changes - b.changes || endOf(a) - endOf(b))) {
    if (endOf(j) >= bestEnd) continue;
    front.push(j);
    bestEnd = endOf(j);
  }
  return front;
}

function journeyOf(legs: PlannedLeg[]): PlannedJourney {
  return {
    depart: (legs[0] as PlannedLeg).depart,
    arrive: (legs[legs.length - 1] as PlannedLeg).arrive,
    changes: legs.length - 1,
    legs,
  };
}

function signature(journey: PlannedJourney): string {
  return journey.legs
    .map((l) => `${l.tripId}:${l.fromStopId}:${l.depart}:${l.toStopId}:${l.arrive}`)
    .join('|');
}
