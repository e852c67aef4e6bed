import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareIsoDates,
  daysBetween,
  daysInMonth,
  formatIsoDate,
  isIsoDate,
  isLeapYear,
  isoWeekday,
  parseIsoDate,
  toCalendarDate,
  weekdayName,
} from './calendar.ts';

describe('parseIsoDate', () => {
  it.each([
    ['2026-01-01', { year: 2026, month: 1, day: 1 }],
    ['2026-12-31', { year: 2026, month: 12, day: 31 }],
    ['2028-02-29', { year: 2028, month: 2, day: 29 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['2026-04-30', { year: 2026, month: 4, day: 30 }],
    ['0001-01-01', { year: 1, month: 1, day: 1 }],
  ])('%s is a real date', (text, expected) => {
    expect(parseIsoDate(text)).toEqual(expected);
    expect(isIsoDate(text)).toBe(true);
  });

  it.each([
    '2026-02-29', // not a leap year
    '1900-02-29', // century, not a leap year
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '2026-1-5',
    '26-01-05',
    '2026/01/05',
    '2026-01-05T00:00:00Z',
    ' 2026-01-05',
    '2026-01-05 ',
    '20260105',
    '',
    'today',
    '２０２６-01-05', // full-width digits are not \d in a non-unicode regex, keep them out
  ])('%j is rejected', (text) => {
    expect(parseIsoDate(text)).toBeNull();
    expect(isIsoDate(text)).toBe(false);
  });

  it('toCalendarDate throws RangeError for a bad date', () => {
    expect(() => toCalendarDate('2026-02-29')).toThrow(RangeError);
    expect(toCalendarDate('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
  });
});

describe('isLeapYear and daysInMonth', () => {
  it.each([
    [2024, true],
    [2026, false],
    [2028, true],
    [1900, false],
    [2000, true],
    [2100, false],
  ])('isLeapYear(%i) = %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 7, 31],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
    [2026, 0, 0],
    [2026, 13, 0],
    [2026, 1.5, 0],
  ])('daysInMonth(%i, %d) = %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('isoWeekday and weekdayName', () => {
  it.each([
    ['1970-01-01', 4, 'THURSDAY'],
    ['1969-12-31', 3, 'WEDNESDAY'],
    ['1900-01-01', 1, 'MONDAY'],
    ['2000-02-29', 2, 'TUESDAY'],
    ['2026-01-01', 4, 'THURSDAY'],
    ['2026-02-23', 1, 'MONDAY'],
    ['2026-03-29', 7, 'SUNDAY'],
    ['2026-04-05', 7, 'SUNDAY'],
    ['2026-04-06', 1, 'MONDAY'],
    ['2026-07-01', 3, 'WEDNESDAY'],
    ['2026-10-25', 7, 'SUNDAY'],
    ['2026-12-31', 4, 'THURSDAY'],
    ['2027-03-28', 7, 'SUNDAY'],
    ['2028-02-29', 2, 'TUESDAY'],
    ['2025-03-12', 3, 'WEDNESDAY'],
    ['2026-11-21', 6, 'SATURDAY'],
    ['2026-11-20', 5, 'FRIDAY'],
  ] as const)('%s is %i (%s)', (date, iso, name) => {
    expect(isoWeekday(date)).toBe(iso);
    expect(weekdayName(date)).toBe(name);
  });

  it('throws for an invalid date', () => {
    expect(() => isoWeekday('2026-02-30')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-01', 0, '2026-01-01'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-31', 1, '2024-04-01'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2028-01-01', 366, '2029-01-01'],
    ['2026-03-28', 1, '2026-03-29'], // DST weekend: no hour-based drift
    ['2026-10-25', 1, '2026-10-26'],
    ['1970-01-01', -1, '1969-12-31'],
    ['2000-01-01', 146097, '2400-01-01'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('refuses fractional days and invalid dates', () => {
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-29', 1)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-02', 1],
    ['2026-01-02', '2026-01-01', -1],
    ['2026-02-28', '2026-03-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
    ['2026-03-28', '2026-03-30', 2], // DST weekend: days, not hours
    ['1969-12-31', '1970-01-01', 1],
    ['0000-01-01', '9999-12-31', 3_652_424],
  ])('daysBetween(%s, %s) = %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
    expect(addDays(from, days)).toBe(to);
  });
});

describe('addDays at the ends of what YYYY-MM-DD can write', () => {
  it('reaches 0000-01-01 and 9999-12-31, and throws RangeError past them rather than stopping there', () => {
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(addDays('0000-01-02', -1)).toBe('0000-01-01');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
  });
});

describe('compareIsoDates and formatIsoDate', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-02', -1],
    ['2026-01-02', '2026-01-01', 1],
    ['2025-12-31', '2026-01-01', -1],
    ['2026-10-01', '2026-09-30', 1],
  ] as const)('compare(%s, %s) = %i', (a, b, expected) => {
    expect(compareIsoDates(a, b)).toBe(expected);
  });

  it('refuses malformed input instead of comparing text', () => {
    expect(() => compareIsoDates('2026-1-1', '2026-01-01')).toThrow(RangeError);
  });

  it.each([
    [{ year: 2026, month: 3, day: 5 }, '2026-03-05'],
    [{ year: 999, month: 12, day: 31 }, '0999-12-31'],
  ])('formats %j as %s', (date, text) => {
    expect(formatIsoDate(date)).toBe(text);
  });
});
