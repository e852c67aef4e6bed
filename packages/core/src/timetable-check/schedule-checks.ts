import type { TimetableDataset } from '../dataset.ts';
import { WEEKDAYS } from '../domain.ts';
import { windowServiceDays } from '../gtfs/service-dates.ts';
import {
  effectivePeriods,
  indexRulesById,
  type PeriodBounds,
  scheduleRunsOn,
  weekdaysToMask,
} from '../service-day.ts';
import {
  type Add,
  type CheckTarget,
  lineNames,
  type Season,
  scheduleRef,
  scheduleTarget,
} from './findings.ts';
import { periodsIn, ruleSeasonsOf, sameDays, seasonsIn } from './season-text.ts';
import { windowNeverRunsAgain } from './window-checks.ts';

/**
 * Each schedule: trips and weekdays at all, whether it runs in the 12-month window, and whether
 * its description's seasons and dates agree with its yearly rule.
 */
export function checkSchedules(
  dataset: TimetableDataset,
  window: { start: string; days: number },
  add: Add,
): void {
  const names = lineNames(dataset);
  const rulesById = indexRulesById(dataset.yearlyRules);
  // The service days of the window, by the very functions that decide the public departures.
  const days = windowServiceDays(window, dataset.yearlyRules, dataset.holidays);
  const activeRules = new Set(days.flatMap((d) => d.activeRuleIds));
  /** Whether schedules that share a key run, or why not (neverRuns' because). */
  const runs = new Map<string, 'runs' | 'rule' | 'window' | 'days'>();
  const descriptionSeasons = new Map<string, Season[]>();
  const descriptionPeriods = new Map<string, PeriodBounds[]>();
  const seasonsOfRule = new Map<number, Season[]>();
  /** Whether a description's dates differ from a rule's periods, by rule and description. */
  const periodsDiffer = new Map<string, boolean>();

  for (const schedule of dataset.schedules) {
    const ref = scheduleRef(schedule, names);
    const target = scheduleTarget(ref);
    if (schedule.trips.length === 0) add('scheduleNoTrips', ref, [target]);
    if (schedule.runsOnWeekly.length === 0) add('scheduleNoWeekdays', ref, [target]);
    // Looked for only when some weekday is there twice: a national timetable has 150,000 schedules.
    if (new Set(schedule.runsOnWeekly).size !== schedule.runsOnWeekly.length) {
      const repeated = WEEKDAYS.filter((d) => schedule.runsOnWeekly.filter((w) => w === d).length > 1);
      add('weekdayRepeated', { ...ref, weekdays: repeated }, [target]);
    }

    const rule = rulesById.get(schedule.runsOnYearlyId);
    if (!rule) continue; // a broken reference: checkDatasetReferences refuses such data
    const ruleTarget: CheckTarget = { kind: 'rule', ruleId: rule.id, name: rule.periodName };
    // A schedule with no weekdays, or whose window is out of order or past, is reported already
    // (schedule-checks, window-checks); saying it never runs adds nothing.
    if (schedule.runsOnWeekly.length > 0 && !windowNeverRunsAgain(schedule, window.start)) {
      // Schedules that share rule, weekdays, holiday choice and window share the answer.
      const key = `${rule.id}|${weekdaysToMask(schedule.runsOnWeekly)}|${schedule.runsOnPublicHolidays}|${schedule.validFrom ?? ''}|${schedule.validUntil ?? ''}`;
      let verdict = runs.get(key);
      if (verdict === undefined) {
        const windowless = { ...schedule, validFrom: null, validUntil: null };
        verdict = days.some((day) => scheduleRunsOn(schedule, day))
          ? 'runs'
          : !activeRules.has(rule.id)
            ? 'rule'
            : days.some((day) => scheduleRunsOn(windowless, day))
              ? 'window' // a copy that starts after these 12 months, or a window between its days
              : 'days';
        runs.set(key, verdict);
      }
      if (verdict !== 'runs') {
        add('neverRuns', { ...ref, ruleId: rule.id, ruleName: rule.periodName, because: verdict }, [
          target,
          ruleTarget,
        ]);
      }
    }

    const description = schedule.timeConstraintsDescription;
    if (description !== null) {
      // Many schedules share a description and a rule: each is read once.
      let mentioned = descriptionSeasons.get(description);
      if (mentioned === undefined) {
        mentioned = seasonsIn(description);
        descriptionSeasons.set(description, mentioned);
      }
      let ruleSeasons = seasonsOfRule.get(rule.id);
      if (ruleSeasons === undefined) {
        ruleSeasons = ruleSeasonsOf(rule, rulesById);
        seasonsOfRule.set(rule.id, ruleSeasons);
      }
      if (mentioned.length > 0 && ruleSeasons.length > 0 && !mentioned.some((s) => ruleSeasons.includes(s))) {
        add(
          'seasonMismatch',
          { ...ref, ruleId: rule.id, ruleName: rule.periodName, description, mentioned, ruleSeasons },
          [target, ruleTarget],
        );
      }

      let named = descriptionPeriods.get(description);
      if (named === undefined) {
        named = periodsIn(description);
        descriptionPeriods.set(description, named);
      }
      const rulePeriods = effectivePeriods(rule, rulesById);
      // Comparing two sets of periods walks the year's days: done once a rule and description.
      const pairKey = `${rule.id}\u0000${description}`;
      let differ = periodsDiffer.get(pairKey);
      if (differ === undefined) {
        differ = named.length > 0 && !sameDays(named, rulePeriods);
        periodsDiffer.set(pairKey, differ);
      }
      if (differ) {
        add(
          'periodMismatch',
          {
            ...ref,
            ruleId: rule.id,
            ruleName: rule.periodName,
            description,
            named,
            rulePeriods: rulePeriods.map(({ startMonth, startDay, endMonth, endDay }) => ({
              startMonth,
              startDay,
              endMonth,
              endDay,
            })),
          },
          [target, ruleTarget],
        );
      }
    }
  }
}
