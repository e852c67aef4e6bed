import { describe, expect, it } from 'vitest';
import { NewTimetableInput } from './admin-inputs/new-timetable.ts';
import { ServiceChangeFields } from './admin-inputs/service-changes.ts';
import { addDays, daysBetween, isoWeekday } from './calendar.ts';
import {
  dateWindow,
  inDateRange,
  PUBLIC_YEARS,
  publicDates,
  STORED_DATE_MESSAGE,
  STORED_DATES,
  StoredDate,
  storedDate,
  storedDateProblem,
} from './date-bounds.ts';
import { PRINT_WINDOW_DAYS } from './printed-timetable.ts';
import { WindowBound } from './schedule-window.ts';
import { englishMessage, serverMessage } from './server-messages.ts';
import { serviceDayContext } from './service-day.ts';
import { comparedDates } from './timetable-compare.ts';

/** Issue 37: how far the dates people give may reach, and what is done with those beyond. */

const NOT_A_DATE = 'date must be a calendar date written YYYY-MM-DD';
const OUTSIDE = 'A date must be from 2000-01-01 to 2099-12-31';

describe('the dates staff may save (STORED_DATES)', () => {
  it('are 2000-01-01 to 2099-12-31, said so by dateOutsideRange', () => {
    expect(STORED_DATES).toEqual({ from: '2000-01-01', to: '2099-12-31' });
    expect(STORED_DATE_MESSAGE).toBe(OUTSIDE);
    expect(englishMessage(serverMessage('invalidDate'))).toBe(NOT_A_DATE);
  });

  it.each([
    ['the first', '2000-01-01', null],
    ['the last', '2099-12-31', null],
    ['a leap day', '2028-02-29', null],
    ['2000, a leap century', '2000-02-29', null],
    ['the day before the first', '1999-12-31', OUTSIDE],
    ['the day after the last', '2100-01-01', OUTSIDE],
    ['year 1', '0001-01-01', OUTSIDE],
    ['year 0', '0000-01-01', OUTSIDE],
    ['year 9999', '9999-12-31', OUTSIDE],
    ['29 February 2100 (2100 is no leap year)', '2100-02-29', NOT_A_DATE],
    ['29 February 2026', '2026-02-29', NOT_A_DATE],
    ['31 April', '2026-04-31', NOT_A_DATE],
    ['month 13', '2026-13-01', NOT_A_DATE],
    ['five-digit year', '10000-01-01', NOT_A_DATE],
    ['nothing', '', NOT_A_DATE],
    ['a word', 'tomorrow', NOT_A_DATE],
  ])('%s (%j): %j', (_what, text, problem) => {
    expect(storedDateProblem(text)).toBe(problem);
    const parsed = StoredDate.safeParse(text);
    expect(parsed.success).toBe(problem === null);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual([problem]);
  });

  // Every schema a date staff type goes through says the same.
  const schemas: [
    string,
    (date: string) => { success: boolean; error?: { issues: { message: string }[] } },
  ][] = [
    [
      'a service change from',
      (from) => ServiceChangeFields.safeParse({ kind: 'notice', from, titleLt: 'T' }),
    ],
    [
      'a notice until',
      (until) => ServiceChangeFields.safeParse({ kind: 'notice', from: '2026-12-01', until, titleLt: 'T' }),
    ],
    [
      'a cancellation until',
      (until) => ServiceChangeFields.safeParse({ kind: 'cancel', from: '2099-12-30', until, tripIds: [1] }),
    ],
    ['a schedule window bound', (date) => WindowBound.safeParse(date)],
    [
      'a new timetable from',
      (from) => NewTimetableInput.safeParse({ from, baseVersions: [{ lineId: 1, version: 0 }] }),
    ],
  ];
  it.each(
    schemas.flatMap(([what, parse]) =>
      (
        [
          ['0001-01-01', OUTSIDE],
          ['9999-12-31', OUTSIDE],
          ['2100-02-29', NOT_A_DATE],
          ['2099-12-31', null],
        ] as const
      ).map(([date, problem]) => [what, date, problem, parse] as const),
    ),
  )('%s %s: %j', (_what, date, problem, parse) => {
    const result = parse(date);
    expect(result.success).toBe(problem === null);
    if (problem !== null) expect(result.error?.issues.map((i) => i.message)).toContain(problem);
  });

  it.each([
    [null, null],
    [undefined, null],
    ['2026-12-01', '2026-12-01'],
    ['2000-01-01', '2000-01-01'],
    ['2099-12-31', '2099-12-31'],
    ['1999-12-31', '2000-01-01'],
    ['0001-01-01', '2000-01-01'],
    ['0000-01-01', '2000-01-01'],
    ['2100-01-01', '2099-12-31'],
    ['9999-12-31', '2099-12-31'],
    ['2100-02-29', null],
    ['10000-01-01', null],
    ['', null],
    ['garbage', null],
  ])('a stored %j is read as %j', (stored, read) => {
    expect(storedDate(stored)).toBe(read);
  });
});

