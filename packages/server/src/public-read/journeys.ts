import {
  type ChangeRules,
  changesNothing,
  type DayNetwork,
  DomainError,
  dayNetworkSteps,
  formatTime,
  type PlannerSchedule,
  type PlanQueryInput,
  parseTime,
  planJourneys,
  runningSchedules,
  runningTripsSteps,
  runStepsInSlices,
  type Steps,
  serverMessage,
} from '@bus/core';
import { beginRead, changeRulesOf, type OpenedDatabase, openReader, plannerTimetableSteps } from '@bus/db';
import type { LRUCache } from 'lru-cache';
import type { Generation } from './generation.ts';
import { boundedCache } from './kept-answers.ts';
import { changesOn, type ReadContext, serviceDay, snapshotFor } from './read-context.ts';

/**
 * The journey planner's answer (timetable.plan, issue 30): core's planner on the day's network.
 *
 * What it needs is built once per data generation and kept with it (dropped with it when the
 * data moves): the whole timetable as the planner reads it and the changes between buses, then
 * per day the network of the trips that run. Which trips run comes from the two rules every
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
}

interface PlannerData {
  timetable: PlannerSchedule[];
  rules: ChangeRules;
  /** Each date's network key (the schedules it runs; the date itself when it has changes). */
  keys: LRUCache<string, string>;
  /** The networks by key, built or being built: a national one is tens of megabytes, so only two are kept. */
  networks: LRUCache<string, Promise<DayNetwork>>;
}

const DAY_KEYS = { entries: 400, size: 400, sizeOf: () => 1 };
const NETWORKS = { entries: 2, size: 2, sizeOf: () => 1 };

/** The generations' planner data, built or being built (requests meanwhile share the one build). */
const planners = new WeakMap<Generation, Promise<PlannerData>>();

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

/** Runs a build in slices of SLICE_MS, pausing between them as the database's builds do. */
function inSlices<T>(read: ReadContext, steps: Steps<T>): Promise<T> {
  const held = pauses.get(read.db.sqlite);
  const pause = held ?? nextTurn;
  let sliceStart = performance.now();
  return runStepsInSlices(steps, {
    due: () => held !== undefined || performance.now() - sliceStart > SLICE_MS,
    pause: async () => {
      await pause();
      sliceStart = performance.now();
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
  let data = planners.get(read.generation);
  if (data === undefined) {
    const { generation } = read;
    builds.set(read.db.sqlite, plannerBuildsStarted(read.db) + 1);
    data = (async () => {
      const own = generation.held || read.db.sqlite.memory ? null : openReader(read.db.sqlite.name);
      try {
        if (own !== null) beginRead(own);
        const reader = own?.sqlite ?? generation.reader;
        const timetable = await inSlices(read, plannerTimetableSteps(reader));
        return {
          timetable,
          rules: changeRulesOf(reader),
          keys: boundedCache(DAY_KEYS),
          networks: boundedCache(NETWORKS),
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
  const [service, changes, data] = await Promise.all([
    serviceDay(read, date),
    changesOn(read, date),
    plannerData(read),
  ]);
  let key = data.keys.get(date);
  const running = key === undefined ? runningSchedules(data.timetable, service.context) : null;
  if (key === undefined) {
    const ids = (running as PlannerSchedule[]).map((s) => s.id).join(',');
    key = changesNothing(changes) ? ids : `${date}|${ids}`;
    data.keys.set(date, key);
  }
  let network = data.networks.get(key);
  if (network === undefined) {
    const schedules = running ?? runningSchedules(data.timetable, service.context);
    const built = (async () => {
      const trips = await inSlices(read, runningTripsSteps(schedules, changes));
      return inSlices(read, dayNetworkSteps(trips, data.rules));
    })();
    const networks = data.networks;
    const networkKey = key;
    networks.set(networkKey, built);
    built.catch(() => {
      if (networks.get(networkKey) === built) networks.delete(networkKey);
    });
    network = built;
  }
  return network;
}

/** The journeys of a query: unknown stops are refused (NOT_FOUND, naming the stop). */
export async function planJourneysAnswer(read: ReadContext, input: PlanQueryInput): Promise<JourneysAnswer> {
  const snapshot = await snapshotFor(read);
  for (const id of [input.from, input.to])
    if (!snapshot.stopNames.has(id))
      throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id }));
  const network = await dayNetwork(read, input.date);
  const journeys = planJourneys(network, {
    from: input.from,
    to: input.to,
    time: parseTime(input.time) as number,
    arriveBy: input.arriveBy ?? false,
  });
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
  };
}
