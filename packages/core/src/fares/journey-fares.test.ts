import { describe, expect, it } from 'vitest';
import type { RidePrice } from './fares.ts';
import {
  type JourneyLegFare,
  journeyConcessionCents,
  journeyFare,
  type ThroughFare,
  throughChanges,
  throughFareOn,
  throughJourneyKey,
} from './journey-fares.ts';

// Line 7 from stop 10 to the station (stop 20), then line 8 from the station to stop 30.
const priced = (cents: number): RidePrice => ({
  kind: 'priced',
  cents,
  basis: 'flat',
  distanceMeters: null,
  ruleId: 1,
});
const leg = (
  lineId: number,
  fromStopId: number,
  toStopId: number,
  depart: string,
  arrive: string,
  price: RidePrice,
): JourneyLegFare => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  return { lineId, fromStopId, toStopId, depart: minutes(depart), arrive: minutes(arrive), price };
};
const OUT = [leg(7, 10, 20, '08:00', '08:30', priced(150)), leg(8, 20, 30, '08:45', '09:30', priced(210))];
const BACK = [leg(8, 30, 20, '16:00', '16:45', priced(210)), leg(7, 20, 10, '17:00', '17:30', priced(150))];

const through = (extra: Partial<ThroughFare> = {}): ThroughFare => ({
  id: 1,
  fromLineId: 7,
  fromStopId: 10,
  toLineId: 8,
  toStopId: 30,
  validFrom: '2026-01-01',
  cents: 300,
  changeMinutes: 30,
  ...extra,
});

const DAY = '2026-06-03';

describe('journeyFare: a ride across two lines in the planner', () => {
  it.each([
    // legs, through fares, date, expected cents, tickets, why
    [OUT, [], DAY, 360, ['leg 150', 'leg 210'], 'no through fare: each leg its own ticket'],
    [OUT, [through()], DAY, 300, ['through 300'], 'a through fare: one ticket for both legs'],
    [BACK, [through()], DAY, 300, ['through 300'], 'the journey back costs the same'],
    [
      OUT,
      [through({ toStopId: 31 })],
      DAY,
      360,
      ['leg 150', 'leg 210'],
      'a through fare to another stop of the second line does not fit',
    ],
    [OUT, [through({ fromLineId: 9 })], DAY, 360, ['leg 150', 'leg 210'], 'nor one from another line'],
    [
      OUT,
      [through({ fromLineId: 8, fromStopId: 10, toLineId: 7, toStopId: 30 })],
      DAY,
      360,
      ['leg 150', 'leg 210'],
      'nor one with the lines the other way round',
    ],
    [
      OUT,
      [through({ changeMinutes: 15 })],
      DAY,
      300,
      ['through 300'],
      'the change takes 15 minutes: within 15 minutes',
    ],
    [
      OUT,
      [through({ changeMinutes: 14 })],
      DAY,
      360,
      ['leg 150', 'leg 210'],
      'change window exceeded: two tickets',
    ],
    [
      [...OUT, leg(9, 30, 40, '10:00', '10:20', priced(90))],
      [through()],
      DAY,
      390,
      ['through 300', 'leg 90'],
      'three legs: the through ticket for the two it prices, the third its own',
    ],
    [
      [leg(9, 5, 10, '07:30', '07:50', priced(90)), ...OUT],
      [through()],
      DAY,
      390,
      ['leg 90', 'through 300'],
      'a through fare for the second and third legs',
    ],
  ] as [JourneyLegFare[], ThroughFare[], string, number, string[], string][])(
    '%#: %s',
    (legs, fares, date, cents, tickets) => {
      const price = journeyFare(legs, fares, date);
      if (price.kind !== 'priced') throw new Error('priced expected');
      expect(price.cents).toBe(cents);
      expect(price.tickets.map((t) => `${t.kind} ${t.cents}`)).toEqual(tickets);
    },
  );

  it('names the legs of each ticket and the through fare', () => {
    expect(journeyFare(OUT, [through({ id: 4 })], DAY)).toEqual({
      kind: 'priced',
      cents: 300,
      tickets: [{ kind: 'through', legs: [0, 1], cents: 300, throughFareId: 4 }],
    });
    expect(journeyFare(OUT, [], DAY)).toEqual({
      kind: 'priced',
      cents: 360,
      tickets: [
        { kind: 'leg', legs: [0], cents: 150 },
        { kind: 'leg', legs: [1], cents: 210 },
      ],
    });
  });

  it.each([
    [
      [leg(7, 10, 20, '08:00', '08:30', priced(150)), leg(8, 20, 30, '08:45', '09:30', notSet('noRule'))],
      'noRule',
      'the second line has no price list: the through fare does not price its leg',
    ],
    [
      [
        leg(7, 10, 20, '08:00', '08:30', notSet('noDistance')),
        leg(8, 20, 30, '08:45', '09:30', notSet('noRule')),
      ],
      'noDistance',
      'the first leg’s reason',
    ],
  ] as [JourneyLegFare[], string, string][])(
    '%#: a leg whose fare is not set stays not set (%s)',
    (legs, reason) => {
      expect(journeyFare(legs, [through()], DAY)).toEqual({ kind: 'notSet', reason });
    },
  );
});

