import { addDays } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import { WEEKDAYS } from '../domain.ts';
import {
  type Concession,
  concessionCents,
  type FareCandidate,
  type FareRule,
  fareRuleOn,
  lineFareCandidates,
  priceOnRoutes,
} from '../fares/fares.ts';
import { type ThroughFare, throughChanges, throughJourneyKey } from '../fares/journey-fares.ts';
import { type CsvRow as Row, toCsv } from './csv.ts';
import type { GtfsNotice } from './validate.ts';

/**
 * The fares of the feed (issue 41) as GTFS Fares v2 (https://gtfs.org/schedule/reference/), the
 * very prices the site answers (core's priceOnRoutes: timetable.fare of a line), for every ride
 * between two stops of a line in the feed:
 *
 * - Each line is a **network** of its own (networks.txt, route_networks.txt; routes.txt is left
 *   as it is), so a line's rules price only the legs on its trips: a stop two lines share is one
 *   **area** (areas.txt, stop_areas.txt: one per stop) and each line prices it its own way.
 * - A flat price list is one leg rule of its network with no areas; its pair fares are rules of
 *   their two areas (both ways) with a higher `rule_priority`. The column is always written:
 *   without it an empty area would mean "every area no other rule names", so a flat line would
 *   lose the stops another line's rules name.
 * - A price list by distance is one rule per ride it prices (from area, to area, both ways); a ride
 *   it does not price (no distance, beyond the last band) has no rule: "fare not set".
 * - A **fare product** per amount (`fare-150`: 1.50 €), one row for the riders without a concession
 *   (the default rider category) and one per concession at its share (core's concessionCents).
 * - The feed carries the price lists in force on its days only. Leg rules have no dates in GTFS: a
 *   price list that starts or ends inside the window gets a **timeframe** (timeframes.txt) whose
 *   service (a calendar.txt row, every weekday, from its first to its last day in the window) are
 *   its days, named by its rules' `from_timeframe_group_id`; one in force on every day of the
 *   window needs none. A trip never runs past midnight here, so the day a leg starts on is the day
 *   the site prices it on.
 * - A **through fare** (fares/journey-fares.ts) is a `fare_transfer_rules.txt` rule of
 *   `fare_transfer_type` 2 (the transfer's product, `through-290`, is the whole journey's price)
 *   with `duration_limit` its change time from the first leg's arrival to the second's departure
 *   (`duration_limit_type` 2). Its legs are told apart by leg groups: each ride a through fare's
 *   journey can be made of (from its stop to a stop where it can change, on its line; and on
 *   from there) has a leg rule of its own that names a group of its own (`leg-<line>-<from>-<to>`,
 *   the ride's existing rule where it has one, else a new one of `rule_priority` 2 at the ride's
 *   price), and a transfer rule joins the first ride's group to the second's. A ride's group rule
 *   holds on the days the through fares that use it are in force (a timeframe of those days when
 *   that is not the whole window, its group then named with the days), so the transfer rules
 *   price the journey on the days the site does.
 */

export const FARE_CURRENCY = 'EUR';
/** The rider category of the full fare (rider_categories.txt's default). */
export const FULL_FARE_CATEGORY = 'full';
/** The fare medium of every product: the ticket each ride is bought with. */
export const FARE_MEDIUM = 'ticket';

export const fareProductId = (cents: number) => `fare-${cents}`;
export const fareAreaId = (stopId: number) => `stop-${stopId}`;
export const fareNetworkId = (lineId: number) => `line-${lineId}`;
export const concessionCategoryId = (concessionId: number) => `concession-${concessionId}`;
/** A price list's timeframe group and the service of its days. */
export const priceListTimeframeId = (ruleId: number) => `price-list-${ruleId}`;
/** A through fare's product: the whole journey's price. */
export const throughProductId = (cents: number) => `through-${cents}`;
/** Days of the window (a through fare's ride's leg group rule): its timeframe group and the service of its days. */
export const daysTimeframeId = (from: string, until: string) =>
  `days-${from.replaceAll('-', '')}-${until.replaceAll('-', '')}`;

