import {
  CHECK_KINDS,
  CHECKS,
  type CheckFinding,
  type CheckKind,
  type CheckSeverity,
  type CheckTarget,
} from '@bus/core';
import { busStopsHref } from '../bus-stops/stops-filter.ts';

/**
 * The Timetable check page's plain logic (tested without a DOM): findings grouped by check in
 * the report's order, which groups open at first, how many rows show before "Show all", and
 * the admin address of each place to fix a finding.
 */

export interface CheckGroup {
  check: CheckKind;
  severity: CheckSeverity;
  findings: CheckFinding[];
}

/** The checks that found something, in the report's order (errors first), each with its findings. */
export function groupFindings(findings: readonly CheckFinding[]): CheckGroup[] {
  const byCheck = new Map<CheckKind, CheckFinding[]>();
  for (const finding of findings) {
    const group = byCheck.get(finding.check);
    if (group) group.push(finding);
    else byCheck.set(finding.check, [finding]);
  }
  return CHECK_KINDS.flatMap((check) => {
    const group = byCheck.get(check);
    return group ? [{ check, severity: CHECKS[check], findings: group }] : [];
  });
}

/** The checks that found nothing, in the report's order. */
export function passedChecks(findings: readonly CheckFinding[]): CheckKind[] {
  const found = new Set(findings.map((f) => f.check));
  return CHECK_KINDS.filter((check) => !found.has(check));
}

/** A group of warnings longer than this starts folded; errors always start open. */
export const OPEN_UP_TO = 10;
/** How many findings a group lists before its "Show all" button. */
export const SHOWN_AT_FIRST = 25;

export function startsOpen(group: CheckGroup): boolean {
  return group.severity === 'error' || group.findings.length <= OPEN_UP_TO;
}

/** Where a finding is fixed, as an address inside the admin board (relative to /admin-panel). */
export function targetHref(target: CheckTarget): string {
  switch (target.kind) {
    case 'schedule':
      return `/schedules/${target.lineId}/${target.scheduleId}`;
    case 'lineSchedules':
      return `/schedules/${target.lineId}`;
    case 'line':
      return `/lines/${target.lineId}/edit`;
    case 'stop':
      return busStopsHref({ stopId: target.stopId });
    case 'rule':
      return `/yearly-rules/${target.ruleId}`;
    case 'holidays':
      return '/holidays';
    case 'serviceChange':
      return '/service-changes';
  }
}

/** A month and day as the holidays page shows them: MM-DD. */
export function monthDay(month: number, day: number): string {
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
