import type { TimetableDataset } from '../dataset.ts';
import { type FareRoute, type FareRule, fallingFares, fareRuleOn } from '../fares/fares.ts';
import type { Add } from './findings.ts';

/**
 * The fares' checks (issue 41), over the price lists in force today and those to come: a line
 * priced by distance whose route variation lacks distances (its riders see "fare not set"), and
 * a longer ride from a stop that costs less than a shorter one (a pair fare or bands set by
 * mistake). A route is read as drawn; a ride back costs the same.
 */
export function checkFares(dataset: TimetableDataset, today: string, add: Add): void {
  const rules: FareRule[] = dataset.fareRules ?? [];
  if (rules.length === 0) return;
  const stopNames = new Map(dataset.stops.map((s) => [s.id, s.name]));
  for (const line of dataset.lines) {
    const current = fareRuleOn(rules, line.id, today);
    const checked = rules.filter((r) => r.lineId === line.id && (r === current || r.validFrom > today));
    for (const rule of checked) {
      for (const [index, route] of line.routes.entries()) {
        const gaps = Math.max(0, route.stopIds.length - 1);
        const distances = Array.from({ length: gaps }, (_, i) => route.distanceMeters[i] ?? null);
        const fareRoute: FareRoute = { stopIds: route.stopIds, distances };
        const ref = {
          lineId: line.id,
          lineName: line.name,
          ruleId: rule.id,
          validFrom: rule.validFrom,
          routeId: route.id,
          routeNumber: index + 1,
          routeNotes: route.routeNotes,
        };
        const target = { kind: 'line' as const, lineId: line.id, name: line.name };
        const missing = distances.filter((d) => d === null).length;
        if (rule.method.kind !== 'flat' && missing > 0)
          add('fareNoDistances', { ...ref, missing, gaps }, [target]);
        for (const fall of fallingFares(rule, fareRoute)) {
          const name = (at: number) => stopNames.get(route.stopIds[at] ?? 0) ?? '';
          add(
            'fareFalls',
            {
              ...ref,
              fromStopName: name(fall.from),
              shorterToName: name(fall.shorterTo),
              longerToName: name(fall.longerTo),
              shorterCents: fall.shorterCents,
              longerCents: fall.longerCents,
            },
            [target],
          );
        }
      }
    }
  }
}