/** 150 -> '1.50' (ISO 4217: two decimals for the euro). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface FareFilesInput {
  /** The lines of routes.txt, by id. */
  lines: readonly TimetableDataset['lines'][number][];
  /** The stops of stops.txt: id -> name. */
  stops: ReadonlyMap<number, string>;
  fareRules: readonly FareRule[];
  concessions: readonly Concession[];
  /** The through fares (none: each leg its own ticket). */
  throughFares?: readonly ThroughFare[];
  /** The change places (two stops counted as one place for changing buses): where a through fare's journey may change. */
  changePlaces?: readonly { stopA: number; stopB: number }[];
  /** The feed window's first and last day, YYYY-MM-DD. */
  start: string;
  end: string;
}

export interface FareFiles {
  /** File name -> CSV text, the fare files the feed carries. */
  files: Map<string, string>;
  /** calendar.txt rows: the days of each price list that starts or ends inside the window (its timeframe's service). */
  calendarRows: Row[];
  /** For staff: rides a line's route variations price differently (the feed can say only one price per line). */
  warnings: GtfsNotice[];
}

/** A price list's days in the window; `timeframe` when that is not every day of it. */
interface Segment {
  rule: FareRule;
  from: string;
  until: string;
  timeframe: string | null;
}

/**
 * The days in the window of each of `sorted` (versions in order of their first day, each in force
 * until the next one starts), as `[version, from, until]`; a version with no day in it is left out.
 */
function daysInWindow<T extends { validFrom: string }>(
  sorted: readonly T[],
  start: string,
  end: string,
): [T, string, string][] {
  const found: [T, string, string][] = [];
  sorted.forEach((version, i) => {
    const next = sorted[i + 1];
    // The later of two days and the earlier ('YYYY-MM-DD' text compares as dates do).
    const from = version.validFrom > start ? version.validFrom : start;
    const last = next === undefined ? end : addDays(next.validFrom, -1);
    const until = last < end ? last : end;
    if (from <= until) found.push([version, from, until]);
  });
  return found;
}

function segmentsOf(rules: readonly FareRule[], start: string, end: string): Segment[] {
  const sorted = [...rules].sort((a, b) =>
    a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0,
  );
  return daysInWindow(sorted, start, end).map(([rule, from, until]) => {
    const whole = from === start && until === end;
    return { rule, from, until, timeframe: whole ? null : priceListTimeframeId(rule.id) };
  });
}

/** The timeframes.txt row of a timeframe of days and the calendar.txt row of its service (every weekday, `from` to `until`). */
function daysTimeframeRows(id: string, from: string, until: string): { timeframe: Row; calendar: Row } {
  const calendar: Row = { service_id: id };
  for (const weekday of WEEKDAYS) calendar[weekday.toLowerCase()] = 1;
  calendar.start_date = from.replaceAll('-', '');
  calendar.end_date = until.replaceAll('-', '');
  return { timeframe: { timeframe_group_id: id, start_time: '', end_time: '', service_id: id }, calendar };
}

/** The fare_products.txt rows of a product of `cents`: one for the full fare, one per concession at its share. */
function productRowsOf(
  product: { fare_product_id: string; fare_product_name: string },
  cents: number,
  concessions: readonly Concession[],
): Row[] {
  const row = (riderCategory: string, amount: number): Row => ({
    ...product,
    rider_category_id: riderCategory,
    fare_media_id: FARE_MEDIUM,
    amount: euros(amount),
    currency: FARE_CURRENCY,
  });
  return [
    row(FULL_FARE_CATEGORY, cents),
    ...concessions.map((c) => row(concessionCategoryId(c.id), concessionCents(cents, c.percent))),
  ];
}

/** What tells two leg rules apart but their priority and group: rules alike in it price the same legs the same. */
const legRuleKey = (row: Row) =>
  ['network_id', 'from_area_id', 'to_area_id', 'from_timeframe_group_id', 'fare_product_id']
    .map((column) => row[column])
    .join('|');

