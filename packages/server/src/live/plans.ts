import {
  type BoundFor,
  type LivePath,
  type LiveVisit,
  livePath,
  type Position,
  type RouteType,
  scheduleRunsOn,
  travelOrder,
  tripOnDay,
  vilniusInstant,
} from '@bus/core';
import { findScheduleIdByTrip, listAllStops, listSchedules, tripTimesOf } from '@bus/db';
import type { LRUCache } from 'lru-cache';
import { boundedCache, type CacheBound } from '../public-read/kept-answers.ts';
import {
  changesOn,
  generationKey,
  type ReadContext,
  serviceDay,
  snapshotOf,
  snapshotReader,
} from '../public-read/read-context.ts';

/**
 * A trip as it runs on one service date, in the terms live buses need (issue 40): its visits
 * with the day's changed times and closed stops left out (core's tripOnDay, the rule every
 * answer applies), its stops' map positions and the path through them. Kept per data
 * generation and date: an admin save or an import makes new plans.
 */
export interface LiveTripPlan {
  tripId: number;
  serviceDate: string;
  lineId: number;
  lineName: string;
  routeType: RouteType;
  routeId: number;
  scheduleId: number;
  boundFor: BoundFor;
  /** What the day's changes make of it ('' regular; see tripOnDay): its trip_id in /gtfs.zip that day. */
  variant: string;
  visits: LiveVisit[];
  path: LivePath;
  /** Planned instant of each visit. */
  planned: number[];
}

/** Why a trip cannot be followed on a date. */
export type NoPlan = 'notFound' | 'notRunning' | 'cancelled';

/**
 * Plans kept per generation, at most PLANS of them (least recently used out first): any visitor
 * may ask timetable.liveTrip about any trip id, and a plan is kept for an unknown one too.
 */
const PLANS: CacheBound<Promise<LiveTripPlan | NoPlan>> = { entries: 20_000, size: 20_000, sizeOf: () => 1 };
const plans = new WeakMap<object, LRUCache<string, Promise<LiveTripPlan | NoPlan>>>();
const positions = new WeakMap<object, Promise<Map<number, Position>>>();

/** The plan of `tripId` on `date` (kept per generation), or why there is none. */
export function liveTripPlan(
  read: ReadContext,
  tripId: number,
  date: string,
): Promise<LiveTripPlan | NoPlan> {
  const key = generationKey(read);
  let kept = plans.get(key);
  if (kept === undefined) {
    kept = boundedCache(PLANS);
    plans.set(key, kept);
  }
  const name = `${tripId}|${date}`;
  let plan = kept.get(name);
  if (plan === undefined) {
    plan = makePlan(read, tripId, date);
    kept.set(name, plan);
    // A failure is not kept: the next report asks again.
    plan.catch(() => kept.delete(name));
  }
  return plan;
}

/** Every stop's map position of the request's generation. */
export function stopPositionsOf(read: ReadContext): Promise<Map<number, Position>> {
  const key = generationKey(read);
  let kept = positions.get(key);
  if (kept === undefined) {
    kept = listAllStops(read.db.kysely).then(
      (stops) => new Map(stops.flatMap((s) => (s.position === null ? [] : [[s.id, s.position] as const]))),
    );
    positions.set(key, kept);
  }
  return kept;
}

async function makePlan(read: ReadContext, tripId: number, date: string): Promise<LiveTripPlan | NoPlan> {
  const snapshot = await snapshotOf(read);
  const times = tripTimesOf(snapshotReader(read).reader, tripId);
  const drawn = times && snapshot.routeStops.get(times.routeId);
  const scheduleId = await findScheduleIdByTrip(read.db.kysely, tripId);
  const schedule =
    scheduleId === undefined
      ? undefined
      : (await listSchedules(read.db.kysely, { scheduleIds: [scheduleId] }))[0];
  const trip = schedule?.trips.find((t) => t.id === tripId);
  const line = schedule && snapshot.lines.get(schedule.lineId);
  if (times === undefined || drawn === undefined || schedule === undefined || trip === undefined || !line)
    return 'notFound';
  const [service, day, placed] = await Promise.all([
    serviceDay(read, date),
    changesOn(read, date),
    stopPositionsOf(read),
  ]);
  if (!scheduleRunsOn(schedule, service.context)) return 'notRunning';
  const travel = travelOrder(drawn, times.reversed);
  const on = tripOnDay(day, tripId, travel, times.minutes);
  if (!on.runs) return 'cancelled';
  const visits: LiveVisit[] = on.visits.map((v) => ({ ...v, position: placed.get(v.stopId) ?? null }));
  return {
    tripId,
    serviceDate: date,
    lineId: schedule.lineId,
    lineName: line.name,
    routeType: line.routeType,
    routeId: times.routeId,
    scheduleId: schedule.id,
    boundFor: trip.boundFor,
    variant: on.variant,
    visits,
    path: livePath(visits),
    planned: visits.map((v) => vilniusInstant(date, v.minute)),
  };
}
