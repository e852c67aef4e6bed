import type { Direction, TimePeriod, YearlyRule } from '@bus/core';
import { DIRECTIONS, effectivePeriods, rulePassesOn, WEEKDAYS } from '../../../lib/core.ts';
import {
  firstDeparture,
  type LineTimetableData,
  type PublicSchedule,
  tripInDirection,
} from '../../../lib/schedule.ts';

/** The line timetable view's rules (spec section 2, "Line timetable view"), without React. */

/** Schedules by their first departure in the given direction; schedules without a time last. */
export function sortSchedules(schedules: readonly PublicSchedule[], dir: Direction): PublicSchedule[] {
  const key = (s: PublicSchedule) => {
    const trip = tripInDirection(s, dir);
    return (trip && firstDeparture(trip)) ?? Number.POSITIVE_INFINITY;
  };
  return [...schedules].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

/**
 * The direction shown: the opened trip's own when it goes one way or the other (a City bound
 * trip starts the view flipped), else the query's dir.
 */
export function viewDirection(
  data: LineTimetableData,
  tripId: number | null,
  queryDir: Direction,
): Direction {
  if (tripId !== null) {
    for (const schedule of data.schedules) {
      const trip = schedule.trips.find((t) => t.id === tripId);
      if (trip && (DIRECTIONS as readonly string[]).includes(trip.boundFor))
        return trip.boundFor as Direction;
    }
  }
  return queryDir;
}

/**
 * The seasonal filter's first choice: the rules running on the requested date (the server's
 * activeRuleIds), else those running today, else every rule (never an empty page). An opened
 * schedule's rule is always included: choosing a schedule moves the selection.
 */
export function initialRuleSelection(
  data: LineTimetableData,
  today: string,
  schedId: number | null,
): number[] {
  const ruleIds = data.yearlyRules.map((r) => r.id);
  let selected = data.activeRuleIds.filter((id) => ruleIds.includes(id));
  if (selected.length === 0 && data.date !== today) {
    const byId = new Map(data.yearlyRules.map((r) => [r.id, r]));
    selected = data.yearlyRules.filter((rule) => rulePassesOn(rule, byId, today)).map((r) => r.id);
  }
  if (selected.length === 0) selected = ruleIds;
  const opened = data.schedules.find((s) => s.id === schedId);
  if (opened && !selected.includes(opened.runsOnYearlyId)) selected = [...selected, opened.runsOnYearlyId];
  return selected;
}

/** The schedules listed: sorted, and narrowed to the chosen rules when the line has the filter on. */
export function visibleSchedules(
  data: LineTimetableData,
  dir: Direction,
  selectedRuleIds: readonly number[],
): PublicSchedule[] {
  const schedules = data.line.enabledSeasonalYearlyRuleFilter
    ? data.schedules.filter((s) => selectedRuleIds.includes(s.runsOnYearlyId))
    : data.schedules;
  return sortSchedules(schedules, dir);
}

/** The opened schedule when it is listed, else the first listed one. */
export function selectedSchedule(
  visible: readonly PublicSchedule[],
  schedId: number | null,
): PublicSchedule | undefined {
  return visible.find((s) => s.id === schedId) ?? visible[0];
}

/** Why a schedule does not run on a date: its weekdays, its season (yearly rule), a holiday. */
export type OffReason =
  | { kind: 'weekday'; weekday: number }
  | { kind: 'season' }
  | { kind: 'holiday' }
  /** The date is outside the schedule's validity window. */
  | { kind: 'window'; from: string | null; until: string | null };

/** Monday = 0 .. Sunday = 6 of a 'YYYY-MM-DD' date (noon UTC is that date everywhere). */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * Why `schedule` does not run on the answer's date (docs/domain-rules.md: weekday, active yearly
 * rule, public holiday); empty when it runs.
 */
export function offReasons(
  schedule: PublicSchedule,
  day: Pick<LineTimetableData, 'date' | 'activeRuleIds' | 'isHoliday'>,
): OffReason[] {
  const reasons: OffReason[] = [];
  const from = schedule.validFrom ?? null;
  const until = schedule.validUntil ?? null;
  if ((from !== null && day.date < from) || (until !== null && day.date > until))
    reasons.push({ kind: 'window', from, until });
  const weekday = weekdayIndex(day.date);
  if (!schedule.runsOnWeekly.includes(WEEKDAYS[weekday] as (typeof WEEKDAYS)[number]))
    reasons.push({ kind: 'weekday', weekday });
  if (!day.activeRuleIds.includes(schedule.runsOnYearlyId)) reasons.push({ kind: 'season' });
  if (day.isHoliday && !schedule.runsOnPublicHolidays) reasons.push({ kind: 'holiday' });
  return reasons;
}

export type PeriodDates = Pick<TimePeriod, 'startMonth' | 'startDay' | 'endMonth' | 'endDay'>;

/**
 * The periods of a schedule's season: the rule's own, else those it borrows (otherRuleId). A
 * season kept as two periods split at the year end (11-04 to 12-31 and 01-01 to 04-14) is
 * named as the one it is (4 November to 14 April).
 */
export function seasonPeriods(rule: YearlyRule, rules: readonly YearlyRule[]): PeriodDates[] {
  const periods: PeriodDates[] = effectivePeriods(rule, new Map(rules.map((r) => [r.id, r]))).map(
    ({ startMonth, startDay, endMonth, endDay }) => ({ startMonth, startDay, endMonth, endDay }),
  );
  const toYearEnd = periods.findIndex((p) => p.endMonth === 12 && p.endDay === 31);
  const fromNewYear = periods.findIndex((p) => p.startMonth === 1 && p.startDay === 1);
  const end = periods[toYearEnd];
  const start = periods[fromNewYear];
  if (!end || !start || toYearEnd === fromNewYear) return periods;
  end.endMonth = start.endMonth;
  end.endDay = start.endDay;
  return periods.filter((_, index) => index !== fromNewYear);
}