/** The line's stops the feed has, in the order its routes first reach them. */
function lineStops(line: FareFilesInput['lines'][number], stops: ReadonlyMap<number, string>): number[] {
  const seen = new Set<number>();
  for (const route of line.routes) for (const id of route.stopIds) if (stops.has(id)) seen.add(id);
  return [...seen];
}

/** The prices of a ride on each candidate that prices it (a line whose routes' distances differ has several). */
function pricesOnEach(
  rule: FareRule,
  candidates: readonly FareCandidate[],
  from: number,
  to: number,
): Set<number> {
  const found = new Set<number>();
  for (const candidate of candidates) {
    const price = priceOnRoutes(rule, [candidate], from, to);
    if (price?.price.kind === 'priced') found.add(price.price.cents);
  }
  return found;
}

/** The fare files of the feed, or null when no price list of a line in the feed is in force on its days. */
export function fareFiles(input: FareFilesInput): FareFiles | null {
  const { stops, start, end } = input;
  const legRows: Row[] = [];
  const calendarRows: Row[] = [];
  const timeframeRows: Row[] = [];
  const warnings: GtfsNotice[] = [];
  const productCents = new Set<number>();
  const areaStops = new Set<number>();
  const networkLines: FareFilesInput['lines'][number][] = [];

  for (const line of [...input.lines].sort((a, b) => a.id - b.id)) {
    const segments = segmentsOf(
      input.fareRules.filter((r) => r.lineId === line.id),
      start,
      end,
    );
    if (segments.length === 0) continue;
    const candidates = lineFareCandidates(line.routes);
    const stopIds = lineStops(line, stops);
    const network = fareNetworkId(line.id);
    // Only two variations, or a loop passing a stop twice, can price one ride two ways.
    const mayDiffer =
      line.routes.length > 1 || line.routes.some((r) => new Set(r.stopIds).size < r.stopIds.length);
    let lineRows = 0;
    for (const { rule, from, until, timeframe } of segments) {
      const rows: Row[] = [];
      const leg = (cents: number, priority: number, fromStop?: number, toStop?: number) => {
        productCents.add(cents);
        if (fromStop !== undefined) areaStops.add(fromStop);
        if (toStop !== undefined) areaStops.add(toStop);
        rows.push({
          network_id: network,
          from_area_id: fromStop === undefined ? '' : fareAreaId(fromStop),
          to_area_id: toStop === undefined ? '' : fareAreaId(toStop),
          from_timeframe_group_id: timeframe ?? '',
          fare_product_id: fareProductId(cents),
          rule_priority: priority,
        });
      };
      const flat = rule.method.kind === 'flat' ? rule.method.cents : null;
      // Any ride on the line costs the flat fare, but for its pair fares, which take precedence.
      if (flat !== null) leg(flat, 0);
      let differing = 0;
      for (const a of stopIds) {
        for (const b of stopIds) {
          if (a === b) continue;
          const found = priceOnRoutes(rule, candidates, a, b);
          if (found?.price.kind !== 'priced') continue;
          if (flat === null) leg(found.price.cents, 0, a, b);
          else if (found.price.basis === 'pair' && found.price.cents !== flat)
            leg(found.price.cents, 1, a, b);
          if (flat === null && mayDiffer && pricesOnEach(rule, candidates, a, b).size > 1) differing++;
        }
      }
      if (differing > 0) {
        warnings.push({
          code: 'fare_differs_by_route',
          severity: 'WARNING',
          message: `Line ${line.name}, price list from ${rule.validFrom}: ${differing === 1 ? '1 ride costs' : `${differing} rides cost`} differently on its route variations (their distances differ); the feed can give one price per ride of a line and gives the line's fare the site shows (the first route variation that prices it)`,
        });
      }
      if (rows.length === 0) continue;
      legRows.push(...rows);
      lineRows += rows.length;
      if (timeframe !== null) {
        const days = daysTimeframeRows(timeframe, from, until);
        timeframeRows.push(days.timeframe);
        calendarRows.push(days.calendar);
      }
    }
    if (lineRows > 0) networkLines.push(line);
  }
  if (legRows.length === 0) return null;

  const through = throughFareRows(input, legRows);
  for (const row of through.legRows) legRows.push(row);
  for (const row of through.legRows) {
    productCents.add(Number(String(row.fare_product_id).slice('fare-'.length)));
    areaStops.add(Number(String(row.from_area_id).slice('stop-'.length)));
    areaStops.add(Number(String(row.to_area_id).slice('stop-'.length)));
  }
  const timeframeIds = new Set(timeframeRows.map((r) => r.timeframe_group_id));
  for (const { id, from, until } of through.timeframes) {
    if (timeframeIds.has(id)) continue;
    timeframeIds.add(id);
    const days = daysTimeframeRows(id, from, until);
    timeframeRows.push(days.timeframe);
    calendarRows.push(days.calendar);
  }

  const concessions = [...input.concessions].sort((a, b) => a.id - b.id);
  const productRows: Row[] = [];
  for (const cents of [...productCents].sort((a, b) => a - b)) {
    const product = { fare_product_id: fareProductId(cents), fare_product_name: 'Vienkartinis bilietas' };
    productRows.push(...productRowsOf(product, cents, concessions));
  }
  // A through fare's product is one ticket too: each concession pays its share of it.
  for (const cents of [...new Set(through.transferRows.map((r) => Number(r.cents)))].sort((a, b) => a - b)) {
    const product = { fare_product_id: throughProductId(cents), fare_product_name: 'Bilietas su persėdimu' };
    productRows.push(...productRowsOf(product, cents, concessions));
  }
  const areaIds = [...areaStops].sort((a, b) => a - b);

  const files = new Map<string, string>();
  if (timeframeRows.length > 0)
    files.set(
      'timeframes.txt',
      toCsv(['timeframe_group_id', 'start_time', 'end_time', 'service_id'], timeframeRows),
    );
  files.set(
    'rider_categories.txt',
    toCsv(
      ['rider_category_id', 'rider_category_name', 'is_default_fare_category'],
      [
        {
          rider_category_id: FULL_FARE_CATEGORY,
          rider_category_name: 'Keleiviai be nuolaidos',
          is_default_fare_category: 1,
        },
        ...concessions.map((c) => ({
          rider_category_id: concessionCategoryId(c.id),
          rider_category_name: c.nameLt,
          is_default_fare_category: 0,
        })),
      ],
    ),
  );
  files.set(
    'fare_media.txt',
    toCsv(
      ['fare_media_id', 'fare_media_name', 'fare_media_type'],
      // 1: a paper ticket (the site's fare is a ticket's price: „Bilieto kaina“).
      [{ fare_media_id: FARE_MEDIUM, fare_media_name: 'Bilietas', fare_media_type: 1 }],
    ),
  );
  files.set(
    'fare_products.txt',
    toCsv(
      ['fare_product_id', 'fare_product_name', 'rider_category_id', 'fare_media_id', 'amount', 'currency'],
      productRows,
    ),
  );
  files.set(
    'fare_leg_rules.txt',
    toCsv(
      [
        // Only with through fares: a feed without them is written as before.
        ...(through.transferRows.length > 0 ? ['leg_group_id'] : []),
        'network_id',
        'from_area_id',
        'to_area_id',
        'from_timeframe_group_id',
        'fare_product_id',
        'rule_priority',
      ],
      legRows,
    ),
  );
  if (through.transferRows.length > 0)
    files.set(
      'fare_transfer_rules.txt',
      toCsv(
        [
          'from_leg_group_id',
          'to_leg_group_id',
          'duration_limit',
          'duration_limit_type',
          'fare_transfer_type',
          'fare_product_id',
        ],
        through.transferRows.map(({ cents: _cents, ...row }) => row),
      ),
    );
  if (areaIds.length > 0) {
    files.set(
      'areas.txt',
      toCsv(
        ['area_id', 'area_name'],
        areaIds.map((id) => ({ area_id: fareAreaId(id), area_name: stops.get(id) })),
      ),
    );
    files.set(
      'stop_areas.txt',
      toCsv(
        ['area_id', 'stop_id'],
        areaIds.map((id) => ({ area_id: fareAreaId(id), stop_id: id })),
      ),
    );
  }
  files.set(
    'networks.txt',
    toCsv(
      ['network_id', 'network_name'],
      networkLines.map((line) => ({ network_id: fareNetworkId(line.id), network_name: line.name })),
    ),
  );
  files.set(
    'route_networks.txt',
    toCsv(
      ['network_id', 'route_id'],
      networkLines.map((line) => ({ network_id: fareNetworkId(line.id), route_id: line.id })),
    ),
  );
  return { files, calendarRows, warnings };
}

