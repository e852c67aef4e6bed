import type { TimetableDataset } from './dataset.ts';
import { WEEKDAYS } from './domain.ts';
import { backwardSteps } from './plausibility.ts';
import { foldText } from './text.ts';

type DatasetRoute = TimetableDataset['lines'][number]['routes'][number];
type DatasetTrip = TimetableDataset['schedules'][number]['trips'][number];

/**
 * Problems that would corrupt the database or break the id-keyed links between entities.
 * A dataset with any of these must not be imported. The zod schema has already checked each
 * field on its own; this checks how the entities point at each other.
 */
export function checkDatasetReferences(dataset: TimetableDataset): string[] {
  const errors: string[] = [];

  // Ids are primary keys, and children (periods, notes, routes, trips) share one id space each.
  const idLists: [string, number[]][] = [
    ['stop', dataset.stops.map((s) => s.id)],
    ['holiday', dataset.holidays.map((h) => h.id)],
    ['yearly rule', dataset.yearlyRules.map((r) => r.id)],
    ['time period', dataset.yearlyRules.flatMap((r) => r.timePeriods.map((p) => p.id))],
    ['pattern item', dataset.yearlyRules.flatMap((r) => r.pattern1Params.map((p) => p.id))],
    ['line', dataset.lines.map((l) => l.id)],
    ['line note', dataset.lines.flatMap((l) => l.customNotes.map((n) => n.id))],
    ['route', dataset.lines.flatMap((l) => l.routes.map((r) => r.id))],
    ['schedule', dataset.schedules.map((s) => s.id)],
    ['trip', dataset.schedules.flatMap((s) => s.trips.map((t) => t.id))],
  ];
  for (const [entity, ids] of idLists) {
    const seen = new Set<number>();
    const reported = new Set<number>();
    for (const id of ids) {
      if (seen.has(id) && !reported.has(id)) {
        errors.push(`${entity} ${id}: the id is used more than once`);
        reported.add(id);
      }
      seen.add(id);
    }
  }

  const stopIds = new Set(dataset.stops.map((s) => s.id));
  for (const stop of dataset.stops) {
    // The stop table refuses blank names; say so here rather than as a raw CHECK failure.
    if (stop.name.trim() === '') errors.push(`stop ${stop.id}: the name is blank`);
  }

  const rules = new Map(dataset.yearlyRules.map((r) => [r.id, r]));
  for (const rule of dataset.yearlyRules) {
    if (rule.otherRuleId === null) continue;
    const other = rules.get(rule.otherRuleId);
    if (rule.otherRuleId === rule.id) {
      errors.push(`yearly rule ${rule.id}: otherRuleId points to the rule itself`);
    } else if (!other) {
      errors.push(`yearly rule ${rule.id}: otherRuleId ${rule.otherRuleId} does not exist`);
    } else if (other.otherRuleId !== null) {
      // Borrowed periods resolve one level only, so a chain (or a cycle) would borrow nothing.
      errors.push(
        `yearly rule ${rule.id}: otherRuleId ${other.id} borrows from rule ${other.otherRuleId} itself (chains are not allowed)`,
      );
    }
    if (rule.timePeriods.length > 0) {
      errors.push(
        `yearly rule ${rule.id}: has its own time periods and otherRuleId ${rule.otherRuleId} (only one of them is allowed)`,
      );
    }
  }

  const routeLine = new Map<number, number>();
  // A duplicated route id is already reported; its line would be a guess, so it is not compared.
  const ambiguousRoutes = new Set<number>();
  for (const line of dataset.lines) {
    for (const route of line.routes) {
      if (routeLine.has(route.id)) ambiguousRoutes.add(route.id);
      routeLine.set(route.id, line.id);
      route.stopIds.forEach((stopId, index) => {
        if (!stopIds.has(stopId)) {
          errors.push(`route ${route.id}: stop ${stopId} (position ${index + 1}) does not exist`);
        }
      });
      if (route.distanceMeters.length !== route.stopIds.length - 1) {
        errors.push(
          `route ${route.id}: ${route.distanceMeters.length} distances for ${route.stopIds.length} stops (expected ${route.stopIds.length - 1}, null where unknown)`,
        );
      }
    }
  }

  const lineIds = new Set(dataset.lines.map((l) => l.id));
  for (const schedule of dataset.schedules) {
    const lineExists = lineIds.has(schedule.lineId);
    if (!lineExists) errors.push(`schedule ${schedule.id}: line ${schedule.lineId} does not exist`);
    if (!rules.has(schedule.runsOnYearlyId)) {
      errors.push(`schedule ${schedule.id}: yearly rule ${schedule.runsOnYearlyId} does not exist`);
    }
    for (const trip of schedule.trips) {
      const line = routeLine.get(trip.routeId);
      if (line === undefined) {
        errors.push(`trip ${trip.id}: route ${trip.routeId} does not exist`);
      } else if (lineExists && line !== schedule.lineId && !ambiguousRoutes.has(trip.routeId)) {
        errors.push(
          `trip ${trip.id}: route ${trip.routeId} belongs to line ${line}, not to line ${schedule.lineId} of schedule ${schedule.id}`,
        );
      }
    }
  }

  return errors;
}

/**
 * Things that import fine but look wrong to a passenger or an editor: they are reported so
 * someone can fix the data, never silently changed.
 */
