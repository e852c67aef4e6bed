import { addDays, type CalendarDate, formatIsoDate, toCalendarDate, weekdayName } from './calendar.ts';
import type { Holiday, PatternItem, Schedule, TimePeriod, Weekday, YearlyRule } from './domain.ts';
import { WEEKDAYS } from './domain.ts';
import { easterSunday } from './easter.ts';

/**
 * When a schedule runs on a date (docs/domain-rules.md, "When does a schedule run on date D").
 * Everything date-dependent is folded into one ServiceDayContext per request, so the database
 * filters schedules with plain comparisons instead of re-evaluating rules per row.
 */

export type RulesById = ReadonlyMap<number, YearlyRule>;
export type PeriodBounds = Pick<TimePeriod, 'startMonth' | 'startDay' | 'endMonth' | 'endDay'>;
export type PatternBounds = Pick<PatternItem, 'nthOccurenceEachMonth' | 'dayOfWeek'>;
export type ScheduleRunsOn = Pick<
  Schedule,
  'runsOnWeekly' | 'runsOnYearlyId' | 'runsOnPublicHolidays' | 'validFrom' | 'validUntil'
>;
export type ScheduleWindow = Pick<Schedule, 'validFrom' | 'validUntil'>;

export interface ServiceDayContext {
  date: string;
  weekday: Weekday;
  /** 1 << (isoWeekday - 1): bit 0 = MONDAY .. bit 6 = SUNDAY, matching weekdaysToMask. */
  weekdayBit: number;
  isHoliday: boolean;
  /** Ids of the yearly rules that pass the date, ascending. */
  activeRuleIds: number[];
}

export function indexRulesById(rules: readonly YearlyRule[]): Map<number, YearlyRule> {
  return new Map(rules.map((rule) => [rule.id, rule]));
}

/**
 * The rule's own periods, else those of `otherRuleId`. Only the other rule's *own* periods
 * count: borrowing is one level, so a rule that borrows from a borrower (or from a missing
 * rule) ends up with no periods.
 */
export function effectivePeriods(rule: YearlyRule, rulesById: RulesById): readonly TimePeriod[] {
  if (rule.timePeriods.length > 0) return rule.timePeriods;
  if (rule.otherRuleId === null) return [];
  return rulesById.get(rule.otherRuleId)?.timePeriods ?? [];
}

/** (month, day) pairs as one sortable number; never builds a Date, so 02-29 or 04-31 cannot throw. */
function monthDayKey(month: number, day: number): number {
  return month * 100 + day;
}

/**
 * Inclusive at both ends; start > end wraps the year end. A bound naming a day the year lacks
 * (02-29 in 2026) simply has no date equal to it, so the period ends on 02-28 or starts on 03-01.
 */
export function periodContains(period: PeriodBounds, month: number, day: number): boolean {
  const start = monthDayKey(period.startMonth, period.startDay);
  const end = monthDayKey(period.endMonth, period.endDay);
  const key = monthDayKey(month, day);
  return start <= end ? start <= key && key <= end : key >= start || key <= end;
}

function nthWeekdayOfMonth(day: number): number {
  return Math.ceil(day / 7);
}

function patternsMatch(patterns: readonly PatternBounds[], date: CalendarDate, weekday: Weekday): boolean {
  if (patterns.length === 0) return true;
  const nth = nthWeekdayOfMonth(date.day);
  return patterns.some((p) => p.dayOfWeek === weekday && p.nthOccurenceEachMonth === nth);
}

/** No patterns passes; else the date must be the n-th `dayOfWeek` of its month for some item. */
export function matchesPattern(patterns: readonly PatternBounds[], date: string): boolean {
  return patternsMatch(patterns, toCalendarDate(date), weekdayName(date));
}

function rulePasses(rule: YearlyRule, rulesById: RulesById, date: CalendarDate, weekday: Weekday): boolean {
  const periods = effectivePeriods(rule, rulesById);
  const inPeriod = periods.length === 0 || periods.some((p) => periodContains(p, date.month, date.day));
  // Patterns are deliberately read from the rule itself: otherRuleId lends periods only.
  return inPeriod && patternsMatch(rule.pattern1Params, date, weekday);
}

export function rulePassesOn(rule: YearlyRule, rulesById: RulesById, date: string): boolean {
  return rulePasses(rule, rulesById, toCalendarDate(date), weekdayName(date));
}

/** Holiday table by (month, day) in any year, plus Easter Sunday and Monday of the date's year. */
export function isPublicHoliday(date: string, holidays: readonly Pick<Holiday, 'month' | 'day'>[]): boolean {
  const { year, month, day } = toCalendarDate(date);
  if (holidays.some((h) => h.month === month && h.day === day)) return true;
  const easter = easterSunday(year);
  const sunday = formatIsoDate({ year, month: easter.month, day: easter.day });
  return date === sunday || date === addDays(sunday, 1);
}

export function weekdayToBit(weekday: Weekday): number {
  return 1 << WEEKDAYS.indexOf(weekday);
}

/** runsOnWeekly as a bit set (bit 0 = MONDAY), the form a query can test with `mask & weekdayBit`. */
export function weekdaysToMask(weekdays: readonly Weekday[]): number {
  return weekdays.reduce((mask, w) => mask | weekdayToBit(w), 0);
}

/** Inverse of weekdaysToMask, MONDAY first; bits above SUNDAY are ignored. */
export function maskToWeekdays(mask: number): Weekday[] {
  return WEEKDAYS.filter((_, i) => (mask & (1 << i)) !== 0);
}

export function serviceDayContext(
  date: string,
  rules: readonly YearlyRule[],
  holidays: readonly Pick<Holiday, 'month' | 'day'>[],
): ServiceDayContext {
  const parsed = toCalendarDate(date);
  const weekday = weekdayName(date);
  const rulesById = indexRulesById(rules);
  const activeRuleIds = rules
    .filter((rule) => rulePasses(rule, rulesById, parsed, weekday))
    .map((rule) => rule.id)
    .sort((a, b) => a - b);
  return {
    date,
    weekday,
    weekdayBit: weekdayToBit(weekday),
    isHoliday: isPublicHoliday(date, holidays),
    activeRuleIds,
  };
}

/**
 * The date lies in the schedule's validity window: on or after validFrom and on or before
 * validUntil (both inclusive, 'YYYY-MM-DD' compares as text); a missing bound does not limit.
 */
export function windowContains(window: ScheduleWindow, date: string): boolean {
  const from = window.validFrom ?? null;
  const until = window.validUntil ?? null;
  return (from === null || from <= date) && (until === null || date <= until);
}

/**
 * The date is in the schedule's validity window, the weekday matches, the yearly rule is
 * active, and on a public holiday the schedule opted in.
 */
export function scheduleRunsOn(schedule: ScheduleRunsOn, ctx: ServiceDayContext): boolean {
  return (
    windowContains(schedule, ctx.date) &&
    schedule.runsOnWeekly.includes(ctx.weekday) &&
    ctx.activeRuleIds.includes(schedule.runsOnYearlyId) &&
    (!ctx.isHoliday || schedule.runsOnPublicHolidays)
  );
}
