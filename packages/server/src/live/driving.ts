import {
  advanceProgress,
  DIRECTIONS,
  DomainError,
  foldText,
  formatTime,
  type LiveProgress,
  type LiveReport,
  liveTripState,
  nearestStops,
  type Position,
  parseTime,
  rankTripsToStart,
  refuseReport,
  scheduleRunsOn,
  serverMessage,
  startProgress,
} from '@bus/core';
import {
  endLiveTrip,
  type LiveObservedWrite,
  listSchedules,
  liveTripOf,
  openTripsOfUser,
  recordLiveReport,
  startLiveTrip,
} from '@bus/db';
import type { AuthorizedUser } from '../auth/authorize.ts';
import { publicDeparturesNear } from '../public-read/departures.ts';
import { type ReadContext, serviceDay, snapshotOf } from '../public-read/read-context.ts';
import { afterWaitingRequests } from '../riders-first.ts';
import type { LiveLayer } from './layer.ts';
import { type LiveTripPlan, liveTripPlan, stopPositionsOf } from './plans.ts';

/** A trip the drivers' page offers or follows. */
export interface DriveTrip {
  tripId: number;
  lineId: number;
  lineName: string;
  /** 'HH:MM' from the first stop (with the day's changed times). */
  departure: string;
  from: string;
  to: string;
  /** Metres from the phone to the first stop; null when either is not known. */
  metres: number | null;
  stops: { stopId: number; name: string; time: string; placed: boolean }[];
}

function driveTrip(plan: LiveTripPlan, names: Map<number, string>, metres: number | null): DriveTrip {
  const first = plan.visits[0];
  const last = plan.visits[plan.visits.length - 1];
  return {
    tripId: plan.tripId,
    lineId: plan.lineId,
    lineName: plan.lineName,
    departure: formatTime(first?.minute ?? 0),
    from: names.get(first?.stopId ?? 0) ?? '',
    to: names.get(last?.stopId ?? 0) ?? '',
    metres,
    stops: plan.visits.map((v) => ({
      stopId: v.stopId,
      name: names.get(v.stopId) ?? '',
      time: formatTime(v.minute),
      placed: v.position !== null,
    })),
  };
}

/** How many of the nearest stops the drivers' page looks at for trips starting there. */
const NEAR_STOPS = 6;
/** Farther than this a stop is not "near the phone". */
const NEAR_METRES = 3000;

/**
 * The trips about to start near the phone (issue 40): the day's departures (with its service
 * changes: a cancelled trip is not offered, a retimed one at its new time) from the stops
 * nearest to `here`, both directions, of trips that start there; ranked by core's
 * rankTripsToStart (nearest first stop, nearest departure time).
 */
export async function tripsNear(read: ReadContext, here: Position | null): Promise<DriveTrip[]> {
  const date = read.now.date;
  const [snapshot, placed] = await Promise.all([snapshotOf(read), stopPositionsOf(read)]);
  const stops = [...placed].map(([id, p]) => ({ id, name: snapshot.stopNames.get(id) ?? '', ...p }));
  if (here === null || stops.length === 0) return [];
  const near = nearestStops(stops, here, NEAR_STOPS).filter((n) => n.metres <= NEAR_METRES);
  const plans = new Map<number, LiveTripPlan>();
  for (const { stop } of near)
    for (const dir of DIRECTIONS) {
      const answer = await publicDeparturesNear(read, { from: stop.id, dir, date });
      for (const item of answer.items) {
        if (item.cancelled || item.notServed || plans.has(item.tripId)) continue;
        const plan = await liveTripPlan(read, item.tripId, date);
        if (typeof plan !== 'string' && plan.visits[0]?.stopId === stop.id) plans.set(item.tripId, plan);
      }
    }
  const ranked = rankTripsToStart(
    [...plans.values()].map((p) => ({
      tripId: p.tripId,
      firstStop: p.visits[0]?.position ?? null,
      departure: p.planned[0] ?? 0,
    })),
    here,
    read.clock().getTime(),
  );
  return ranked.map((r) => driveTrip(plans.get(r.tripId) as LiveTripPlan, snapshot.stopNames, r.metres));
}

