import { addDays } from './calendar.ts';
import type { YearlyRule } from './domain.ts';
import {
  groupStopPoster,
  PRINT_WINDOW_DAYS,
  type PrintDeparture,
  type StopPoster,
} from './printed-timetable.ts';
import type { ServiceDayContext } from './service-day.ts';

/**
 * The stop poster across a new timetable. A poster made for four weeks
 * that span a new timetable's start (a schedule of its departures valid from a date after the
 * poster's first date) says "New timetable from <date>" and shows two parts, each with its own
 * times: until the day before and from the date. A poster that starts on the change date or up
 * to PRINT_WINDOW_DAYS - 1 days after it shows its one part with the change noted. Which
 * departures run in each part is decided by the service-day rule (scheduleRunsOn, whose
 * windowContains reads validFrom/validUntil) inside groupStopPoster; nothing is re-derived here.
 */
export interface StopPosterParts {
  /** The new timetable's first date the poster notes; null: none. */
  newTimetableFrom: string | null;
  /** One part (the whole window) or two: until the day before newTimetableFrom, and from it. */
  parts: StopPoster[];
}

/**
 * The new timetable a poster over `days` notes: the first validFrom of its departures' schedules
 * after its first date up to its last (the poster is split there), else the latest one from
 * PRINT_WINDOW_DAYS - 1 days before its first date up to it (noted only). Null: none.
 */
export function posterTimetableChange(
  departures: readonly Pick<PrintDeparture, 'schedule'>[],
  days: readonly Pick<ServiceDayContext, 'date'>[],
): { from: string; split: boolean } | null {
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;
  if (first === undefined || last === undefined) return null;
  const starts = [
    ...new Set(departures.flatMap((d) => (d.schedule.validFrom ? [d.schedule.validFrom] : []))),
  ].sort();
  const inside = starts.find((from) => from > first && from <= last);
  if (inside !== undefined) return { from: inside, split: true };
  const earliest = addDays(first, -(PRINT_WINDOW_DAYS - 1));
  const before = starts.filter((from) => from >= earliest && from <= first).pop();
  return before === undefined ? null : { from: before, split: false };
}

/** The stop poster over `days`, in two parts when a new timetable starts inside them. */
export function groupStopPosterParts(
  departures: readonly PrintDeparture[],
  days: readonly ServiceDayContext[],
  rules: readonly YearlyRule[],
): StopPosterParts {
  const change = posterTimetableChange(departures, days);
  if (change === null) return { newTimetableFrom: null, parts: [groupStopPoster(departures, days, rules)] };
  if (!change.split)
    return { newTimetableFrom: change.from, parts: [groupStopPoster(departures, days, rules)] };
  const before = days.filter((d) => d.date < change.from);
  const after = days.filter((d) => d.date >= change.from);
  return {
    newTimetableFrom: change.from,
    parts: [groupStopPoster(departures, before, rules), groupStopPoster(departures, after, rules)],
  };
}
