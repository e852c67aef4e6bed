import { addDays, isoWeekday } from '../calendar.ts';
import type { Holiday, YearlyRule } from '../domain.ts';
import {
  type ScheduleRunsOn,
  type ServiceDayContext,
  scheduleRunsOn,
  serviceDayContext,
} from '../service-day.ts';

/**
 * GTFS knows weekdays between two dates plus single added or removed dates; it has no yearly
 * rules, nth-weekday patterns or our public-holiday rule. So a schedule's running dates are
 * not translated but compiled: every date of the feed window is decided by the very functions
 * that decide the public departures (serviceDayContext + scheduleRunsOn), and the resulting
 * set is then written as compactly as GTFS allows while staying exact.
 */

/** The feed window: `days` dates from `start` (YYYY-MM-DD), both included in the count. */
export interface FeedWindow {
  start: string;
  days: number;
}

/** The service days of every date of the window, computed once for all schedules. */
export function windowServiceDays(
  window: FeedWindow,
  rules: readonly YearlyRule[],
  holidays: readonly Pick<Holiday, 'month' | 'day'>[],
): ServiceDayContext[] {
  const contexts: ServiceDayContext[] = [];
  for (let i = 0; i < window.days; i++) {
    contexts.push(serviceDayContext(addDays(window.start, i), rules, holidays));
  }
  return contexts;
}

/** The dates (YYYY-MM-DD, ascending) of the window on which the schedule runs. */
export function runningDates(schedule: ScheduleRunsOn, days: readonly ServiceDayContext[]): string[] {
  return days.filter((day) => scheduleRunsOn(schedule, day)).map((day) => day.date);
}

/** calendar.txt's row: weekdays (index 0 = Monday) between two dates, both included. */
export interface WeeklyPattern {
  weekdays: readonly boolean[];
  start: string;
  end: string;
}

/** One service as GTFS holds it: an optional weekly row plus calendar_dates exceptions. */
export interface CompiledService {
  weekly: WeeklyPattern | null;
  /** exception_type 1: runs although the weekly row does not say so (or there is no weekly row). */
  added: string[];
  /** exception_type 2: does not run although the weekly row says so. */
  removed: string[];
}

/**
 * A date's weekday and the next date, remembered: a national feed compiles over a hundred
 * thousand services over the same window's few hundred dates, and working them out again for
 * each was most of its build time. Forgotten when many (dates far apart, a long-running process).
 */
const dayFacts = new Map<string, { weekday: number; next: string }>();

function factsOf(date: string): { weekday: number; next: string } {
  let facts = dayFacts.get(date);
  if (facts === undefined) {
    if (dayFacts.size >= 4096) dayFacts.clear();
    facts = { weekday: isoWeekday(date), next: addDays(date, 1) };
    dayFacts.set(date, facts);
  }
  return facts;
}

function datesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = factsOf(date).next) dates.push(date);
  return dates;
}

/**
 * The shortest exact form of a set of dates. The weekly row spans the first to the last
 * running date and takes each weekday that runs on more of its dates than not, so the
 * exceptions are as few as they can be for such a row; when the row saves nothing over listing
 * the dates (a 1st-and-3rd-Friday pattern, a handful of dates), the dates are listed instead.
 * Empty input gives an empty service (the caller leaves such a schedule out of the feed).
 */
export function compileService(dates: readonly string[]): CompiledService {
  const sorted = [...new Set(dates)].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return { weekly: null, added: [], removed: [] };
  const running = new Set(sorted);
  const span = datesBetween(first, last);
  const runs = [0, 0, 0, 0, 0, 0, 0];
  const rests = [0, 0, 0, 0, 0, 0, 0];
  for (const date of span) {
    const index = factsOf(date).weekday - 1;
    if (running.has(date)) runs[index] = (runs[index] as number) + 1;
    else rests[index] = (rests[index] as number) + 1;
  }
  const weekdays = runs.map((count, i) => count > (rests[i] as number));
  const added: string[] = [];
  const removed: string[] = [];
  for (const date of span) {
    const inRow = weekdays[factsOf(date).weekday - 1] === true;
    if (running.has(date) && !inRow) added.push(date);
    else if (!running.has(date) && inRow) removed.push(date);
  }
  // A weekly row costs one line; listing every date costs one line per date.
  if (!weekdays.some(Boolean) || 1 + added.length + removed.length >= sorted.length) {
    return { weekly: null, added: sorted, removed: [] };
  }
  return { weekly: { weekdays, start: first, end: last }, added, removed };
}

/** The dates a compiled service runs on, read back the way a GTFS consumer reads it. */
export function expandService(service: CompiledService): string[] {
  const dates = new Set<string>();
  if (service.weekly) {
    for (const date of datesBetween(service.weekly.start, service.weekly.end)) {
      if (service.weekly.weekdays[isoWeekday(date) - 1]) dates.add(date);
    }
  }
  for (const date of service.removed) dates.delete(date);
  for (const date of service.added) dates.add(date);
  return [...dates].sort();
}