describe('the dates the public pages answer for (PUBLIC_YEARS)', () => {
  it('are the two years before this one, this year and next year', () => {
    expect(PUBLIC_YEARS).toEqual({ before: 2, after: 1 });
  });

  it.each([
    ['2026-11-29', '2024-01-01', '2027-12-31'],
    ['2026-12-31', '2024-01-01', '2028-01-01'], // 366 days ahead at least
    ['2027-12-31', '2025-01-01', '2028-12-31'], // 2028 is a leap year: 366 days is its last day
    ['2027-01-01', '2025-01-01', '2028-12-31'],
    ['2028-02-29', '2026-01-01', '2029-12-31'],
    ['2000-01-01', '1998-01-01', '2001-12-31'],
  ])('on %s: %s to %s', (today, from, to) => {
    expect(publicDates(today)).toEqual({ from, to });
  });

  it.each(['2026-01-01', '2026-06-30', '2026-12-31', '2028-02-29'])(
    'on %s, at least a year back and a year ahead',
    (today) => {
      const { from, to } = publicDates(today);
      expect(daysBetween(from, today)).toBeGreaterThanOrEqual(2 * 365);
      expect(daysBetween(today, to)).toBeGreaterThanOrEqual(366);
      expect(daysBetween(from, to)).toBeLessThan(4 * 366);
    },
  );

  it("dateWindow counts days around today (the planner's window, always inside the public one)", () => {
    for (const today of ['2026-01-01', '2026-11-29', '2026-12-31', '2027-12-31', '2028-02-29']) {
      const plan = dateWindow(today, { daysBefore: 7, daysAfter: 366 });
      const pages = publicDates(today);
      expect(pages.from <= plan.from && plan.to <= pages.to, today).toBe(true);
    }
    expect(dateWindow('2026-11-29', { daysBefore: 7, daysAfter: 366 })).toEqual({
      from: '2026-11-22',
      to: '2027-11-30',
    });
  });

  it.each([
    ['2026-11-29', true],
    ['2024-01-01', true],
    ['2023-12-31', false],
    ['2027-12-31', true],
    ['2028-01-01', false],
    ['0001-01-01', false],
    ['9999-12-31', false],
    ['2100-02-29', false],
    ['2026-11-3', false],
  ])('on 2026-11-29, %s is in the window: %s', (date, inside) => {
    expect(inDateRange(date, publicDates('2026-11-29'))).toBe(inside);
  });

  // scripts/e2e-moments.sh: the server's clock at each moment the browser suite must pass at;
  // the suite asks the departures for fixed dates from 2026-11-23 to 2027-03-29.
  it.each(['2026-11-23', '2026-11-29', '2026-12-31', '2027-03-28', '2028-02-29'])(
    "at the browser tests' moment %s, their fixed dates are answered",
    (today) => {
      for (const date of ['2026-11-23', '2026-12-23', '2027-03-29'])
        expect(inDateRange(date, publicDates(today)), date).toBe(true);
    },
  );
});

describe('no date arithmetic the code does with a bounded date can throw', () => {
  // The furthest any code goes from a date it was given: the print's four weeks, the
  // comparison's week after, a year's window, the public window around today.
  const edges = [STORED_DATES.from, STORED_DATES.to, '2099-02-28', '2000-02-29'];
  it.each(edges)('%s', (date) => {
    for (const days of [-367, -366, -1, 0, 1, 6, PRINT_WINDOW_DAYS, 366, 367])
      expect(() => addDays(date, days)).not.toThrow();
    expect(() => comparedDates(date)).not.toThrow();
    expect(() => publicDates(date)).not.toThrow();
    expect(() => serviceDayContext(date, [], [])).not.toThrow();
    expect(isoWeekday(date)).toBeGreaterThanOrEqual(1);
  });

  it('daysBetween counts across the whole range without a loop', () => {
    expect(daysBetween(STORED_DATES.from, STORED_DATES.to)).toBe(36_524);
    expect(addDays(STORED_DATES.from, daysBetween(STORED_DATES.from, STORED_DATES.to))).toBe(STORED_DATES.to);
  });
});
