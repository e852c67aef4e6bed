import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from './calendar.ts';
import type { Holiday, PatternItem, TimePeriod, Weekday, YearlyRule } from './domain.ts';
import { WEEKDAYS } from './domain.ts';
import {
  effectivePeriods,
  indexRulesById,
  isPublicHoliday,
  maskToWeekdays,
  matchesPattern,
  periodContains,
  rulePassesOn,
  type ScheduleRunsOn,
  scheduleRunsOn,
  serviceDayContext,
  weekdaysToMask,
  weekdayToBit,
} from './service-day.ts';

let nextId = 1000;

/** 'MM-DD..MM-DD' keeps the fixtures readable next to legacy-dump.md 4.4. */
function period(text: string): TimePeriod {
  const m = /^(\d{2})-(\d{2})\.\.(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`bad period fixture ${text}`);
  return {
    id: nextId++,
    startMonth: Number(m[1]),
    startDay: Number(m[2]),
    endMonth: Number(m[3]),
    endDay: Number(m[4]),
  };
}

function pattern(dayOfWeek: Weekday, nthOccurenceEachMonth: number): PatternItem {
  return { id: nextId++, dayOfWeek, nthOccurenceEachMonth };
}

function rule(
  id: number,
  periods: string[],
  otherRuleId: number | null = null,
  patterns: PatternItem[] = [],
): YearlyRule {
  return {
    id,
    periodName: `rule ${id}`,
    typeOfYearlyRule: null,
    otherRuleId,
    timePeriods: periods.map(period),
    pattern1Params: patterns,
  };
}

/** The real dump's rules (legacy-dump.md 4.4). */
const R1 = rule(1, ['01-01..12-31']);
const R2 = rule(2, ['06-01..08-31']);
const R3 = rule(3, ['09-01..10-29', '11-04..12-26', '01-06..02-18', '02-24..04-01', '04-06..05-31']);
const R4 = rule(4, ['04-15..11-03']);
const R5 = rule(5, ['11-04..12-31', '01-01..04-14']);
const R6 = rule(6, [], null, [pattern('TUESDAY', 2), pattern('TUESDAY', 4)]);
const R7 = rule(7, ['04-01..11-15']);
const R16 = rule(16, [], 3, [pattern('FRIDAY', 1), pattern('FRIDAY', 3)]);
const R17 = rule(17, [], 2, [pattern('FRIDAY', 1), pattern('FRIDAY', 3)]);
const R18 = rule(18, [], null, [pattern('FRIDAY', 1), pattern('FRIDAY', 3)]);
const REAL_RULES = [R1, R2, R3, R4, R5, R6, R7, R16, R17, R18];

/** Synthetic rules for the cases the dump does not contain. */
const WRAP = rule(20, ['12-20..01-10']);
const CHAIN = rule(21, [], 17); // borrows from a borrower
const DANGLING = rule(22, [], 999);
const OWN_AND_OTHER = rule(23, ['07-01..07-31'], 2);
const PERIODS_AND_PATTERN = rule(24, ['01-01..03-31'], null, [pattern('SUNDAY', 1)]);
const BORROWS_PATTERNED = rule(25, [], 24);
const EMPTY = rule(26, []);
const ENDS_FEB_29 = rule(27, ['02-01..02-29']);
const STARTS_FEB_29 = rule(28, ['02-29..03-31']);
const ONLY_FEB_29 = rule(29, ['02-29..02-29']);
const WRAPS_TO_FEB_29 = rule(30, ['11-01..02-29']);
const ENDS_APR_31 = rule(31, ['04-01..04-31']);
const SYNTHETIC_RULES = [
  WRAP,
  CHAIN,
  DANGLING,
  OWN_AND_OTHER,
  PERIODS_AND_PATTERN,
  BORROWS_PATTERNED,
  EMPTY,
  ENDS_FEB_29,
  STARTS_FEB_29,
  ONLY_FEB_29,
  WRAPS_TO_FEB_29,
  ENDS_APR_31,
];
const ALL_RULES = [...REAL_RULES, ...SYNTHETIC_RULES];
const BY_ID = indexRulesById(ALL_RULES);

const REAL_HOLIDAYS: Holiday[] = [
  '01-01',
  '02-16',
  '03-11',
  '05-01',
  '06-24',
  '07-06',
  '08-15',
  '11-01',
  '11-02',
  '12-24',
  '12-25',
  '12-26',
].map((md, i) => ({
  id: i + 1,
  name: `holiday ${md}`,
  month: Number(md.slice(0, 2)),
  day: Number(md.slice(3)),
}));

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

