import { addDays } from './calendar.ts';
import type { BoundFor, Holiday, Weekday, YearlyRule } from './domain.ts';
import { WEEKDAYS, WHOLE_YEAR_RULE_NAME } from './domain.ts';
import { changeOverlaps, type NoticeScope, noticesFor } from './service-changes/day-changes.ts';
import type { ServiceChange } from './service-changes/types.ts';
import {
  effectivePeriods,
  indexRulesById,
  type PatternBounds,
  type PeriodBounds,
  type ScheduleRunsOn,
  type ServiceDayContext,
  scheduleRunsOn,
  serviceDayContext,
} from './service-day.ts';
import { compareLineNames, compareLt } from './text.ts';
import { formatTime } from './time.ts';

/**
 * The printed timetables (the stop poster and the line's timetable) and the calendar feeds:
 * which departures run on which dates of a window, decided by the same service-day rules as the
 * departures (serviceDayContext + scheduleRunsOn), date by date. Nothing here guesses from a
 * rule's name: a departure is listed plainly under a day type only when it runs on every date of
 * that type in the window; otherwise it carries a footnote worded from its schedule and rule.
 */

/** How far the printed timetables look ahead: four whole weeks, so every weekday occurs 4 times. */
export const PRINT_WINDOW_DAYS = 28;
/** How far the calendar feeds look ahead. */
export const CALENDAR_WINDOW_DAYS = 60;

/** The poster's columns: working days, Saturdays, Sundays and public holidays. */
export const DAY_TYPES = ['workdays', 'saturdays', 'sundays'] as const;
export type DayType = (typeof DAY_TYPES)[number];

/** `days` consecutive dates from `start` (inclusive). */
export function windowDates(start: string, days: number): string[] {
  return Array.from({ length: Math.max(0, days) }, (_, i) => addDays(start, i));
}

/** Each date's service day (the departures' own rules). */
export function serviceDays(
  dates: readonly string[],
  rules: readonly YearlyRule[],
  holidays: readonly Pick<Holiday, 'month' | 'day'>[],
): ServiceDayContext[] {
  return dates.map((date) => serviceDayContext(date, rules, holidays));
}

/** A public holiday counts as a Sunday, whatever its weekday; otherwise Saturday or a working day. */
export function dayTypeOf(day: Pick<ServiceDayContext, 'weekday' | 'isHoliday'>): DayType {
  if (day.isHoliday || day.weekday === 'SUNDAY') return 'sundays';
  return day.weekday === 'SATURDAY' ? 'saturdays' : 'workdays';
}

/** The dates of `days` on which a schedule runs. */
export function runDates(schedule: ScheduleRunsOn, days: readonly ServiceDayContext[]): string[] {
  return days.filter((day) => scheduleRunsOn(schedule, day)).map((day) => day.date);
}

/** One departure of a stop as the timetable home lists it, with its schedule's running rule. */
export interface PrintDeparture {
  tripId: number;
  schedId: number;
  lineId: number;
  lineName: string;
  /** Minutes after midnight at the stop. */
  minute: number;
  /** Where the bus goes, as the home names it. */
  destination: string;
  schedule: ScheduleRunsOn;
}

/**
 * Why a departure runs on only some dates of its column, in parts the page words in its
 * language: only some weekdays, the n-th weekdays of the month, the rule's periods (and name),
 * not on public holidays; and the dates of the window it runs on.
 */
export interface RunsOnlyNote {
  /** The weekdays it runs on, when it skips some weekdays of its column; else empty. */
  weekdays: Weekday[];
  /** The rule's patterns (n-th weekday of the month) on those weekdays; empty: none. */
  patterns: PatternBounds[];
  /** The rule's periods (own or borrowed) when they are not the whole year; empty: none. */
  periods: PeriodBounds[];
  /** The rule's name, unless it is the whole year's. */
  ruleName: string | null;
  /** Its column holds a public holiday it does not run on. */
  notOnHolidays: boolean;
  /** The dates of the window (of its column) it runs on, ascending. */
  dates: string[];
}

export interface PosterFootnote extends RunsOnlyNote {
  /** 'a', 'b', ... in the order the poster first uses them. */
  mark: string;
}

export interface PosterEntry {
  minute: number;
  lineId: number;
  lineName: string;
  tripId: number;
  destination: string;
  /** The footnote's mark, or null: runs on every date of the column. */
  footnote: string | null;
}

export interface PosterColumn {
  dayType: DayType;
  /** How many dates of the window are of this type. */
  dateCount: number;
  /** Entries by hour of the day (0..23), ordered by minute, line and trip. */
  hours: PosterEntry[][];
}

export interface PosterLine {
  lineId: number;
  lineName: string;
  destinations: string[];
}

