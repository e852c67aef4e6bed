import {
  changeAtRisk,
  DomainError,
  formatTime,
  type LiveStopState,
  serverMessage,
  vilniusTime,
} from '@bus/core';
import { type BoardAnswer, boardDepartures } from '../public-read/board.ts';
import { type DeparturesResult, publicDepartures } from '../public-read/departures.ts';
import { type JourneysAnswer, type PlannedLegAnswer, planJourneysAnswer } from '../public-read/journeys.ts';
import { type ReadContext, snapshotOf } from '../public-read/read-context.ts';
import { departureLive, type LiveDepartureItem, type LiveLayer, noteLiveAnswer } from './layer.ts';
import { liveTripPlan } from './plans.ts';

/** The public departures answer with live buses laid over today's (issue 40); other dates as they are. */
export async function liveDepartures(
  layer: LiveLayer,
  read: ReadContext,
  input: Parameters<typeof publicDepartures>[1],
): Promise<DeparturesResult & { items: LiveDepartureItem[] }> {
  const result = await publicDepartures(read, input);
  const { date, from } = result.query;
  const tripIds = result.items.map((i) => i.tripId);
  const visits = result.items.map((i) => ({ tripId: i.tripId, stopId: from, timeDepart: i.timeDepart }));
  const tag = date === read.now.date ? await layer.tagOf(read, date, tripIds, false, visits) : '';
  noteLiveAnswer(read, { date, tripIds, visits, tag });
  if (tag === '') return result;
  const items = await layer.departures(read, from, date, result.items);
  return items === undefined ? result : { ...result, items };
}

/**
 * The departure board's answer (issue 42) with live buses laid over each of its departures
 * answers for today, as liveDepartures lays them over the home's: the same expected times and
 * "departed" rule. Its live tag names every trip it shows.
 */
export async function liveBoard(
  layer: LiveLayer,
  read: ReadContext,
  input: Parameters<typeof boardDepartures>[1],
): Promise<BoardAnswer<DeparturesResult & { items: LiveDepartureItem[] }>> {
  const answer = await boardDepartures(read, input);
  const { date } = answer;
  const tripIds = [...new Set(answer.departures.flatMap((d) => d.result.items.map((i) => i.tripId)))];
  const visits = answer.departures.flatMap((d) =>
    d.result.items.map((i) => ({ tripId: i.tripId, stopId: d.stopId, timeDepart: i.timeDepart })),
  );
  const tag = date === read.now.date ? await layer.tagOf(read, date, tripIds, false, visits) : '';
  noteLiveAnswer(read, { date, tripIds, visits, tag });
  if (tag === '') return answer;
  const departures = [];
  for (const d of answer.departures) {
    const items = await layer.departures(read, d.stopId, date, d.result.items);
    departures.push(items === undefined ? d : { ...d, result: { ...d.result, items } });
  }
  return { ...answer, departures };
}

const hhmm = (instant: number) => formatTime(vilniusTime(instant + 30_000).minutes);

/** One stop of a followed trip, as the trip page shows it. */
export interface LiveTripStop {
  stopId: number;
  name: string;
  status: LiveStopState['status'];
  planned: string;
  /** When the bus left it ('HH:MM'); null until it has. */
  observed: string | null;
  expected: string;
}

/** Where a followed bus is now. */
export interface LiveVehicle {
  tripId: number;
  lineId: number;
  lineName: string;
  routeType: string;
  /** The trip's last stop. */
  headsign: string;
  lat: number;
  lon: number;
  /** Degrees clockwise from north; null: unknown. */
  bearing: number | null;
  delaySeconds: number | null;
  positionAge: number;
  /** The stop it stands at or goes to next; null once the trip is over. */
  nextStop: { stopId: number; name: string; at: boolean } | null;
}

/** The trip page's live part (timetable.liveTrip): null when the trip is not followed today. */
export interface LiveTripAnswer {
  tripId: number;
  serviceDate: string;
  live: {
    delaySeconds: number | null;
    noLiveData: boolean;
    positionAge: number;
    ended: boolean;
    vehicle: LiveVehicle | null;
    stops: LiveTripStop[];
  } | null;
}

export async function liveTripAnswer(
  layer: LiveLayer,
  read: ReadContext,
  tripId: number,
): Promise<LiveTripAnswer> {
  const date = read.now.date;
  const entry = await layer.entry(read, tripId, date);
  if (entry === undefined) {
    // A trip that does not exist is a 404, as the trip page's other answers say.
    if ((await liveTripPlan(read, tripId, date)) === 'notFound')
      throw new DomainError('NOT_FOUND', serverMessage('tripNotFound', { id: tripId }));
    return { tripId, serviceDate: date, live: null };
  }
  const snapshot = await snapshotOf(read);
  const prediction = layer.predict(entry);
  const names = snapshot.stopNames;
  return {
    tripId,
    serviceDate: date,
    live: {
      delaySeconds: prediction.delaySeconds,
      noLiveData: prediction.stale,
      positionAge: prediction.positionAge,
      ended: prediction.ended,
      vehicle:
        prediction.stale || prediction.ended ? null : ((await vehiclesOf(layer, read, [tripId]))[0] ?? null),
      stops: prediction.stops.map((s) => ({
        stopId: s.stopId,
        name: names.get(s.stopId) ?? '',
        status: s.status,
        planned: hhmm(s.planned),
        observed: s.observed === null ? null : hhmm(s.observed),
        expected: hhmm(s.expected),
      })),
    },
  };
}