function notSet(reason: 'noRule' | 'noDistance'): RidePrice {
  return { kind: 'notSet', reason };
}

describe('throughFareOn (validity dates)', () => {
  const fares = [
    through({ id: 1, validFrom: '2026-01-01', cents: 300 }),
    // The same journey entered the other way round: a new price of it.
    through({
      id: 2,
      validFrom: '2027-01-01',
      cents: 320,
      fromLineId: 8,
      fromStopId: 30,
      toLineId: 7,
      toStopId: 10,
    }),
    through({ id: 3, validFrom: '2025-01-01', toStopId: 31 }),
  ];
  it.each([
    ['2025-12-31', undefined, 'before its first day (another journey’s does not count)'],
    ['2026-01-01', 1, 'from its first day'],
    ['2026-12-31', 1, 'the old price holds until the new one starts'],
    ['2027-01-01', 2, 'the new price from its date'],
  ] as [string, number | undefined, string][])('%s: through fare %s (%s)', (date, id) => {
    expect(throughFareOn(fares, 7, 10, 8, 30, date)?.id).toBe(id);
    expect(throughFareOn(fares, 8, 30, 7, 10, date)?.id).toBe(id);
  });

  it('prices a journey by the through fare of its date', () => {
    const on = (date: string) => journeyFare(OUT, fares, date);
    expect(on('2025-12-31')).toMatchObject({ cents: 360 });
    expect(on('2026-12-31')).toMatchObject({ cents: 300 });
    expect(on('2027-01-01')).toMatchObject({ cents: 320 });
  });

  it('keys a journey the same both ways', () => {
    expect(throughJourneyKey(through())).toBe(
      throughJourneyKey({ fromLineId: 8, fromStopId: 30, toLineId: 7, toStopId: 10 }),
    );
    expect(throughJourneyKey(through())).not.toBe(throughJourneyKey(through({ toStopId: 31 })));
  });
});

describe('journeyConcessionCents (a concession pays its share of each ticket)', () => {
  it.each([
    [OUT, [], 50, 180, 'two tickets: 75 + 105'],
    [OUT, [through({ cents: 305 })], 50, 153, 'one through ticket: half of 305, to the cent (half up)'],
    [OUT, [through({ cents: 305 })], 20, 61, 'a fifth of it'],
    [OUT, [through({ cents: 305 })], 0, 0, 'free'],
    [OUT, [through({ cents: 305 })], 100, 305, 'the full through fare'],
  ] as [JourneyLegFare[], ThroughFare[], number, number, string][])(
    '%#: %s at %s %% pays %s ct (%s)',
    (legs, fares, percent, cents) => {
      const price = journeyFare(legs, fares, DAY);
      if (price.kind !== 'priced') throw new Error('priced expected');
      expect(journeyConcessionCents(price.tickets, percent)).toBe(cents);
    },
  );
});

describe('throughChanges (where a journey can change from one line to the other)', () => {
  it.each([
    [[10, 20, 21], [20, 30], [], [[20, 20]], 'the stop both lines pass'],
    [
      [10, 21],
      [22, 30],
      [{ stopA: 22, stopB: 21 }],
      [[21, 22]],
      'the two stops of a change place, either order',
    ],
    [[10, 20], [10, 30], [], [], 'not at the stop the journey starts at'],
    [[10, 20], [20, 30], [{ stopA: 20, stopB: 30 }], [[20, 20]], 'nor to where it ends'],
    [[10, 11], [30, 31], [], [], 'lines that never meet: none'],
  ] as [number[], number[], { stopA: number; stopB: number }[], [number, number][], string][])(
    '%#: %s',
    (first, second, places, expected) => {
      expect(throughChanges(first, second, places, 10, 30)).toEqual(expected);
    },
  );
});
