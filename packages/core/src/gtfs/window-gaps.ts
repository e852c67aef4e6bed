import { addDays } from '../calendar.ts';
import type { Schedule } from '../domain.ts';
import { windowContains } from '../service-day.ts';
import type { GtfsNotice } from './validate.ts';

/**
 * Publishing's warning about validity windows (issue 28): a line some of whose schedules have a
 * window, on days of the feed window where none of its schedules is inside its window (an old
 * timetable ends and no new one starts, or a new one starts later). Weekdays and yearly rules
 * leave days without buses as they always have; this names only the days a window leaves empty.
 */

export interface WindowGap {
  lineId: number;
  lineName: string;
  /** The first and the last date of each run of days without a schedule in its window. */
  runs: { from: string; until: string }[];
  days: number;
}

export function windowGaps(
  lines: readonly { id: number; name: string }[],
  schedules: readonly Pick<Schedule, 'lineId' | 'validFrom' | 'validUntil'>[],
  start: string,
  days: number,
): WindowGap[] {
  const byLine = new Map<number, Pick<Schedule, 'lineId' | 'validFrom' | 'validUntil'>[]>();
  for (const s of schedules) byLine.set(s.lineId, [...(byLine.get(s.lineId) ?? []), s]);
  const gaps: WindowGap[] = [];
  for (const line of lines) {
    const own = byLine.get(line.id) ?? [];
    if (!own.some((s) => (s.validFrom ?? null) !== null || (s.validUntil ?? null) !== null)) continue;
    const runs: WindowGap['runs'] = [];
    let count = 0;
    for (let i = 0; i < days; i++) {
      const date = addDays(start, i);
      if (own.some((s) => windowContains(s, date))) continue;
      count++;
      const last = runs[runs.length - 1];
      if (last && addDays(last.until, 1) === date) last.until = date;
      else runs.push({ from: date, until: date });
    }
    if (runs.length > 0) gaps.push({ lineId: line.id, lineName: line.name, runs, days: count });
  }
  return gaps;
}

/** The gaps as the feed's warnings (shown with the validator's on the Publishing screen). */
export function windowGapNotices(gaps: readonly WindowGap[]): GtfsNotice[] {
  return gaps.map((gap) => ({
    code: 'line_without_schedule_in_window',
    severity: 'WARNING',
    message: `Line ${gap.lineName} has no schedule valid on ${gap.days === 1 ? '1 day' : `${gap.days} days`} of the feed window (${gap.runs
      .map((r) => (r.from === r.until ? r.from : `${r.from} to ${r.until}`))
      .join(', ')}): a schedule's validity window ends before another one starts`,
  }));
}