describe('effectivePeriods', () => {
  it.each([
    ['own periods', R3, R3.timePeriods],
    ['borrowed through otherRuleId (17 -> 2)', R17, R2.timePeriods],
    ['borrowed through otherRuleId (16 -> 3)', R16, R3.timePeriods],
    ['no chains: borrowing from a borrower yields nothing', CHAIN, []],
    ['dangling otherRuleId yields nothing', DANGLING, []],
    ['own periods win over otherRuleId', OWN_AND_OTHER, OWN_AND_OTHER.timePeriods],
    ['pattern-only rule has none', R6, []],
    ['rule with nothing has none', EMPTY, []],
  ])('%s', (_label, r, expected) => {
    expect(effectivePeriods(r, BY_ID)).toEqual(expected);
  });
});

describe('periodContains', () => {
  const [wrap] = WRAP.timePeriods;
  const [whole] = R1.timePeriods;
  const [summer] = R2.timePeriods;
  const [aprilTypo] = ENDS_APR_31.timePeriods;
  if (!wrap || !whole || !summer || !aprilTypo) throw new Error('fixtures');

  it.each([
    ['wrap 12-20..01-10', wrap, 12, 31, true],
    ['wrap 12-20..01-10', wrap, 1, 5, true],
    ['wrap 12-20..01-10', wrap, 12, 20, true],
    ['wrap 12-20..01-10', wrap, 1, 10, true],
    ['wrap 12-20..01-10', wrap, 1, 1, true],
    ['wrap 12-20..01-10', wrap, 1, 11, false],
    ['wrap 12-20..01-10', wrap, 12, 19, false],
    ['wrap 12-20..01-10', wrap, 6, 15, false],
    ['whole year', whole, 1, 1, true],
    ['whole year', whole, 12, 31, true],
    ['whole year', whole, 2, 29, true],
    ['summer 06-01..08-31', summer, 6, 1, true],
    ['summer 06-01..08-31', summer, 8, 31, true],
    ['summer 06-01..08-31', summer, 5, 31, false],
    ['summer 06-01..08-31', summer, 9, 1, false],
    ['04-01..04-31 (no such end day)', aprilTypo, 4, 30, true],
    ['04-01..04-31 (no such end day)', aprilTypo, 5, 1, false],
  ])('%s contains %i-%i: %s', (_label, p, month, day, expected) => {
    expect(periodContains(p, month, day)).toBe(expected);
  });
});

describe('matchesPattern', () => {
  it.each([
    // rule 6, 'TUESDAY #2, #4'; March 2026 Tuesdays are 3, 10, 17, 24, 31
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-10', true],
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-24', true],
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-03', false],
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-17', false],
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-31', false],
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-11', false], // 2nd Wednesday
    ['TUESDAY #2,#4', R6.pattern1Params, '2026-03-09', false], // 2nd Monday
    // n = ceil(day / 7): day 7 is #1, day 8 #2, day 28 #4, day 29 #5
    ['SATURDAY #1', [pattern('SATURDAY', 1)], '2026-03-07', true],
    ['SUNDAY #2', [pattern('SUNDAY', 2)], '2026-03-08', true],
    ['SATURDAY #4', [pattern('SATURDAY', 4)], '2026-03-28', true],
    ['SUNDAY #5', [pattern('SUNDAY', 5)], '2026-03-29', true],
    ['SUNDAY #4', [pattern('SUNDAY', 4)], '2026-03-29', false],
    ['MONDAY #5', [pattern('MONDAY', 5)], '2026-03-30', true],
    ['TUESDAY #5 on a leap day', [pattern('TUESDAY', 5)], '2028-02-29', true],
    ['no patterns', [], '2026-03-30', true],
  ])('%s on %s: %s', (_label, patterns, date, expected) => {
    expect(matchesPattern(patterns, date)).toBe(expected);
  });

  it.each([
    ['MONDAY', '2026-02-01', '2026-02-28'], // Mondays 2, 9, 16, 23
    ['FRIDAY', '2026-02-01', '2026-02-28'],
    ['TUESDAY', '2027-02-01', '2027-02-28'],
  ] as const)('5th %s of a month that has none never matches (%s..%s)', (weekday, from, to) => {
    for (const date of everyDay(from, to)) {
      expect(matchesPattern([pattern(weekday, 5)], date)).toBe(false);
    }
  });
});

