import {
  type ChangeRules,
  changesNothing,
  type DayNetwork,
  DomainError,
  dateWindow,
  dayRidesSteps,
  formatTime,
  type PackedTimetable,
  type PlanQueryInput,
  parseTime,
  planJourneysSteps,
  ridesNetworkSteps,
  runningSchedulesSteps,
  runningWays,
  runStepsInSlices,
  type Steps,
  serverMessage,
} from '@bus/core';
import { beginRead, changeRulesOf, type OpenedDatabase, openReader, plannerTimetableSteps } from '@bus/db';
import { LRUCache } from 'lru-cache';
import { WorkGate } from '../auth/sign-in-guards.ts';
import { boundedCache } from './kept-answers.ts';
import {
  changesOn,
  generationKey,
  type ReadContext,
  serviceDay,
  snapshotOf,
  snapshotReader,
} from './read-context.ts';

/**
 * The journey planner's answer (timetable.plan, issue 30): core's planner on the day's network.
 *
 * What it needs is built once per data generation and kept with it (dropped with it when the
 * data moves): the whole timetable as the planner reads it (packed in typed arrays, a few tens
 * of megabytes at national scale) and the changes between buses, then per day the network of
 * the trips that run. Which trips run comes from the two rules every
 * public answer follows: the service day (serviceDay, scheduleRunsOn) and the date's service
 * changes (changesOn, tripOnDay). Dates that run the same schedules and change nothing share
 * one network. Both builds run in slices of a few milliseconds (seconds of work at national
 * scale, which would otherwise stall every other request), and the requests that come meanwhile
 * wait for the one build under way.
 */

export interface PlannedLegAnswer {
  tripId: number;
  lineId: number;
  lineName: string;
  fromStopId: number;
  depart: string;
  toStopId: number;
  arrive: string;
}

export interface JourneysAnswer {
  journeys: { depart: string; arrive: string; changes: number; legs: PlannedLegAnswer[] }[];
  /** The names of the stops the journeys name, for the page. */
  stops: { id: number; name: string }[];
  /**
   * Only when step-free journeys were asked for (issue 41): whether each of the two stops is
   * marked step-free. One that is not (marked "no", or not known) is never boarded or left in a
   * step-free journey, so with it there is none; the page says which.
   */
  stepFree?: { from: boolean; to: boolean };
}

interface PlannerData {
  timetable: PackedTimetable;
  rules: ChangeRules;
  /**
   * Each date's network key: the ways of running that run on it (the same ones run the same
   * schedules), with the date itself when it has changes.
   */
  keys: LRUCache<string, string>;
  /**
   * The networks by key, built or being built: a national one is tens of megabytes, so only two
   * are kept, and a build pushed out before it ends is called off (its memory goes with it).
   */
  networks: LRUCache<string, KeptNetwork>;
}

/** A day's network, built or being built, how to call its build off, and the plans waiting for it. */
interface KeptNetwork {
  network: Promise<DayNetwork>;
  build: AbortController;
  users: number;
  evicted: boolean;
}

const DAY_KEYS = { entries: 400, size: 400, sizeOf: () => 1 };
/** Day networks kept per generation. */
const NETWORKS_KEPT = 2;

/**
 * The dates a journey can be planned for, around today (Vilnius): a week back (a trip just
 * made), a year ahead. Outside them: 400 (planDateOutsideWindow). Each new date may build a
 * network, seconds of work at national scale: no request may ask for centuries of them.
 */
export const PLAN_WINDOW = { daysBefore: 7, daysAfter: 366 } as const;

/**
 * Journeys planned at once per database, and how many more may wait; beyond that a request is
 * refused at once with 503 and Retry-After (planBusy), so a planning flood cannot pile up work,
 * memory and wait behind the departures everyone else asks for.
 */
export const PLANS_AT_ONCE = 2;
export const PLANS_WAITING = 8;
/** What a refused plan is told to wait. */
export const PLAN_RETRY_SECONDS = 5;
const planGates = new WeakMap<OpenedDatabase['sqlite'], WorkGate>();

function planGateOf(db: OpenedDatabase): WorkGate {
  let gate = planGates.get(db.sqlite);
  if (gate === undefined) {
    gate = new WorkGate(PLANS_AT_ONCE, PLANS_WAITING);
    planGates.set(db.sqlite, gate);
  }
  return gate;
}

