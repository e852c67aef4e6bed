import { addDays, daysBetween, toCalendarDate } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { checkServiceChanges } from './change-checks.ts';
import {
  checkEdgeSpaces,
  checkHolidays,
  checkLinesAndRoutes,
  checkRules,
  checkStops,
} from './data-checks.ts';
import { checkFares } from './fare-checks.ts';
import {
  CHECK_KINDS,
  CHECKS,
  type CheckFinding,
  type CheckKind,
  type CheckParams,
  type CheckTarget,
  type TimetableCheckReport,
} from './findings.ts';
import { checkSchedules } from './schedule-checks.ts';
import { checkTrips } from './trip-checks.ts';
import { checkWindows } from './window-checks.ts';

/**
 * The whole-timetable check: every data check over a timetable, each finding with a kind, a
 * severity, its facts (params) and the places to fix it (targets). The admin "Timetable check"
 * page words them from its catalogues, `pnpm cli check` and the importers print them with
 * `describeFinding`. Pure: the date "today" is passed in.
 *
 * findings.ts: what a finding is; trip-checks, schedule-checks, window-checks, data-checks: the checks;
 * season-text.ts: the seasons and dates a text speaks of; titles.ts: each check's English title
 * (the web's English catalogue uses it); report.ts: the English report.
 */

export {
  CHECK_KINDS,
  CHECKS,
  type CheckFinding,
  type CheckKind,
  type CheckParams,
  type CheckSeverity,
  type CheckTarget,
  type FindingOf,
  SEASONS,
  type Season,
  type TimetableCheckReport,
} from './findings.ts';
export { describeFinding, formatCheckReport } from './report.ts';
export { periodsIn, ruleSeasonsOf, seasonsIn } from './season-text.ts';
export { CHECK_TITLES_EN } from './titles.ts';

/** The 12 months from `today`: through the day before the same date a year later (Feb 29 -> Mar 1). */
export function yearWindow(today: string): { start: string; end: string; days: number } {
  const { year, month, day } = toCalendarDate(today);
  const leapDay = month === 2 && day === 29;
  const sameDateNextYear = `${String(year + 1).padStart(4, '0')}-${leapDay ? '03-01' : today.slice(5)}`;
  return { start: today, end: addDays(sameDateNextYear, -1), days: daysBetween(today, sameDateNextYear) };
}

/**
 * Runs every check over the timetable; `today` (YYYY-MM-DD, in Vilnius) starts the 12-month
 * window. `serviceChanges`: those stored beside it, checked against it.
 */
export function checkTimetable(
  dataset: TimetableDataset,
  today: string,
  serviceChanges: readonly ServiceChange[] = [],
): TimetableCheckReport {
  const findings: CheckFinding[] = [];
  const add = <K extends CheckKind>(check: K, params: CheckParams[K], targets: CheckTarget[]) => {
    findings.push({ check, severity: CHECKS[check], params, targets } as CheckFinding);
  };
  const window = yearWindow(today);
  checkTrips(dataset, add);
  checkSchedules(dataset, window, add);
  checkWindows(dataset, today, add);
  checkLinesAndRoutes(dataset, add);
  checkStops(dataset, add);
  checkRules(dataset, add);
  checkHolidays(dataset, add);
  checkEdgeSpaces(dataset, add);
  checkServiceChanges(dataset, serviceChanges, today, add);
  checkFares(dataset, today, add);

  const order = new Map(CHECK_KINDS.map((kind, index) => [kind, index]));
  // A stable sort: within one check, the order the data lists things.
  findings.sort((a, b) => (order.get(a.check) ?? 0) - (order.get(b.check) ?? 0));
  const errors = findings.filter((f) => f.severity === 'error').length;
  return {
    window: { start: window.start, end: window.end },
    counts: {
      stops: dataset.stops.length,
      lines: dataset.lines.length,
      routes: dataset.lines.reduce((n, l) => n + l.routes.length, 0),
      schedules: dataset.schedules.length,
      trips: dataset.schedules.reduce((n, s) => n + s.trips.length, 0),
      rules: dataset.yearlyRules.length,
      holidays: dataset.holidays.length,
    },
    findings,
    errors,
    warnings: findings.length - errors,
  };
}