describe('rulePassesOn', () => {
  it.each([
    // rule 3 'Mokslo metu', five school periods
    [R3, '2026-09-01', true],
    [R3, '2026-10-29', true],
    [R3, '2026-10-30', false],
    [R3, '2026-11-03', false],
    [R3, '2026-11-04', true],
    [R3, '2026-12-26', true],
    [R3, '2026-12-27', false],
    [R3, '2027-01-05', false],
    [R3, '2027-01-06', true],
    [R3, '2026-02-18', true],
    [R3, '2026-02-19', false],
    [R3, '2026-02-23', false],
    [R3, '2026-02-24', true],
    [R3, '2026-04-01', true],
    [R3, '2026-04-02', false],
    [R3, '2026-04-05', false],
    [R3, '2026-04-06', true],
    [R3, '2026-05-31', true],
    [R3, '2026-06-01', false],
    [R3, '2026-07-15', false],
    // rule 5: the winter the old system had to split in two
    [R5, '2026-12-31', true],
    [R5, '2027-01-01', true],
    [R5, '2026-04-14', true],
    [R5, '2026-04-15', false],
    [R5, '2026-11-03', false],
    [R4, '2026-04-15', true],
    [R4, '2026-11-03', true],
    [R4, '2026-11-04', false],
    // rule 17 borrows rule 2's summer and keeps its own FRIDAY #1, #3 (June 2026 Fridays 5, 12, 19, 26)
    [R17, '2026-06-05', true],
    [R17, '2026-06-19', true],
    [R17, '2026-06-12', false],
    [R17, '2026-06-26', false],
    [R17, '2026-08-07', true],
    [R17, '2026-08-21', true],
    [R17, '2026-06-06', false], // Saturday in the summer
    [R17, '2026-05-01', false], // FRIDAY #1 outside the borrowed period
    [R17, '2026-09-04', false],
    // rule 16 borrows rule 3's school periods
    [R16, '2026-09-04', true],
    [R16, '2026-10-16', true],
    [R16, '2026-11-06', true],
    [R16, '2026-06-05', false],
    [R16, '2026-10-30', false], // 5th Friday
    // rule 18: same patterns, whole year
    [R18, '2026-06-05', true],
    [R18, '2026-05-01', true],
    [R18, '2026-06-12', false],
    // no chains: 21 -> 17 -> 2 stops after one level, so 21 has no periods and passes
    [CHAIN, '2026-01-15', true],
    [CHAIN, '2026-06-12', true],
    [DANGLING, '2026-01-15', true],
    [OWN_AND_OTHER, '2026-07-15', true],
    [OWN_AND_OTHER, '2026-06-15', false],
    // patterns are never borrowed: 25 takes 24's Q1 period but not its SUNDAY #1
    [PERIODS_AND_PATTERN, '2026-01-04', true],
    [PERIODS_AND_PATTERN, '2026-01-05', false],
    [PERIODS_AND_PATTERN, '2026-04-05', false],
    [BORROWS_PATTERNED, '2026-01-05', true],
    [BORROWS_PATTERNED, '2026-03-31', true],
    [BORROWS_PATTERNED, '2026-04-01', false],
    // year wrap 12-20..01-10
    [WRAP, '2026-12-31', true],
    [WRAP, '2027-01-05', true],
    [WRAP, '2026-01-11', false],
    [WRAP, '2026-12-19', false],
    [WRAP, '2026-12-20', true],
    [WRAP, '2027-01-10', true],
    // 02-29 in a non-leap year (2026) and a leap year (2028)
    [ENDS_FEB_29, '2026-02-28', true],
    [ENDS_FEB_29, '2026-03-01', false],
    [ENDS_FEB_29, '2028-02-28', true],
    [ENDS_FEB_29, '2028-02-29', true],
    [ENDS_FEB_29, '2028-03-01', false],
    [STARTS_FEB_29, '2026-02-28', false],
    [STARTS_FEB_29, '2026-03-01', true],
    [STARTS_FEB_29, '2028-02-28', false],
    [STARTS_FEB_29, '2028-02-29', true],
    [STARTS_FEB_29, '2028-03-01', true],
    [WRAPS_TO_FEB_29, '2026-02-28', true],
    [WRAPS_TO_FEB_29, '2026-03-01', false],
    [WRAPS_TO_FEB_29, '2028-02-29', true],
    [WRAPS_TO_FEB_29, '2028-03-01', false],
    [ENDS_APR_31, '2026-04-30', true],
    [ENDS_APR_31, '2026-05-01', false],
  ])('rule %#: %o on %s -> %s', (r, date, expected) => {
    expect(rulePassesOn(r, BY_ID, date)).toBe(expected);
  });

  it('02-29..02-29 matches only leap days and never throws', () => {
    const y2026 = everyDay('2026-01-01', '2026-12-31').filter((d) => rulePassesOn(ONLY_FEB_29, BY_ID, d));
    const y2028 = everyDay('2028-01-01', '2028-12-31').filter((d) => rulePassesOn(ONLY_FEB_29, BY_ID, d));
    expect(y2026).toEqual([]);
    expect(y2028).toEqual(['2028-02-29']);
  });

  it.each([
    ['no periods and no patterns', EMPTY],
    ['Apskritus metus (01-01..12-31)', R1],
  ])('%s passes every date of a leap and a non-leap year', (_label, r) => {
    for (const date of [...everyDay('2026-01-01', '2026-12-31'), ...everyDay('2028-01-01', '2028-12-31')]) {
      expect(rulePassesOn(r, BY_ID, date)).toBe(true);
    }
  });

  it('refuses an invalid date rather than guessing', () => {
    expect(() => rulePassesOn(R1, BY_ID, '2026-02-29')).toThrow(RangeError);
  });
});

