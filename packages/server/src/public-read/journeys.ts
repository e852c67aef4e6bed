import {
  buildDayNetwork,
  type ChangeRules,
  changesNothing,
  type DayNetwork,
  DomainError,
  formatTime,
  type PlannerSchedule,
  type PlanQueryInput,
  parseTime,
  planJourneys,
  runningSchedules,
  runningTrips,
  serverMessage,
} from '@bus/core';
import { changeRulesOf, plannerTimetable } from '@bus/db';
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
 * one network.
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
  /** The networks by key: a national one is tens of megabytes, so only two are kept. */
  networks: LRUCache<string, DayNetwork>;
}

const DAY_KEYS = { entries: 400, size: 400, sizeOf: () => 1 };
const NETWORKS = { entries: 2, size: 2, sizeOf: () => 1 };

const planners = new WeakMap<Generation, PlannerData>();

/** The generation's planner data, read through its connection at first use. */
function plannerData(read: ReadContext): PlannerData {
  let data = planners.get(read.generation);
  if (data === undefined) {
    const { reader } = read.generation;
    data = {
      timetable: plannerTimetable(reader),
      rules: changeRulesOf(reader),
      keys: boundedCache(DAY_KEYS),
      networks: boundedCache(NETWORKS),
    };
    planners.set(read.generation, data);
  }
  return data;
}

/** The network of the trips running on `date`, built once per generation and running set. */
export async function dayNetwork(read: ReadContext, date: string): Promise<DayNetwork> {
  const [service, changes] = await Promise.all([serviceDay(read, date), changesOn(read, date)]);
  const data = plannerData(read);
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
    network = buildDayNetwork(runningTrips(schedules, changes), data.rules);
    data.networks.set(key, network);
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
