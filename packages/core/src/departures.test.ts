import { describe, expect, it } from 'vitest';
import {
  assembleDepartures,
  compareDepartures,
  type DepartureCandidate,
  type DepartureItem,
  type DepartureSelection,
  departureName,
  effectiveDestination,
  isTripSelected,
  type RouteStopsLookup,
  sortDepartures,
  type TripSelectionFilter,
  tripSelectionFilter,
} from './departures.ts';
import { BOUND_FOR, type BoundFor, DIRECTIONS, HOME_STOP_ID, ROUTE_TYPES, type RouteType } from './domain.ts';

const names: Record<number, string> = {
  1: 'Anykščių AS',
  2: 'Poliklinika',
  3: 'Ligoninė',
  4: 'Troškūnų g.',
  5: 'Dabužiai',
  6: 'Kavarskas',
};

/** Routes as drawn. */
const routeStops: Record<number, number[]> = {
  10: [1, 2, 3, 4, 5], // out of town
  11: [1, 2, 3, 1, 4], // a loop passing stop 1 twice
  12: [2, 3, 1], // ends at stop 1
  13: [1, 2], // two stops
};

const lookup: RouteStopsLookup = {
  stopIds: (id) => routeStops[id],
  stopName: (id) => names[id] ?? `#${id}`,
};

function candidate(overrides: Partial<DepartureCandidate>): DepartureCandidate {
  return {
    tripId: 100,
    schedId: 10,
    lineId: 1,
    lineName: 'M35',
    routeType: 'Regional Bus',
    boundFor: 'Out bound',
    routeId: 10,
    routeDirReversed: false,
    travelIndex: 0,
    minute: 6 * 60 + 40,
    ...overrides,
  };
}

const morning = { date: '2026-03-02', minutes: 5 * 60 };
const out = (from: number, to: number | null = null): DepartureSelection & { date: string } => ({
  from,
  to,
  dir: 'Out bound',
  date: '2026-03-02',
});

describe('isTripSelected: the four selection cases', () => {
  const cases: [string, DepartureSelection, BoundFor, RouteType, boolean][] = [
    [
      'home+dest, out bound regional',
      { from: 1, to: 5, dir: 'Out bound' },
      'Out bound',
      'Regional Bus',
      true,
    ],
    ['home+dest, one way city bus', { from: 1, to: 5, dir: 'Out bound' }, 'One way', 'City Bus', true],
    ['home+dest, city bound trip', { from: 1, to: 5, dir: 'Out bound' }, 'City bound', 'Regional Bus', false],
    [
      'home city bound: city bus any bound',
      { from: 1, to: null, dir: 'City bound' },
      'City bound',
      'City Bus',
      true,
    ],
    [
      'home city bound: city bus out bound',
      { from: 1, to: null, dir: 'City bound' },
      'Out bound',
      'City Bus',
      true,
    ],
    [
      'home city bound: regional',
      { from: 1, to: null, dir: 'City bound' },
      'City bound',
      'Regional Bus',
      false,
    ],
    [
      'home out, no dest: regional out',
      { from: 1, to: null, dir: 'Out bound' },
      'Out bound',
      'Regional Bus',
      true,
    ],
    [
      'home out, no dest: national one way',
      { from: 1, to: null, dir: 'Out bound' },
      'One way',
      'Nationial Bus',
      true,
    ],
    ['home out, no dest: city bus', { from: 1, to: null, dir: 'Out bound' }, 'One way', 'City Bus', false],
    [
      'home out, no dest: city bound',
      { from: 1, to: null, dir: 'Out bound' },
      'City bound',
      'Regional Bus',
      false,
    ],
    ['other stop out: out bound', { from: 5, to: null, dir: 'Out bound' }, 'Out bound', 'Regional Bus', true],
    ['other stop out: one way', { from: 5, to: null, dir: 'Out bound' }, 'One way', 'City Bus', true],
    [
      'other stop out: city bound',
      { from: 5, to: null, dir: 'Out bound' },
      'City bound',
      'Regional Bus',
      false,
    ],
    [
      'other stop city: city bound',
      { from: 5, to: null, dir: 'City bound' },
      'City bound',
      'Regional Bus',
      true,
    ],
    [
      'other stop city: out bound',
      { from: 5, to: null, dir: 'City bound' },
      'Out bound',
      'Regional Bus',
      false,
    ],
    ['other stop city: one way', { from: 5, to: null, dir: 'City bound' }, 'One way', 'City Bus', true],
  ];
  it.each(cases)('%s', (_label, q, boundFor, routeType, expected) => {
    expect(isTripSelected(q, { boundFor, routeType })).toBe(expected);
  });
});