/**
 * The trips of a line (its name as typed, any case or accents) leaving their first stop at
 * `time` today: for a driver whose phone has no position, or who knows their trip.
 */
export async function tripsByLineAndTime(
  read: ReadContext,
  line: string,
  time: string,
): Promise<DriveTrip[]> {
  const minute = parseTime(time);
  const wanted = foldText(line.trim());
  if (minute === null || wanted === '') return [];
  const date = read.now.date;
  const [snapshot, service] = await Promise.all([snapshotOf(read), serviceDay(read, date)]);
  const lineIds = [...snapshot.lines].filter(([, l]) => foldText(l.name) === wanted).map(([id]) => id);
  const found: DriveTrip[] = [];
  for (const lineId of lineIds)
    for (const schedule of await listSchedules(read.db.kysely, { lineId })) {
      if (!scheduleRunsOn(schedule, service.context)) continue;
      for (const trip of schedule.trips) {
        const plan = await liveTripPlan(read, trip.id, date);
        if (typeof plan !== 'string' && plan.visits[0]?.minute === minute)
          found.push(driveTrip(plan, snapshot.stopNames, null));
      }
    }
  return found;
}

/** A trip as today runs it, or the reason it cannot be driven (a clear error). */
async function planToDrive(read: ReadContext, tripId: number): Promise<LiveTripPlan> {
  const date = read.now.date;
  const plan = await liveTripPlan(read, tripId, date);
  if (plan === 'notFound') throw new DomainError('NOT_FOUND', serverMessage('tripNotFound', { id: tripId }));
  if (typeof plan === 'string')
    throw new DomainError('INVALID_INPUT', serverMessage('liveNotRunning', { tripId, date, why: plan }));
  return drivable(plan);
}

/** The plan, when a bus can be placed along it (its stops have map positions). */
function drivable(plan: LiveTripPlan): LiveTripPlan {
  if (!plan.path.placeable)
    throw new DomainError('INVALID_INPUT', serverMessage('liveRefused', { reason: 'noPositions' }));
  return plan;
}

/** A driver starts a trip (any other they had started ends). */
export async function startDriving(
  layer: LiveLayer,
  read: ReadContext,
  driver: AuthorizedUser,
  tripId: number,
): Promise<DriveTrip> {
  const plan = await planToDrive(read, tripId);
  startLiveTrip(layer.live, {
    tripId,
    serviceDate: plan.serviceDate,
    source: 'phone',
    userId: driver.id,
    vehicle: null,
    lineId: plan.lineId,
    at: read.clock().getTime(),
  });
  layer.touched();
  return driveTrip(plan, (await snapshotOf(read)).stopNames, null);
}

/** The trip a driver is driving now, if any. */
export async function currentDriving(
  layer: LiveLayer,
  read: ReadContext,
  driver: AuthorizedUser,
): Promise<(DriveTrip & { passed: number; ended: boolean }) | null> {
  const open = openTripsOfUser(layer.live, driver.id).find((t) => t.serviceDate === read.now.date);
  if (open === undefined) return null;
  const plan = await liveTripPlan(read, open.tripId, open.serviceDate);
  if (typeof plan === 'string') return null;
  return {
    ...driveTrip(plan, (await snapshotOf(read)).stopNames, null),
    passed: open.progress?.passed ?? 0,
    ended: open.progress?.ended ?? false,
  };
}

/** What the drivers' page shows after a report. */
export interface ReportAnswer {
  /** How many stops the bus has left. */
  passed: number;
  /** The trip reached its last stop and is over. */
  ended: boolean;
  /** Seconds late at the next stop (negative: early). */
  delaySeconds: number | null;
}

/**
 * A position from a driver's phone (issue 40): refused with a clear reason and nothing stored
 * (core's refuseReport: too far, too fast, clock off, too often; a trip not started by this
 * driver today), else placed along the trip (core's advanceProgress) and stored with the stops
 * it has left, in one transaction.
 */
