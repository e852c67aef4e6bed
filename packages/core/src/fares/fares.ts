import { resizeDistances } from '../domain.ts';

/**
 * What a ride costs (issue 41): the rules staff set per line, valid from a date, and the price
 * of a ride from one stop of a route to a later one. Money is in whole cents (euro cents), never
 * in floating euros; distances are in metres, as the route variations keep them.
 *
 * - A **flat** fare: one price for any ride on the line (city lines).
 * - **By distance**: a price per kilometre of the ride, or a table of distance bands (the first
 *   band the ride's distance fits in), rounded to the cent step staff choose (half up: 1.25 €
 *   on a 10-cent step is 1.30 €) and never below the minimum fare.
 * - **Pair fares** override both for a pair of stops of the line, in either direction (a return
 *   ride costs the same).
 * - A ride the rules do not price is `notSet`, with the reason, never a made-up number: no rule
 *   in force on the date, a route without the distances a distance fare needs, a ride longer than
 *   the last band.
 */

/** How a line's fare is worked out (the part a price list changes). */
export type FareMethod =
  | { kind: 'flat'; cents: number }
  | { kind: 'perKm'; centsPerKm: number }
  | {
      kind: 'bands';
      /** Ascending by `upToMeters`: a ride of up to `upToMeters` (inclusive) costs `cents`. */
      bands: readonly FareBand[];
    };

export interface FareBand {
  upToMeters: number;
  cents: number;
}

/** A pair of stops of the line with a fare of its own (either direction). */
export interface PairFare {
  fromStopId: number;
  toStopId: number;
  cents: number;
}

/** One line's price list, in force from `validFrom` until the next one of the line starts. */
export interface FareRule {
  id: number;
  lineId: number;
  /** 'YYYY-MM-DD', the first day it is in force. */
  validFrom: string;
  method: FareMethod;
  /** A distance fare is rounded to a multiple of this many cents (1: to the cent). */
  roundingCents: number;
  /** A distance fare is never below this (0: no minimum). */
  minimumCents: number;
  pairs: readonly PairFare[];
}

/** A concession category: riders entitled to it pay `percent` % of the fare. */
export interface Concession {
  id: number;
  nameLt: string;
  nameEn: string;
  /** The share of the fare paid, 0-100. */
  percent: number;
}

/** A route variation's stops in travel order with the distance from each to the next (metres; null: not known). */
export interface FareRoute {
  stopIds: readonly number[];
  /** One fewer than the stops; null where staff have not entered the distance. */
  distances: readonly (number | null)[];
}

export type FareNotSetReason =
  /** The line has no price list in force on the date. */
  | 'noRule'
  /** A distance fare, and the route lacks a distance between the two stops. */
  | 'noDistance'
  /** Longer than the last distance band. */
  | 'beyondBands'
  /** Not a ride: the stops are not on the route in this order. */
  | 'notARide';

export type FareBasis = 'flat' | 'perKm' | 'bands' | 'pair';

export type RidePrice =
  | {
      kind: 'priced';
      cents: number;
      basis: FareBasis;
      /** The ride's length when the route knows it (the whole of it), else null. */
      distanceMeters: number | null;
      ruleId: number;
    }
  | { kind: 'notSet'; reason: FareNotSetReason };

/**
 * The line's price list in force on `date` ('YYYY-MM-DD'): the one with the latest `validFrom`
 * not after it; undefined before the first.
 */
export function fareRuleOn(rules: readonly FareRule[], lineId: number, date: string): FareRule | undefined {
  let found: FareRule | undefined;
  for (const rule of rules) {
    if (rule.lineId !== lineId || rule.validFrom > date) continue;
    if (found === undefined || rule.validFrom > found.validFrom) found = rule;
  }
  return found;
}

/** `cents` rounded half up to a multiple of `step` (a step below 1 is taken as 1). */
export function roundToStep(cents: number, step: number): number {
  const unit = Math.max(1, Math.round(step));
  // The per-km product may carry float noise (0.1 * 3 km): trimmed before rounding.
  const exact = Math.round(cents * 1e6) / 1e6;
  return Math.floor(exact / unit + 0.5) * unit;
}

/** The distance from the `from`-th stop of the route to the `to`-th; null when a leg is not known. */
export function rideDistance(route: FareRoute, from: number, to: number): number | null {
  let total = 0;
  for (let i = from; i < to; i++) {
    const leg = route.distances[i];
    if (leg === null || leg === undefined || !Number.isFinite(leg) || leg < 0) return null;
    total += leg;
  }
  return total;
}

/**
 * The fare of a ride on `route` from its `from`-th stop to its `to`-th (indices: a loop route
 * may pass a stop twice), under `rule` (the one in force on the ride's date; undefined: none).
 */
export function priceRide(rule: FareRule | undefined, route: FareRoute, from: number, to: number): RidePrice {
  const fromStop = route.stopIds[from];
  const toStop = route.stopIds[to];
  if (fromStop === undefined || toStop === undefined || from >= to)
    return { kind: 'notSet', reason: 'notARide' };
  if (rule === undefined) return { kind: 'notSet', reason: 'noRule' };
  const distance = rideDistance(route, from, to);
  const pair = rule.pairs.find(
    (p) =>
      (p.fromStopId === fromStop && p.toStopId === toStop) ||
      (p.fromStopId === toStop && p.toStopId === fromStop),
  );
  if (pair !== undefined)
    return { kind: 'priced', cents: pair.cents, basis: 'pair', distanceMeters: distance, ruleId: rule.id };
  const method = rule.method;
  if (method.kind === 'flat')
    return { kind: 'priced', cents: method.cents, basis: 'flat', distanceMeters: distance, ruleId: rule.id };
  if (distance === null) return { kind: 'notSet', reason: 'noDistance' };
  let raw: number;
  if (method.kind === 'perKm') raw = (distance / 1000) * method.centsPerKm;
  else {
    const band = method.bands.find((b) => distance <= b.upToMeters);
    if (band === undefined) return { kind: 'notSet', reason: 'beyondBands' };
    raw = band.cents;
  }
  const cents = Math.max(rule.minimumCents, roundToStep(raw, rule.roundingCents));
  return { kind: 'priced', cents, basis: method.kind, distanceMeters: distance, ruleId: rule.id };
}

