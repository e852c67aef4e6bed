import { compareIsoDates } from './calendar.ts';

/**
 * "Today" and "now" belong to the service area, not to the server or the browser: a server in
 * UTC would otherwise call a 00:30 Vilnius bus "tomorrow's" for three hours each night.
 */
export const SERVICE_TIME_ZONE = 'Europe/Vilnius';

/** Injected wherever "now" matters so tests can fix it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export interface VilniusNow {
  /** Calendar date in Vilnius, 'YYYY-MM-DD'. */
  date: string;
  /** Minutes after midnight in Vilnius, 0..1439. */
  minutes: number;
}

/**
 * The parts of a Vilnius wall-clock minute (date and 24-hour time; `timeZone` included): the
 * one description of Vilnius' clock, here and in the web's date formats (with their locale).
 */
export const VILNIUS_MINUTE_PARTS = {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

// Building a DateTimeFormat is costly; one instance serves every request. 'en-GB' here only
// reads the date and time parts in Vilnius (never shown to anyone): texts people read are
// formatted in the web's catalogue locale (packages/web/src/i18n/format.ts).
const vilniusFormat = new Intl.DateTimeFormat('en-GB', VILNIUS_MINUTE_PARTS);

/** What Vilnius' clock shows at an instant (a Date or ms since 1970). */
export function vilniusTime(instant: Date | number): VilniusNow {
  if (Number.isNaN(new Date(instant).getTime())) throw new RangeError('The clock returned an invalid Date');
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of vilniusFormat.formatToParts(instant)) parts[part.type] = part.value;
  const year = (parts.year ?? '').padStart(4, '0');
  // Some ICU builds still print midnight as '24' despite h23; it is hour 0 of the same date.
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return { date: `${year}-${parts.month}-${parts.day}`, minutes: hour * 60 + minute };
}

export function vilniusNow(clock: Clock = systemClock): VilniusNow {
  return vilniusTime(clock());
}

/**
 * A departure is too late once its day is past, or on today when its minute is already behind
 * now's minute. Seconds are ignored: a 23:59 bus still shows at 23:59:30.
 */
export function isTooLate(date: string, minuteOfDeparture: number, now: VilniusNow): boolean {
  return tooLateOn(date, now)(minuteOfDeparture);
}

/** isTooLate for many departures of one date: the dates are compared once. */
export function tooLateOn(date: string, now: VilniusNow): (minuteOfDeparture: number) => boolean {
  const order = compareIsoDates(date, now.date);
  if (order !== 0) return () => order < 0;
  return (minute) => minute < now.minutes;
}
