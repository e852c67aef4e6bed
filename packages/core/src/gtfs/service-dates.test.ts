import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '../calendar.ts';
import type { Holiday, PatternItem, Weekday, YearlyRule } from '../domain.ts';
import { WEEKDAYS } from '../domain.ts';
import { scheduleRunsOn, serviceDayContext } from '../service-day.ts';
import { compileService, expandService, runningDates, windowServiceDays } from './service-dates.ts';

let nextId = 1;

function rule(
  id: number,
  periods: string[],
  options: { otherRuleId?: number; patterns?: [Weekday, number][] } = {},
): YearlyRule {
  return {
    id,
    periodName: `rule ${id}`,
    typeOfYearlyRule: null,
    otherRuleId: options.otherRuleId ?? null,
    timePeriods: periods.map((text) => {
      const [start = '', end = ''] = text.split('..');
      const [startMonth, startDay] = start.split('-').map(Number) as [number, number];
      const [endMonth, endDay] = end.split('-').map(Number) as [number, number];
      return { id: nextId++, startMonth, startDay, endMonth, endDay };
    }),
    pattern1Params: (options.patterns ?? []).map(
      ([dayOfWeek, nth]): PatternItem => ({ id: nextId++, dayOfWeek, nthOccurenceEachMonth: nth }),
    ),
  };
}

/** Lithuania's fixed public holidays as the real data holds them (Easter is computed). */
const HOLIDAYS: Pick<Holiday, 'month' | 'day'>[] = [
  [1, 1],
  [2, 16],
  [3, 11],
  [5, 1],
  [6, 24],
  [7, 6],
  [8, 15],
  [11, 1],
  [11, 2],
  [12, 24],
  [12, 25],
  [12, 26],
].map(([month, day]) => ({ month: month as number, day: day as number }));

const RULES: YearlyRule[] = [
  rule(1, ['01-01..12-31']),
  // School terms (wraps the year end, several periods).
  rule(3, ['09-01..10-29', '11-04..12-26', '01-06..02-18', '02-24..04-01', '04-06..05-31']),
  // Winter: wraps the year end.
  rule(5, ['11-04..12-31', '01-01..04-14']),
  // Borrows the school terms' periods.
  rule(7, [], { otherRuleId: 3 }),
  // The 1st and 3rd Friday of every month, all year.
  rule(8, [], {
    patterns: [
      ['FRIDAY', 1],
      ['FRIDAY', 3],
    ],
  }),
  // Combo: summer, only on the 2nd Saturday.
  rule(9, ['06-01..08-31'], { patterns: [['SATURDAY', 2]] }),
  // Ends on 02-29: in a common year the period ends on 02-28.
  rule(10, ['02-20..02-29']),
];

const WORKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const EVERY_DAY: Weekday[] = [...WEEKDAYS];

function schedule(ruleId: number, weekdays: Weekday[], holidays: boolean) {
  return { runsOnYearlyId: ruleId, runsOnWeekly: weekdays, runsOnPublicHolidays: holidays };
}

/** The window used throughout: two years from 2027-01-01, so 2028-02-29 and two Easters are in it. */
const WINDOW = { start: '2027-01-01', days: 731 };
const DAYS = windowServiceDays(WINDOW, RULES, HOLIDAYS);

/** What the public departures decide, date by date, with no compiler in between. */
function expected(s: ReturnType<typeof schedule>): string[] {
  const dates: string[] = [];
  for (let i = 0; i < WINDOW.days; i++) {
    const date = addDays(WINDOW.start, i);
    if (scheduleRunsOn(s, serviceDayContext(date, RULES, HOLIDAYS))) dates.push(date);
  }
  return dates;
}