describe('tripSelectionFilter: the selection cases as data for the database', () => {
  const admits = (f: TripSelectionFilter, trip: { boundFor: BoundFor; routeType: RouteType }) =>
    f.boundFor.includes(trip.boundFor) &&
    (f.lineType === 'any' || (f.lineType === 'city bus only') === (trip.routeType === 'City Bus'));
  const selections: DepartureSelection[] = [];
  for (const from of [HOME_STOP_ID, 5])
    for (const to of [null, 4, HOME_STOP_ID, 5])
      for (const dir of DIRECTIONS) selections.push({ from, to, dir });
  const rows = selections.flatMap((q) =>
    BOUND_FOR.flatMap((boundFor) => ROUTE_TYPES.map((routeType) => [q, boundFor, routeType] as const)),
  );

  it.each(rows)('%o, %s, %s: agrees with isTripSelected', (q, boundFor, routeType) => {
    const f = tripSelectionFilter(q);
    expect(admits(f, { boundFor, routeType })).toBe(isTripSelected(q, { boundFor, routeType }));
  });

  it.each(selections)('%o: destination is the effective one', (q) => {
    expect(tripSelectionFilter(q).destination).toBe(effectiveDestination(q));
  });

  it('covers every combination', () => {
    expect(rows).toHaveLength(2 * 4 * 2 * 3 * 3);
  });
});

describe('sortDepartures', () => {
  // 600 takes the buckets by time, 100 the comparison sort; in time order already (as the
  // departures index hands them over), only each minute's run is ordered.
  it.each([
    [600, 'in any order'],
    [100, 'in any order'],
    [600, 'in time order'],
    [100, 'in time order'],
  ] as const)(
    'orders %i %s exactly like sort(compareDepartures), ties and collation quirks included',
    (count, given) => {
      // Lithuanian order (č after c, y with i), names equal to the collator (case, accents).
      const lineNames = [
        'Čiobiškis',
        'Cirkliškis',
        'cirkliškis',
        'Yla',
        'Ilzenbergas',
        'M5',
        'm5',
        'M35',
        'Ąžuolas',
        'Azuolas',
      ];
      let seed = 7;
      const pick = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      const items: DepartureItem[] = [];
      for (let i = 0; i < count; i++) {
        items.push({
          lineName: lineNames[pick(lineNames.length)] as string,
          routeType: 'Regional Bus',
          tooLate: false,
          lineId: 1,
          schedId: i,
          tripId: pick(6),
          timeDepart: `0${pick(3)}:0${pick(3)}`,
          // Tells apart items that compare equal in everything else.
          name: `#${i}`,
        });
      }
      if (given === 'in time order')
        items.sort((a, b) => (a.timeDepart === b.timeDepart ? 0 : a.timeDepart < b.timeDepart ? -1 : 1));
      expect(sortDepartures([...items])).toEqual([...items].sort(compareDepartures));
    },
  );
});

describe('departureName', () => {
  const name = (id: number) => names[id] ?? '';
  it.each([
    ['regional: the terminus', [1, 2, 3, 4, 5], 0, 'Regional Bus', 'Dabužiai'],
    ['city bus: next two stops and more', [1, 2, 3, 4, 5], 0, 'City Bus', 'Poliklinika > Ligoninė > ...'],
    ['city bus: exactly two stops follow', [1, 2, 3], 0, 'City Bus', 'Poliklinika > Ligoninė'],
    ['city bus: one stop follows', [3, 1, 2], 1, 'City Bus', 'Poliklinika'],
  ] as const)('%s', (_label, stops, index, routeType, expected) => {
    expect(departureName(stops, index, routeType, name)).toBe(expected);
  });
});

