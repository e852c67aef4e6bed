import {
  addDays,
  formatTime,
  type LivePunctualityInput,
  type PunctualityReport,
  parseTime,
  punctualityTables,
  scheduleRunsOn,
  travelOrder,
  tripOnDay,
  vilniusInstant,
} from '@bus/core';
import { listSchedules, listUsers, observedBetween } from '@bus/db';
import {
  changesOn,
  generationKey,
  type ReadContext,
  serviceDay,
  snapshotOf,
} from '../public-read/read-context.ts';
import type { LiveLayer } from './layer.ts';

/*
 * What staff see of live buses (issue 40, the admin board's "Live" page): the buses in service
 * now with who drives them, the trips that should be running but send nothing, and the
 * punctuality report from the observed stop times. Read only; the public never sees a driver.
 */

/** A bus in service now: followed today, not at its last stop yet, heard from within 3 minutes. */
export interface LiveNowBus {
  tripId: number;
  lineId: number;
  lineName: string;
  /** 'HH:MM' it leaves its first stop (with the day's changed times). */
  departure: string;
  from: string;
  /** Its last stop. */
  to: string;
  source: 'phone' | 'feed';
  /** The driver's account name (a phone); null for a tracker's feed, or once the name is forgotten (LIVE_KEEP_DAYS). */
  driver: string | null;
  /** The tracker's vehicle label (a feed); null for a phone. */
  vehicle: string | null;
  /** Whole minutes late (negative: early), to the nearest minute. */
  delayMinutes: number | null;
  /** Seconds since its last position. */
  positionAge: number;
  /** The stop it stands at or goes to next. */
  nextStop: { stopId: number; name: string; at: boolean } | null;
}

/** A trip planned to be between its first and its last stop now that sends no position. */
export interface LiveNowMissing {
  tripId: number;
  lineId: number;
  lineName: string;
  departure: string;
  /** 'HH:MM' at its last stop. */
  arrival: string;
  from: string;
  to: string;
  /** Seconds since it last reported today, when it was followed and went quiet or was stopped; null: never today. */
  lastReportAge: number | null;
}

export interface LiveNow {
  /** The server's now (ISO instant), and its Vilnius date and 'HH:MM'. */
  at: string;
  date: string;
  time: string;
  /** By line name, then departure. */
  inService: LiveNowBus[];
  /** By departure, then line name. */
  noLiveData: LiveNowMissing[];
}

/** A trip of the day as it runs (the day's changes applied): its line, first and last visit. */
interface DayTrip {
  tripId: number;
  lineId: number;
  first: { stopId: number; minute: number };
  last: { stopId: number; minute: number };
}

const dayTrips = new WeakMap<object, Map<string, Promise<DayTrip[]>>>();

/**
 * Every trip that runs on `date` by the rules every answer follows (the service day's
 * schedules, the day's service changes through core's tripOnDay: a cancelled trip is not one,
 * a retimed one runs at its new times). Kept per data generation and date.
 */
function tripsOfDay(read: ReadContext, date: string): Promise<DayTrip[]> {
  const key = generationKey(read);
  let kept = dayTrips.get(key);
  if (kept === undefined) {
    kept = new Map();
    dayTrips.set(key, kept);
  }
  let trips = kept.get(date);
  if (trips === undefined) {
    trips = makeDayTrips(read, date);
    // Only today's is asked for: one date at a time is enough.
    kept.clear();
    kept.set(date, trips);
    trips.catch(() => kept.delete(date));
  }
  return trips;
}

async function makeDayTrips(read: ReadContext, date: string): Promise<DayTrip[]> {
  const [snapshot, service, day] = await Promise.all([
    snapshotOf(read),
    serviceDay(read, date),
    changesOn(read, date),
  ]);
  const found: DayTrip[] = [];
  for (const lineId of snapshot.lines.keys())
    for (const schedule of await listSchedules(read.db.kysely, { lineId })) {
      if (!scheduleRunsOn(schedule, service.context)) continue;
      for (const trip of schedule.trips) {
        const drawn = snapshot.routeStops.get(trip.routeId);
        if (drawn === undefined) continue;
        const travel = travelOrder(drawn, trip.routeDirReversed);
        const planned = travel.map((_, i) => {
          const time = trip.timeList[i];
          return time === null || time === undefined ? null : parseTime(time);
        });
        const on = tripOnDay(day, trip.id, travel, planned);
        if (!on.runs) continue;
        const first = on.visits[0];
        const last = on.visits[on.visits.length - 1];
        if (first === undefined || last === undefined || on.visits.length < 2) continue;
        found.push({
          tripId: trip.id,
          lineId,
          first: { stopId: first.stopId, minute: first.minute },
          last: { stopId: last.stopId, minute: last.minute },
        });
      }
    }
  return found;
}

/** Lithuanian order, numbers by value ('M2' before 'M10'). */
const byName = (a: string, b: string) => a.localeCompare(b, 'lt', { numeric: true });

/**
 * The buses in service now and the trips without live data (admin.live.now). A trip "should be
 * running" from the minute it leaves its first stop to the minute it reaches its last (today,
 * Vilnius, with the day's changes); it has no live data when it is not followed, or its last
 * position is more than 3 minutes old (core's LIVE_STALE_MS, the riders' rule), or its driver stopped it before its end.
 * A trip that reached its last stop early is done, not missing.
 */
