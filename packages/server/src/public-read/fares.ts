import {
  type Concession,
  concessionCents,
  DomainError,
  type FareBasis,
  type FareCandidate,
  type FareInput,
  type FareMethod,
  type FareNotSetReason,
  type FareRoute,
  type FareRule,
  type FareTableInput,
  fareRouteOf,
  fareRuleOn,
  fareTable,
  type JourneyLegFare,
  journeyConcessionCents,
  journeyFare,
  lineFareCandidates,
  parseTime,
  priceOnRoutes,
  type RidePrice,
  serverMessage,
} from '@bus/core';
import {
  findTripRoute,
  getLineInfo,
  hasFareRules,
  listConcessions,
  listFareRules,
  listRoutes,
  listThroughFares,
  type RouteWithStops,
} from '@bus/db';
import { checkPublicDate } from './date-window.ts';
import type { ReadContext } from './read-context.ts';

/**
 * What a ride costs, for visitors (issue 41): the fare of a ride between two stops of a trip or
 * a line on a date, and a line's fare table. The prices are core's (fares/fares.ts) under the
 * line's rule in force on the date; a ride the rules do not price is `notSet` with the reason,
 * never a made-up number. The answers are cached by data generation like every timetable.*
 * answer ('day' in TIMETABLE_CACHE): a fare save writes the history, which moves the tag.
 */

/** What one concession pays of the fare. */
export interface ConcessionPrice {
  id: number;
  nameLt: string;
  nameEn: string;
  /** The share of the fare paid, 0-100. */
  percent: number;
  cents: number;
}

export type FareAnswer =
  | {
      kind: 'priced';
      /** The full fare. */
      cents: number;
      basis: FareBasis;
      /** The ride's length when the route knows every distance of it, else null. */
      distanceMeters: number | null;
      lineId: number;
      /** The route variation the ride was priced on. */
      routeId: number;
      ruleId: number;
      /** The first day of the rule in force (the price list's date). */
      validFrom: string;
      date: string;
      concessions: ConcessionPrice[];
    }
  | {
      kind: 'notSet';
      reason: FareNotSetReason;
      lineId: number;
      /** null: no route of the line has the ride ('notARide'). */
      routeId: number | null;
      date: string;
    };

/** A route variation as the fare rules read it, driven forwards or backwards (core's fareRouteOf). */
function fareRouteOfRoute(route: RouteWithStops, reversed: boolean): FareRoute {
  return fareRouteOf(
    { stopIds: route.stops.map((s) => s.id), distanceMeters: route.distanceMeters },
    reversed,
  );
}

async function lineRoutes(read: ReadContext, lineId: number): Promise<RouteWithStops[]> {
  if (!(await getLineInfo(read.db.kysely, lineId)))
    throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  return listRoutes(read.db.kysely, { lineIds: [lineId] });
}

function onlyRoute(routes: RouteWithStops[], routeId: number | undefined): RouteWithStops[] {
  if (routeId === undefined) return routes;
  const route = routes.find((r) => r.id === routeId);
  if (!route) throw new DomainError('NOT_FOUND', serverMessage('routeNotOnLine', { id: routeId }));
  return [route];
}

async function ruleAndConcessions(
  read: ReadContext,
  lineId: number,
  date: string,
): Promise<{ rule: FareRule | undefined; concessions: Concession[] }> {
  const [rules, concessions] = await Promise.all([
    listFareRules(read.db.kysely, { lineIds: [lineId] }),
    listConcessions(read.db.kysely),
  ]);
  return { rule: fareRuleOn(rules, lineId, date), concessions };
}

/**
 * The fare of a ride from `fromStopId` to `toStopId` on `date` (today when none): on a trip's
 * route as the trip drives it, or on a line's routes (`routeId`'s only, when given), each tried
 * as it is drawn and backwards (buses drive it both ways), the first that prices the ride, else
 * the first that has it.
 */
