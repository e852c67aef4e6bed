import { addDays, daysBetween, isIsoDate } from '../calendar.ts';
import { vilniusTime } from '../clock.ts';
import { csvField } from '../gtfs/csv.ts';

/*
 * The punctuality report of live buses (issue 40, staff's "Live" page): how many of the stop
 * times the buses were seen at (the observed departures; at a trip's last stop its arrival)
 * were on time, early or late, per line, per hour of the day and per stop.
 *
 * The rule, as riders and operators count it: a bus's delay at a stop is the minute its clock
 * showed when it left, minus the planned minute ("whole minutes late as a clock shows it": left
 * 10:05:50 for 10:00 is 5 minutes late, 10:06:00 is 6). It is on time from `earlyMinutes` early
 * to `lateMinutes` late, both included: with the defaults (1 and 5) from 60 s before the planned
 * minute to 5 min 59 s after it, the usual "1 minute early to 5 minutes 59 seconds late". The
 * average delay is the plain mean of observed minus planned, to the second, in minutes.
 */

/** What counts as on time: this many minutes early to this many late, both included. */
export interface PunctualityBounds {
  earlyMinutes: number;
  lateMinutes: number;
}

/** The "−1 to +5 min". */
export const PUNCTUALITY_DEFAULTS: PunctualityBounds = { earlyMinutes: 1, lateMinutes: 5 };
/** The widest either bound may be, in minutes. */
export const PUNCTUALITY_MAX_MINUTES = 60;
/** The longest period one report covers (dates, both included): a year, leap day and all. */
export const PUNCTUALITY_MAX_DAYS = 366;

export type Punctuality = 'early' | 'onTime' | 'late';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Whole minutes late as a clock shows it (negative: early); `plannedAt` is a whole minute. */
export function clockDelayMinutes(plannedAt: number, observedAt: number): number {
  return Math.floor((observedAt - plannedAt) / MINUTE);
}

/** Early, on time or late by the bounds (see the rule above). */
export function punctualityOf(plannedAt: number, observedAt: number, bounds: PunctualityBounds): Punctuality {
  const late = clockDelayMinutes(plannedAt, observedAt);
  if (late < -bounds.earlyMinutes) return 'early';
  if (late > bounds.lateMinutes) return 'late';
  return 'onTime';
}

/** What is wrong with a report's period ('YYYY-MM-DD' dates, both included); null when fine. */
export function punctualityPeriodProblem(from: string, until: string): 'order' | 'tooLong' | null {
  if (!isIsoDate(from) || !isIsoDate(until)) return null;
  if (until < from) return 'order';
  return daysBetween(from, until) + 1 > PUNCTUALITY_MAX_DAYS ? 'tooLong' : null;
}

/** The last date of the longest period that starts on `from`. */
export function punctualityLastDate(from: string): string {
  return addDays(from, PUNCTUALITY_MAX_DAYS - 1);
}

/** One observed stop time, as the report counts it. */
export interface ObservedDeparture {
  lineId: number;
  stopId: number;
  /** Planned instant (a whole minute, with the day's changed times), ms. */
  plannedAt: number;
  observedAt: number;
}

/** The counts of one row of the report. */
export interface PunctualityCounts {
  observed: number;
  onTime: number;
  early: number;
  late: number;
  /** onTime / observed, 0..1; null when nothing was observed. */
  onTimeShare: number | null;
  /** Mean of observed minus planned, minutes to one decimal (negative: early); null when nothing was observed. */
  averageDelayMinutes: number | null;
}

/** The report's tables, keyed by ids (the server adds the names). */
export interface PunctualityTables {
  total: PunctualityCounts;
  /** By line id, ascending. */
  byLine: (PunctualityCounts & { lineId: number })[];
  /** By the planned time's hour of the day in Vilnius (0-23), ascending; hours with nothing observed are left out. */
  byHour: (PunctualityCounts & { hour: number })[];
  /** By stop id, ascending. */
  byStop: (PunctualityCounts & { stopId: number })[];
}

class Tally {
  observed = 0;
  onTime = 0;
  early = 0;
  late = 0;
  delayMs = 0;

  add(kind: Punctuality, delayMs: number): void {
    this.observed++;
    this[kind]++;
    this.delayMs += delayMs;
  }

  counts(): PunctualityCounts {
    const n = this.observed;
    return {
      observed: n,
      onTime: this.onTime,
      early: this.early,
      late: this.late,
      onTimeShare: n === 0 ? null : this.onTime / n,
      // Rounded to a tenth of a minute; + 0 so that a mean of "-0.0" is 0.
      averageDelayMinutes: n === 0 ? null : Math.round(this.delayMs / n / 6000) / 10 + 0,
    };
  }
}

