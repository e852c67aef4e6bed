import type { TimetableDataset } from '../dataset.ts';
import { changeStatus } from '../service-changes/day-changes.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import type { CheckKind, CheckParams, CheckTarget } from './findings.ts';

type Add = <K extends CheckKind>(check: K, params: CheckParams[K], targets: CheckTarget[]) => void;

/**
 * Service changes, current or to come, that name trips, lines or stops the timetable no longer
 * has: a schedule edit or an import removed them, and the change does nothing for them (a
 * cancelled trip that was replaced by a new one runs). Past changes are history and not checked.
 */
export function checkServiceChanges(
  dataset: TimetableDataset,
  changes: readonly ServiceChange[],
  today: string,
  add: Add,
): void {
  if (changes.length === 0) return;
  const trips = new Set(dataset.schedules.flatMap((s) => s.trips.map((t) => t.id)));
  const lines = new Set(dataset.lines.map((l) => l.id));
  const stops = new Set(dataset.stops.map((s) => s.id));
  for (const change of changes) {
    if (changeStatus(change, today) === 'past') continue;
    const missing = {
      trips: change.tripIds.filter((id) => !trips.has(id)),
      lines: change.lineIds.filter((id) => !lines.has(id)),
      stops: [...change.stopIds, ...(change.insteadStopId === null ? [] : [change.insteadStopId])].filter(
        (id) => !stops.has(id),
      ),
    };
    if (missing.trips.length + missing.lines.length + missing.stops.length === 0) continue;
    add('changeNamesMissing', { changeId: change.id, title: change.titleLt, ...missing }, [
      { kind: 'serviceChange', changeId: change.id, name: change.titleLt },
    ]);
  }
}