describe('runningDates and compileService: exactly the dates the site runs a schedule on', () => {
  it.each([
    ['whole year, working days, not on holidays', schedule(1, WORKDAYS, false)],
    ['whole year, every day, holidays too', schedule(1, EVERY_DAY, true)],
    ['whole year, Sundays only, holidays too', schedule(1, ['SUNDAY'], true)],
    ['school terms (several periods, wrapping), working days', schedule(3, WORKDAYS, false)],
    ['winter (wraps the year end), weekends, holidays too', schedule(5, ['SATURDAY', 'SUNDAY'], true)],
    ['borrowed periods (other rule), working days', schedule(7, WORKDAYS, false)],
    ['1st and 3rd Friday pattern', schedule(8, ['FRIDAY'], false)],
    ['pattern rule with a weekday the pattern never has', schedule(8, ['MONDAY'], true)],
    ['combo: summer 2nd Saturday', schedule(9, ['SATURDAY'], false)],
    ['period ending 02-29 (leap and common years)', schedule(10, EVERY_DAY, true)],
    ['a rule that does not exist', schedule(99, EVERY_DAY, true)],
  ])('%s', (_name, s) => {
    const dates = runningDates(s, DAYS);
    expect(dates).toEqual(expected(s));
    expect(expandService(compileService(dates))).toEqual(dates);
  });

  it('Easter Sunday and Monday are holidays: a working-day schedule without holidays skips Easter Monday', () => {
    const dates = runningDates(schedule(1, WORKDAYS, false), DAYS);
    expect(dates).not.toContain('2027-03-29'); // Easter Monday 2027
    expect(dates).not.toContain('2028-04-17'); // Easter Monday 2028
    expect(dates).toContain('2027-03-30');
    const service = compileService(dates);
    expect(service.removed).toContain('2027-03-29');
    expect(service.removed).toContain('2028-04-17');
  });

  it('02-29 exists only in the leap year', () => {
    const dates = runningDates(schedule(10, EVERY_DAY, true), DAYS);
    expect(dates.filter((d) => d.startsWith('2027-02'))).toEqual(
      ['20', '21', '22', '23', '24', '25', '26', '27', '28'].map((d) => `2027-02-${d}`),
    );
    expect(dates.filter((d) => d.startsWith('2028-02')).at(-1)).toBe('2028-02-29');
  });
});

describe('compileService: the compact form', () => {
  it('a plain working-day schedule is one weekly row plus the holidays removed', () => {
    const service = compileService(runningDates(schedule(1, WORKDAYS, false), DAYS));
    expect(service.weekly?.weekdays).toEqual([true, true, true, true, true, false, false]);
    expect(service.added).toEqual([]);
    // Only holidays on working days, Easter Monday included.
    for (const date of service.removed) expect(isoWeekday(date)).toBeLessThanOrEqual(5);
    expect(service.removed.length).toBeLessThan(30);
  });

  it('a 1st-and-3rd-Friday pattern is written as its dates (a weekly row would need more lines)', () => {
    const dates = runningDates(schedule(8, ['FRIDAY'], false), DAYS);
    const service = compileService(dates);
    expect(service.weekly).toBeNull();
    expect(service.added).toEqual(dates);
    expect(dates).toContain('2027-01-15'); // the 3rd Friday of January 2027
  });

  it.each([
    ['no dates', []],
    ['one date', ['2027-05-05']],
    ['two dates far apart', ['2027-05-05', '2027-11-11']],
    ['every other day', Array.from({ length: 40 }, (_, i) => addDays('2027-03-01', i * 2))],
    [
      'a week with a gap',
      ['2027-03-01', '2027-03-02', '2027-03-04', '2027-03-05', '2027-03-08', '2027-03-09'],
    ],
    ['unsorted with repeats', ['2027-03-09', '2027-03-01', '2027-03-09', '2027-03-02']],
  ])('%s reads back exactly', (_name, dates) => {
    const sorted = [...new Set(dates)].sort();
    const service = compileService(dates);
    expect(expandService(service)).toEqual(sorted);
    // Never longer than listing the dates.
    const lines = (service.weekly ? 1 : 0) + service.added.length + service.removed.length;
    expect(lines).toBeLessThanOrEqual(sorted.length);
  });
});