/**
 * Planning's share of the event loop: what the planner computed here in the last second (the
 * searches, the networks' slices, the running schedules of a date) is counted, and once it
 * reaches this fraction a new plan is refused at once (planBusy, 503 with Retry-After), so the
 * departures everyone else asks for keep the rest of the loop whatever a flood of planners does
 * (pnpm bench measures it, town and national). A build under way goes on in its slices (each
 * lets others run), so a quiet server plans at full speed.
 */
export const PLAN_SHARE = 0.2;
const SHARE_WINDOW_MS = 1000;

/** The time planning took on the event loop in the last SHARE_WINDOW_MS. */
export class LoopShare {
  private readonly spans: { at: number; ms: number }[] = [];
  private total = 0;

  constructor(
    private readonly share: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  add(ms: number): void {
    this.spans.push({ at: this.now(), ms });
    this.total += ms;
  }

  /** Milliseconds spent in the window. */
  get used(): number {
    const since = this.now() - SHARE_WINDOW_MS;
    while (this.spans.length > 0 && (this.spans[0] as { at: number }).at < since)
      this.total -= (this.spans.shift() as { ms: number }).ms;
    return Math.max(0, this.total);
  }

  get full(): boolean {
    return this.used >= this.share * SHARE_WINDOW_MS;
  }

  /** Forgets what was spent (pnpm bench times the planner's own speed, query after query). */
  clear(): void {
    this.spans.length = 0;
    this.total = 0;
  }

  /** Times a piece of synchronous planning work. */
  timed<T>(work: () => T): T {
    const start = this.now();
    try {
      return work();
    } finally {
      this.add(this.now() - start);
    }
  }
}

const shares = new WeakMap<OpenedDatabase['sqlite'], LoopShare>();

export function planShareOf(db: OpenedDatabase): LoopShare {
  let share = shares.get(db.sqlite);
  if (share === undefined) {
    share = new LoopShare(PLAN_SHARE);
    shares.set(db.sqlite, share);
  }
  return share;
}

/** The planner's queue of a database now (tests). */
export function planLoad(db: OpenedDatabase): { running: number; waiting: number } {
  return planGateOf(db).load;
}

/** The generations' planner data, built or being built (requests meanwhile share the one build). */
const planners = new WeakMap<object, Promise<PlannerData>>();

/** A build's slice runs at most about this long before it lets others run (as a whole snapshot read). */
const SLICE_MS = 5;

/** Lets timers, I/O and the requests that arrived meanwhile run (setImmediate: after I/O callbacks). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How the planner's builds pause between slices, per database (tests hold one: pausePlannerBuildsWith). */
const pauses = new WeakMap<OpenedDatabase['sqlite'], () => Promise<void>>();

/** How many planner data builds were started per database (plannerBuildsStarted). */
const builds = new WeakMap<OpenedDatabase['sqlite'], number>();

/**
 * Tests: the planner's builds on `db` pause with `pause` after every step, however short (null:
 * back to slices of SLICE_MS and nextTurn).
 */
export function pausePlannerBuildsWith(db: OpenedDatabase, pause: (() => Promise<void>) | null): void {
  if (pause === null) pauses.delete(db.sqlite);
  else pauses.set(db.sqlite, pause);
}

/** How many times the planner's data was built for the database (once per generation, however many ask). */
export function plannerBuildsStarted(db: OpenedDatabase): number {
  return builds.get(db.sqlite) ?? 0;
}

/**
 * Runs a build in slices of SLICE_MS, pausing between them as the database's builds do; once
 * `signal` is aborted the build stops at its next pause (AbortError).
 */
async function inSlices<T>(read: ReadContext, steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  const held = pauses.get(read.db.sqlite);
  const pause = held ?? nextTurn;
  const share = planShareOf(read.db);
  let counted = performance.now();
  // A build that follows another (or what led to it) in a slice already spent starts after a turn.
  if (held === undefined && counted - sliceStart() > SLICE_MS) {
    await nextTurn();
    signal?.throwIfAborted();
    counted = performance.now();
    sliceStart();
  }
  return runStepsInSlices(steps, {
    due: () => held !== undefined || performance.now() - sliceStart() > SLICE_MS,
    pause: async () => {
      share.add(performance.now() - counted);
      signal?.throwIfAborted();
      await pause();
      signal?.throwIfAborted();
      counted = performance.now();
      sliceStart();
    },
  });
}

/**
 * Runs a plan's searches in slices of SLICE_MS with a turn of the event loop between them (a
 * national plan may take tens of milliseconds): every slice, the last one too, counts in
 * planning's share of the loop.
 */
async function planned<T>(read: ReadContext, steps: Steps<T>): Promise<T> {
  const share = planShareOf(read.db);
  let counted = performance.now();
  // A plan that follows its network's build in a slice already spent starts after a turn.
  if (counted - sliceStart() > SLICE_MS) {
    await nextTurn();
    counted = performance.now();
    sliceStart();
  }
  try {
    return await runStepsInSlices(steps, {
      due: () => performance.now() - sliceStart() > SLICE_MS,
      pause: async () => {
        share.add(performance.now() - counted);
        await nextTurn();
        counted = performance.now();
        sliceStart();
      },
    });
  } finally {
    share.add(performance.now() - counted);
  }
}

/** When the planner's work running now began, until the event loop next takes a turn. */
let slice: number | null = null;

/**
 * The start of the slice of planner work running now: builds and a plan that follow one another
 * without a turn of the event loop in between (the day's rides after the timetable, the
 * network after them, the first plan after its network) share one slice, so together they
 * hold the loop no longer than one.
 */
function sliceStart(): number {
  if (slice === null) {
    slice = performance.now();
    // Runs once the work under way and what it leads to without a turn are done.
    setImmediate(() => {
      slice = null;
    });
  }
  return slice;
}

/** Networks of one generation: two kept, and a build pushed out while it runs is called off. */
function networkCache(): LRUCache<string, KeptNetwork> {
  return new LRUCache<string, KeptNetwork>({
    max: NETWORKS_KEPT,
    // A build nobody waits for is called off at once; one a plan waits for ends for that plan.
    dispose: (kept) => {
      kept.evicted = true;
      if (kept.users === 0) kept.build.abort();
    },
  });
}

/**
 * The generation's planner data, read at first use in slices: the national timetable is seconds
 * of reading, and the event loop answers others meanwhile. The slices read one state of the data:
 * through the generation's connection when it is held at the generation's state (an import
 * running), else on a read-only connection of its own inside one read transaction (as a whole
 * snapshot read), whatever others commit in between. An in-memory database (tests) has no other
 * connection: its pages are read on its own, between which only this process writes.
 */
function plannerData(read: ReadContext): Promise<PlannerData> {
  const generation = generationKey(read);
  let data = planners.get(generation);
  if (data === undefined) {
    const { reader: generationReader, held } = snapshotReader(read);
    builds.set(read.db.sqlite, plannerBuildsStarted(read.db) + 1);
    data = (async () => {
      const own = held || read.db.sqlite.memory ? null : openReader(read.db.sqlite.name);
      try {
        if (own !== null) beginRead(own);
        const reader = own?.sqlite ?? generationReader;
        const timetable = await inSlices(read, plannerTimetableSteps(reader));
        return {
          timetable,
          rules: changeRulesOf(reader),
          keys: boundedCache(DAY_KEYS),
          networks: networkCache(),
        };
      } finally {
        own?.sqlite.close();
      }
    })();
    planners.set(generation, data);
    // A failed build is not kept: the next request tries again.
    data.catch(() => {
      if (planners.get(generation) === data) planners.delete(generation);
    });
  }
  return data;
}

/** The network of the trips running on `date`, built once per generation and running set. */
export async function dayNetwork(read: ReadContext, date: string): Promise<DayNetwork> {
  // What leads to a build counts in its first slice.
  sliceStart();
  const kept = await keptNetwork(read, date);
  kept.users += 1;
  try {
    return await kept.network;
  } finally {
    kept.users -= 1;
    if (kept.evicted && kept.users === 0) kept.build.abort();
  }
}

async function keptNetwork(read: ReadContext, date: string): Promise<KeptNetwork> {
  const [service, changes, data] = await Promise.all([
    serviceDay(read, date),
    changesOn(read, date),
    plannerData(read),
  ]);
  const share = planShareOf(read.db);
  let key = data.keys.get(date);
  let ways: { runs: Uint8Array; key: string } | null = null;
  if (key === undefined) {
    ways = share.timed(() => runningWays(data.timetable, service.context));
    key = changesNothing(changes) ? ways.key : `${date}|${ways.key}`;
    data.keys.set(date, key);
  }
  const kept = data.networks.get(key);
  if (kept !== undefined) return kept;
  const { runs } = ways ?? share.timed(() => runningWays(data.timetable, service.context));
  const build = new AbortController();
  const built = (async () => {
    const schedules = await inSlices(read, runningSchedulesSteps(data.timetable, runs), build.signal);
    const rides = await inSlices(read, dayRidesSteps(data.timetable, schedules, changes), build.signal);
    return inSlices(read, ridesNetworkSteps(rides, data.rules, data.timetable.stepFreeStops), build.signal);
  })();
  const networks = data.networks;
  const entry: KeptNetwork = { network: built, build, users: 0, evicted: false };
  networks.set(key, entry);
  const networkKey = key;
  built.catch(() => {
    if (networks.get(networkKey) === entry) networks.delete(networkKey);
  });
  return entry;
}

/**
 * The journeys of a query: a date outside PLAN_WINDOW is refused (INVALID_INPUT), unknown stops
 * too (NOT_FOUND, naming the stop); with PLANS_AT_ONCE planning and PLANS_WAITING waiting, or
 * planning's share of the event loop (PLAN_SHARE) used up, the next is refused at once
 * (UNAVAILABLE, 503 with Retry-After).
 */
export async function planJourneysAnswer(read: ReadContext, input: PlanQueryInput): Promise<JourneysAnswer> {
  const today = read.now.date;
  const window = dateWindow(today, PLAN_WINDOW);
  if (input.date < window.from || input.date > window.to)
    throw new DomainError('INVALID_INPUT', serverMessage('planDateOutsideWindow', window));
  const snapshot = await snapshotOf(read);
  for (const id of [input.from, input.to])
    if (!snapshot.stopNames.has(id))
      throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id }));
  const answer = planShareOf(read.db).full
    ? null
    : await planGateOf(read.db).run(() => plannedJourneys(read, input, snapshot));
  if (answer === null)
    throw new DomainError('UNAVAILABLE', serverMessage('planBusy'), {
      retryAfterSeconds: PLAN_RETRY_SECONDS,
    });
  return answer;
}