export function dataQualityWarnings(dataset: TimetableDataset): string[] {
  const warnings: string[] = [];
  const stopName = new Map(dataset.stops.map((s) => [s.id, s.name]));
  const routes = new Map<number, DatasetRoute>();
  for (const line of dataset.lines) for (const route of line.routes) routes.set(route.id, route);

  const edgeSpaces = (entity: string, field: string, value: string | null) => {
    if (value !== null && value !== value.trim()) {
      warnings.push(`${entity}: ${field} ${JSON.stringify(value)} has leading or trailing spaces`);
    }
  };

  const byNameAndNote = new Map<string, number[]>();
  for (const stop of dataset.stops) {
    edgeSpaces(`stop ${stop.id}`, 'name', stop.name);
    edgeSpaces(`stop ${stop.id}`, 'coords', stop.coords);
    // Same-named stops are normal when the coords note tells them apart (the town's convention).
    const key = `${foldText(stop.name)}\u0000${foldText(stop.coords ?? '')}`;
    const ids = byNameAndNote.get(key) ?? [];
    ids.push(stop.id);
    byNameAndNote.set(key, ids);
  }
  for (const ids of byNameAndNote.values()) {
    if (ids.length > 1) {
      warnings.push(
        `stops ${ids.join(', ')}: same name ${JSON.stringify(stopName.get(ids[0] ?? 0))} and no coords note to tell them apart`,
      );
    }
  }

  const usedStops = new Set<number>();
  for (const route of routes.values()) for (const id of route.stopIds) usedStops.add(id);
  for (const stop of dataset.stops) {
    if (!usedStops.has(stop.id)) warnings.push(`stop ${stop.id}: not used by any route`);
  }

  for (const holiday of dataset.holidays) {
    edgeSpaces(`holiday ${holiday.id}`, 'name', holiday.name);
    const problem = calendarProblem(holiday.month, holiday.day);
    if (problem) warnings.push(`holiday ${holiday.id}: ${problem}`);
  }

  for (const rule of dataset.yearlyRules) {
    edgeSpaces(`yearly rule ${rule.id}`, 'periodName', rule.periodName);
    for (const period of rule.timePeriods) {
      for (const [which, month, day] of [
        ['start', period.startMonth, period.startDay],
        ['end', period.endMonth, period.endDay],
      ] as const) {
        const problem = calendarProblem(month, day);
        if (problem) warnings.push(`yearly rule ${rule.id}: time period ${period.id} ${which}: ${problem}`);
      }
    }
  }

  for (const line of dataset.lines) {
    edgeSpaces(`line ${line.id}`, 'name', line.name);
    for (const route of line.routes) edgeSpaces(`route ${route.id}`, 'routeNotes', route.routeNotes);
  }

  for (const schedule of dataset.schedules) {
    if (schedule.trips.length === 0) warnings.push(`schedule ${schedule.id}: has no trips`);
    if (schedule.runsOnWeekly.length === 0) warnings.push(`schedule ${schedule.id}: runs on no weekday`);
    const repeated = WEEKDAYS.filter((d) => schedule.runsOnWeekly.filter((w) => w === d).length > 1);
    if (repeated.length > 0) {
      warnings.push(`schedule ${schedule.id}: weekday listed more than once (${repeated.join(', ')})`);
    }
    for (const trip of schedule.trips) {
      const route = routes.get(trip.routeId);
      if (route) tripTimeWarnings(trip, route, stopName, warnings);
    }
  }

  return warnings;
}

function tripTimeWarnings(
  trip: DatasetTrip,
  route: DatasetRoute,
  stopName: Map<number, string>,
  warnings: string[],
): void {
  if (trip.timeList.length !== route.stopIds.length) {
    warnings.push(
      `trip ${trip.id}: ${trip.timeList.length} times for the ${route.stopIds.length} stops of route ${route.id}`,
    );
  }
  const missing = trip.timeList.filter((t) => t === null).length;
  if (missing > 0) warnings.push(`trip ${trip.id}: ${missing} of ${trip.timeList.length} stops have no time`);

  // Times are in travel order, which is the route drawn backwards for a reversed trip.
  const travelStops = trip.routeDirReversed ? [...route.stopIds].reverse() : route.stopIds;
  const { steps, comparisons } = backwardSteps(trip.timeList);
  const first = steps[0];
  if (!first) return;
  const stopId = travelStops[first.index];
  const where = `stop ${first.index + 1} of ${trip.timeList.length}${stopId === undefined ? '' : ` ${JSON.stringify(stopName.get(stopId) ?? `#${stopId}`)}`}`;
  if (steps.length === 1) {
    warnings.push(`trip ${trip.id}: time goes backwards at ${where} (${first.from} -> ${first.to})`);
  } else {
    const hint =
      steps.length === comparisons ? '; the times look entered in route order instead of travel order' : '';
    warnings.push(
      `trip ${trip.id}: time goes backwards ${steps.length} times, first at ${where} (${first.from} -> ${first.to})${hint}`,
    );
  }
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function calendarProblem(month: number, day: number): string | null {
  const max = DAYS_IN_MONTH[month - 1];
  if (max === undefined) return `month ${month} does not exist`;
  if (day < 1 || day > max) return `day ${day} does not exist in month ${month}`;
  if (month === 2 && day === 29) return 'February 29 exists only in leap years';
  return null;
}
