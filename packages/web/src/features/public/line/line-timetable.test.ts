import { describe, expect, it } from 'vitest';
import { directionCount, travelStops, tripInDirection } from '../../../lib/schedule.ts';
import { lineInfo, lineTimetable, rule, schedule, trip } from '../../../test/fixtures.ts';
import {
  initialRuleSelection,
  offReasons,
  seasonPeriods,
  selectedSchedule,
  sortSchedules,
  viewDirection,
  visibleSchedules,
  weekdayIndex,
} from './line-timetable.ts';

const route = [1, 2, 3];
// Out bound leaves the station; City bound runs the same route reversed.
const twoWay = (id: number, out: string, back: string, ruleId = 1) =>
  schedule(
    id,
    [
      trip(id * 10 + 1, 'Out bound', 7, route, [out, null, null]),
      trip(id * 10 + 2, 'City bound', 7, route, [back, null, null], true),
    ],
    ruleId,
  );

describe('line timetable view', () => {
  it('sorts schedules by first departure in the current direction', () => {
    const a = twoWay(1, '09:00', '06:00');
    const b = twoWay(2, '07:00', '10:00');
    expect(sortSchedules([a, b], 'Out bound').map((s) => s.id)).toEqual([2, 1]);
    expect(sortSchedules([a, b], 'City bound').map((s) => s.id)).toEqual([1, 2]);
  });

  it('puts a one-way schedule by its only trip in either direction, and a schedule without times last', () => {
    const oneWay = schedule(3, [trip(31, 'One way', 8, route, ['08:00', '08:10', '08:20'])]);
    const noTimes = schedule(4, [trip(41, 'One way', 8, route, [null, null, null])]);
    const early = twoWay(1, '07:00', '07:30');
    expect(sortSchedules([noTimes, oneWay, early], 'City bound').map((s) => s.id)).toEqual([1, 3, 4]);
    expect(tripInDirection(oneWay, 'City bound')?.id).toBe(31);
  });

  it('starts flipped when the opened trip is City bound, else follows the query', () => {
    const data = lineTimetable([twoWay(1, '07:00', '08:00')]);
    expect(viewDirection(data, 12, 'Out bound')).toBe('City bound');
    expect(viewDirection(data, 11, 'City bound')).toBe('Out bound');
    expect(viewDirection(data, null, 'City bound')).toBe('City bound');
    expect(viewDirection(data, 999, 'Out bound')).toBe('Out bound');
  });

  it('counts distinct trip directions for the swap button', () => {
    expect(directionCount(twoWay(1, '07:00', '08:00'))).toBe(2);
    expect(directionCount(schedule(2, [trip(21, 'One way', 8, route, [])]))).toBe(1);
  });

  it('lists the stops in travel order with their times (reversed routes read backwards)', () => {
    const back = trip(5, 'City bound', 7, [1, 2, 3], ['10:00', '10:05:00', null], true);
    expect(travelStops(back).map((s) => [s.stop.id, s.time])).toEqual([
      [3, '10:00'],
      [2, '10:05'],
      [1, null],
    ]);
  });
});

describe('seasonal rule filter', () => {
  const summer = rule(4, [[4, 15, 11, 3]]);
  const winter = rule(5, [
    [11, 4, 12, 31],
    [1, 1, 4, 14],
  ]);
  const schedules = [twoWay(1, '07:00', '08:00', 4), twoWay(2, '07:30', '08:30', 5)];
  const filtered = (activeRuleIds: number[], date = '2026-07-01') =>
    lineTimetable(schedules, {
      line: lineInfo({ enabledSeasonalYearlyRuleFilter: true }),
      yearlyRules: [summer, winter],
      activeRuleIds,
      date,
    });

  it("starts with the rules active on the requested date (the server's activeRuleIds)", () => {
    expect(initialRuleSelection(filtered([4]), '2026-12-01', null)).toEqual([4]);
  });

  it('falls back to the rules running today when none runs on the requested date', () => {
    expect(initialRuleSelection(filtered([]), '2026-12-01', null)).toEqual([5]);
    expect(initialRuleSelection(filtered([]), '2026-06-01', null)).toEqual([4]);
  });

  it('adds the opened schedule’s rule: choosing a schedule moves the selection', () => {
    expect(initialRuleSelection(filtered([4]), '2026-07-01', 2)).toEqual([4, 5]);
  });

  it('narrows the list only when the line has the filter on', () => {
    const data = filtered([4]);
    expect(visibleSchedules(data, 'Out bound', [4]).map((s) => s.id)).toEqual([1]);
    expect(visibleSchedules(data, 'Out bound', [4, 5]).map((s) => s.id)).toEqual([1, 2]);
    const unfiltered = { ...data, line: lineInfo() };
    expect(visibleSchedules(unfiltered, 'Out bound', []).map((s) => s.id)).toEqual([1, 2]);
  });

  it('selects the opened schedule when listed, else the first listed', () => {
    const listed = visibleSchedules(filtered([4, 5]), 'Out bound', [4, 5]);
    expect(selectedSchedule(listed, 2)?.id).toBe(2);
    expect(selectedSchedule(listed, 99)?.id).toBe(1);
    expect(selectedSchedule([], 1)).toBeUndefined();
  });
});

