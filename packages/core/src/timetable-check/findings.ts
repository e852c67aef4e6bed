import type { TimetableDataset } from '../dataset.ts';
import type { Weekday } from '../domain.ts';
import type { PeriodBounds } from '../service-day.ts';

/**
 * What the whole-timetable check finds: every finding has a kind, a severity, its facts
 * (params) and the places to fix it (targets). The checks are in the *-checks.ts files beside
 * this one; the admin page words findings from the web's catalogues, the command line and the
 * importers from report.ts.
 */

export type CheckSeverity = 'error' | 'warning';

/** A place where a finding is fixed, with the name a link to it shows (the line's, stop's, rule's). */
export type CheckTarget =
  | { kind: 'schedule'; lineId: number; scheduleId: number; name: string }
  /** The schedule editor of a line (to add schedules). */
  | { kind: 'lineSchedules'; lineId: number; name: string }
  /** The line editor (line facts and its route variations). */
  | { kind: 'line'; lineId: number; name: string }
  | { kind: 'stop'; stopId: number; name: string }
  | { kind: 'rule'; ruleId: number; name: string }
  | { kind: 'holidays' }
  /** The admin board's Service changes screen, at this change. */
  | { kind: 'serviceChange'; changeId: number; name: string };

/** Seasons a rule's name or a schedule's description can speak of. */
export const SEASONS = ['summer', 'winter', 'schoolYear', 'schoolHolidays', 'wholeYear'] as const;
export type Season = (typeof SEASONS)[number];

export interface TripRef {
  tripId: number;
  scheduleId: number;
  lineId: number;
  lineName: string;
}
export interface ScheduleRef {
  scheduleId: number;
  lineId: number;
  lineName: string;
}
export type Entity = 'stop' | 'holiday' | 'rule' | 'line' | 'route';
export interface TripEnd {
  stopId: number;
  stopName: string;
  time: string | null;
}

/** Every finding's params by its check; the order here is the order of the report. */
export interface CheckParams {
  timesBackwards: TripRef & {
    /** Travel-order position (1-based) of the first stop whose time is earlier than the one before. */
    position: number;
    stopCount: number;
    stopId: number | null;
    stopName: string | null;
    from: string;
    to: string;
    /** How many times the time goes back along the trip. */
    steps: number;
    /** Every step goes back: the times look entered in route order instead of travel order. */
    routeOrder: boolean;
  };
  missingTimes: TripRef & { missing: number; total: number };
  timeCount: TripRef & { routeId: number; times: number; stops: number };
  directionMismatch: TripRef & {
    boundFor: 'City bound' | 'Out bound';
    routeId: number;
    /** The trip drives its route backwards. */
    reversed: boolean;
    /** The first and the last stop in travel order, with their times (null: none given). */
    first: TripEnd;
    last: TripEnd;
  };
  scheduleNoTrips: ScheduleRef;
  scheduleNoWeekdays: ScheduleRef;
  /** Its window ends before it starts (the saves refuse it; an old database or a restore may hold one): it never runs. */
  windowOutOfOrder: ScheduleRef & { validFrom: string; validUntil: string };
  neverRuns: ScheduleRef & {
    ruleId: number;
    ruleName: string;
    /** 'rule': the rule is active on no day of the window; 'days': it is, never on the schedule's weekdays (and holiday choice). */
    because: 'rule' | 'days' | 'window';
  };
  /** Its window ended before today: it never runs again (its card, where the link goes, can delete it). */
  windowPast: ScheduleRef & { validFrom: string | null; validUntil: string };
  /**
   * A copy "New timetable from ..." made, still running the same days and trips as its original
   * (which ends the day before `from`): the copy was never edited. The copy is the ref.
   */
  unchangedCopy: ScheduleRef & { originalId: number; from: string };
  seasonMismatch: ScheduleRef & {
    ruleId: number;
    ruleName: string;
    description: string;
    mentioned: Season[];
    ruleSeasons: Season[];
  };
  periodMismatch: ScheduleRef & {
    ruleId: number;
    ruleName: string;
    description: string;
    /** The date ranges the description names. */
    named: PeriodBounds[];
    /** The rule's periods (own or borrowed); empty: it runs all year. */
    rulePeriods: PeriodBounds[];
  };
  weekdayRepeated: ScheduleRef & { weekdays: Weekday[] };
  lineNoSchedules: { lineId: number; lineName: string };
  /** No schedule of the line is valid from the day after `lastDay` to the day before `nextFrom` (`days` days). */
  timetableGap: { lineId: number; lineName: string; lastDay: string; nextFrom: string; days: number };
  unusedRoute: {
    lineId: number;
    lineName: string;
    routeId: number;
    routeNumber: number;
    routeNotes: string | null;
  };
  unusedStop: { stopId: number; stopName: string };
  sameNameStops: { name: string; stops: { stopId: number; coords: string | null }[] };
  unusedRule: { ruleId: number; ruleName: string };
  duplicateHoliday: { month: number; day: number; holidays: { holidayId: number; name: string }[] };
  impossibleDate: {
    /** A holiday's date or a rule's time period start or end. */
    where: 'holiday' | 'periodStart' | 'periodEnd';
    /** The holiday's id, or the rule's. */
    id: number;
    /** The time period's id; null for a holiday. */
    periodId: number | null;
    name: string;
    month: number;
    day: number;
    problem: 'noMonth' | 'noDay' | 'leapOnly';
  };
  edgeSpaces: { entity: Entity; id: number; field: string; value: string };
  /**
   * A service change, current or to come, names trips, lines or stops the timetable no longer
   * has (a schedule edit or an import removed them): for those it does nothing.
   */
  changeNamesMissing: { changeId: number; title: string; trips: number[]; lines: number[]; stops: number[] };
  /** A distance fare (issue 41) on a route variation some of whose distances are not entered. */
  fareNoDistances: FareRef & { missing: number; gaps: number };
  /** A longer ride from a stop costs less than a shorter one from it (issue 41). */
  fareFalls: FareRef & {
    fromStopName: string;
    shorterToName: string;
    longerToName: string;
    shorterCents: number;
    longerCents: number;
  };
}