function tallyOf(map: Map<number, Tally>, key: number): Tally {
  let tally = map.get(key);
  if (tally === undefined) {
    tally = new Tally();
    map.set(key, tally);
  }
  return tally;
}

function rows<K extends string>(map: Map<number, Tally>, key: K): (PunctualityCounts & Record<K, number>)[] {
  return [...map]
    .sort(([a], [b]) => a - b)
    .map(([id, tally]) => ({ [key]: id, ...tally.counts() }) as PunctualityCounts & Record<K, number>);
}

/**
 * The hour of the day in Vilnius of an instant. Vilnius moves its clock on whole UTC hours, so
 * the offset is the same through each UTC hour: worked out once per UTC hour (a year of
 * observations asks Intl a few thousand times, not once per stop time).
 */
function vilniusHours(): (instant: number) => number {
  const startMinutes = new Map<number, number>();
  return (instant) => {
    const utcHour = Math.floor(instant / HOUR);
    let start = startMinutes.get(utcHour);
    if (start === undefined) {
      start = vilniusTime(utcHour * HOUR).minutes;
      startMinutes.set(utcHour, start);
    }
    return Math.floor((start + Math.floor((instant - utcHour * HOUR) / MINUTE)) / 60) % 24;
  };
}

/** Counts the observed stop times per line, per hour of the planned time (Vilnius) and per stop. */
export function punctualityTables(
  observed: Iterable<ObservedDeparture>,
  bounds: PunctualityBounds,
): PunctualityTables {
  const total = new Tally();
  const byLine = new Map<number, Tally>();
  const byHour = new Map<number, Tally>();
  const byStop = new Map<number, Tally>();
  const hourOf = vilniusHours();
  for (const o of observed) {
    const kind = punctualityOf(o.plannedAt, o.observedAt, bounds);
    const delay = o.observedAt - o.plannedAt;
    total.add(kind, delay);
    tallyOf(byLine, o.lineId).add(kind, delay);
    tallyOf(byHour, hourOf(o.plannedAt)).add(kind, delay);
    tallyOf(byStop, o.stopId).add(kind, delay);
  }
  return {
    total: total.counts(),
    byLine: rows(byLine, 'lineId'),
    byHour: rows(byHour, 'hour'),
    byStop: rows(byStop, 'stopId'),
  };
}

/** The punctuality report as staff get it (admin.live.punctuality): the tables with names. */
export interface PunctualityReport extends PunctualityBounds {
  /** The period's first and last date ('YYYY-MM-DD', Vilnius), both included. */
  from: string;
  until: string;
  total: PunctualityCounts;
  /** By line name (Lithuanian order). */
  byLine: (PunctualityCounts & { lineId: number; lineName: string })[];
  byHour: (PunctualityCounts & { hour: number })[];
  /** By stop name (Lithuanian order). */
  byStop: (PunctualityCounts & { stopId: number; stopName: string })[];
}

/** The CSV's columns, in order: which table a row is of, its key, then the counts. */
export const PUNCTUALITY_CSV_COLUMNS = [
  'table',
  'line_id',
  'line',
  'hour',
  'stop_id',
  'stop',
  'observed',
  'on_time',
  'early',
  'late',
  'on_time_percent',
  'average_delay_minutes',
] as const;

const percent = (share: number | null) => (share === null ? '' : (Math.round(share * 1000) / 10).toFixed(1));

function countCells(c: PunctualityCounts): string[] {
  return [
    String(c.observed),
    String(c.onTime),
    String(c.early),
    String(c.late),
    percent(c.onTimeShare),
    c.averageDelayMinutes === null ? '' : c.averageDelayMinutes.toFixed(1),
  ];
}

/**
 * The report as CSV (RFC 4180 as every CSV of the project: gtfs/csv.ts's quoting, CRLF, with a
 * BOM so that a spreadsheet reads the Lithuanian letters as UTF-8): one row for the whole
 * period, then the lines, the hours ('07' for 07:00-07:59) and the stops.
 */
export function punctualityCsv(report: PunctualityReport): string {
  const lines = [PUNCTUALITY_CSV_COLUMNS.join(',')];
  const push = (cells: (string | number)[]) => lines.push(cells.map((c) => csvField(c)).join(','));
  push(['total', '', '', '', '', '', ...countCells(report.total)]);
  for (const r of report.byLine) push(['line', r.lineId, r.lineName, '', '', '', ...countCells(r)]);
  for (const r of report.byHour)
    push(['hour', '', '', String(r.hour).padStart(2, '0'), '', '', ...countCells(r)]);
  for (const r of report.byStop) push(['stop', '', '', '', r.stopId, r.stopName, ...countCells(r)]);
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