export async function reportPosition(
  layer: LiveLayer,
  read: ReadContext,
  driver: AuthorizedUser,
  input: { tripId: number } & LiveReport,
): Promise<ReportAnswer> {
  // Checked and read (the account, the input) before; placed and stored after the riders'
  // requests that came in meanwhile (riders-first.ts).
  await afterWaitingRequests();
  const started = performance.now();
  const date = read.now.date;
  const trip = liveTripOf(layer.live, input.tripId, date);
  if (trip === undefined || trip.endedAt !== null || trip.userId !== driver.id) {
    layer.counted('phone', 'refused', (performance.now() - started) / 1000);
    throw new DomainError('INVALID_INPUT', serverMessage('liveNotStarted', { tripId: input.tripId }));
  }
  // The plan the live state holds for the followed trip (nearly always): no wait, so nothing else
  // runs between the report's arrival and its answer.
  const atHand = layer.planNow(read, input.tripId, date);
  const plan = atHand ? drivable(atHand) : await planToDrive(read, input.tripId);
  return acceptReport(layer, read, plan, trip.progress, input, 'phone', started);
}

/** A report that passed who-may-send: checked by the rules, placed and stored (phones and feeds). */
export function acceptReport(
  layer: LiveLayer,
  read: ReadContext,
  plan: LiveTripPlan,
  before: LiveProgress | null,
  report: LiveReport,
  source: 'phone' | 'feed' = 'phone',
  /** When handling the report began (performance.now()), for the operator's figures. */
  started = performance.now(),
): ReportAnswer {
  const now = read.clock().getTime();
  const refusal = refuseReport(plan.path, before ?? undefined, report, now);
  if (refusal !== undefined) {
    layer.counted(source, 'refused', (performance.now() - started) / 1000);
    throw new DomainError('INVALID_INPUT', serverMessage('liveRefused', { reason: refusal }));
  }
  const progress =
    before === null
      ? startProgress(plan.path, plan.visits, report)
      : advanceProgress(plan.path, plan.visits, before, report);
  const observed: LiveObservedWrite[] = [];
  for (let i = 0; i < progress.passed; i++) {
    const at = progress.observed[i];
    // A stop passed by this report is written even when its instant is the one seen while the
    // bus stood there (set by an earlier report); one passed before, only when it changed.
    const newlyPassed = before === null || i >= before.passed;
    if (at === null || at === undefined || (!newlyPassed && at === before?.observed[i])) continue;
    const visit = plan.visits[i];
    if (visit !== undefined)
      observed.push({
        idx: visit.index,
        stopId: visit.stopId,
        plannedAt: plan.planned[i] ?? at,
        observedAt: at,
      });
  }
  recordLiveReport(
    layer.live,
    { tripId: plan.tripId, serviceDate: plan.serviceDate, lineId: plan.lineId },
    progress,
    {
      at: report.at,
      receivedAt: now,
      lat: report.lat,
      lon: report.lon,
      accuracy: report.accuracy,
      heading: report.heading,
    },
    observed,
  );
  layer.touched();
  layer.counted(source, 'accepted', (performance.now() - started) / 1000);
  const { delaySeconds } = liveTripState(plan.visits.length, plan.planned, progress, now);
  return { passed: progress.passed, ended: progress.ended, delaySeconds };
}

/** The driver's Stop: the trip is no longer followed. */
export function stopDriving(
  layer: LiveLayer,
  read: ReadContext,
  driver: AuthorizedUser,
  tripId: number,
): void {
  const trip = liveTripOf(layer.live, tripId, read.now.date);
  if (trip === undefined || trip.userId !== driver.id || trip.endedAt !== null)
    throw new DomainError('INVALID_INPUT', serverMessage('liveNotStarted', { tripId }));
  endLiveTrip(layer.live, tripId, read.now.date, read.clock().getTime());
  layer.touched();
}