export interface StopPoster {
  /** First and last date of the validity window. */
  validFrom: string;
  validTo: string;
  columns: PosterColumn[];
  /** Hours that hold a departure in any column, ascending: the poster's rows. */
  hours: number[];
  footnotes: PosterFootnote[];
  lines: PosterLine[];
}

/** 'a'..'z', then 'aa', 'ab', ... */
export function footnoteMark(index: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let mark = '';
  let n = index;
  do {
    mark = letters[n % 26] + mark;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return mark;
}

/** The footnotes of one print: one per distinct note, marked a, b, ... in the order first needed. */
function footnoteList(): { list: PosterFootnote[]; markOf: (note: RunsOnlyNote) => string } {
  const list: PosterFootnote[] = [];
  const byNote = new Map<string, PosterFootnote>();
  return {
    list,
    markOf(note) {
      const key = JSON.stringify(note);
      let footnote = byNote.get(key);
      if (footnote === undefined) {
        footnote = { mark: footnoteMark(list.length), ...note };
        list.push(footnote);
        byNote.set(key, footnote);
      }
      return footnote.mark;
    },
  };
}

const isWholeYear = (periods: readonly PeriodBounds[]) =>
  periods.length === 0 ||
  periods.some((p) => p.startMonth === 1 && p.startDay === 1 && p.endMonth === 12 && p.endDay === 31);

/**
 * The note of a schedule that runs on only some of `typeDays` (the window's dates of one
 * column): which weekdays, patterns, periods and holidays explain it, and the dates it runs on.
 */
export function runsOnlyNote(
  schedule: ScheduleRunsOn,
  typeDays: readonly ServiceDayContext[],
  rulesById: ReadonlyMap<number, YearlyRule>,
): RunsOnlyNote {
  // A schedule that skips holidays is judged by its weekdays on the other dates only: in the
  // Sunday column a Thursday holiday says nothing about Thursdays.
  const weekdayDays = schedule.runsOnPublicHolidays ? typeDays : typeDays.filter((d) => !d.isHoliday);
  const typeWeekdays = WEEKDAYS.filter((w) => weekdayDays.some((d) => d.weekday === w));
  const runWeekdays = typeWeekdays.filter((w) => schedule.runsOnWeekly.includes(w));
  const rule = rulesById.get(schedule.runsOnYearlyId);
  const patterns = (rule?.pattern1Params ?? [])
    .filter((p) => runWeekdays.includes(p.dayOfWeek))
    .map((p) => ({ nthOccurenceEachMonth: p.nthOccurenceEachMonth, dayOfWeek: p.dayOfWeek }))
    .sort(
      (a, b) =>
        WEEKDAYS.indexOf(a.dayOfWeek) - WEEKDAYS.indexOf(b.dayOfWeek) ||
        a.nthOccurenceEachMonth - b.nthOccurenceEachMonth,
    );
  const ownPeriods = rule ? effectivePeriods(rule, rulesById) : [];
  const periods = isWholeYear(ownPeriods)
    ? []
    : ownPeriods.map((p) => ({
        startMonth: p.startMonth,
        startDay: p.startDay,
        endMonth: p.endMonth,
        endDay: p.endDay,
      }));
  return {
    // A pattern names its weekday itself.
    weekdays: patterns.length === 0 && runWeekdays.length < typeWeekdays.length ? runWeekdays : [],
    patterns,
    periods,
    ruleName: rule && rule.periodName !== WHOLE_YEAR_RULE_NAME ? rule.periodName : null,
    notOnHolidays: !schedule.runsOnPublicHolidays && typeDays.some((d) => d.isHoliday),
    dates: typeDays.filter((d) => scheduleRunsOn(schedule, d)).map((d) => d.date),
  };
}

function compareEntries(a: PosterEntry, b: PosterEntry): number {
  return a.minute - b.minute || compareLineNames(a.lineName, b.lineName) || a.tripId - b.tripId;
}

/**
 * The classic stop poster: hours as rows, minutes in a column per day type. A departure is
 * under a day type when it runs on at least one of the window's dates of that type; plainly
 * when it runs on all of them, else with a footnote (one per distinct note, marked a, b, ...).
 * `days` are the window's service days in date order; `departures` every departure of the stop
 * that runs on some date of the window (duplicates of one trip and minute are counted once).
 */
export function groupStopPoster(
  departures: readonly PrintDeparture[],
  days: readonly ServiceDayContext[],
  rules: readonly YearlyRule[],
): StopPoster {
  const rulesById = indexRulesById(rules);
  const daysByType = new Map<DayType, ServiceDayContext[]>(DAY_TYPES.map((t) => [t, []]));
  for (const day of days) daysByType.get(dayTypeOf(day))?.push(day);
  const seen = new Set<string>();
  const unique = departures.filter((d) => {
    const key = `${d.tripId}|${d.minute}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const ordered = [...unique].sort(
    (a, b) => a.minute - b.minute || compareLineNames(a.lineName, b.lineName) || a.tripId - b.tripId,
  );
  const footnotes = footnoteList();
  const hourSet = new Set<number>();
  const lineDestinations = new Map<number, PosterLine>();
  const columns = DAY_TYPES.map((dayType): PosterColumn => {
    const typeDays = daysByType.get(dayType) ?? [];
    const hours: PosterEntry[][] = Array.from({ length: 24 }, () => []);
    for (const d of ordered) {
      const count = typeDays.filter((day) => scheduleRunsOn(d.schedule, day)).length;
      if (count === 0) continue;
      const mark =
        count < typeDays.length ? footnotes.markOf(runsOnlyNote(d.schedule, typeDays, rulesById)) : null;
      const hour = Math.floor(d.minute / 60) % 24;
      hourSet.add(hour);
      hours[hour]?.push({
        minute: d.minute,
        lineId: d.lineId,
        lineName: d.lineName,
        tripId: d.tripId,
        destination: d.destination,
        footnote: mark,
      });
      const line = lineDestinations.get(d.lineId) ?? {
        lineId: d.lineId,
        lineName: d.lineName,
        destinations: [],
      };
      if (!line.destinations.includes(d.destination)) line.destinations.push(d.destination);
      lineDestinations.set(d.lineId, line);
    }
    for (const entries of hours) entries.sort(compareEntries);
    return { dayType, dateCount: typeDays.length, hours };
  });
  return {
    validFrom: days[0]?.date ?? '',
    validTo: days[days.length - 1]?.date ?? '',
    columns,
    hours: [...hourSet].sort((a, b) => a - b),
    footnotes: footnotes.list,
    lines: [...lineDestinations.values()]
      .map((l) => ({ ...l, destinations: [...l.destinations].sort(compareLt) }))
      .sort((a, b) => compareLineNames(a.lineName, b.lineName) || a.lineId - b.lineId),
  };
}

/** One departure on one date: a calendar event. */
export interface DepartureOccurrence<D> {
  date: string;
  minute: number;
  departure: D;
}

/**
 * Every date of `days` each departure runs on, by date, then minute, then line and trip: the
 * calendar feed's events. On each date this is exactly the set the departures of that date hold.
 */
export function expandOccurrences<D extends Pick<PrintDeparture, 'schedule' | 'minute' | 'tripId'>>(
  departures: readonly D[],
  days: readonly ServiceDayContext[],
): DepartureOccurrence<D>[] {
  const out: DepartureOccurrence<D>[] = [];
  for (const day of days) {
    const ofDay = departures
      .filter((d) => scheduleRunsOn(d.schedule, day))
      .map((d) => ({ date: day.date, minute: d.minute, departure: d }));
    ofDay.sort((a, b) => a.minute - b.minute || a.departure.tripId - b.departure.tripId);
    out.push(...ofDay);
  }
  return out;
}

/** The wall-clock instant of a minute of a date, as ISO text without a zone (Vilnius time). */
export function localDateTime(date: string, minute: number): string {
  const day = addDays(date, Math.floor(minute / (24 * 60)));
  return `${day}T${formatTime(((minute % (24 * 60)) + 24 * 60) % (24 * 60))}:00`;
}

/** A calendar event's UID, stable across feeds and days: the trip, its date, the stop and time. */
export function occurrenceUid(tripId: number, date: string, stopId: number | null, minute: number): string {
  const compact = date.replaceAll('-', '');
  const at = stopId === null ? '' : `-s${stopId}-${formatTime(minute).replace(':', '')}`;
  return `trip${tripId}-${compact}${at}@anyksciai-bus-timetable`;
}

// ---- The line's printed timetable -------------------------------------------------------

/** A schedule's trip as the line print reads it: its stops in travel order and their times. */
export interface PrintTrip {
  tripId: number;
  schedId: number;
  boundFor: BoundFor;
  /** Stops in travel order with the time there ('HH:MM' or null). */
  stops: { id: number; name: string; time: string | null }[];
  schedule: ScheduleRunsOn;
}

export interface LinePrintColumn {
  tripId: number;
  schedId: number;
  /** The schedule's weekdays. */
  weekdays: Weekday[];
  runsOnPublicHolidays: boolean;
  /** A footnote's mark when its rule limits the year or it runs on only some of its days; else null. */
  footnote: string | null;
  /** One per row: the time, or null (no stop there, or no time). */
  times: (string | null)[];
}

export interface LinePrintDirection {
  boundFor: BoundFor;
  /** Rows: the stops in travel order (a stop a loop passes twice has two rows). */
  stops: { id: number; name: string }[];
  columns: LinePrintColumn[];
}

export interface LinePrint {
  validFrom: string;
  validTo: string;
  directions: LinePrintDirection[];
  footnotes: PosterFootnote[];
}

/** Row keys of a trip's stops: the stop id and which visit of it (a loop passes a stop twice). */
function visitKeys(stops: readonly { id: number }[]): string[] {
  const counts = new Map<number, number>();
  return stops.map((s) => {
    const n = counts.get(s.id) ?? 0;
    counts.set(s.id, n + 1);
    return `${s.id}#${n}`;
  });
}

/** The rows of one direction: the longest trip's stops, then every other stop after the one it follows. */
function mergeStopRows(trips: readonly PrintTrip[]): { key: string; id: number; name: string }[] {
  const rows: { key: string; id: number; name: string }[] = [];
  const longestFirst = [...trips].sort((a, b) => b.stops.length - a.stops.length || a.tripId - b.tripId);
  for (const trip of longestFirst) {
    const keys = visitKeys(trip.stops);
    let after = -1;
    trip.stops.forEach((stop, i) => {
      const key = keys[i] as string;
      const at = rows.findIndex((r) => r.key === key);
      if (at !== -1) {
        after = at;
        return;
      }
      rows.splice(after + 1, 0, { key, id: stop.id, name: stop.name });
      after += 1;
    });
  }
  return rows;
}

const BOUND_ORDER: readonly BoundFor[] = ['Out bound', 'City bound', 'One way'];

function firstMinute(trip: PrintTrip): number {
  const time = trip.stops.find((s) => s.time !== null)?.time;
  if (!time) return Number.POSITIVE_INFINITY;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * The line's timetable for printing: per direction, stops as rows and the trips that run on at
 * least one date of the window as columns (by their first time). A trip whose rule limits the
 * year, or that skips some dates of its own weekdays in the window (holidays, patterns,
 * periods), is footnoted with the same note as on the stop poster.
 */
export function groupLinePrint(
  trips: readonly PrintTrip[],
  days: readonly ServiceDayContext[],
  rules: readonly YearlyRule[],
): LinePrint {
  const rulesById = indexRulesById(rules);
  const footnotes = footnoteList();
  const running = trips.filter((t) => days.some((day) => scheduleRunsOn(t.schedule, day)));
  const directions = BOUND_ORDER.flatMap((boundFor): LinePrintDirection[] => {
    const ofDirection = running
      .filter((t) => t.boundFor === boundFor)
      .sort((a, b) => firstMinute(a) - firstMinute(b) || a.tripId - b.tripId);
    if (ofDirection.length === 0) return [];
    const rows = mergeStopRows(ofDirection);
    const columns = ofDirection.map((trip): LinePrintColumn => {
      const ownDays = days.filter((d) => trip.schedule.runsOnWeekly.includes(d.weekday));
      const runs = ownDays.filter((d) => scheduleRunsOn(trip.schedule, d)).length;
      const rule = rulesById.get(trip.schedule.runsOnYearlyId);
      const limited =
        runs < ownDays.length ||
        (rule !== undefined &&
          (rule.pattern1Params.length > 0 || !isWholeYear(effectivePeriods(rule, rulesById))));
      const mark = limited
        ? footnotes.markOf({ ...runsOnlyNote(trip.schedule, ownDays, rulesById), weekdays: [] })
        : null;
      const keys = visitKeys(trip.stops);
      const timeByKey = new Map(keys.map((k, i) => [k, trip.stops[i]?.time ?? null]));
      return {
        tripId: trip.tripId,
        schedId: trip.schedId,
        weekdays: WEEKDAYS.filter((w) => trip.schedule.runsOnWeekly.includes(w)),
        runsOnPublicHolidays: trip.schedule.runsOnPublicHolidays,
        footnote: mark,
        times: rows.map((r) => timeByKey.get(r.key) ?? null),
      };
    });
    return [{ boundFor, stops: rows.map((r) => ({ id: r.id, name: r.name })), columns }];
  });
  return {
    validFrom: days[0]?.date ?? '',
    validTo: days[days.length - 1]?.date ?? '',
    directions,
    footnotes: footnotes.list,
  };
}

// ---- Service changes on the printed timetables (issue 27) -------------------------------

/**
 * The notices a print carries above its times: those holding on some date of its window
 * (changeOverlaps) that concern what it shows (noticesFor), oldest first.
 */
export function printNotices(
  changes: readonly ServiceChange[],
  window: { validFrom: string; validTo: string },
  scope: NoticeScope,
): ServiceChange[] {
  return noticesFor(
    changes.filter((c) => changeOverlaps(c, window.validFrom, window.validTo)),
    scope,
  );
}
