import { describe, expect, it } from 'vitest';
import {
  type FareMethod,
  type FareRoute,
  type FareRule,
  fallingFares,
  fareRouteOf,
  fareRuleOn,
  fareTable,
  formatEuros,
  lineFareCandidates,
  priceBetween,
  priceOnRoutes,
  priceRide,
  roundToStep,
  withConcessions,
} from './fares.ts';

/** Stops 10, 11, 12, 13 with 2.4 km, 3.15 km and (unknown) between them. */
const ROUTE: FareRoute = { stopIds: [10, 11, 12, 13], distances: [2400, 3150, null] };

const rule = (method: FareMethod, extra: Partial<FareRule> = {}): FareRule => ({
  id: 1,
  lineId: 7,
  validFrom: '2026-01-01',
  method,
  roundingCents: 1,
  minimumCents: 0,
  pairs: [],
  ...extra,
});

const PER_KM = rule({ kind: 'perKm', centsPerKm: 9 }, { roundingCents: 10, minimumCents: 50 });
const BANDS = rule({
  kind: 'bands',
  bands: [
    { upToMeters: 3000, cents: 80 },
    { upToMeters: 6000, cents: 130 },
  ],
});

describe('priceRide', () => {
  it.each([
    // rule, from, to, expected, why
    [
      rule({ kind: 'flat', cents: 100 }),
      0,
      3,
      { cents: 100, basis: 'flat' },
      'flat: any ride, distances or not',
    ],
    [rule({ kind: 'flat', cents: 100 }), 2, 3, { cents: 100, basis: 'flat' }, 'flat: the shortest ride too'],
    [PER_KM, 0, 1, { cents: 50, basis: 'perKm' }, 'per km: 2.4 km x 9 ct = 21.6 ct, below the 50 ct minimum'],
    [PER_KM, 0, 2, { cents: 50, basis: 'perKm' }, 'per km: 5.55 km x 9 = 49.95 ct, rounded to 50'],
    [
      rule({ kind: 'perKm', centsPerKm: 23 }, { roundingCents: 10 }),
      0,
      2,
      { cents: 130, basis: 'perKm' },
      'per km: 5.55 x 23 = 127.65 ct, to 10 ct half up: 130',
    ],
    [
      rule({ kind: 'perKm', centsPerKm: 23 }, { roundingCents: 5 }),
      0,
      2,
      { cents: 130, basis: 'perKm' },
      'to 5 ct: 127.65 is nearer 130 than 125',
    ],
    [
      rule({ kind: 'perKm', centsPerKm: 23 }, { roundingCents: 1 }),
      0,
      2,
      { cents: 128, basis: 'perKm' },
      'to the cent',
    ],
    [BANDS, 0, 1, { cents: 80, basis: 'bands' }, 'bands: 2.4 km in the first band'],
    [BANDS, 1, 2, { cents: 130, basis: 'bands' }, 'bands: 3.15 km in the second'],
    [BANDS, 0, 2, { cents: 130, basis: 'bands' }, 'bands: 5.55 km in the second'],
    [
      rule({ kind: 'bands', bands: [{ upToMeters: 2400, cents: 70 }] }),
      0,
      1,
      { cents: 70, basis: 'bands' },
      'a band includes its upper bound',
    ],
  ])('%#: %s', (r, from, to, expected) => {
    expect(priceRide(r, ROUTE, from, to)).toMatchObject({ kind: 'priced', ruleId: 1, ...expected });
  });

  it.each([
    [undefined, 0, 1, 'noRule', 'no price list in force'],
    [PER_KM, 2, 3, 'noDistance', 'a distance fare over a leg of unknown length'],
    [PER_KM, 0, 3, 'noDistance', 'one unknown leg is enough'],
    [
      rule({ kind: 'bands', bands: [{ upToMeters: 3000, cents: 80 }] }),
      0,
      2,
      'beyondBands',
      'longer than the last band',
    ],
    [PER_KM, 2, 1, 'notARide', 'backwards'],
    [PER_KM, 1, 1, 'notARide', 'to the same stop'],
    [PER_KM, 0, 9, 'notARide', 'past the route'],
  ] as [FareRule | undefined, number, number, string, string][])(
    '%#: not set: %s %s',
    (r, from, to, reason) => {
      expect(priceRide(r, ROUTE, from, to)).toEqual({ kind: 'notSet', reason });
    },
  );

  it('a pair fare overrides the method, in either direction, even without distances', () => {
    const pairs = [{ fromStopId: 13, toStopId: 11, cents: 95 }];
    expect(priceRide({ ...PER_KM, pairs }, ROUTE, 1, 3)).toMatchObject({ cents: 95, basis: 'pair' });
    // Another pair of the same route is priced by the method.
    expect(priceRide({ ...PER_KM, pairs }, ROUTE, 0, 1)).toMatchObject({ cents: 50, basis: 'perKm' });
  });

  it('names the ride’s length when the route knows it', () => {
    expect(priceRide(BANDS, ROUTE, 0, 2)).toMatchObject({ distanceMeters: 5550 });
    expect(priceRide(rule({ kind: 'flat', cents: 100 }), ROUTE, 0, 3)).toMatchObject({
      distanceMeters: null,
    });
  });
});

