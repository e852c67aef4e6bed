import { WEEKDAYS, type Weekday } from './domain.ts';

/**
 * Calendar dates as 'YYYY-MM-DD' strings. All arithmetic is done on day numbers (days since
 * 1970-01-01), never through `Date`, so the process or browser time zone cannot shift a day.
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in `month` (1-12) of `year`; 0 for a month outside 1-12 so callers can treat it as "no such day". */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 0;
  if (month === 2 && isLeapYear(year)) return 29;
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

/** Strict 'YYYY-MM-DD' naming a real calendar day (2026-02-29 and 2026-04-31 are rejected); null otherwise. */
export function parseIsoDate(text: string): CalendarDate | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

/** Like parseIsoDate, for callers whose input was already validated: a bad date here is a programming error. */
export function toCalendarDate(text: string): CalendarDate {
  const date = parseIsoDate(text);
  if (!date) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(text)}`);
  return date;
}

export function formatIsoDate(date: CalendarDate): string {
  if (date.year < 0 || date.year > 9999) throw new RangeError(`Year out of range: ${date.year}`);
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/**
 * Day number of a civil date, 1970-01-01 = 0 (H. Hinnant's days_from_civil). Counting from
 * March makes February the last month of the shifted year, so leap days need no special case.
 */
function daysFromCivil({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): CalendarDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday, Monday = 1 .. Sunday = 7. */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (ISO 4); the double modulo keeps dates before 1970 positive.
  return ((((daysFromCivil(toCalendarDate(date)) + 3) % 7) + 7) % 7) + 1;
}

export function weekdayName(date: string): Weekday {
  const name = WEEKDAYS[isoWeekday(date) - 1];
  if (!name) throw new RangeError(`No weekday for ${date}`);
  return name;
}

/**
 * `date` moved by `days` (negative goes back); crosses month, year and leap-day boundaries.
 * A result outside the years 0000-9999 cannot be written YYYY-MM-DD and throws RangeError
 * rather than stopping at 9999-12-31: a date that stops would make a day-by-day loop to it
 * endless. No request gets near that edge: what people type is bounded and stored dates are
 * read back inside STORED_DATES (date-bounds.ts), far from both ends.
 */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Whole days expected, got ${days}`);
  return formatIsoDate(civilFromDays(daysFromCivil(toCalendarDate(date)) + days));
}

/** Days from `from` to `to` (negative when `to` comes first): addDays(from, daysBetween(from, to)) === to. */
export function daysBetween(from: string, to: string): number {
  return daysFromCivil(toCalendarDate(to)) - daysFromCivil(toCalendarDate(from));
}

/** Negative, zero or positive like a sort comparator; both arguments must be valid dates. */
export function compareIsoDates(a: string, b: string): -1 | 0 | 1 {
  // Validating first keeps a malformed value from sorting "correctly" by accident.
  toCalendarDate(a);
  toCalendarDate(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