export async function liveNow(layer: LiveLayer, read: ReadContext): Promise<LiveNow> {
  const now = read.clock().getTime();
  const date = read.now.date;
  const [snapshot, users, trips] = await Promise.all([
    snapshotOf(read),
    listUsers(read.db.kysely),
    tripsOfDay(read, date),
  ]);
  const names = snapshot.stopNames;
  const userNames = new Map(users.map((u) => [u.id, u.username]));
  const lineName = (id: number) => snapshot.lines.get(id)?.name ?? `#${id}`;
  const stopName = (id: number) => names.get(id) ?? `#${id}`;
  const dayTrip = new Map(trips.map((t) => [t.tripId, t]));

  const inService: LiveNowBus[] = [];
  /** Trips followed today that count as live or done: not missing. */
  const accounted = new Set<number>();
  /** When each trip followed today last reported. */
  const lastReport = new Map<number, number>();
  for (const trip of layer.trips()) {
    if (trip.serviceDate !== date || trip.progress === null) continue;
    lastReport.set(trip.tripId, trip.progress.lastAt);
    if (trip.progress.ended) accounted.add(trip.tripId);
    if (trip.endedAt !== null) continue;
    const entry = await layer.entry(read, trip.tripId, date);
    if (entry === undefined) continue;
    const prediction = layer.predict(entry, now);
    if (prediction.ended) accounted.add(trip.tripId);
    if (prediction.stale || prediction.ended) continue;
    accounted.add(trip.tripId);
    const first = entry.plan.visits[0];
    const last = entry.plan.visits[entry.plan.visits.length - 1];
    const next = prediction.stops.find((s) => s.status !== 'passed');
    inService.push({
      tripId: trip.tripId,
      lineId: entry.plan.lineId,
      lineName: entry.plan.lineName,
      departure: formatTime(first?.minute ?? 0),
      from: stopName(first?.stopId ?? 0),
      to: stopName(last?.stopId ?? 0),
      source: trip.source,
      driver: trip.userId === null ? null : (userNames.get(trip.userId) ?? null),
      vehicle: trip.vehicle,
      delayMinutes: prediction.delaySeconds === null ? null : Math.round(prediction.delaySeconds / 60) + 0,
      positionAge: prediction.positionAge,
      nextStop:
        next === undefined
          ? null
          : { stopId: next.stopId, name: stopName(next.stopId), at: next.status === 'at' },
    });
  }
  inService.sort((a, b) => byName(a.lineName, b.lineName) || a.departure.localeCompare(b.departure));

  const minute = read.now.minutes;
  const noLiveData: LiveNowMissing[] = [];
  for (const trip of dayTrip.values()) {
    if (trip.first.minute > minute || trip.last.minute < minute || accounted.has(trip.tripId)) continue;
    const last = lastReport.get(trip.tripId);
    noLiveData.push({
      tripId: trip.tripId,
      lineId: trip.lineId,
      lineName: lineName(trip.lineId),
      departure: formatTime(trip.first.minute),
      arrival: formatTime(trip.last.minute),
      from: stopName(trip.first.stopId),
      to: stopName(trip.last.stopId),
      lastReportAge: last === undefined ? null : Math.max(0, Math.round((now - last) / 1000)),
    });
  }
  noLiveData.sort(
    (a, b) => a.departure.localeCompare(b.departure) || byName(a.lineName, b.lineName) || a.tripId - b.tripId,
  );
  const time = formatTime(minute);
  return { at: new Date(now).toISOString(), date, time, inService, noLiveData };
}

/**
 * The punctuality report (admin.live.punctuality): the stop times observed with a planned time
 * within the period's dates (Vilnius midnight to midnight, both dates included), counted by
 * core's punctualityTables with the given bounds, with the lines' and stops' names of now (a
 * line or stop deleted since shows its id).
 */
export async function livePunctuality(
  layer: LiveLayer,
  read: ReadContext,
  input: LivePunctualityInput,
): Promise<PunctualityReport> {
  const from = vilniusInstant(input.from, 0);
  const until = vilniusInstant(addDays(input.until, 1), 0);
  const tables = punctualityTables(observedBetween(layer.live, from, until), input);
  const snapshot = await snapshotOf(read);
  const lineName = (id: number) => snapshot.lines.get(id)?.name ?? `#${id}`;
  const stopName = (id: number) => snapshot.stopNames.get(id) ?? `#${id}`;
  return {
    from: input.from,
    until: input.until,
    earlyMinutes: input.earlyMinutes,
    lateMinutes: input.lateMinutes,
    total: tables.total,
    byLine: tables.byLine
      .map((row) => ({ ...row, lineName: lineName(row.lineId) }))
      .sort((a, b) => byName(a.lineName, b.lineName) || a.lineId - b.lineId),
    byHour: tables.byHour,
    byStop: tables.byStop
      .map((row) => ({ ...row, stopName: stopName(row.stopId) }))
      .sort((a, b) => byName(a.stopName, b.stopName) || a.stopId - b.stopId),
  };
}
