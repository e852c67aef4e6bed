import type { TimetableDataset } from './dataset.ts';
import { throughJourneyKey } from './fares/journey-fares.ts';

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
    ['fare rule', (dataset.fareRules ?? []).map((r) => r.id)],
    ['concession', (dataset.concessions ?? []).map((c) => c.id)],
    ['through fare', (dataset.throughFares ?? []).map((f) => f.id)],
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

  // Fares (issue 41): a rule's line and the stops of its pairs exist; one rule per line and date.
  const ruleFrom = new Map<string, number>();
  for (const rule of dataset.fareRules ?? []) {
    if (!lineIds.has(rule.lineId)) errors.push(`fare rule ${rule.id}: line ${rule.lineId} does not exist`);
    const key = `${rule.lineId} ${rule.validFrom}`;
    const other = ruleFrom.get(key);
    if (other !== undefined)
      errors.push(
        `fare rule ${rule.id}: line ${rule.lineId} has fare rule ${other} from ${rule.validFrom} too`,
      );
    else ruleFrom.set(key, rule.id);
    const pairs = new Set<string>();
    for (const pair of rule.pairs) {
      for (const stopId of [pair.fromStopId, pair.toStopId])
        if (!stopIds.has(stopId))
          errors.push(`fare rule ${rule.id}: stop ${stopId} of a pair fare does not exist`);
      const [a, b] = [Math.min(pair.fromStopId, pair.toStopId), Math.max(pair.fromStopId, pair.toStopId)];
      if (a === b) errors.push(`fare rule ${rule.id}: a pair fare from stop ${a} to itself`);
      else if (pairs.has(`${a}-${b}`))
        errors.push(`fare rule ${rule.id}: stops ${a} and ${b} have two pair fares`);
      pairs.add(`${a}-${b}`);
    }
  }

  // Through fares: their lines and stops exist, two lines and two stops, one a journey and date.
  const throughFrom = new Map<string, number>();
  for (const fare of dataset.throughFares ?? []) {
    const name = `through fare ${fare.id}`;
    for (const lineId of new Set([fare.fromLineId, fare.toLineId]))
      if (!lineIds.has(lineId)) errors.push(`${name}: line ${lineId} does not exist`);
    for (const stopId of new Set([fare.fromStopId, fare.toStopId]))
      if (!stopIds.has(stopId)) errors.push(`${name}: stop ${stopId} does not exist`);
    if (fare.fromLineId === fare.toLineId) errors.push(`${name}: both parts are on line ${fare.fromLineId}`);
    if (fare.fromStopId === fare.toStopId)
      errors.push(`${name}: it starts and ends at stop ${fare.fromStopId}`);
    const key = `${throughJourneyKey(fare)} ${fare.validFrom}`;
    const other = throughFrom.get(key);
    if (other !== undefined)
      errors.push(`${name}: through fare ${other} prices the same journey from ${fare.validFrom} too`);
    else throughFrom.set(key, fare.id);
  }

  return errors;
}