describe('the line on a date: why a schedule does not run', () => {
  const workdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const;
  const weekdaysOnly = schedule(1, [], 1, [...workdays]);
  const sundays = schedule(2, [], 1, ['SUNDAY']);
  const summer = schedule(3, [], 2, [...workdays]);
  const holidays = { ...schedule(4, [], 1, [...workdays]), runsOnPublicHolidays: true };

  it.each([
    ['2026-12-25', 5],
    ['2026-11-23', 1],
    ['2027-03-29', 1],
    ['2026-11-29', 7],
  ])('%s is weekday %i of 7 (Monday first)', (date, n) => expect(weekdayIndex(date) + 1).toBe(n));

  it.each([
    // date, active rules, holiday, schedule, reasons
    ['2026-11-23', [1], false, weekdaysOnly, []],
    ['2026-11-29', [1], false, weekdaysOnly, [{ kind: 'weekday', weekday: 6 }]],
    ['2026-11-29', [1], false, sundays, []],
    ['2026-11-23', [1], false, summer, [{ kind: 'season' }]],
    // Christmas 2026 is a Friday: weekday schedules stop unless they run on public holidays.
    ['2026-12-25', [1], true, weekdaysOnly, [{ kind: 'holiday' }]],
    ['2026-12-25', [1], true, holidays, []],
    // Easter Monday 2027 out of the summer season: two reasons at once.
    ['2027-03-29', [1], true, summer, [{ kind: 'season' }, { kind: 'holiday' }]],
    ['2027-03-28', [1], true, sundays, [{ kind: 'holiday' }]],
  ] as const)('%s, rules %j, holiday %s: schedule %#', (date, activeRuleIds, isHoliday, sched, reasons) => {
    expect(offReasons(sched, { date, activeRuleIds: [...activeRuleIds], isHoliday })).toEqual(reasons);
  });

  it('names a season by its own periods, else the periods it borrows', () => {
    const school = rule(5, [
      [9, 1, 12, 23],
      [1, 8, 6, 20],
    ]);
    const borrower = { ...rule(6), otherRuleId: 5 };
    expect(
      seasonPeriods(school, [school]).map((p) => [p.startMonth, p.startDay, p.endMonth, p.endDay]),
    ).toEqual([
      [9, 1, 12, 23],
      [1, 8, 6, 20],
    ]);
    expect(seasonPeriods(borrower, [school, borrower])).toHaveLength(2);
    expect(seasonPeriods(borrower, [borrower])).toEqual([]);
  });

  it.each([
    // periods -> as named
    [
      [
        [11, 4, 12, 31],
        [1, 1, 4, 14],
      ],
      [[11, 4, 4, 14]],
    ],
    [
      [
        [1, 1, 4, 14],
        [11, 4, 12, 31],
      ],
      [[11, 4, 4, 14]],
    ],
    [[[1, 1, 12, 31]], [[1, 1, 12, 31]]], // the whole year stays one period
    [
      [
        [6, 1, 8, 31],
        [12, 20, 12, 31],
      ],
      [
        [6, 1, 8, 31],
        [12, 20, 12, 31],
      ],
    ],
    [[[4, 15, 11, 3]], [[4, 15, 11, 3]]],
  ] as [number, number, number, number][][][])('a season split at the year end is one: %j', (own, named) => {
    const winter = rule(7, own as [number, number, number, number][]);
    expect(
      seasonPeriods(winter, [winter]).map((p) => [p.startMonth, p.startDay, p.endMonth, p.endDay]),
    ).toEqual(named);
  });
});
