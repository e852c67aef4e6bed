import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser file took in a fresh clone's test command on 2 cores (30 November 2026).
 * Files go to the two workers longest first, so the run does not end on one long file while
 * the other core has nothing left: on a fresh clone Vitest has no timings of its own and starts
 * the largest files first, which put plan.e2e.ts (small, 34 s) last. A file not listed counts
 * as DEFAULT_SECONDS; list it once it has run.
 */
const SECONDS: Record<string, number> = {
  'public.e2e.ts': 97,
  'maps.e2e.ts': 74,
  'admin.e2e.ts': 60,
  'visitor-now.e2e.ts': 46,
  'publishing.e2e.ts': 46,
  'dated-timetable.e2e.ts': 42,
  'timetable-grid.e2e.ts': 36,
  'safe-editing.e2e.ts': 35,
  'plan.e2e.ts': 34,
  'bulk-edit.e2e.ts': 34,
  'print-calendar.e2e.ts': 34,
  'service-changes-pages.e2e.ts': 34,
  'position-import.e2e.ts': 33,
  'service-changes-admin.e2e.ts': 32,
  'lithuanian.e2e.ts': 31,
  'fares-admin.e2e.ts': 27,
  'live.e2e.ts': 26,
  'board.e2e.ts': 20,
  'embed-qr.e2e.ts': 20,
  'departures-changes.e2e.ts': 18,
  'history.e2e.ts': 16,
  'offline.e2e.ts': 15,
  'trip-fares.e2e.ts': 15,
  'route-distances.e2e.ts': 14,
  'timetable-check.e2e.ts': 14,
  'live-staff.e2e.ts': 13,
  'plan-step-free.e2e.ts': 6,
  'sign-ins.e2e.ts': 5,
};
const DEFAULT_SECONDS = 30;

function seconds(spec: TestSpecification): number {
  return SECONDS[basename(spec.moduleId)] ?? DEFAULT_SECONDS;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
