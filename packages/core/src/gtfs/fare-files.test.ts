import { describe, expect, it } from 'vitest';
import { addDays } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import {
  concessionCents,
  fareRuleOn,
  lineFareCandidates,
  priceOnRoutes,
  type RidePrice,
} from '../fares/fares.ts';
import {
  type JourneyLegFare,
  journeyConcessionCents,
  journeyFare,
  type ThroughFare,
} from '../fares/journey-fares.ts';
import { euros } from './fare-files.ts';
import { fullFare, readJourneyFare, readLegFare } from './test-fare-reader.ts';
import { build, table, town } from './test-town.ts';
import { FEED_FILE_ORDER } from './validate.ts';

/**
 * The fares in the feed (issue 41): the small town's two lines priced, and every ride of each
 * line on every day of the window read back from the files alone (test-fare-reader.ts, the
 * reference's matching rules) gives what core's rules give, the concessions included.
 */

const START = '2026-12-01';
const END = '2027-01-29';

type DatasetFareRule = NonNullable<TimetableDataset['fareRules']>[number];

const rule = (
  fields: Partial<DatasetFareRule> & Pick<DatasetFareRule, 'id' | 'lineId' | 'validFrom' | 'method'>,
): DatasetFareRule => ({
  roundingCents: 1,
  minimumCents: 0,
  pairs: [],
  ...fields,
});

/**
 * Line 10 (stops 1, 4, 2, 3; 4 is in no trip) flat, 1.50 €, 1.20 € between 1 and 3, then 1.70 €
 * from 2027-01-10; line 20 (1, 2: 2.5 km) by distance bands from 2026-12-15, nothing before.
 * Stops 1 and 2 are on both lines at different prices.
 */
function pricedTown(): TimetableDataset {
  const dataset = town();
  const line20 = dataset.lines.find((l) => l.id === 20);
  const route200 = line20?.routes[0];
  if (route200) route200.distanceMeters = [2500];
  dataset.fareRules = [
    rule({
      id: 1,
      lineId: 10,
      validFrom: '2026-01-01',
      method: { kind: 'flat', cents: 150 },
      pairs: [{ fromStopId: 3, toStopId: 1, cents: 120 }],
    }),
    rule({ id: 2, lineId: 10, validFrom: '2027-01-10', method: { kind: 'flat', cents: 170 } }),
    rule({
      id: 3,
      lineId: 20,
      validFrom: '2026-12-15',
      method: {
        kind: 'bands',
        bands: [
          { upToMeters: 2000, cents: 50 },
          { upToMeters: 3000, cents: 90 },
        ],
      },
    }),
  ];
  dataset.concessions = [
    { id: 1, nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50 },
    { id: 2, nameLt: 'Senjorai', nameEn: 'Seniors', percent: 63 },
  ];
  return dataset;
}

const FARE_FILES = [
  'timeframes.txt',
  'rider_categories.txt',
  'fare_media.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  'areas.txt',
  'stop_areas.txt',
  'networks.txt',
  'route_networks.txt',
];

/** Every ride between two stops of each line the feed has: core's price on `date` against the feed's. */
function compareEveryRide(dataset: TimetableDataset, files: Map<string, string>, date: string) {
  const tables = new Map([...files.keys()].map((name) => [name, table(files, name)]));
  const inFeed = new Set(tables.get('stops.txt')?.map((s) => Number(s.stop_id)));
  let priced = 0;
  let notSet = 0;
  for (const line of dataset.lines) {
    const candidates = lineFareCandidates(line.routes);
    const rule = fareRuleOn(dataset.fareRules ?? [], line.id, date);
    const stops = [...new Set(line.routes.flatMap((r) => r.stopIds))].filter((id) => inFeed.has(id));
    for (const from of stops) {
      for (const to of stops) {
        if (from === to) continue;
        const core = priceOnRoutes(rule, candidates, from, to)?.price;
        const feed = readLegFare(tables, {
          routeId: String(line.id),
          fromStopId: String(from),
          toStopId: String(to),
          date,
        });
        const where = `line ${line.id} ${from} -> ${to} on ${date}`;
        if (core?.kind !== 'priced') {
          expect(feed, where).toEqual({ kind: 'none' });
          notSet++;
          continue;
        }
        priced++;
        expect(fullFare(feed), where).toBe(core.cents);
        if (feed.kind !== 'priced') continue;
        for (const concession of dataset.concessions ?? []) {
          const category = feed.categoryByName.get(concession.nameLt) ?? '';
          expect(feed.amounts.get(category), `${where}, ${concession.nameEn}`).toBe(
            concessionCents(core.cents, concession.percent),
          );
        }
      }
    }
  }
  return { priced, notSet };
}

