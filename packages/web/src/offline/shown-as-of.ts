import { formatDate } from '../i18n/format.ts';

/**
 * When a kept answer was fetched, as the offline banner says it: 'HH:MM' in Vilnius when that
 * was today there, else with its date ('2026-11-25 14:05'), so yesterday's timetable never
 * passes for this morning's.
 */
export function shownAsOf(fetchedAt: number, now: number, locale: string): string {
  const fetched = formatDate(locale, 'dateTime', new Date(fetchedAt));
  const today = formatDate(locale, 'dateTime', new Date(now));
  return fetched.slice(0, 10) === today.slice(0, 10) ? fetched.slice(11) : fetched;
}
