import { addDays, toCalendarDate } from './calendar.ts';
import type { TimetableDataset } from './dataset.ts';
import { WEEKDAYS, type Weekday } from './domain.ts';
import { windowServiceDays } from './gtfs/service-dates.ts';
import { backwardSteps, directionContradicted } from './plausibility.ts';
import {
  effectivePeriods,
  indexRulesById,
  type PeriodBounds,
  periodContains,
  scheduleRunsOn,
  weekdaysToMask,
} from './service-day.ts';
import { foldText } from './text.ts';

/**
 * The whole-timetable check: every data check over a timetable, each finding with a kind, a
 * severity, its facts (params) and the places to fix it (targets). The admin "Timetable check"
 * page words them from its catalogues, `pnpm cli check` and the importers print them with
 * `describeFinding`. Pure: the date "today" is passed in.
 */

export type CheckSeverity = 'error' | 'warning';

/** A place where a finding is fixed; the web turns each into a link to its editor. */
/** A place where a finding is fixed, with the name a link to it shows (the line's, stop's, rule's). */
export type CheckTarget =
  | { kind: 'schedule'; lineId: number; scheduleId: number; name: string }
  /** The schedule editor of a line (to add schedules). */
  | { kind: 'lineSchedules'; lineId: number; name: string }
  /** The line editor (line facts and its route variations). */
  | { kind: 'line'; lineId: number; name: string }
  | { kind: 'stop'; stopId: number; name: string }
  | { kind: 'rule'; ruleId: number; name: string }
  | { kind: 'holidays' };

/** Seasons a rule's name or a schedule's description can speak of. */
export const SEASONS = ['summer', 'winter', 'schoolYear', 'schoolHolidays', 'wholeYear'] as const;
export type Season = (typeof SEASONS)[number];

