import type { LinePrintColumn, RunsOnlyNote, Weekday } from '@bus/core';
import type { Messages } from '../../../i18n/index.ts';
import { WEEKDAYS } from '../../../lib/core.ts';

/**
 * The printed timetables' words that are built from data: a footnote from its rule's parts
 * (weekdays, n-th weekdays of the month, periods, holidays, dates) and a trip's days, in the
 * language shown. Pure, so both catalogues are tested without a browser.
 */

type PrintWords = Messages['print'];

/** 'a', 'a and b', 'a, b and c'. */
export function joinAnd(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '1 September' / 'rugsėjo 1 d.': a day of any year (2000 is a leap year: 29 February exists).
 * The dayMonth style of i18n/format.ts, formatted here so the print chunk loads no other chunk
 * (a shared chunk would add its name to the home's first bundle, which is at its budget).
 */
export function dayMonth(locale: string, month: number, day: number): string {
  let format = dayMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' });
    dayMonthFormats.set(locale, format);
  }
  return format.format(new Date(2000, month - 1, day, 12));
}

const dayOfDate = (locale: string, iso: string) =>
  dayMonth(locale, Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));

const weekdayIndex = (w: Weekday) => WEEKDAYS.indexOf(w);

/** Footnotes list their dates when there are this many or fewer. */
export const MAX_LISTED_DATES = 8;

/** A footnote's sentence, e.g. 'Only on the 1st and 3rd Friday of the month; runs on 4 December and 18 December.' */
export function footnoteText(note: RunsOnlyNote, print: PrintWords, locale: string): string {
  const parts: string[] = [];
  if (note.weekdays.length > 0)
    parts.push(
      print.onlyWeekdays(
        joinAnd(
          note.weekdays.map((w) => print.weekdaysPlural[weekdayIndex(w)] ?? w),
          print.and,
        ),
      ),
    );
  if (note.patterns.length > 0) {
    const byWeekday = new Map<Weekday, number[]>();
    for (const p of note.patterns)
      byWeekday.set(p.dayOfWeek, [...(byWeekday.get(p.dayOfWeek) ?? []), p.nthOccurenceEachMonth]);
    const groups = [...byWeekday].map(
      ([weekday, nths]) =>
        `${joinAnd(
          nths.map((n) => print.ordinal(n)),
          print.and,
        )} ${print.weekdayOne[weekdayIndex(weekday)] ?? weekday}`,
    );
    parts.push(print.onlyPatterns(joinAnd(groups, print.and)));
  }
  if (note.periods.length > 0) {
    const ranges = note.periods
      .map((p) => `${dayMonth(locale, p.startMonth, p.startDay)} – ${dayMonth(locale, p.endMonth, p.endDay)}`)
      .join(', ');
    parts.push(print.onlyPeriods(ranges));
  }
  // The rule's own name follows what it explains (or stands alone).
  if (note.ruleName !== null) {
    const named = print.ruleName(note.ruleName);
    if (parts.length > 0) parts[parts.length - 1] = `${parts[parts.length - 1]} ${named}`;
    else parts.push(named);
  }
  if (note.notOnHolidays) parts.push(print.notOnHolidays);
  if (note.dates.length > 0 && note.dates.length <= MAX_LISTED_DATES)
    parts.push(
      print.runsOnDates(
        joinAnd(
          note.dates.map((d) => dayOfDate(locale, d)),
          print.and,
        ),
      ),
    );
  const sentence = parts.join('; ');
  const capital = `${sentence.charAt(0).toLocaleUpperCase(locale)}${sentence.slice(1)}`;
  // 'gruodžio 18 d.' already ends the sentence.
  return capital.endsWith('.') ? capital : `${capital}.`;
}

/** A trip's weekdays, short: 'Mon–Fri', 'Wed', 'Mon, Wed'; a run of three or more as a range. */
export function weekdaysShort(weekdays: readonly Weekday[], print: PrintWords): string {
  const indexes = WEEKDAYS.map((w, i) => (weekdays.includes(w) ? i : -1)).filter((i) => i >= 0);
  const runs: number[][] = [];
  for (const i of indexes) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === i - 1) last.push(i);
    else runs.push([i]);
  }
  return runs
    .flatMap((run) => {
      const name = (i: number) => print.weekdayShort[i] ?? '';
      if (run.length >= 3) return [`${name(run[0] as number)}–${name(run[run.length - 1] as number)}`];
      return run.map(name);
    })
    .join(', ');
}

/** The line print's column head: its days, the holiday mark and its footnote mark. */
export function columnDays(column: LinePrintColumn, print: PrintWords): string {
  return `${weekdaysShort(column.weekdays, print)}${column.runsOnPublicHolidays ? ` ${print.holidayMark}` : ''}`;
}