describe('the fares in the feed (GTFS Fares v2)', () => {
  it('are not there while no price list is stored: the files are those of before', () => {
    const feed = build();
    expect([...feed.files.keys()]).toEqual([
      'agency.txt',
      'stops.txt',
      'routes.txt',
      'trips.txt',
      'stop_times.txt',
      'calendar.txt',
      'calendar_dates.txt',
      'feed_info.txt',
    ]);
    expect(table(feed.files, 'calendar.txt').map((r) => r.service_id)).toEqual(['1000', '2000']);
  });

  it('are not there when no price list is in force on the days of the feed', () => {
    const dataset = pricedTown();
    dataset.fareRules = (dataset.fareRules ?? []).map((r) => ({ ...r, validFrom: addDays(END, 1) }));
    const feed = build({ dataset });
    expect(feed.problems).toEqual([]);
    expect(FARE_FILES.filter((name) => feed.files.has(name))).toEqual([]);
  });

  it('carry each line as a network, each stop as an area, a rule per priced ride, and pass the validator', () => {
    const feed = build({ dataset: pricedTown() });
    expect(feed.problems).toEqual([]);
    expect(feed.warnings).toEqual([]);
    // Every file but the through fares' (none here).
    expect([...feed.files.keys()]).toEqual(
      FEED_FILE_ORDER.filter((name) => name !== 'fare_transfer_rules.txt'),
    );
    expect(table(feed.files, 'networks.txt')).toEqual([
      { network_id: 'line-10', network_name: 'M1' },
      { network_id: 'line-20', network_name: 'M2' },
    ]);
    expect(table(feed.files, 'route_networks.txt')).toEqual([
      { network_id: 'line-10', route_id: '10' },
      { network_id: 'line-20', route_id: '20' },
    ]);
    // Stop 4 has no time in any trip: it is not in stops.txt, and no rule names it.
    expect(table(feed.files, 'stop_areas.txt')).toEqual([
      { area_id: 'stop-1', stop_id: '1' },
      { area_id: 'stop-2', stop_id: '2' },
      { area_id: 'stop-3', stop_id: '3' },
    ]);
    expect(table(feed.files, 'areas.txt').map((a) => a.area_name)).toEqual([
      'Stotis',
      'Kaimas',
      'Miškas, "Pušynas"',
    ]);
    // Empty fields as '-'.
    const legs = table(feed.files, 'fare_leg_rules.txt').map((r) =>
      [
        r.network_id,
        r.from_area_id,
        r.to_area_id,
        r.from_timeframe_group_id,
        r.fare_product_id,
        r.rule_priority,
      ]
        .map((v) => v || '-')
        .join(' '),
    );
    expect(legs).toEqual([
      // Line 10's first price list until the second starts: any ride 1.50, 3 <-> 1 (either way) 1.20.
      'line-10 - - price-list-1 fare-150 0',
      'line-10 stop-1 stop-3 price-list-1 fare-120 1',
      'line-10 stop-3 stop-1 price-list-1 fare-120 1',
      'line-10 - - price-list-2 fare-170 0',
      // Line 20 from its first day: 2.5 km, the 3 km band.
      'line-20 stop-1 stop-2 price-list-3 fare-90 0',
      'line-20 stop-2 stop-1 price-list-3 fare-90 0',
    ]);
    // Each price list's days in the window, as its timeframe's service.
    expect(table(feed.files, 'timeframes.txt')).toEqual(
      [1, 2, 3].map((id) => ({
        timeframe_group_id: `price-list-${id}`,
        start_time: '',
        end_time: '',
        service_id: `price-list-${id}`,
      })),
    );
    const every = {
      monday: '1',
      tuesday: '1',
      wednesday: '1',
      thursday: '1',
      friday: '1',
      saturday: '1',
      sunday: '1',
    };
    expect(table(feed.files, 'calendar.txt').filter((r) => r.service_id?.startsWith('price-list-'))).toEqual([
      { service_id: 'price-list-1', ...every, start_date: '20261201', end_date: '20270109' },
      { service_id: 'price-list-2', ...every, start_date: '20270110', end_date: '20270129' },
      { service_id: 'price-list-3', ...every, start_date: '20261215', end_date: '20270129' },
    ]);
    expect(table(feed.files, 'rider_categories.txt')).toEqual([
      {
        rider_category_id: 'full',
        rider_category_name: 'Keleiviai be nuolaidos',
        is_default_fare_category: '1',
      },
      {
        rider_category_id: 'concession-1',
        rider_category_name: 'Moksleiviai',
        is_default_fare_category: '0',
      },
      { rider_category_id: 'concession-2', rider_category_name: 'Senjorai', is_default_fare_category: '0' },
    ]);
    expect(table(feed.files, 'fare_media.txt')).toEqual([
      { fare_media_id: 'ticket', fare_media_name: 'Bilietas', fare_media_type: '1' },
    ]);
    // One product per amount: the full fare and each concession's share of it (63 % of 1.50 is 0.945: 0.95).
    expect(
      table(feed.files, 'fare_products.txt').map((p) =>
        [p.fare_product_id, p.rider_category_id, p.fare_media_id, p.amount, p.currency].join(' '),
      ),
    ).toEqual(
      [90, 120, 150, 170].flatMap((cents) => [
        `fare-${cents} full ticket ${euros(cents)} EUR`,
        `fare-${cents} concession-1 ticket ${euros(concessionCents(cents, 50))} EUR`,
        `fare-${cents} concession-2 ticket ${euros(concessionCents(cents, 63))} EUR`,
      ]),
    );
    expect(table(feed.files, 'fare_products.txt')[8]?.amount).toBe('0.95');
  });

  it('give every ride of each line on every day of the window the price core gives, concessions included', () => {
    const dataset = pricedTown();
    const feed = build({ dataset });
    let priced = 0;
    let notSet = 0;
    for (let date = START; date <= END; date = addDays(date, 1)) {
      const counted = compareEveryRide(dataset, feed.files, date);
      priced += counted.priced;
      notSet += counted.notSet;
    }
    // 60 days of line 10's six rides, 46 days of line 20's two; its 28 days before: not set.
    expect({ priced, notSet }).toEqual({ priced: 60 * 6 + 46 * 2, notSet: 14 * 2 });
  });

  it('say nothing of a ride the price list does not price ("fare not set")', () => {
    const dataset = pricedTown();
    const line10 = dataset.lines.find((l) => l.id === 10);
    const route = line10?.routes[0];
    // 1 -> 4 -> 2 -> 3: the distance to 2 is not known, 2 -> 3 is 3 km.
    if (route) route.distanceMeters = [1000, null, 3000];
    dataset.fareRules = [
      rule({
        id: 1,
        lineId: 10,
        validFrom: '2026-01-01',
        method: { kind: 'perKm', centsPerKm: 45 },
        roundingCents: 10,
      }),
    ];
    delete dataset.concessions;
    const feed = build({ dataset });
    expect(feed.problems).toEqual([]);
    expect(table(feed.files, 'fare_leg_rules.txt')).toEqual([
      {
        network_id: 'line-10',
        from_area_id: 'stop-2',
        to_area_id: 'stop-3',
        from_timeframe_group_id: '',
        fare_product_id: 'fare-140',
        rule_priority: '0',
      },
      {
        network_id: 'line-10',
        from_area_id: 'stop-3',
        to_area_id: 'stop-2',
        from_timeframe_group_id: '',
        fare_product_id: 'fare-140',
        rule_priority: '0',
      },
    ]);
    // In force on every day of the window: no timeframe.
    expect(feed.files.has('timeframes.txt')).toBe(false);
    // Line 20 has no price list here: its two rides are not set either.
    expect(compareEveryRide(dataset, feed.files, START)).toEqual({ priced: 2, notSet: 4 + 2 });
    // No concession: the default category alone.
    expect(table(feed.files, 'rider_categories.txt').map((r) => r.rider_category_id)).toEqual(['full']);
  });

  it('needs rule_priority: without it a flat line would lose the stops another line names', () => {
    const feed = build({ dataset: pricedTown() });
    const withoutPriority = new Map(feed.files);
    const rules = table(feed.files, 'fare_leg_rules.txt').filter((r) => r.rule_priority === '0');
    withoutPriority.set(
      'fare_leg_rules.txt',
      `network_id,from_area_id,to_area_id,from_timeframe_group_id,fare_product_id\n${rules
        .map((r) =>
          [r.network_id, r.from_area_id, r.to_area_id, r.from_timeframe_group_id, r.fare_product_id].join(
            ',',
          ),
        )
        .join('\n')}\n`,
    );
    const leg = { routeId: '10', fromStopId: '1', toStopId: '2', date: '2026-12-20' };
    const tables = (files: Map<string, string>) =>
      new Map([...files.keys()].map((name) => [name, table(files, name)]));
    expect(fullFare(readLegFare(tables(feed.files), leg))).toBe(150);
    // Line 20's rules name stop 1's area, so an empty area no longer covers it.
    expect(readLegFare(tables(withoutPriority), leg)).toEqual({ kind: 'none' });
  });

  it('give the first route variation’s price where a line’s variations price a ride differently, and warn staff', () => {
    const dataset = pricedTown();
    const line20 = dataset.lines.find((l) => l.id === 20);
    // A second way from 1 to 2, 1.5 km.
    line20?.routes.push({ id: 201, routeNotes: 'trumpiau', stopIds: [1, 2], distanceMeters: [1500] });
    const feed = build({ dataset });
    expect(feed.problems).toEqual([]);
    expect(feed.warnings).toEqual([
      {
        code: 'fare_differs_by_route',
        severity: 'WARNING',
        message: expect.stringContaining('Line M2, price list from 2026-12-15: 2 rides cost differently'),
      },
    ]);
    expect(compareEveryRide(dataset, feed.files, '2027-01-05')).toEqual({ priced: 6 + 2, notSet: 0 });
  });
});