/** A ride of a through fare's journey: on a line, from a stop to a stop. */
interface ThroughRide {
  lineId: number;
  from: number;
  to: number;
}

/** One way a through fare's version prices a journey: its two rides, on its days in the window. */
interface ThroughUse {
  fare: ThroughFare;
  from: string;
  until: string;
  first: ThroughRide;
  second: ThroughRide;
}

const rideKey = (ride: ThroughRide) => `${ride.lineId}-${ride.from}-${ride.to}`;

/**
 * The leg rules that give the rides of the through fares' journeys groups of their own, and the
 * transfer rules between them (see the file's head): `legRows` new rows (a ride's existing rule
 * of the whole window takes its group in place, `existing` changed), `transferRows` with the
 * through fare's cents beside them (for its product), `timeframes` the days the new rows need.
 */
function throughFareRows(
  input: FareFilesInput,
  existing: Row[],
): {
  legRows: Row[];
  transferRows: (Row & { cents: number })[];
  timeframes: { id: string; from: string; until: string }[];
} {
  const { start, end, stops } = input;
  const lines = new Map(input.lines.map((line) => [line.id, line]));
  const candidatesOf = new Map<number, FareCandidate[]>();
  const candidates = (lineId: number) => {
    let found = candidatesOf.get(lineId);
    if (found === undefined) {
      found = lineFareCandidates(lines.get(lineId)?.routes ?? []);
      candidatesOf.set(lineId, found);
    }
    return found;
  };

  // Each through fare's days in the window, version by version of its journey.
  const byJourney = new Map<string, ThroughFare[]>();
  for (const fare of input.throughFares ?? []) {
    // A journey from or to a stop no trip of the window calls at is none the feed can price.
    if (!lines.has(fare.fromLineId) || !lines.has(fare.toLineId)) continue;
    if (!stops.has(fare.fromStopId) || !stops.has(fare.toStopId)) continue;
    const key = throughJourneyKey(fare);
    byJourney.set(key, [...(byJourney.get(key) ?? []), fare]);
  }
  const uses: ThroughUse[] = [];
  for (const versions of byJourney.values()) {
    const sorted = [...versions].sort((a, b) =>
      a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : a.id - b.id,
    );
    for (const [fare, from, until] of daysInWindow(sorted, start, end)) {
      const lineStops = (lineId: number) =>
        (lines.get(lineId)?.routes ?? []).flatMap((r) => r.stopIds).filter((id) => stops.has(id));
      const changes = throughChanges(
        lineStops(fare.fromLineId),
        lineStops(fare.toLineId),
        input.changePlaces ?? [],
        fare.fromStopId,
        fare.toStopId,
      );
      const use = (first: ThroughRide, second: ThroughRide) =>
        uses.push({ fare, from, until, first, second });
      for (const [a, b] of changes) {
        // Out (the first line to the second) and back.
        use(
          { lineId: fare.fromLineId, from: fare.fromStopId, to: a },
          { lineId: fare.toLineId, from: b, to: fare.toStopId },
        );
        use(
          { lineId: fare.toLineId, from: fare.toStopId, to: b },
          { lineId: fare.fromLineId, from: a, to: fare.fromStopId },
        );
      }
    }
  }

  // Each ride's days cut where its line's price list or a through fare using it changes: a
  // group rule a stretch of days, those a through fare is in force on and the ride is priced.
  const usesOf = new Map<string, { ride: ThroughRide; uses: ThroughUse[] }>();
  for (const use of uses)
    for (const ride of [use.first, use.second]) {
      const entry = usesOf.get(rideKey(ride)) ?? { ride, uses: [] };
      entry.uses.push(use);
      usesOf.set(rideKey(ride), entry);
    }
  interface Stretch {
    from: string;
    until: string;
    group: string;
  }
  const stretchesOf = new Map<string, Stretch[]>();
  const legRows: Row[] = [];
  const timeframes = new Map<string, { id: string; from: string; until: string }>();
  const byMatch = new Map(existing.map((row) => [legRuleKey(row), row]));
  for (const [key, { ride, uses: rideUses }] of [...usesOf].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    const rules = input.fareRules.filter((r) => r.lineId === ride.lineId);
    const cuts = new Set([start, addDays(end, 1)]);
    for (const rule of rules) if (rule.validFrom > start && rule.validFrom <= end) cuts.add(rule.validFrom);
    for (const use of rideUses) {
      cuts.add(use.from);
      cuts.add(addDays(use.until, 1));
    }
    const sortedCuts = [...cuts].sort();
    const stretches: Stretch[] = [];
    for (let i = 0; i + 1 < sortedCuts.length; i++) {
      const from = sortedCuts[i] as string;
      const until = addDays(sortedCuts[i + 1] as string, -1);
      if (!rideUses.some((use) => use.from <= from && until <= use.until)) continue;
      const price = priceOnRoutes(
        fareRuleOn(rules, ride.lineId, from),
        candidates(ride.lineId),
        ride.from,
        ride.to,
      )?.price;
      if (price?.kind !== 'priced') continue;
      const whole = from === start && until === end;
      const timeframe = whole ? '' : daysTimeframeId(from, until);
      const group = `leg-${key}${whole ? '' : `-${timeframe.slice('days-'.length)}`}`;
      const row: Row = {
        network_id: fareNetworkId(ride.lineId),
        from_area_id: fareAreaId(ride.from),
        to_area_id: fareAreaId(ride.to),
        from_timeframe_group_id: timeframe,
        fare_product_id: fareProductId(price.cents),
        rule_priority: 2,
      };
      const same = byMatch.get(legRuleKey(row));
      // The ride's own rule of the same days takes the group: two rules could not match one leg.
      if (same !== undefined) same.leg_group_id = group;
      else legRows.push({ leg_group_id: group, ...row });
      if (!whole) timeframes.set(timeframe, { id: timeframe, from, until });
      stretches.push({ from, until, group });
    }
    stretchesOf.set(key, stretches);
  }

  const transferRows: (Row & { cents: number })[] = [];
  const seen = new Set<string>();
  for (const use of uses) {
    const inUse = (stretch: Stretch) => use.from <= stretch.from && stretch.until <= use.until;
    for (const first of (stretchesOf.get(rideKey(use.first)) ?? []).filter(inUse))
      for (const second of (stretchesOf.get(rideKey(use.second)) ?? []).filter(inUse)) {
        if (first.until < second.from || second.until < first.from) continue;
        const id = `${first.group}>${second.group}`;
        if (seen.has(id)) continue;
        seen.add(id);
        transferRows.push({
          from_leg_group_id: first.group,
          to_leg_group_id: second.group,
          duration_limit: use.fare.changeMinutes * 60,
          // From the first leg's arrival to the second's departure: the change time.
          duration_limit_type: 2,
          // The transfer's product alone: the through fare is the whole journey's price.
          fare_transfer_type: 2,
          fare_product_id: throughProductId(use.fare.cents),
          cents: use.fare.cents,
        });
      }
  }
  return { legRows, transferRows, timeframes: [...timeframes.values()] };
}
