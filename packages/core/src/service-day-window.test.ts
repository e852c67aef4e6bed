import { describe, expect, it } from 'vitest';
import { addDays } from './calendar.ts';
import type { Holiday, Weekday } from './domain.ts';
import { WEEKDAYS } from './domain.ts';
import { type ScheduleRunsOn, scheduleRunsOn, serviceDayContext, windowContains } from './service-day.ts';
import { staticRule } from './test-rules.ts';

/** Validity windows (issue 28) on top of weekdays, yearly rules and the holiday flag. */

const rule = (id: number, periods: [number, number, number, number][]) => staticRule(id, periods);

const ALL_YEAR = rule(1, [[1, 1, 12, 31]]);
const SUMMER = rule(2, [[6, 1, 8, 31]]);
const WINTER = rule(5, [
  [11, 4, 12, 31],
  [1, 1, 4, 14],
]);
const RULES = [ALL_YEAR, SUMMER, WINTER];
const WORKDAYS: readonly Weekday[] = WEEKDAYS.slice(0, 5);
const HOLIDAYS: Holiday[] = [
  { id: 1, name: 'New Year', month: 1, day: 1 },
  { id: 2, name: 'Statehood Day', month: 7, day: 6 },
  { id: 3, name: 'Christmas Eve', month: 12, day: 24 },
  { id: 4, name: 'Christmas', month: 12, day: 25 },
];

function sched(
  validFrom: string | null,
  validUntil: string | null,
  runsOnYearlyId = 1,
  runsOnWeekly: readonly Weekday[] = WORKDAYS,
  runsOnPublicHolidays = false,
): ScheduleRunsOn {
  return { runsOnWeekly: [...runsOnWeekly], runsOnYearlyId, runsOnPublicHolidays, validFrom, validUntil };
}

function runs(schedule: ScheduleRunsOn, date: string): boolean {
  return scheduleRunsOn(schedule, serviceDayContext(date, RULES, HOLIDAYS));
}

function runningDays(schedule: ScheduleRunsOn, from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (runs(schedule, d)) days.push(d);
  return days;
}

describe('windowContains', () => {
  it.each([
    [null, null, '2026-05-05', true],
    ['2026-05-05', null, '2026-05-04', false],
    ['2026-05-05', null, '2026-05-05', true], // inclusive start
    [null, '2026-05-05', '2026-05-05', true], // inclusive end
    [null, '2026-05-05', '2026-05-06', false],
    ['2026-05-05', '2026-05-05', '2026-05-05', true], // one day
    ['2026-05-06', '2026-05-05', '2026-05-05', false], // ends before it starts: never
    ['2026-05-06', '2026-05-05', '2026-05-06', false],
  ])('%s..%s contains %s: %s', (validFrom, validUntil, date, expected) => {
    expect(windowContains({ validFrom, validUntil }, date)).toBe(expected);
  });

  it('absent bounds are no bounds', () => {
    expect(windowContains({}, '1999-01-01')).toBe(true);
  });
});

describe('scheduleRunsOn with a validity window', () => {
  it.each([
    // ends of months: a window until the 31st, from the 1st of the next
    [sched(null, '2026-03-31'), '2026-03-31', true],
    [sched(null, '2026-03-31'), '2026-04-01', false],
    [sched('2026-04-01', null), '2026-03-31', false],
    [sched('2026-04-01', null), '2026-04-01', true],
    [sched(null, '2026-04-30'), '2026-04-30', true],
    [sched(null, '2026-04-30'), '2026-05-01', false],
    // the year's end: 2026-12-31 is a Thursday, 2027-01-04 a Monday (01-01 is a holiday)
    [sched(null, '2026-12-31'), '2026-12-31', true],
    [sched(null, '2026-12-31'), '2027-01-04', false],
    [sched('2027-01-01', null), '2026-12-31', false],
    [sched('2027-01-01', null), '2027-01-04', true],
    [sched('2027-01-01', null, 1, WORKDAYS, true), '2027-01-01', true], // holiday opted in, first day
    [sched('2027-01-01', null, 1, WORKDAYS, false), '2027-01-01', false], // the holiday still rules
    // Feb 29: 2028 is a leap year (a Tuesday), 2027 is not
    [sched(null, '2028-02-29'), '2028-02-29', true],
    [sched(null, '2028-02-29'), '2028-03-01', false],
    [sched('2028-02-29', null), '2028-02-28', false],
    [sched('2028-02-29', null), '2028-02-29', true],
    [sched(null, '2027-02-28'), '2027-03-01', false],
    [sched('2027-03-01', null), '2027-02-26', false],
    [sched('2027-03-01', null), '2027-03-01', true],
    // the weekday still must match inside the window (2026-05-09 is a Saturday)
    [sched('2026-05-01', '2026-05-31', 1, ['MONDAY']), '2026-05-09', false],
    [sched('2026-05-01', '2026-05-31', 1, ['SATURDAY']), '2026-05-09', true],
  ])('%j on %s: %s', (schedule, date, expected) => {
    expect(runs(schedule, date)).toBe(expected);
  });

  it('a window inside a yearly rule period runs only where both hold', () => {
    // summer rule 06-01..08-31, window 07-01..07-31 of 2026: July's working days without 07-06
    const days = runningDays(sched('2026-07-01', '2026-07-31', SUMMER.id), '2026-05-01', '2026-09-30');
    expect(days[0]).toBe('2026-07-01');
    expect(days.at(-1)).toBe('2026-07-31');
    expect(days).not.toContain('2026-07-06'); // Statehood Day, holiday flag off
    expect(days).toHaveLength(22);
  });

  it('a window across a yearly rule period end runs from its start to the period end only', () => {
    // summer ends 08-31; the window runs on into September but the rule does not
    const days = runningDays(sched('2026-08-24', '2026-09-11', SUMMER.id), '2026-08-01', '2026-09-30');
    expect(days).toEqual([
      '2026-08-24',
      '2026-08-25',
      '2026-08-26',
      '2026-08-27',
      '2026-08-28',
      '2026-08-31',
    ]);
  });

  it('a window across a wrapping rule (winter over new year) follows both, years apart', () => {
    const schedule = sched('2026-12-28', '2027-01-08', WINTER.id);
    const days = runningDays(schedule, '2026-12-01', '2027-01-31');
    expect(days).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
    ]);
    // a year later the rule passes again but the window is over
    expect(runningDays(schedule, '2027-12-01', '2028-01-31')).toEqual([]);
  });

  it('holidays inside the window keep their rule: opted-in schedules run, the others do not', () => {
    const opted = sched('2026-12-21', '2026-12-27', ALL_YEAR.id, WORKDAYS, true);
    const notOpted = sched('2026-12-21', '2026-12-27', ALL_YEAR.id, WORKDAYS, false);
    expect(runningDays(opted, '2026-12-14', '2027-01-03')).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
    ]);
    expect(runningDays(notOpted, '2026-12-14', '2027-01-03')).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
    ]);
  });

  it('an old timetable until D-1 and its copy from D together cover every day exactly once', () => {
    const old = sched(null, '2026-12-31');
    const copy = sched('2027-01-01', null);
    const plain = sched(null, null);
    for (let d = '2026-11-01'; d <= '2027-03-01'; d = addDays(d, 1)) {
      expect(Number(runs(old, d)) + Number(runs(copy, d))).toBe(Number(runs(plain, d)));
    }
  });
});