interface TripRef {
  tripId: number;
  scheduleId: number;
  lineId: number;
  lineName: string;
}
interface ScheduleRef {
  scheduleId: number;
  lineId: number;
  lineName: string;
}
type Entity = 'stop' | 'holiday' | 'rule' | 'line' | 'route';
interface TripEnd {
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
  neverRuns: ScheduleRef & {
    ruleId: number;
    ruleName: string;
    /** 'rule': the rule is active on no day of the window; 'days': it is, never on the schedule's weekdays (and holiday choice). */
    because: 'rule' | 'days';
  };
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
  neverRuns: 'warning',
  seasonMismatch: 'warning',
  periodMismatch: 'warning',
  weekdayRepeated: 'warning',
  lineNoSchedules: 'warning',
  unusedRoute: 'warning',
  unusedStop: 'warning',
  sameNameStops: 'warning',
  unusedRule: 'warning',
  duplicateHoliday: 'warning',
  impossibleDate: 'warning',
  edgeSpaces: 'warning',
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

/** The 12 months from `today`: through the day before the same date a year later (Feb 29 -> Mar 1). */
export function yearWindow(today: string): { start: string; end: string; days: number } {
  const { year, month, day } = toCalendarDate(today);
  const leapDay = month === 2 && day === 29;
  const sameDateNextYear = `${String(year + 1).padStart(4, '0')}-${leapDay ? '03-01' : today.slice(5)}`;
  let days = 0;
  for (let date = today; date < sameDateNextYear; date = addDays(date, 1)) days++;
  return { start: today, end: addDays(sameDateNextYear, -1), days };
}

/** Runs every check over the timetable; `today` (YYYY-MM-DD, in Vilnius) starts the 12-month window. */
export function checkTimetable(dataset: TimetableDataset, today: string): TimetableCheckReport {
  const findings: CheckFinding[] = [];
  const add = <K extends CheckKind>(check: K, params: CheckParams[K], targets: CheckTarget[]) => {
    findings.push({ check, severity: CHECKS[check], params, targets } as CheckFinding);
  };
  const window = yearWindow(today);
  checkTrips(dataset, add);
  checkSchedules(dataset, window, add);
  checkLinesAndRoutes(dataset, add);
  checkStops(dataset, add);
  checkRules(dataset, add);
  checkHolidays(dataset, add);
  checkEdgeSpaces(dataset, add);

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

type Add = <K extends CheckKind>(check: K, params: CheckParams[K], targets: CheckTarget[]) => void;

function lineNames(dataset: TimetableDataset): Map<number, string> {
  return new Map(dataset.lines.map((l) => [l.id, l.name]));
}

function scheduleRef(
  schedule: TimetableDataset['schedules'][number],
  names: Map<number, string>,
): ScheduleRef {
  return {
    scheduleId: schedule.id,
    lineId: schedule.lineId,
    lineName: names.get(schedule.lineId) ?? `#${schedule.lineId}`,
  };
}

const scheduleTarget = (ref: ScheduleRef): CheckTarget => ({
  kind: 'schedule',
  lineId: ref.lineId,
  scheduleId: ref.scheduleId,
  name: ref.lineName,
});

function checkTrips(dataset: TimetableDataset, add: Add): void {
  const names = lineNames(dataset);
  const stopName = new Map(dataset.stops.map((s) => [s.id, s.name]));
  const routes = new Map(dataset.lines.flatMap((l) => l.routes.map((r) => [r.id, r] as const)));
  for (const schedule of dataset.schedules) {
    const ref = scheduleRef(schedule, names);
    for (const trip of schedule.trips) {
      const route = routes.get(trip.routeId);
      if (!route) continue; // a broken reference: checkDatasetReferences refuses such data
      const times = trip.timeList;
      // Most trips are fine: nothing is built for them (a national timetable has 300,000).
      let missing = 0;
      for (const time of times) if (time === null || time === '') missing++;
      const { steps, comparisons } = backwardSteps(times);
      // Travel order is the route drawn backwards for a reversed trip.
      const lastIndex = route.stopIds.length - 1;
      const firstStop = route.stopIds[trip.routeDirReversed ? lastIndex : 0];
      const lastStop = route.stopIds[trip.routeDirReversed ? 0 : lastIndex];
      const wrongWay =
        trip.boundFor !== 'One way' && directionContradicted(trip.boundFor, firstStop, lastStop);
      if (times.length === route.stopIds.length && missing === 0 && steps.length === 0 && !wrongWay) continue;

      const tripRef = { tripId: trip.id, ...ref };
      const target = [scheduleTarget(ref)];
      if (times.length !== route.stopIds.length) {
        add(
          'timeCount',
          { ...tripRef, routeId: route.id, times: times.length, stops: route.stopIds.length },
          target,
        );
      }
      if (missing > 0) add('missingTimes', { ...tripRef, missing, total: times.length }, target);
      if (wrongWay && trip.boundFor !== 'One way' && firstStop !== undefined && lastStop !== undefined) {
        const end = (stopId: number, time: string | null | undefined): TripEnd => ({
          stopId,
          stopName: stopName.get(stopId) ?? `#${stopId}`,
          time: time === undefined || time === '' ? null : time,
        });
        add(
          'directionMismatch',
          {
            ...tripRef,
            boundFor: trip.boundFor,
            routeId: route.id,
            reversed: trip.routeDirReversed,
            // A time list that does not match the route names no time of its ends.
            first: end(firstStop, times.length === route.stopIds.length ? times[0] : null),
            last: end(lastStop, times.length === route.stopIds.length ? times[lastIndex] : null),
          },
          target,
        );
      }
      const first = steps[0];
      if (first) {
        // Times are in travel order, which is the route drawn backwards for a reversed trip.
        const stopId =
          (trip.routeDirReversed
            ? route.stopIds[route.stopIds.length - 1 - first.index]
            : route.stopIds[first.index]) ?? null;
        add(
          'timesBackwards',
          {
            ...tripRef,
            position: first.index + 1,
            stopCount: times.length,
            stopId,
            stopName: stopId === null ? null : (stopName.get(stopId) ?? `#${stopId}`),
            from: first.from,
            to: first.to,
            steps: steps.length,
            routeOrder: steps.length > 1 && steps.length === comparisons,
          },
          target,
        );
      }
    }
  }
}

function checkSchedules(dataset: TimetableDataset, window: { start: string; days: number }, add: Add): void {
  const names = lineNames(dataset);
  const rulesById = indexRulesById(dataset.yearlyRules);
  // The service days of the window, by the very functions that decide the public departures.
  const days = windowServiceDays(window, dataset.yearlyRules, dataset.holidays);
  const activeRules = new Set(days.flatMap((d) => d.activeRuleIds));
  const runs = new Map<string, boolean>();
  const descriptionSeasons = new Map<string, Season[]>();
  const descriptionPeriods = new Map<string, PeriodBounds[]>();
  const seasonsOfRule = new Map<number, Season[]>();

  for (const schedule of dataset.schedules) {
    const ref = scheduleRef(schedule, names);
    const target = scheduleTarget(ref);
    if (schedule.trips.length === 0) add('scheduleNoTrips', ref, [target]);
    if (schedule.runsOnWeekly.length === 0) add('scheduleNoWeekdays', ref, [target]);
    const repeated = WEEKDAYS.filter((d) => schedule.runsOnWeekly.filter((w) => w === d).length > 1);
    if (repeated.length > 0) add('weekdayRepeated', { ...ref, weekdays: repeated }, [target]);

    const rule = rulesById.get(schedule.runsOnYearlyId);
    if (!rule) continue; // a broken reference: checkDatasetReferences refuses such data
    const ruleTarget: CheckTarget = { kind: 'rule', ruleId: rule.id, name: rule.periodName };
    // A schedule with no weekdays is reported above already; saying it never runs adds nothing.
    if (schedule.runsOnWeekly.length > 0) {
      // Schedules that share rule, weekdays and holiday choice share the answer.
      const key = `${rule.id}|${weekdaysToMask(schedule.runsOnWeekly)}|${schedule.runsOnPublicHolidays}`;
      let running = runs.get(key);
      if (running === undefined) {
        running = days.some((day) => scheduleRunsOn(schedule, day));
        runs.set(key, running);
      }
      if (!running) {
        add(
          'neverRuns',
          {
            ...ref,
            ruleId: rule.id,
            ruleName: rule.periodName,
            because: activeRules.has(rule.id) ? 'days' : 'rule',
          },
          [target, ruleTarget],
        );
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
      if (named.length > 0 && !sameDays(named, rulePeriods)) {
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

/** Genitive month names as a folded description writes them: "nuo balandžio 15 d.". */
const MONTHS_GENITIVE = [
  'sausio',
  'vasario',
  'kovo',
  'balandzio',
  'geguzes',
  'birzelio',
  'liepos',
  'rugpjucio',
  'rugsejo',
  'spalio',
  'lapkricio',
  'gruodzio',
];
const MONTH_WORD = `(${MONTHS_GENITIVE.join('|')})`;
/** 'nuo balandžio 15 d. iki lapkričio 3 d.' */
const WORD_RANGE = new RegExp(
  `\\bnuo ${MONTH_WORD} (\\d{1,2})(?: d\\.?)? iki ${MONTH_WORD} (\\d{1,2})\\b`,
  'g',
);
/** 'nuo 04.01 iki 11.15' (month first, as Lithuanian dates are written) */
const NUMBER_RANGE = /\bnuo (\d{1,2})[.-](\d{1,2})\.? iki (\d{1,2})[.-](\d{1,2})\b/g;
/** '4/15 - 11/03' (month first, as the rules' names write them) */
const SLASH_RANGE = /\b(\d{1,2})\/(\d{1,2}) ?[-–] ?(\d{1,2})\/(\d{1,2})\b/g;

/**
 * The date ranges a text names, month first: 'nuo balandžio 15 d. iki lapkričio 3 d.',
 * 'nuo 04.01 iki 11.15', '4/15 - 11/03'. Best effort; a range naming a day that does not
 * exist is left out.
 */
export function periodsIn(text: string): PeriodBounds[] {
  const folded = foldText(text);
  const found: PeriodBounds[] = [];
  const push = (startMonth: number, startDay: number, endMonth: number, endDay: number) => {
    const real = (m: number, d: number) => d >= 1 && d <= (DAYS_IN_MONTH[m - 1] ?? 0);
    if (real(startMonth, startDay) && real(endMonth, endDay))
      found.push({ startMonth, startDay, endMonth, endDay });
  };
  const month = (word: string | undefined) => MONTHS_GENITIVE.indexOf(word ?? '') + 1;
  for (const m of folded.matchAll(WORD_RANGE)) push(month(m[1]), Number(m[2]), month(m[3]), Number(m[4]));
  for (const regex of [NUMBER_RANGE, SLASH_RANGE]) {
    for (const m of folded.matchAll(regex)) push(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]));
  }
  return found;
}

/** Whether two sets of periods cover the same days of a (leap) year; no periods covers all of it. */
function sameDays(a: readonly PeriodBounds[], b: readonly PeriodBounds[]): boolean {
  const covers = (periods: readonly PeriodBounds[], month: number, day: number) =>
    periods.length === 0 || periods.some((p) => periodContains(p, month, day));
  for (let month = 1; month <= 12; month++) {
    for (let day = 1; day <= (DAYS_IN_MONTH[month - 1] ?? 0); day++) {
      if (covers(a, month, day) !== covers(b, month, day)) return false;
    }
  }
  return true;
}

/**
 * Word stems (diacritics and case folded) by season. Best effort: a description saying
 * "not in summer" mentions summer all the same.
 */
const SEASON_WORDS: { readonly [S in Season]: RegExp } = {
  summer: /\bvasar|\bsummer/,
  winter: /\bziem|\bwinter/,
  schoolYear: /\bmokslo met|\bschool (?:year|term)|\bterm time/,
  schoolHolidays: /\batostog|\bschool holiday|\bvacation/,
  wholeYear: /\b(?:apskritus|istisus|visus) metus|\b(?:all|whole) year|\byear round/,
};

/** The seasons a text speaks of, in SEASONS order. */
export function seasonsIn(text: string): Season[] {
  const folded = foldText(text);
  return SEASONS.filter((season) => SEASON_WORDS[season].test(folded));
}

/**
 * The seasons a rule stands for: those its name speaks of; a name that speaks of none stands
 * for the whole year when its periods (own or borrowed) cover it (no periods, or one from
 * 01-01 to 12-31), else for nothing this check can tell.
 */
export function ruleSeasonsOf(
  rule: TimetableDataset['yearlyRules'][number],
  rulesById: ReturnType<typeof indexRulesById>,
): Season[] {
  const named = seasonsIn(rule.periodName);
  if (named.length > 0) return named;
  const periods = effectivePeriods(rule, rulesById);
  const wholeYear =
    periods.length === 0 ||
    periods.some(
      (p) =>
        (p.startMonth === 1 && p.startDay === 1 && p.endMonth === 12 && p.endDay === 31) ||
        // a period wrapping the year end that leaves no day out
        p.startMonth * 100 + p.startDay === nextDayKey(p.endMonth, p.endDay),
    );
  return wholeYear ? ['wholeYear'] : [];
}

function nextDayKey(month: number, day: number): number {
  const max = DAYS_IN_MONTH[month - 1] ?? 31;
  if (day < max) return month * 100 + day + 1;
  return month === 12 ? 101 : (month + 1) * 100 + 1;
}

function checkLinesAndRoutes(dataset: TimetableDataset, add: Add): void {
  const withSchedules = new Set(dataset.schedules.map((s) => s.lineId));
  const usedRoutes = new Set(dataset.schedules.flatMap((s) => s.trips.map((t) => t.routeId)));
  for (const line of dataset.lines) {
    if (!withSchedules.has(line.id)) {
      add('lineNoSchedules', { lineId: line.id, lineName: line.name }, [
        { kind: 'lineSchedules', lineId: line.id, name: line.name },
        { kind: 'line', lineId: line.id, name: line.name },
      ]);
    }
    line.routes.forEach((route, index) => {
      if (usedRoutes.has(route.id)) return;
      add(
        'unusedRoute',
        {
          lineId: line.id,
          lineName: line.name,
          routeId: route.id,
          routeNumber: index + 1,
          routeNotes: route.routeNotes,
        },
        [{ kind: 'line', lineId: line.id, name: line.name }],
      );
    });
  }
}

function checkStops(dataset: TimetableDataset, add: Add): void {
  const usedStops = new Set(dataset.lines.flatMap((l) => l.routes.flatMap((r) => r.stopIds)));
  for (const stop of dataset.stops) {
    if (!usedStops.has(stop.id)) {
      add('unusedStop', { stopId: stop.id, stopName: stop.name }, [
        { kind: 'stop', stopId: stop.id, name: stop.name },
      ]);
    }
  }
  // Same-named stops are normal when the coords note tells them apart (the town's convention).
  const byNameAndNote = new Map<string, TimetableDataset['stops']>();
  for (const stop of dataset.stops) {
    const key = `${foldText(stop.name)}\u0000${foldText(stop.coords ?? '')}`;
    const same = byNameAndNote.get(key);
    if (same) same.push(stop);
    else byNameAndNote.set(key, [stop]);
  }
  for (const stops of byNameAndNote.values()) {
    const first = stops[0];
    if (first === undefined || stops.length < 2) continue;
    add(
      'sameNameStops',
      { name: first.name, stops: stops.map((s) => ({ stopId: s.id, coords: s.coords })) },
      stops.map((s) => ({ kind: 'stop', stopId: s.id, name: s.name })),
    );
  }
}

function checkRules(dataset: TimetableDataset, add: Add): void {
  const used = new Set<number>(dataset.schedules.map((s) => s.runsOnYearlyId));
  // A rule whose periods another rule borrows is in use through it.
  for (const rule of dataset.yearlyRules) if (rule.otherRuleId !== null) used.add(rule.otherRuleId);
  for (const rule of dataset.yearlyRules) {
    if (!used.has(rule.id)) {
      add('unusedRule', { ruleId: rule.id, ruleName: rule.periodName }, [
        { kind: 'rule', ruleId: rule.id, name: rule.periodName },
      ]);
    }
    for (const period of rule.timePeriods) {
      for (const [where, month, day] of [
        ['periodStart', period.startMonth, period.startDay],
        ['periodEnd', period.endMonth, period.endDay],
      ] as const) {
        const problem = calendarProblem(month, day);
        if (problem) {
          add(
            'impossibleDate',
            { where, id: rule.id, periodId: period.id, name: rule.periodName, month, day, problem },
            [{ kind: 'rule', ruleId: rule.id, name: rule.periodName }],
          );
        }
      }
    }
  }
}

function checkHolidays(dataset: TimetableDataset, add: Add): void {
  const byDate = new Map<number, TimetableDataset['holidays']>();
  for (const holiday of dataset.holidays) {
    const key = holiday.month * 100 + holiday.day;
    const same = byDate.get(key);
    if (same) same.push(holiday);
    else byDate.set(key, [holiday]);
    const problem = calendarProblem(holiday.month, holiday.day);
    if (problem) {
      add(
        'impossibleDate',
        {
          where: 'holiday',
          id: holiday.id,
          periodId: null,
          name: holiday.name,
          month: holiday.month,
          day: holiday.day,
          problem,
        },
        [{ kind: 'holidays' }],
      );
    }
  }
  for (const holidays of [...byDate.entries()].sort(([a], [b]) => a - b).map(([, h]) => h)) {
    const first = holidays[0];
    if (first === undefined || holidays.length < 2) continue;
    add(
      'duplicateHoliday',
      {
        month: first.month,
        day: first.day,
        holidays: holidays.map((h) => ({ holidayId: h.id, name: h.name })),
      },
      [{ kind: 'holidays' }],
    );
  }
}

/** Text stored with spaces at an end (the imports and the editors trim; older data may not be). */
function checkEdgeSpaces(dataset: TimetableDataset, add: Add): void {
  const check = (entity: Entity, id: number, field: string, value: string | null, target: CheckTarget) => {
    if (value !== null && value !== value.trim()) add('edgeSpaces', { entity, id, field, value }, [target]);
  };
  for (const stop of dataset.stops) {
    const target: CheckTarget = { kind: 'stop', stopId: stop.id, name: stop.name };
    check('stop', stop.id, 'name', stop.name, target);
    check('stop', stop.id, 'coords', stop.coords, target);
  }
  for (const holiday of dataset.holidays)
    check('holiday', holiday.id, 'name', holiday.name, { kind: 'holidays' });
  for (const rule of dataset.yearlyRules) {
    check('rule', rule.id, 'periodName', rule.periodName, {
      kind: 'rule',
      ruleId: rule.id,
      name: rule.periodName,
    });
  }
  for (const line of dataset.lines) {
    const target: CheckTarget = { kind: 'line', lineId: line.id, name: line.name };
    check('line', line.id, 'name', line.name, target);
    for (const route of line.routes) check('route', route.id, 'routeNotes', route.routeNotes, target);
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function calendarProblem(month: number, day: number): CheckParams['impossibleDate']['problem'] | null {
  const max = DAYS_IN_MONTH[month - 1];
  if (max === undefined) return 'noMonth';
  if (day < 1 || day > max) return 'noDay';
  if (month === 2 && day === 29) return 'leapOnly';
  return null;
}

// ---------------------------------------------------------------------------------------------
// English words, for the command line and the importers' reports (the web has its catalogues).

const SEASON_EN: { readonly [S in Season]: string } = {
  summer: 'summer',
  winter: 'winter',
  schoolYear: 'the school year',
  schoolHolidays: 'school holidays',
  wholeYear: 'the whole year',
};

/** What each check looks for, in English: the heading of its group. */
export const CHECK_TITLES_EN: { readonly [K in CheckKind]: string } = {
  timesBackwards: 'Times going backwards along a trip',
  missingTimes: 'Trips with missing times',
  timeCount: 'Trips whose times do not match their route',
  directionMismatch: 'Trips whose direction contradicts their stop order',
  scheduleNoTrips: 'Schedules without trips',
  scheduleNoWeekdays: 'Schedules that run on no weekday',
  neverRuns: 'Schedules that do not run in the next 12 months',
  seasonMismatch: 'Descriptions that name another season than their rule (best effort)',
  periodMismatch: 'Descriptions whose dates differ from their rule’s periods (best effort)',
  weekdayRepeated: 'Schedules listing a weekday twice',
  lineNoSchedules: 'Lines without schedules',
  unusedRoute: 'Route variations no schedule uses',
  unusedStop: 'Stops no line uses',
  sameNameStops: 'Stops with the same name',
  unusedRule: 'Yearly rules nothing uses',
  duplicateHoliday: 'Holidays on the same date twice',
  impossibleDate: 'Dates that do not exist every year',
  edgeSpaces: 'Texts with spaces at an end',
};

const quote = JSON.stringify;
const monthDayText = (month: number, day: number) =>
  `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** One finding as a line of plain English (the importers' warnings keep their old wording). */
export function describeFinding(finding: CheckFinding): string {
  switch (finding.check) {
    case 'timesBackwards': {
      const p = finding.params;
      const where = `stop ${p.position} of ${p.stopCount}${p.stopName === null ? '' : ` ${quote(p.stopName)}`}`;
      if (p.steps === 1) return `trip ${p.tripId}: time goes backwards at ${where} (${p.from} -> ${p.to})`;
      const hint = p.routeOrder ? '; the times look entered in route order instead of travel order' : '';
      return `trip ${p.tripId}: time goes backwards ${p.steps} times, first at ${where} (${p.from} -> ${p.to})${hint}`;
    }
    case 'missingTimes': {
      const p = finding.params;
      return `trip ${p.tripId}: ${p.missing} of ${p.total} stops have no time`;
    }
    case 'timeCount': {
      const p = finding.params;
      return `trip ${p.tripId}: ${p.times} times for the ${p.stops} stops of route ${p.routeId}`;
    }
    case 'directionMismatch': {
      const p = finding.params;
      const at = (end: TripEnd) => `${quote(end.stopName)}${end.time === null ? '' : ` (${end.time})`}`;
      const order = `it starts at ${at(p.first)} and ends at ${at(p.last)}`;
      return `trip ${p.tripId}: ${p.boundFor}, but ${order}${p.reversed ? ', its route driven backwards' : ''}`;
    }
    case 'scheduleNoTrips':
      return `schedule ${finding.params.scheduleId}: has no trips`;
    case 'scheduleNoWeekdays':
      return `schedule ${finding.params.scheduleId}: runs on no weekday`;
    case 'neverRuns': {
      const p = finding.params;
      return p.because === 'rule'
        ? `schedule ${p.scheduleId} (line ${p.lineName}): its yearly rule ${quote(p.ruleName)} runs on no day of the next 12 months`
        : `schedule ${p.scheduleId} (line ${p.lineName}): runs on no day of the next 12 months (its yearly rule ${quote(p.ruleName)} never falls on its weekdays)`;
    }
    case 'seasonMismatch': {
      const p = finding.params;
      const list = (seasons: Season[]) => seasons.map((s) => SEASON_EN[s]).join(', ');
      return `schedule ${p.scheduleId} (line ${p.lineName}): the description ${quote(p.description)} speaks of ${list(p.mentioned)}, its yearly rule ${quote(p.ruleName)} of ${list(p.ruleSeasons)}`;
    }
    case 'periodMismatch': {
      const p = finding.params;
      const ranges = (periods: PeriodBounds[]) =>
        periods
          .map((r) => `${monthDayText(r.startMonth, r.startDay)} to ${monthDayText(r.endMonth, r.endDay)}`)
          .join(', ');
      return `schedule ${p.scheduleId} (line ${p.lineName}): the description ${quote(p.description)} names ${ranges(p.named)}, its yearly rule ${quote(p.ruleName)} runs ${p.rulePeriods.length === 0 ? 'all year' : ranges(p.rulePeriods)}`;
    }
    case 'weekdayRepeated': {
      const p = finding.params;
      return `schedule ${p.scheduleId}: weekday listed more than once (${p.weekdays.join(', ')})`;
    }
    case 'lineNoSchedules':
      return `line ${finding.params.lineId} ${quote(finding.params.lineName)}: has no schedules`;
    case 'unusedRoute': {
      const p = finding.params;
      return `route ${p.routeId} (variation ${p.routeNumber} of line ${p.lineName}${p.routeNotes === null ? '' : `, ${quote(p.routeNotes)}`}): no schedule uses it`;
    }
    case 'unusedStop':
      return `stop ${finding.params.stopId}: not used by any route`;
    case 'sameNameStops': {
      const p = finding.params;
      return `stops ${p.stops.map((s) => s.stopId).join(', ')}: same name ${quote(p.name)} and no coords note to tell them apart`;
    }
    case 'unusedRule':
      return `yearly rule ${finding.params.ruleId} ${quote(finding.params.ruleName)}: no schedule or other rule uses it`;
    case 'duplicateHoliday': {
      const p = finding.params;
      const date = monthDayText(p.month, p.day);
      return `holidays ${p.holidays.map((h) => h.holidayId).join(', ')}: the same date ${date} (${p.holidays.map((h) => quote(h.name)).join(', ')})`;
    }
    case 'impossibleDate': {
      const p = finding.params;
      const problem =
        p.problem === 'noMonth'
          ? `month ${p.month} does not exist`
          : p.problem === 'noDay'
            ? `day ${p.day} does not exist in month ${p.month}`
            : 'February 29 exists only in leap years';
      return p.where === 'holiday'
        ? `holiday ${p.id}: ${problem}`
        : `yearly rule ${p.id}: time period ${p.periodId} ${p.where === 'periodStart' ? 'start' : 'end'}: ${problem}`;
    }
    case 'edgeSpaces': {
      const p = finding.params;
      const entity = p.entity === 'rule' ? 'yearly rule' : p.entity;
      return `${entity} ${p.id}: ${p.field} ${quote(p.value)} has leading or trailing spaces`;
    }
  }
}

/** The report as lines of text, grouped by check, with the totals last. */
export function formatCheckReport(report: TimetableCheckReport): string[] {
  const lines: string[] = [];
  for (const kind of CHECK_KINDS) {
    const group = report.findings.filter((f) => f.check === kind);
    if (group.length === 0) continue;
    lines.push(`${CHECKS[kind]}: ${CHECK_TITLES_EN[kind]} (${group.length})`);
    for (const finding of group) lines.push(`  ${describeFinding(finding)}`);
  }
  const c = report.counts;
  lines.push(
    `checked ${c.stops} stops, ${c.lines} lines, ${c.routes} routes, ${c.schedules} schedules, ${c.trips} trips, ${c.rules} yearly rules, ${c.holidays} holidays; running days from ${report.window.start} to ${report.window.end}`,
  );
  lines.push(`${report.errors} errors, ${report.warnings} warnings`);
  return lines;
}