async function plannedJourneys(
  read: ReadContext,
  input: PlanQueryInput,
  snapshot: Awaited<ReturnType<typeof snapshotOf>>,
): Promise<JourneysAnswer> {
  const network = await dayNetwork(read, input.date);
  const stepFree = input.stepFree === true;
  const journeys = await planned(
    read,
    planJourneysSteps(network, {
      from: input.from,
      to: input.to,
      time: parseTime(input.time) as number,
      arriveBy: input.arriveBy ?? false,
      ...(stepFree ? { stepFree } : {}),
    }),
  );
  // The generation's planner data: built by now (the network came from it).
  const marked = stepFree ? (await plannerData(read)).timetable.stepFreeStops : null;
  const stopIds = new Set<number>();
  return {
    journeys: journeys.map((j) => ({
      depart: formatTime(j.depart),
      arrive: formatTime(j.arrive),
      changes: j.changes,
      legs: j.legs.map((l) => {
        stopIds.add(l.fromStopId);
        stopIds.add(l.toStopId);
        return {
          tripId: l.tripId,
          lineId: l.lineId,
          lineName: snapshot.lines.get(l.lineId)?.name ?? '',
          fromStopId: l.fromStopId,
          depart: formatTime(l.depart),
          toStopId: l.toStopId,
          arrive: formatTime(l.arrive),
        };
      }),
    })),
    stops: [...stopIds].sort((a, b) => a - b).map((id) => ({ id, name: snapshot.stopNames.get(id) ?? '' })),
    ...(marked === null
      ? {}
      : { stepFree: { from: marked.includes(input.from), to: marked.includes(input.to) } }),
  };
}