describe('through fares in the feed (fare_transfer_rules.txt)', () => {
  /**
   * The priced town with a through fare from stop 3 on line 10, changing to line 20, to stop 2:
   * 1.90 within 30 minutes from 2026-12-20, and, entered the other way round, 2.00 within 45
   * from 2027-01-20. Stops 2 and 1 are a change place too. Line 20 has no price before 12-15.
   */
  function throughTown(): TimetableDataset {
    const dataset = pricedTown();
    dataset.throughFares = [
      {
        id: 1,
        fromLineId: 10,
        fromStopId: 3,
        toLineId: 20,
        toStopId: 2,
        validFrom: '2026-12-20',
        cents: 190,
        changeMinutes: 30,
      },
      {
        id: 2,
        fromLineId: 20,
        fromStopId: 2,
        toLineId: 10,
        toStopId: 3,
        validFrom: '2027-01-20',
        cents: 200,
        changeMinutes: 45,
      },
    ];
    return dataset;
  }
  const PLACES = [{ stopA: 2, stopB: 1 }];

  it('give each ride of a journey a leg group on the days its through fare is in force, and pass the validator', () => {
    const feed = build({ dataset: throughTown(), changePlaces: PLACES });
    expect(feed.problems).toEqual([]);
    expect(feed.warnings).toEqual([]);
    expect([...feed.files.keys()]).toContain('fare_transfer_rules.txt');
    const groups = table(feed.files, 'fare_leg_rules.txt')
      .filter((r) => r.leg_group_id !== '')
      .map((r) => [r.leg_group_id, r.from_timeframe_group_id, r.fare_product_id, r.rule_priority].join(' '));
    // Each ride's days cut where its line's price list or the through fare changes: line 10's
    // 3 -> 1 (its pair fare until its second price list), 3 -> 2 (the flat fare) and back, then
    // line 20's 1 -> 2 (priced from 12-15, a through fare's ride from 12-20) and back.
    const cut = (ride: string, product10: string) => [
      `leg-${ride}-20261220-20270109 days-20261220-20270109 ${product10} 2`,
      `leg-${ride}-20270110-20270119 days-20270110-20270119 fare-170 2`,
      `leg-${ride}-20270120-20270129 days-20270120-20270129 fare-170 2`,
    ];
    expect(groups).toEqual([
      ...cut('10-1-3', 'fare-120'),
      ...cut('10-2-3', 'fare-150'),
      ...cut('10-3-1', 'fare-120'),
      ...cut('10-3-2', 'fare-150'),
      'leg-20-1-2-20261220-20270119 days-20261220-20270119 fare-90 2',
      'leg-20-1-2-20270120-20270129 days-20270120-20270129 fare-90 2',
      'leg-20-2-1-20261220-20270119 days-20261220-20270119 fare-90 2',
      'leg-20-2-1-20270120-20270129 days-20270120-20270129 fare-90 2',
    ]);
    const transfers = table(feed.files, 'fare_transfer_rules.txt');
    expect(transfers).toContainEqual({
      from_leg_group_id: 'leg-10-3-1-20261220-20270109',
      to_leg_group_id: 'leg-20-1-2-20261220-20270119',
      duration_limit: '1800',
      duration_limit_type: '2',
      fare_transfer_type: '2',
      fare_product_id: 'through-190',
    });
    expect(transfers).toContainEqual({
      from_leg_group_id: 'leg-20-2-1-20270120-20270129',
      to_leg_group_id: 'leg-10-1-3-20270120-20270129',
      duration_limit: '2700',
      duration_limit_type: '2',
      fare_transfer_type: '2',
      fare_product_id: 'through-200',
    });
    expect(
      table(feed.files, 'fare_products.txt')
        .filter((p) => p.fare_product_id?.startsWith('through-'))
        .map((p) => [p.fare_product_id, p.fare_product_name, p.rider_category_id, p.amount].join(' ')),
    ).toEqual([
      'through-190 Bilietas su persėdimu full 1.90',
      'through-190 Bilietas su persėdimu concession-1 0.95',
      'through-190 Bilietas su persėdimu concession-2 1.20',
      'through-200 Bilietas su persėdimu full 2.00',
      'through-200 Bilietas su persėdimu concession-1 1.00',
      'through-200 Bilietas su persėdimu concession-2 1.26',
    ]);
  });

  /**
   * Every journey of two legs of the town (3 on line 10 to 1, or to 2 the change place, then line
   * 20 from 1 to 2; and back) with a change of 25 and of 40 minutes, on each day from `from` to
   * `until`: what the feed's files alone say it costs against core's journeyFare.
   */
  function compareJourneys(
    dataset: TimetableDataset,
    files: Map<string, string>,
    from: string,
    until: string,
  ) {
    const tables = new Map([...files.keys()].map((name) => [name, table(files, name)]));
    const line = (id: number) => dataset.lines.find((l) => l.id === id);
    const price = (lineId: number, from: number, to: number, date: string): RidePrice =>
      priceOnRoutes(
        fareRuleOn(dataset.fareRules ?? [], lineId, date),
        lineFareCandidates(line(lineId)?.routes ?? []),
        from,
        to,
      )?.price ?? { kind: 'notSet', reason: 'notARide' };
    const time = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    const journeys: [number, number, number, number, number, number][] = [
      [10, 3, 1, 20, 1, 2],
      [10, 3, 2, 20, 1, 2],
      [20, 2, 1, 10, 1, 3],
      [20, 2, 1, 10, 2, 3],
    ];
    const seen = { through: 0, twoTickets: 0, notSet: 0 };
    for (let date = from; date <= until; date = addDays(date, 1))
      for (const [lineA, fromA, toA, lineB, fromB, toB] of journeys)
        for (const wait of [25, 40]) {
          const legs: JourneyLegFare[] = [
            {
              lineId: lineA,
              fromStopId: fromA,
              toStopId: toA,
              depart: 480,
              arrive: 510,
              price: price(lineA, fromA, toA, date),
            },
            {
              lineId: lineB,
              fromStopId: fromB,
              toStopId: toB,
              depart: 510 + wait,
              arrive: 530 + wait,
              price: price(lineB, fromB, toB, date),
            },
          ];
          const core = journeyFare(legs, dataset.throughFares ?? [], date);
          const read = readJourneyFare(
            tables,
            ...(legs.map((l) => ({
              routeId: String(l.lineId),
              fromStopId: String(l.fromStopId),
              toStopId: String(l.toStopId),
              date,
              startTime: time(l.depart),
              endTime: time(l.arrive),
            })) as [Parameters<typeof readLegFare>[1], Parameters<typeof readLegFare>[1]]),
          );
          const where = `${lineA} ${fromA}->${toA}, ${lineB} ${fromB}->${toB}, ${wait} min, on ${date}`;
          if (core.kind === 'notSet') {
            expect(read, where).toEqual({ kind: 'none' });
            seen.notSet++;
            continue;
          }
          if (read.kind !== 'priced') throw new Error(`${where}: ${read.kind}`);
          expect(read.amounts.get('full'), where).toBe(core.cents);
          for (const concession of dataset.concessions ?? [])
            expect(read.amounts.get(`concession-${concession.id}`), `${where}, ${concession.nameEn}`).toBe(
              journeyConcessionCents(core.tickets, concession.percent),
            );
          expect(read.transfer === 2, where).toBe(core.tickets.some((t) => t.kind === 'through'));
          if (read.transfer === 2) seen.through++;
          else seen.twoTickets++;
        }
    return seen;
  }

  it('price every two-line journey on every day of the window as core does: through fare, change time, versions, concessions, fares not set', () => {
    const dataset = throughTown();
    const feed = build({ dataset, changePlaces: PLACES });
    // Line 20 priced from 12-15 (14 days before: not set); the through fare from 12-20: 30
    // minutes until 01-19 (the 25-minute changes), then 45 (both).
    expect(compareJourneys(dataset, feed.files, START, END)).toEqual({
      notSet: 14 * 4 * 2,
      through: 31 * 4 + 10 * 4 * 2,
      twoTickets: 5 * 4 * 2 + 31 * 4,
    });
  });

  it('in force on every day of the window: a ride’s own rule takes its group, others get one of their own', () => {
    const dataset = throughTown();
    dataset.fareRules = (dataset.fareRules ?? [])
      .filter((r) => r.id !== 2)
      .map((r) => ({ ...r, validFrom: '2026-01-01' }));
    dataset.throughFares = (dataset.throughFares ?? [])
      .filter((f) => f.id === 1)
      .map((f) => ({ ...f, validFrom: '2026-01-01' }));
    const feed = build({ dataset, changePlaces: PLACES });
    expect(feed.problems).toEqual([]);
    expect(feed.files.has('timeframes.txt')).toBe(false);
    expect(
      table(feed.files, 'fare_leg_rules.txt').map((r) =>
        [r.leg_group_id, r.network_id, r.from_area_id, r.to_area_id, r.fare_product_id, r.rule_priority]
          .map((v) => v || '-')
          .join(' '),
      ),
    ).toEqual([
      '- line-10 - - fare-150 0',
      // The pair fare's rules and line 20's rides name their groups themselves.
      'leg-10-1-3 line-10 stop-1 stop-3 fare-120 1',
      'leg-10-3-1 line-10 stop-3 stop-1 fare-120 1',
      'leg-20-1-2 line-20 stop-1 stop-2 fare-90 0',
      'leg-20-2-1 line-20 stop-2 stop-1 fare-90 0',
      // The flat fare's rides from 3 to the change place 2 and back: rules of their own.
      'leg-10-2-3 line-10 stop-2 stop-3 fare-150 2',
      'leg-10-3-2 line-10 stop-3 stop-2 fare-150 2',
    ]);
    expect(compareJourneys(dataset, feed.files, START, START)).toEqual({
      notSet: 0,
      through: 4,
      twoTickets: 4,
    });
  });

  it('are not there without a through fare on the feed’s days, nor for a stop no trip calls at: no leg groups, no transfer rules', () => {
    for (const change of [
      (f: ThroughFare) => ({ ...f, validFrom: addDays(END, 1) }),
      // Stop 4 is on line 10's route, in no trip: not in stops.txt.
      (f: ThroughFare) => ({ ...f, fromLineId: 10, fromStopId: 4, toLineId: 20, toStopId: 2 }),
    ]) {
      const dataset = throughTown();
      dataset.throughFares = (dataset.throughFares ?? []).map(change);
      const feed = build({ dataset, changePlaces: PLACES });
      expect(feed.problems).toEqual([]);
      expect(feed.files.has('fare_transfer_rules.txt')).toBe(false);
      expect(Object.keys(table(feed.files, 'fare_leg_rules.txt')[0] ?? {})).not.toContain('leg_group_id');
    }
  });
});
