import { z } from 'zod';
import { addDays, compareIsoDates, formatIsoDate, isIsoDate, toCalendarDate } from './calendar.ts';
import { englishMessage, serverMessage } from './server-messages.ts';

/*
 * How far the dates people give may reach (issue 37: no request can stall or crash the
 * server). A date is checked where it comes in, as a date first (2100-02-29 is none: the
 * invalidDate message), then against its bounds below, so nothing past them is stored or
 * worked on; a date already stored beyond them (saved before they existed, or written by
 * hand) is read back inside them (storedDate), so no feed or page ever does arithmetic near
 * the years 0000 and 9999, where YYYY-MM-DD ends and addDays throws.
 */

/** Dates from `from` to `to`, both included ('YYYY-MM-DD'). */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * Every date staff save or ask about: a service change's or notice's first and last date, a
 * schedule's validity window (the admin saves, the old REST save, dataset imports), a new
 * timetable's first date, the days the service-change screens and the list filter look at,
 * and the command line's. A timetable is planned months ahead, not decades: the range is
 * fixed rather than around today, so what was valid when saved stays valid, and it keeps
 * every sum the code does with these dates (the day before, a year on) far from the edges.
 * Outside it: 400 (dateOutsideRange), nothing stored.
 */
export const STORED_DATES: DateRange = { from: '2000-01-01', to: '2099-12-31' };

/**
 * The dates the public pages answer for: the two years before this one, this year and next
 * year (Vilnius), and never less than PUBLIC_DAYS_AHEAD ahead (on 1 January 2027: 2025-01-01
 * to 2028-12-31; on 31 December 2026: 2024-01-01 to 2028-01-01). Ahead, so a rider can look up
 * next year's Easter or Christmas timetable any time this year, and every date the journey
 * planner takes (its own narrower window, PLAN_WINDOW in server/src/public-read/journeys.ts: a
 * week back to 366 days ahead) has the trip and line pages a planned journey links to. Back,
 * because a past date costs no more than a future one and links to one stay valid a while:
 * the browser tests ask for fixed dates of late 2026 at moments up to 2028-02-29. The departures (tRPC and the
 * old home-from path), the line, trip and print pages and the timetable comparison refuse a
 * date outside with 400 (dateOutsideWindow); a date that is not one at all means today on the
 * departures and the stop poster (spec section 5) and is refused elsewhere. The feeds take no
 * date: they run from today.
 */
export const PUBLIC_YEARS = { before: 2, after: 1 } as const;
/** The days ahead of today the public pages answer for whatever the year (see PUBLIC_YEARS). */
export const PUBLIC_DAYS_AHEAD = 366;

/** The dates from `daysBefore` before `today` to `daysAfter` after it. */
export function dateWindow(today: string, window: { daysBefore: number; daysAfter: number }): DateRange {
  return { from: addDays(today, -window.daysBefore), to: addDays(today, window.daysAfter) };
}

/** The dates the public pages answer for on `today` (PUBLIC_YEARS around its year). */
export function publicDates(today: string): DateRange {
  const { year } = toCalendarDate(today);
  const endOfNextYear = formatIsoDate({ year: year + PUBLIC_YEARS.after, month: 12, day: 31 });
  const dayAhead = addDays(today, PUBLIC_DAYS_AHEAD);
  return {
    from: formatIsoDate({ year: year - PUBLIC_YEARS.before, month: 1, day: 1 }),
    // The later of the two ('YYYY-MM-DD' text: Math.max would not do).
    to: compareIsoDates(dayAhead, endOfNextYear) > 0 ? dayAhead : endOfNextYear,
  };
}

/** A real calendar date within `range` (both ends included). */
export function inDateRange(date: string, range: DateRange): boolean {
  return isIsoDate(date) && range.from <= date && date <= range.to;
}

/** The English refusal of a date outside STORED_DATES, as a validation issue carries it. */
export const STORED_DATE_MESSAGE = englishMessage(serverMessage('dateOutsideRange', STORED_DATES));

/**
 * What is wrong with a date staff give ('YYYY-MM-DD', already trimmed): not a calendar date
 * (invalidDate), or outside STORED_DATES (dateOutsideRange); null when it is fine.
 */
export function storedDateProblem(text: string): string | null {
  if (!isIsoDate(text)) return englishMessage(serverMessage('invalidDate'));
  return inDateRange(text, STORED_DATES) ? null : STORED_DATE_MESSAGE;
}

/** A required date staff give (a day the service-change screens look at): see storedDateProblem. */
export const StoredDate = z.string().superRefine((text, ctx) => {
  const problem = storedDateProblem(text);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: text });
});

/**
 * A date as stored, for the reads: inside STORED_DATES as it is; beyond it, the nearer end (a
 * notice saved "until 9999-12-31" reads as until 2099-12-31, which no read reaches anyway);
 * null (no bound) when it is not a date at all. Never throws.
 */
export function storedDate(text: string | null | undefined): string | null {
  if (text === null || text === undefined || !isIsoDate(text)) return null;
  if (text < STORED_DATES.from) return STORED_DATES.from;
  if (text > STORED_DATES.to) return STORED_DATES.to;
  return text;
}