export async function fareOf(read: ReadContext, input: FareInput): Promise<FareAnswer> {
  checkPublicDate(read, input.date);
  const date = input.date ?? read.now.date;
  let lineId: number;
  let candidates: FareCandidate[];
  if (input.tripId !== undefined) {
    const trip = await findTripRoute(read.db.kysely, input.tripId);
    if (!trip) throw new DomainError('NOT_FOUND', serverMessage('tripNotFound', { id: input.tripId }));
    lineId = trip.lineId;
    const route = (await listRoutes(read.db.kysely, { routeIds: [trip.routeId] }))[0];
    candidates = route ? [{ routeId: route.id, route: fareRouteOfRoute(route, trip.reversed) }] : [];
  } else {
    lineId = input.lineId as number;
    candidates = lineFareCandidates(
      onlyRoute(await lineRoutes(read, lineId), input.routeId).map((route) => ({
        id: route.id,
        stopIds: route.stops.map((s) => s.id),
        distanceMeters: route.distanceMeters,
      })),
    );
  }
  const { rule, concessions } = await ruleAndConcessions(read, lineId, date);
  // Core's rule, which the GTFS feed's fare rules follow too.
  const found = priceOnRoutes(rule, candidates, input.fromStopId, input.toStopId);
  if (found === undefined) return { kind: 'notSet', reason: 'notARide', lineId, routeId: null, date };
  const { price, routeId } = found;
  if (price.kind === 'notSet') return { kind: 'notSet', reason: price.reason, lineId, routeId, date };
  return {
    kind: 'priced',
    cents: price.cents,
    basis: price.basis,
    distanceMeters: price.distanceMeters,
    lineId,
    routeId,
    ruleId: price.ruleId,
    validFrom: (rule as FareRule).validFrom,
    date,
    concessions: concessions.map((c) => ({ ...c, cents: concessionCents(price.cents, c.percent) })),
  };
}

/** One ride of the fare table: its price, or why it has none. */
export type FareCell =
  | { kind: 'priced'; cents: number; basis: FareBasis; distanceMeters: number | null }
  | { kind: 'notSet'; reason: FareNotSetReason };

export interface FareTableRoute {
  routeId: number;
  routeNotes: string | null;
  /** The route's stops in order, as drawn. */
  stops: { id: number; name: string }[];
  /** Metres from each stop to the next (null: not known), one fewer than the stops. */
  distanceMeters: (number | null)[];
  /**
   * The triangle: `prices[i]` are the rides from stop i to each later stop, `prices[i][k]` the
   * ride to stop i + 1 + k (the last stop's row is empty). A ride back costs the same.
   */
  prices: FareCell[][];
}

export interface FareTableAnswer {
  lineId: number;
  date: string;
  /** The line's rule in force on the date (without its pairs: the cells show them); null: none. */
  rule: {
    id: number;
    validFrom: string;
    method: FareMethod;
    roundingCents: number;
    minimumCents: number;
  } | null;
  /** What each concession pays: `percent` % of a fare, to the cent (half up; core concessionCents). */
  concessions: Concession[];
  routes: FareTableRoute[];
}

function cellOf(price: RidePrice): FareCell {
  return price.kind === 'priced'
    ? { kind: 'priced', cents: price.cents, basis: price.basis, distanceMeters: price.distanceMeters }
    : { kind: 'notSet', reason: price.reason };
}

/** A line's fare table on `date` (today when none): of each of its routes, or of `routeId`'s. */
export async function fareTableOf(read: ReadContext, input: FareTableInput): Promise<FareTableAnswer> {
  checkPublicDate(read, input.date);
  const date = input.date ?? read.now.date;
  const routes = onlyRoute(await lineRoutes(read, input.lineId), input.routeId);
  const { rule, concessions } = await ruleAndConcessions(read, input.lineId, date);
  return {
    lineId: input.lineId,
    date,
    rule:
      rule === undefined
        ? null
        : {
            id: rule.id,
            validFrom: rule.validFrom,
            method: rule.method,
            roundingCents: rule.roundingCents,
            minimumCents: rule.minimumCents,
          },
    concessions,
    routes: routes.map((route) => {
      const fareRoute = fareRouteOfRoute(route, false);
      return {
        routeId: route.id,
        routeNotes: route.routeNotes,
        stops: route.stops.map((s) => ({ id: s.id, name: s.name })),
        distanceMeters: [...fareRoute.distances],
        prices: fareTable(rule, fareRoute).map((row, from) => row.slice(from + 1).map(cellOf)),
      };
    }),
  };
}