describe('assembleDepartures', () => {
  it('yields one item per visit of a trip to the stop (a loop passes it twice)', () => {
    const items = assembleDepartures(
      { from: 1, to: null, dir: 'City bound', date: '2026-03-02' },
      morning,
      [
        candidate({ routeType: 'City Bus', routeId: 11, travelIndex: 0, minute: 7 * 60 }),
        candidate({ routeType: 'City Bus', routeId: 11, travelIndex: 3, minute: 7 * 60 + 20 }),
      ],
      lookup,
    );
    expect(items.map((i) => [i.timeDepart, i.name])).toEqual([
      ['07:00', 'Poliklinika > Ligoninė > ...'],
      ['07:20', 'Troškūnų g.'],
    ]);
  });

  it('gives nothing when the stop is the last stop of the trip', () => {
    const items = assembleDepartures(out(1), morning, [candidate({ routeId: 12, travelIndex: 2 })], lookup);
    expect(items).toEqual([]);
  });

  it('gives nothing when the trip has no time at the stop', () => {
    expect(assembleDepartures(out(1), morning, [candidate({ minute: null })], lookup)).toEqual([]);
  });

  it('keeps a trip only when the destination comes after the departure in travel order', () => {
    const after = assembleDepartures(
      out(1, 4),
      morning,
      [candidate({ routeId: 10, travelIndex: 0 })],
      lookup,
    );
    expect(after).toHaveLength(1);
    // Reversed route 10 runs 5 4 3 2 1: stop 1 is last; stop 2 comes before stop 1.
    const reversedFrom2 = assembleDepartures(
      { from: 2, to: null, dir: 'City bound', date: '2026-03-02' },
      morning,
      [candidate({ boundFor: 'City bound', routeDirReversed: true, travelIndex: 3 })],
      lookup,
    );
    expect(reversedFrom2.map((i) => i.name)).toEqual(['Anykščių AS']);
    // Loop route 11 runs 1 2 3 1 4: from its second visit of stop 1, stop 2 lies behind.
    const loop = [
      candidate({ routeId: 11, travelIndex: 0 }),
      candidate({ routeId: 11, travelIndex: 3, minute: 500 }),
    ];
    expect(assembleDepartures(out(1, 2), morning, loop, lookup).map((i) => i.timeDepart)).toEqual(['06:40']);
    expect(assembleDepartures(out(1, 4), morning, loop, lookup)).toHaveLength(2);
  });

  it('names a reversed trip by its terminus in travel order', () => {
    const items = assembleDepartures(
      { from: 5, to: null, dir: 'City bound', date: '2026-03-02' },
      morning,
      [candidate({ boundFor: 'City bound', routeDirReversed: true, travelIndex: 0 })],
      lookup,
    );
    expect(items.map((i) => i.name)).toEqual(['Anykščių AS']);
  });

  it('ignores a visit whose position does not hold the stop (inconsistent data)', () => {
    expect(assembleDepartures(out(1), morning, [candidate({ travelIndex: 1 })], lookup)).toEqual([]);
  });

  it('orders by time, then line name, then trip id, and marks past departures too late', () => {
    const items = assembleDepartures(
      out(1),
      { date: '2026-03-02', minutes: 7 * 60 },
      [
        candidate({ tripId: 9, lineName: 'M5', minute: 8 * 60 }),
        candidate({ tripId: 3, lineName: 'M35', minute: 8 * 60 }),
        candidate({ tripId: 2, lineName: 'M35', minute: 8 * 60 }),
        candidate({ tripId: 1, lineName: 'Utena', minute: 6 * 60 + 59 }),
        candidate({ tripId: 4, lineName: 'Utena', minute: 7 * 60 }),
      ],
      lookup,
    );
    expect(items.map((i) => [i.timeDepart, i.lineName, i.tripId, i.tooLate])).toEqual([
      ['06:59', 'Utena', 1, true],
      ['07:00', 'Utena', 4, false],
      ['08:00', 'M35', 2, false],
      ['08:00', 'M35', 3, false],
      ['08:00', 'M5', 9, false],
    ]);
  });
});