describe('isPublicHoliday', () => {
  it.each([
    ['Easter Sunday 2026', '2026-04-05', true],
    ['Easter Monday 2026', '2026-04-06', true],
    ['Saturday before Easter 2026', '2026-04-04', false],
    ['Tuesday after Easter 2026', '2026-04-07', false],
    ['Easter Sunday 2027', '2027-03-28', true],
    ['Easter Monday 2027', '2027-03-29', true],
    ['2027 Easter dates in 2026', '2026-03-29', false],
    ['2026 Easter dates in 2027', '2027-04-05', false],
    ['Easter Sunday 2024', '2024-03-31', true],
    ['Easter Monday 2024 (next month)', '2024-04-01', true],
    ['Easter Sunday 2025', '2025-04-20', true],
    ['table 01-01', '2026-01-01', true],
    ['table 02-16 (any year)', '2027-02-16', true],
    ['table 12-24', '2026-12-24', true],
    ['table 03-11', '2026-03-11', true],
    ['not in table', '2026-02-17', false],
    ['ordinary day', '2026-03-10', false],
  ])('%s (%s): %s', (_label, date, expected) => {
    expect(isPublicHoliday(date, REAL_HOLIDAYS)).toBe(expected);
  });

  it('a 02-29 holiday exists only in leap years', () => {
    const leapHoliday = [{ month: 2, day: 29 }];
    expect(isPublicHoliday('2028-02-29', leapHoliday)).toBe(true);
    expect(isPublicHoliday('2026-02-28', leapHoliday)).toBe(false);
    expect(isPublicHoliday('2026-03-01', leapHoliday)).toBe(false);
  });

  it('Easter counts even with an empty holiday table', () => {
    expect(isPublicHoliday('2026-04-06', [])).toBe(true);
    expect(isPublicHoliday('2026-01-01', [])).toBe(false);
  });
});

describe('weekday bits', () => {
  it.each(WEEKDAYS.map((w, i) => [w, 1 << i] as const))('%s is bit %i', (weekday, bit) => {
    expect(weekdayToBit(weekday)).toBe(bit);
  });

  it.each([
    [[], 0],
    [['MONDAY'], 1],
    [['SUNDAY'], 64],
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], 31],
    [['SATURDAY', 'SUNDAY'], 96],
    [[...WEEKDAYS], 127],
    [['FRIDAY', 'MONDAY', 'FRIDAY'], 17],
  ] as [Weekday[], number][])('%j <-> %i', (weekdays, mask) => {
    expect(weekdaysToMask(weekdays)).toBe(mask);
    expect(maskToWeekdays(mask)).toEqual(WEEKDAYS.filter((w) => weekdays.includes(w)));
  });

  it('ignores bits above SUNDAY', () => {
    expect(maskToWeekdays(128 | 1)).toEqual(['MONDAY']);
  });
});