/**
 * The fare between two stops of a route, by stop id: the first time the route reaches `fromStopId`
 * and the first time after it that it reaches `toStopId`.
 */
export function priceBetween(
  rule: FareRule | undefined,
  route: FareRoute,
  fromStopId: number,
  toStopId: number,
): RidePrice {
  const from = route.stopIds.indexOf(fromStopId);
  const to = from === -1 ? -1 : route.stopIds.indexOf(toStopId, from + 1);
  if (from === -1 || to === -1) return { kind: 'notSet', reason: 'notARide' };
  return priceRide(rule, route, from, to);
}

/** A route variation as the fare of a ride on it may be priced: its id, and its stops and distances in the way driven. */
export interface FareCandidate {
  routeId: number;
  route: FareRoute;
}

/**
 * A route variation as the fare rules read it, as drawn or driven backwards: a distance list of
 * another length than its gaps (imported routes often have none) is cut or padded with unknowns.
 */
export function fareRouteOf(
  route: { stopIds: readonly number[]; distanceMeters: readonly (number | null)[] },
  reversed: boolean,
): FareRoute {
  const stopIds = [...route.stopIds];
  const distances = resizeDistances(route.distanceMeters, stopIds.length);
  return reversed ? { stopIds: stopIds.reverse(), distances: distances.reverse() } : { stopIds, distances };
}

/** What a ride on a line may be priced on: each of its routes, in order, as drawn and backwards (buses drive it both ways). */
export function lineFareCandidates(
  routes: readonly { id: number; stopIds: readonly number[]; distanceMeters: readonly (number | null)[] }[],
): FareCandidate[] {
  return routes.flatMap((route) => [
    { routeId: route.id, route: fareRouteOf(route, false) },
    { routeId: route.id, route: fareRouteOf(route, true) },
  ]);
}

/**
 * The fare of a ride from `fromStopId` to `toStopId` on the first candidate that prices it, else
 * on the first that has the ride (not set, with the reason); undefined when none has it. The
 * site's answer for a line (timetable.fare) and the GTFS feed's fare rules are both this.
 */
export function priceOnRoutes(
  rule: FareRule | undefined,
  candidates: readonly FareCandidate[],
  fromStopId: number,
  toStopId: number,
): { price: RidePrice; routeId: number } | undefined {
  let found: { price: RidePrice; routeId: number } | undefined;
  for (const { routeId, route } of candidates) {
    const price = priceBetween(rule, route, fromStopId, toStopId);
    if (price.kind === 'notSet' && price.reason === 'notARide') continue;
    if (price.kind === 'priced') return { price, routeId };
    found ??= { price, routeId };
  }
  return found;
}

/** What a concession rider pays of `cents`: `percent` % of it, to the cent (half up). */
export function concessionCents(cents: number, percent: number): number {
  return roundToStep((cents * percent) / 100, 1);
}

/** The fare and what each concession pays of it. */
export function withConcessions(
  cents: number,
  concessions: readonly Concession[],
): { concessionId: number; cents: number }[] {
  return concessions.map((c) => ({ concessionId: c.id, cents: concessionCents(cents, c.percent) }));
}

/** Every ride of the route with its price: the fare table (a triangle, `table[from][to]`, to > from). */
export function fareTable(rule: FareRule | undefined, route: FareRoute): RidePrice[][] {
  return route.stopIds.map((_, from) =>
    route.stopIds.map((_, to) => (to > from ? priceRide(rule, route, from, to) : notARide)),
  );
}
const notARide: RidePrice = { kind: 'notSet', reason: 'notARide' };

/**
 * Where a longer ride costs less than a shorter one from the same stop (the timetable check):
 * each pair (from, to) whose fare is below the fare of (from, to - k) for some shorter ride.
 * Only priced rides are compared.
 */
export function fallingFares(
  rule: FareRule | undefined,
  route: FareRoute,
): { from: number; shorterTo: number; longerTo: number; shorterCents: number; longerCents: number }[] {
  const found: ReturnType<typeof fallingFares> = [];
  for (let from = 0; from < route.stopIds.length; from++) {
    let highest: { to: number; cents: number } | undefined;
    for (let to = from + 1; to < route.stopIds.length; to++) {
      const price = priceRide(rule, route, from, to);
      if (price.kind !== 'priced') continue;
      if (highest !== undefined && price.cents < highest.cents)
        found.push({
          from,
          shorterTo: highest.to,
          longerTo: to,
          shorterCents: highest.cents,
          longerCents: price.cents,
        });
      if (highest === undefined || price.cents > highest.cents) highest = { to, cents: price.cents };
    }
  }
  return found;
}

/** '1,20 €' (Lithuanian) or '€1.20' (English). */
export function formatEuros(cents: number, language: 'lt' | 'en'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return language === 'lt' ? `${sign}${euros},${rest} €` : `${sign}€${euros}.${rest}`;
}
