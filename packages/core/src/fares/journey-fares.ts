import { concessionCents, type FareNotSetReason, type RidePrice } from './fares.ts';

/**
 * What a journey of several legs costs (issue 41, the journey planner): each leg its own ticket,
 * unless staff set a **through fare** for two legs in a row.
 *
 * A through fare is one ticket for a journey that starts at a stop on a bus of one line and,
 * after a change, ends at a stop on a bus of another line, when the second bus leaves at most
 * `changeMinutes` after the first arrives. It holds both ways (the journey back, from the second
 * line's stop changing to the first line, costs the same, as a pair fare does), and is in force
 * from its date until the next through fare of the same journey starts, as a price list is.
 * It maps onto GTFS Fares v2 as a `fare_transfer_rules.txt` rule of `fare_transfer_type` 2 (the
 * transfer's product is the whole price) with a `duration_limit` from the first leg's arrival to
 * the second's departure (`duration_limit_type` 2): gtfs/fare-files.ts.
 *
 * A through fare does not price a leg the lines' own rules leave not set: such a journey's fare
 * stays not set. The through fare is what the lines sell for two rides they each price, and a
 * GTFS transfer rule applies only to legs the leg rules match.
 */
export interface ThroughFare {
  id: number;
  /** The first line, and the stop the journey starts at on it. */
  fromLineId: number;
  fromStopId: number;
  /** The second line, and the stop the journey ends at on it. */
  toLineId: number;
  toStopId: number;
  /** 'YYYY-MM-DD', the first day it is in force. */
  validFrom: string;
  /** The price of the whole journey. */
  cents: number;
  /** The most minutes from the first bus's arrival to the second bus's departure. */
  changeMinutes: number;
}

/** The journey a through fare prices: its two ends, each a line and a stop. */
export type ThroughJourney = Pick<ThroughFare, 'fromLineId' | 'fromStopId' | 'toLineId' | 'toStopId'>;

/**
 * The journey's key, the same both ways: the journey from A on line X to B on line Y and the one
 * from B on Y to A on X are one journey with one through fare at a time.
 */
export function throughJourneyKey(journey: ThroughJourney): string {
  const a = `${journey.fromLineId}:${journey.fromStopId}`;
  const b = `${journey.toLineId}:${journey.toStopId}`;
  return a < b ? `${a}>${b}` : `${b}>${a}`;
}

/** Whether a through fare prices a ride from `fromStopId` on line `firstLineId` changing to line `secondLineId` to `toStopId` (either way round). */
export function throughFareFits(
  fare: ThroughJourney,
  firstLineId: number,
  fromStopId: number,
  secondLineId: number,
  toStopId: number,
): boolean {
  return (
    (fare.fromLineId === firstLineId &&
      fare.fromStopId === fromStopId &&
      fare.toLineId === secondLineId &&
      fare.toStopId === toStopId) ||
    (fare.toLineId === firstLineId &&
      fare.toStopId === fromStopId &&
      fare.fromLineId === secondLineId &&
      fare.fromStopId === toStopId)
  );
}

/**
 * The through fare in force on `date` ('YYYY-MM-DD') for a journey from `fromStopId` on line
 * `firstLineId` changing to line `secondLineId` to `toStopId`: of the through fares of that
 * journey (either way round), the one with the latest `validFrom` not after the date.
 */
export function throughFareOn(
  fares: readonly ThroughFare[],
  firstLineId: number,
  fromStopId: number,
  secondLineId: number,
  toStopId: number,
  date: string,
): ThroughFare | undefined {
  let found: ThroughFare | undefined;
  for (const fare of fares) {
    if (fare.validFrom > date || !throughFareFits(fare, firstLineId, fromStopId, secondLineId, toStopId))
      continue;
    if (found === undefined || fare.validFrom > found.validFrom) found = fare;
  }
  return found;
}

/** One leg of a planned journey as its fare needs it. */
export interface JourneyLegFare {
  lineId: number;
  fromStopId: number;
  toStopId: number;
  /** Minutes after midnight the leg leaves and arrives (the change time is between two legs). */
  depart: number;
  arrive: number;
  /** The leg's own fare (its line's rule on its trip's route). */
  price: RidePrice;
}

/** A ticket of a journey: a leg's own, or a through fare's for two legs in a row (indices into the legs). */
export type JourneyTicket =
  | { kind: 'leg'; legs: [number]; cents: number }
  | { kind: 'through'; legs: [number, number]; cents: number; throughFareId: number };

export type JourneyPrice =
  | { kind: 'priced'; cents: number; tickets: JourneyTicket[] }
  | { kind: 'notSet'; reason: FareNotSetReason };

/**
 * A journey's fare on `date`: not set when any leg's fare is not (the reason of the first such
 * leg); else its tickets, left to right: two legs in a row that a through fare in force prices,
 * with the change within its minutes, are one ticket at the through fare; every other leg its
 * own ticket at its own fare.
 */
export function journeyFare(
  legs: readonly JourneyLegFare[],
  throughFares: readonly ThroughFare[] = [],
  date = '',
): JourneyPrice {
  for (const leg of legs) if (leg.price.kind === 'notSet') return leg.price;
  const tickets: JourneyTicket[] = [];
  for (let i = 0; i < legs.length; i++) {
    const first = legs[i] as JourneyLegFare;
    const second = legs[i + 1];
    const through =
      second === undefined
        ? undefined
        : throughFareOn(throughFares, first.lineId, first.fromStopId, second.lineId, second.toStopId, date);
    if (
      second !== undefined &&
      through !== undefined &&
      second.depart >= first.arrive &&
      second.depart - first.arrive <= through.changeMinutes
    ) {
      tickets.push({ kind: 'through', legs: [i, i + 1], cents: through.cents, throughFareId: through.id });
      i++;
      continue;
    }
    tickets.push({ kind: 'leg', legs: [i], cents: (first.price as { cents: number }).cents });
  }
  return { kind: 'priced', cents: tickets.reduce((sum, t) => sum + t.cents, 0), tickets };
}

/**
 * What a concession rider pays for a priced journey: each ticket at the concession's share, to
 * the cent (core's concessionCents), summed. A through ticket is one ticket: its share is of the
 * through fare.
 */
export function journeyConcessionCents(tickets: readonly JourneyTicket[], percent: number): number {
  return tickets.reduce((sum, ticket) => sum + concessionCents(ticket.cents, percent), 0);
}

/**
 * Where a journey a through fare prices can change buses: a stop of the first line other than the
 * one the journey starts at, and a stop of the second line other than the one it ends at, that
 * are the same stop or the two stops of a change place (staff's "Changes between buses"). As
 * [first line's stop, second line's stop] pairs, by stop ids. None: no journey changes from the
 * one line to the other, and the through fare would price nothing.
 */
export function throughChanges(
  firstLineStops: Iterable<number>,
  secondLineStops: Iterable<number>,
  places: readonly { stopA: number; stopB: number }[],
  fromStopId: number,
  toStopId: number,
): [number, number][] {
  const first = new Set(firstLineStops);
  first.delete(fromStopId);
  const second = new Set(secondLineStops);
  second.delete(toStopId);
  const found = new Map<string, [number, number]>();
  const add = (a: number, b: number) => {
    if (first.has(a) && second.has(b)) found.set(`${a}>${b}`, [a, b]);
  };
  for (const stop of first) add(stop, stop);
  for (const { stopA, stopB } of places) {
    add(stopA, stopB);
    add(stopB, stopA);
  }
  return [...found.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}