describe('serviceDayContext', () => {
  it.each([
    // Friday #1 in summer
    ['2026-06-05', 'FRIDAY', 16, false, [1, 2, 4, 7, 17, 18]],
    // Tuesday #2 in school time and winter
    ['2026-03-10', 'TUESDAY', 2, false, [1, 3, 5, 6]],
    // Easter Monday: school time restarts 04-06, winter until 04-14, summer from 04-01
    ['2026-04-06', 'MONDAY', 1, true, [1, 3, 5, 7]],
    // table holiday on a Wednesday
    ['2026-03-11', 'WEDNESDAY', 4, true, [1, 3, 5]],
    ['2026-11-22', 'SUNDAY', 64, false, [1, 3, 5]],
  ] as const)('%s: %s, bit %i, holiday %s, rules %j', (date, weekday, bit, holiday, ruleIds) => {
    // Unsorted input proves the output order does not depend on it.
    const ctx = serviceDayContext(date, [...REAL_RULES].reverse(), REAL_HOLIDAYS);
    expect(ctx).toEqual({ date, weekday, weekdayBit: bit, isHoliday: holiday, activeRuleIds: ruleIds });
  });

  it('weekdayBit is 1 << (isoWeekday - 1) for a whole week', () => {
    for (const date of everyDay('2026-03-23', '2026-03-29')) {
      const ctx = serviceDayContext(date, [], []);
      expect(ctx.weekdayBit).toBe(1 << (isoWeekday(date) - 1));
      expect(weekdaysToMask([ctx.weekday])).toBe(ctx.weekdayBit);
    }
  });

  it('includes synthetic edge rules with the same logic as rulePassesOn', () => {
    for (const date of ['2026-12-31', '2027-01-05', '2026-02-28', '2028-02-29', '2026-03-01']) {
      const ctx = serviceDayContext(date, ALL_RULES, []);
      const expected = ALL_RULES.filter((r) => rulePassesOn(r, BY_ID, date))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(ctx.activeRuleIds).toEqual(expected);
    }
  });

  it('throws on an invalid date', () => {
    expect(() => serviceDayContext('2026-02-29', REAL_RULES, REAL_HOLIDAYS)).toThrow(RangeError);
  });
});

describe('scheduleRunsOn', () => {
  const sched = (
    runsOnWeekly: Weekday[],
    runsOnYearlyId: number,
    runsOnPublicHolidays: boolean,
  ): ScheduleRunsOn => ({ runsOnWeekly, runsOnYearlyId, runsOnPublicHolidays });
  const WORKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

  it.each([
    // ordinary Tuesday: the holiday flag does not matter
    ['2026-03-10', sched(WORKDAYS, 1, false), true],
    ['2026-03-10', sched(WORKDAYS, 1, true), true],
    ['2026-03-10', sched(['MONDAY'], 1, true), false],
    ['2026-03-10', sched(['TUESDAY'], 6, false), true], // rule 6: TUESDAY #2
    ['2026-03-17', sched(['TUESDAY'], 6, false), false], // TUESDAY #3
    ['2026-03-10', sched(WORKDAYS, 2, false), false], // summer rule inactive
    ['2026-03-10', sched(WORKDAYS, 999, true), false], // unknown rule is never active
    // table holiday on a Wednesday, with and without runsOnPublicHolidays
    ['2026-03-11', sched(WORKDAYS, 1, false), false],
    ['2026-03-11', sched(WORKDAYS, 1, true), true],
    ['2026-03-11', sched(['SATURDAY', 'SUNDAY'], 1, true), false], // weekday must still match
    // Easter Monday in two years
    ['2026-04-06', sched(WORKDAYS, 1, false), false],
    ['2026-04-06', sched(WORKDAYS, 1, true), true],
    ['2027-03-29', sched(WORKDAYS, 1, false), false],
    ['2027-03-29', sched(WORKDAYS, 1, true), true],
    ['2027-03-28', sched(['SUNDAY'], 1, false), false],
    ['2027-03-28', sched(['SUNDAY'], 1, true), true],
    ['2026-04-06', sched(WORKDAYS, 2, true), false], // flag does not revive an inactive rule
    // the day after Easter Monday is ordinary again
    ['2026-04-07', sched(WORKDAYS, 1, false), true],
    // rule 17 on a summer Friday #1 / #2
    ['2026-06-05', sched(['FRIDAY'], 17, false), true],
    ['2026-06-12', sched(['FRIDAY'], 17, false), false],
    ['2026-06-05', sched([], 1, true), false],
  ])('%s %j -> %s', (date, schedule, expected) => {
    expect(scheduleRunsOn(schedule, serviceDayContext(date, REAL_RULES, REAL_HOLIDAYS))).toBe(expected);
  });
});
