/**
 * The one place that formats dates for people: in the catalogue's locale (`app.locale`), so a
 * second language brings its own date words with its texts. Formatters are costly to build and
 * kept per locale and style.
 */
import { SERVICE_TIME_ZONE, VILNIUS_MINUTE_PARTS } from '../lib/core.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

const STYLES = {
  /** 'Sunday 1 November 2026' (a calendar day's accessible name). */
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** '1 November' (a day of any year). */
  dayMonth: { day: 'numeric', month: 'long' },
  /** '14:05' in Vilnius (when a draft was last changed). */
  time: { hour: '2-digit', minute: '2-digit', timeZone: SERVICE_TIME_ZONE },
  /** '2026-11-25 14:05' in Vilnius (when a change was made; the locale gives the digits). */
  dateTime: VILNIUS_MINUTE_PARTS,
  /** '14:05:09' in Vilnius, 24-hour (a wrong password's moment, the end of a lockout). */
  timeSeconds: {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: SERVICE_TIME_ZONE,
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** Styles written as 'YYYY-MM-DD HH:MM' whatever the locale's own order of the parts. */
const STAMPS: ReadonlySet<DateStyle> = new Set(['dateTime']);

export function formatDate(locale: string, style: DateStyle, date: Date): string {
  const key = `${locale}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, formatter);
  }
  if (!STAMPS.has(style)) return formatter.format(date);
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