/** A journey's ticket as the planner shows it (core's JourneyTicket): a leg's own, or a through fare's. */
export type JourneyTicketAnswer =
  | { kind: 'leg'; legs: [number]; cents: number }
  | { kind: 'through'; legs: [number, number]; cents: number; throughFareId: number };

/**
 * A journey's fare (the planner): its tickets (each leg its own, or a through fare for two legs
 * in a row) summed, and what each concession pays, its share of each ticket.
 */
export type JourneyFare =
  | { kind: 'priced'; cents: number; concessions: ConcessionPrice[]; tickets: JourneyTicketAnswer[] }
  | { kind: 'notSet'; reason: FareNotSetReason };

/**
 * Each journey's fare on `date` (issue 41): every leg priced on its trip's route as the trip
 * drives it, under its line's rule; two legs in a row that a through fare in force prices, with
 * the change within its minutes, one ticket at the through fare (core's journeyFare); not set
 * when any leg is not (the first such leg's reason). Null for every journey while no price list
 * is stored at all: the planner then says nothing of fares, as before there were any.
 */
export async function journeyFares(
  read: ReadContext,
  date: string,
  journeys: readonly {
    legs: readonly { tripId: number; fromStopId: number; toStopId: number; depart: string; arrive: string }[];
  }[],
): Promise<(JourneyFare | null)[]> {
  if (!(await hasFareRules(read.db.kysely))) return journeys.map(() => null);
  const [throughFares, concessions] = await Promise.all([
    listThroughFares(read.db.kysely),
    listConcessions(read.db.kysely),
  ]);
  const legFares = new Map<string, FareAnswer>();
  const fareOfLeg = async (leg: { tripId: number; fromStopId: number; toStopId: number }) => {
    const key = `${leg.tripId}|${leg.fromStopId}|${leg.toStopId}`;
    let fare = legFares.get(key);
    if (fare === undefined) {
      fare = await fareOf(read, {
        tripId: leg.tripId,
        fromStopId: leg.fromStopId,
        toStopId: leg.toStopId,
        date,
      });
      legFares.set(key, fare);
    }
    return fare;
  };
  const fares: (JourneyFare | null)[] = [];
  for (const journey of journeys) {
    const legs: JourneyLegFare[] = [];
    for (const leg of journey.legs) {
      const fare = await fareOfLeg(leg);
      legs.push({
        lineId: fare.lineId,
        fromStopId: leg.fromStopId,
        toStopId: leg.toStopId,
        depart: parseTime(leg.depart) ?? 0,
        arrive: parseTime(leg.arrive) ?? 0,
        price:
          fare.kind === 'priced'
            ? {
                kind: 'priced',
                cents: fare.cents,
                basis: fare.basis,
                distanceMeters: fare.distanceMeters,
                ruleId: fare.ruleId,
              }
            : { kind: 'notSet', reason: fare.reason },
      });
    }
    const price = journeyFare(legs, throughFares, date);
    if (price.kind === 'notSet') {
      fares.push(price);
      continue;
    }
    fares.push({
      kind: 'priced',
      cents: price.cents,
      // A concession rider buys each ticket at the concession's share.
      concessions: concessions.map((c) => ({
        ...c,
        cents: journeyConcessionCents(price.tickets, c.percent),
      })),
      tickets: price.tickets,
    });
  }
  return fares;
}