describe('priceBetween (by stop id)', () => {
  const loop: FareRoute = { stopIds: [1, 2, 3, 2, 1], distances: [1000, 1000, 1000, 1000] };
  const perKm = rule({ kind: 'perKm', centsPerKm: 100 });
  it.each([
    [1, 3, 200, 'out to the turning stop'],
    [3, 1, 200, 'back from it: the first 1 after the 3'],
    [2, 1, 300, 'from the first time the route reaches stop 2'],
  ])('%s -> %s on a loop costs %s ct (%s)', (from, to, cents) => {
    expect(priceBetween(perKm, loop, from, to)).toMatchObject({ kind: 'priced', cents });
  });
  it('a stop not on the route is no ride', () => {
    expect(priceBetween(perKm, loop, 1, 99)).toEqual({ kind: 'notSet', reason: 'notARide' });
  });
});

describe('fareRuleOn (validity dates)', () => {
  const rules = [
    rule({ kind: 'flat', cents: 100 }, { id: 1, validFrom: '2026-01-01' }),
    rule({ kind: 'flat', cents: 120 }, { id: 2, validFrom: '2027-01-01' }),
    rule({ kind: 'flat', cents: 500 }, { id: 3, lineId: 8, validFrom: '2025-01-01' }),
  ];
  it.each([
    ['2025-12-31', undefined, 'before the first price list of the line (another line’s does not count)'],
    ['2026-01-01', 1, 'from its first day'],
    ['2026-12-31', 1, 'the old list holds until the new one starts'],
    ['2027-01-01', 2, 'the new list from its date'],
    ['2030-06-01', 2, 'and on'],
  ] as [string, number | undefined, string][])('%s: rule %s (%s)', (date, id) => {
    expect(fareRuleOn(rules, 7, date)?.id).toBe(id);
  });
});

describe('roundToStep', () => {
  it.each([
    [124.99, 10, 120],
    [125, 10, 130],
    [0.1 * 3 * 100, 10, 30],
    [127.5, 5, 130],
    [127.49, 5, 125],
    [99.5, 1, 100],
    [99.5, 0, 100],
  ])('%s ct to a %s ct step: %s', (cents, step, expected) => {
    expect(roundToStep(cents, step)).toBe(expected);
  });
});

describe('concessions', () => {
  it.each([
    [130, 50, 65],
    [130, 20, 26],
    [125, 50, 63],
    [125, 20, 25],
    [99, 0, 0],
    [99, 100, 99],
  ])('%s ct at %s %% pays %s ct', (cents, percent, expected) => {
    expect(withConcessions(cents, [{ id: 1, nameLt: 'a', nameEn: 'a', percent }])).toEqual([
      { concessionId: 1, cents: expected },
    ]);
  });
});

describe('fareTable and fallingFares', () => {
  it('prices every ride of the route, nothing below the diagonal', () => {
    const table = fareTable(BANDS, ROUTE);
    expect(table[0]?.[2]).toMatchObject({ cents: 130 });
    expect(table[2]?.[0]).toEqual({ kind: 'notSet', reason: 'notARide' });
    expect(table[2]?.[3]).toEqual({ kind: 'notSet', reason: 'noDistance' });
  });
  it('names a longer ride that costs less than a shorter one from the same stop', () => {
    const cheapPair = { ...BANDS, pairs: [{ fromStopId: 10, toStopId: 12, cents: 60 }] };
    expect(fallingFares(cheapPair, ROUTE)).toEqual([
      { from: 0, shorterTo: 1, longerTo: 2, shorterCents: 80, longerCents: 60 },
    ]);
    expect(fallingFares(BANDS, ROUTE)).toEqual([]);
  });
});

describe('formatEuros', () => {
  it.each([
    [120, 'lt', '1,20 €'],
    [120, 'en', '€1.20'],
    [5, 'lt', '0,05 €'],
    [1000, 'en', '€10.00'],
  ] as const)('%s ct in %s: %s', (cents, language, text) => {
    expect(formatEuros(cents, language)).toBe(text);
  });
});

describe('priceOnRoutes: a ride on a line (timetable.fare, the GTFS feed)', () => {
  // Route 1: 10 -> 11 -> 12 without distances; route 2: 12 -> 11 -> 14 with them.
  const routes = [
    { id: 1, stopIds: [10, 11, 12], distanceMeters: [] },
    { id: 2, stopIds: [12, 11, 14], distanceMeters: [2000, 1000] },
  ];
  const candidates = lineFareCandidates(routes);

  it('tries each route as drawn and backwards, in order, the distances cut or padded to its gaps', () => {
    expect(
      candidates.map((c) => [c.routeId, c.route.stopIds.join(' '), c.route.distances.join(' ')]),
    ).toEqual([
      [1, '10 11 12', ' '],
      [1, '12 11 10', ' '],
      [2, '12 11 14', '2000 1000'],
      [2, '14 11 12', '1000 2000'],
    ]);
    expect(fareRouteOf({ stopIds: [1, 2], distanceMeters: [5, 6, 7] }, false)).toEqual({
      stopIds: [1, 2],
      distances: [5],
    });
  });

  it('gives the first route that prices the ride, else the first that has it, else nothing', () => {
    // 12 -> 11: route 1 backwards has it without a distance, route 2 prices it.
    expect(priceOnRoutes(PER_KM, candidates, 12, 11)).toEqual({
      price: { kind: 'priced', cents: 50, basis: 'perKm', distanceMeters: 2000, ruleId: 1 },
      routeId: 2,
    });
    expect(priceOnRoutes(PER_KM, candidates, 10, 11)).toEqual({
      price: { kind: 'notSet', reason: 'noDistance' },
      routeId: 1,
    });
    expect(priceOnRoutes(PER_KM, candidates, 10, 14)).toBeUndefined();
    // A flat fare prices on the first route that has the ride.
    expect(priceOnRoutes(rule({ kind: 'flat', cents: 120 }), candidates, 11, 10)?.routeId).toBe(1);
  });
});