/**
 * Every bus in service now (timetable.vehicles, the map, GTFS-Realtime): followed today, not at
 * its last stop yet, and heard from within 3 minutes. `only`: just these trips.
 */
export async function vehiclesOf(
  layer: LiveLayer,
  read: ReadContext,
  only?: readonly number[],
): Promise<LiveVehicle[]> {
  const date = read.now.date;
  const snapshot = await snapshotOf(read);
  const vehicles: LiveVehicle[] = [];
  for (const trip of layer.trips()) {
    if (trip.serviceDate !== date || trip.endedAt !== null || trip.progress === null) continue;
    if (only !== undefined && !only.includes(trip.tripId)) continue;
    const entry = await layer.entry(read, trip.tripId, date);
    if (entry === undefined) continue;
    const prediction = layer.predict(entry);
    if (prediction.stale || prediction.ended) continue;
    const next = prediction.stops.find((s) => s.status !== 'passed');
    const last = entry.plan.visits[entry.plan.visits.length - 1];
    vehicles.push({
      tripId: trip.tripId,
      lineId: entry.plan.lineId,
      lineName: entry.plan.lineName,
      routeType: entry.plan.routeType,
      headsign: snapshot.stopNames.get(last?.stopId ?? 0) ?? '',
      lat: trip.progress.lat,
      lon: trip.progress.lon,
      bearing: trip.progress.bearing,
      delaySeconds: prediction.delaySeconds,
      positionAge: prediction.positionAge,
      nextStop:
        next === undefined
          ? null
          : {
              stopId: next.stopId,
              name: snapshot.stopNames.get(next.stopId) ?? '',
              at: next.status === 'at',
            },
    });
  }
  return vehicles.sort((a, b) => a.lineName.localeCompare(b.lineName, 'lt') || a.tripId - b.tripId);
}

/** A journey's leg on a live bus: when it is expected to leave and arrive, and how late. */
export interface LegLive {
  expectedDepart: string;
  expectedArrive: string;
  /** Minutes late at the stop the rider gets off (negative: early); null without live data. */
  delayMinutes: number | null;
  /** The bus has already left the stop the rider gets on. */
  departed: boolean;
  noLiveData?: true;
}

export type LiveLeg = PlannedLegAnswer & {
  live?: LegLive;
  /** The bus before is expected after this one leaves: the change may be missed. */
  changeAtRisk?: true;
};

/**
 * The journey planner's answer with today's live buses laid over its legs (issue 40): each leg
 * on a followed bus carries its expected times and delay, and a change whose margin is less
 * than the bus before's delay (it is expected after the next one leaves) says it is at risk.
 */
export async function livePlan(
  layer: LiveLayer,
  read: ReadContext,
  input: Parameters<typeof planJourneysAnswer>[1],
): Promise<
  Omit<JourneysAnswer, 'journeys'> & {
    journeys: (JourneysAnswer['journeys'][number] & { legs: LiveLeg[] })[];
  }
> {
  const answer = await planJourneysAnswer(read, input);
  const date = input.date;
  const tripIds = [...new Set(answer.journeys.flatMap((j) => j.legs.map((l) => l.tripId)))];
  const tag = date === read.now.date ? await layer.tagOf(read, date, tripIds) : '';
  noteLiveAnswer(read, { date, tripIds, tag });
  if (tag === '') return answer;
  const journeys = [];
  for (const journey of answer.journeys) {
    const legs: LiveLeg[] = [];
    for (const [i, leg] of journey.legs.entries()) {
      const entry = await layer.entry(read, leg.tripId, date);
      let laid: LiveLeg = leg;
      if (entry !== undefined) {
        const now = layer.now();
        const on = departureLive(entry, now, leg.fromStopId, leg.depart);
        const off = departureLive(entry, now, leg.toStopId, leg.arrive);
        if (on !== undefined && off !== undefined)
          laid = {
            ...leg,
            live: {
              expectedDepart: on.expectedTime,
              expectedArrive: off.expectedTime,
              delayMinutes: off.delayMinutes,
              departed: on.departed,
              ...(off.noLiveData ? { noLiveData: true as const } : {}),
            },
          };
      }
      const before = legs[i - 1];
      if (
        before?.live !== undefined &&
        before.live.noLiveData !== true &&
        changeAtRisk(before.live.expectedArrive, laid.live?.expectedDepart ?? laid.depart)
      )
        laid = { ...laid, changeAtRisk: true };
      legs.push(laid);
    }
    journeys.push({ ...journey, legs });
  }
  return { ...answer, journeys };
}
