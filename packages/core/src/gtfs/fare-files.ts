import { addDays } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import { WEEKDAYS } from '../domain.ts';
import {
  type Concession,
  concessionCents,
  type FareCandidate,
  type FareRule,
  lineFareCandidates,
  priceOnRoutes,
} from '../fares/fares.ts';
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

function segmentsOf(rules: readonly FareRule[], start: string, end: string): Segment[] {
  const sorted = [...rules].sort((a, b) =>
    a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0,
  );
  const segments: Segment[] = [];
  sorted.forEach((rule, i) => {
    const next = sorted[i + 1];
    const from = rule.validFrom > start ? rule.validFrom : start;
    const last = next === undefined ? end : addDays(next.validFrom, -1);
    const until = last < end ? last : end;
    if (from > until) return;
    const whole = from === start && until === end;
    segments.push({ rule, from, until, timeframe: whole ? null : priceListTimeframeId(rule.id) });
  });
  return segments;
}

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
        timeframeRows.push({
          timeframe_group_id: timeframe,
          start_time: '',
          end_time: '',
          service_id: timeframe,
        });
        const row: Row = { service_id: timeframe };
        for (const weekday of WEEKDAYS) row[weekday.toLowerCase()] = 1;
        row.start_date = from.replaceAll('-', '');
        row.end_date = until.replaceAll('-', '');
        calendarRows.push(row);
      }
    }
    if (lineRows > 0) networkLines.push(line);
  }
  if (legRows.length === 0) return null;

  const concessions = [...input.concessions].sort((a, b) => a.id - b.id);
  const productRows: Row[] = [];
  for (const cents of [...productCents].sort((a, b) => a - b)) {
    const product = { fare_product_id: fareProductId(cents), fare_product_name: 'Vienkartinis bilietas' };
    productRows.push({
      ...product,
      rider_category_id: FULL_FARE_CATEGORY,
      fare_media_id: FARE_MEDIUM,
      amount: euros(cents),
      currency: FARE_CURRENCY,
    });
    for (const concession of concessions) {
      productRows.push({
        ...product,
        rider_category_id: concessionCategoryId(concession.id),
        fare_media_id: FARE_MEDIUM,
        amount: euros(concessionCents(cents, concession.percent)),
        currency: FARE_CURRENCY,
      });
    }
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
