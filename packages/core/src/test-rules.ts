import type { YearlyRule } from './domain.ts';

/**
 * Tests: a yearly rule of static periods, each [startMonth, startDay, endMonth, endDay], named
 * `${name} ${id}` (the period ids are id * 10 + its place). Shared by core's and the web's tests.
 */
export function staticRule(
  id: number,
  periods: readonly (readonly [number, number, number, number])[] = [],
  name = 'rule',
): YearlyRule {
  return {
    id,
    periodName: `${name} ${id}`,
    typeOfYearlyRule: null,
    otherRuleId: null,
    timePeriods: periods.map(([startMonth, startDay, endMonth, endDay], i) => ({
      id: id * 10 + i,
      startMonth,
      startDay,
      endMonth,
      endDay,
    })),
    pattern1Params: [],
  };
}