/** A price list in force today or to come, on one route variation of its line. */
export interface FareRef {
  lineId: number;
  lineName: string;
  ruleId: number;
  validFrom: string;
  routeId: number;
  routeNumber: number;
  routeNotes: string | null;
}

export type CheckKind = keyof CheckParams;

/** The checks in report order, each with its severity: errors break what visitors or planners get. */
export const CHECKS: { readonly [K in CheckKind]: CheckSeverity } = {
  timesBackwards: 'error',
  missingTimes: 'error',
  timeCount: 'error',
  directionMismatch: 'error',
  scheduleNoTrips: 'error',
  scheduleNoWeekdays: 'error',
  windowOutOfOrder: 'warning',
  neverRuns: 'warning',
  windowPast: 'warning',
  unchangedCopy: 'warning',
  seasonMismatch: 'warning',
  periodMismatch: 'warning',
  weekdayRepeated: 'warning',
  lineNoSchedules: 'warning',
  timetableGap: 'warning',
  unusedRoute: 'warning',
  unusedStop: 'warning',
  sameNameStops: 'warning',
  unusedRule: 'warning',
  duplicateHoliday: 'warning',
  impossibleDate: 'warning',
  edgeSpaces: 'warning',
  changeNamesMissing: 'warning',
  fareNoDistances: 'warning',
  fareFalls: 'warning',
};

export const CHECK_KINDS = Object.keys(CHECKS) as CheckKind[];

export type CheckFinding = {
  [K in CheckKind]: { check: K; severity: CheckSeverity; params: CheckParams[K]; targets: CheckTarget[] };
}[CheckKind];

export type FindingOf<K extends CheckKind> = Extract<CheckFinding, { check: K }>;

export interface TimetableCheckReport {
  /** The first and last date of the 12 months the schedules' running days were computed for. */
  window: { start: string; end: string };
  counts: {
    stops: number;
    lines: number;
    routes: number;
    schedules: number;
    trips: number;
    rules: number;
    holidays: number;
  };
  /** In the order of CHECKS, then as the data lists them. */
  findings: CheckFinding[];
  errors: number;
  warnings: number;
}

/** How a check reports a finding. */
export type Add = <K extends CheckKind>(check: K, params: CheckParams[K], targets: CheckTarget[]) => void;

export function lineNames(dataset: TimetableDataset): Map<number, string> {
  return new Map(dataset.lines.map((l) => [l.id, l.name]));
}

export function scheduleRef(
  schedule: TimetableDataset['schedules'][number],
  names: Map<number, string>,
): ScheduleRef {
  return {
    scheduleId: schedule.id,
    lineId: schedule.lineId,
    lineName: names.get(schedule.lineId) ?? `#${schedule.lineId}`,
  };
}

export const scheduleTarget = (ref: ScheduleRef): CheckTarget => ({
  kind: 'schedule',
  lineId: ref.lineId,
  scheduleId: ref.scheduleId,
  name: ref.lineName,
});
