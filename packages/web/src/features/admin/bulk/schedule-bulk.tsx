import { formatTime, WEEKDAYS } from '@bus/core';
import { useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import type { LineSchedulesData } from '../admin-api.tsx';
import { withMembers } from '../logic/copy-with.ts';
import { ruleDisplayName } from '../logic/rule-name.ts';
import { firstDeparture, orderByFirstDeparture } from '../schedules/schedule-order.ts';
import { BulkActions, type BulkResult } from './bulk-actions.tsx';
import { NewTimetableAction, type NewTimetableResult } from './new-timetable-action.tsx';

export interface ScheduleBulkProps {
  lineId: number;
  data: LineSchedulesData;
  /** The version the editor's saves send (its draft's). */
  baseVersion: number | undefined;
  onDone: (result: BulkResult) => Promise<unknown>;
  onFailed: (error: unknown) => string | null;
  onReload: () => Promise<unknown>;
  /** After a new timetable from a date was made. */
  onNewTimetable: (result: NewTimetableResult) => Promise<unknown>;
}

/**
 * The schedule editor's "change several at once": the line's stored schedules to tick (by first
 * departure, with their weekdays and rule) and what to do to them (BulkActions).
 */
export function ScheduleBulk({
  lineId,
  data,
  baseVersion,
  onDone,
  onFailed,
  onReload,
  onNewTimetable,
}: ScheduleBulkProps) {
  const m = useAdminMessages();
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const schedules = orderByFirstDeparture(data.schedules, data.schedules);
  const ruleNames = new Map(data.yearlyOptions.map((r) => [r.id, r.periodName]));
  // Only schedules still stored count (one deleted meanwhile drops out of the selection).
  const selected = schedules.filter((s) => picked.has(s.id)).map((s) => ({ id: s.id, lineId }));
  const allPicked = schedules.length > 0 && selected.length === schedules.length;

  const toggle = (id: number, on: boolean) => setPicked((all) => withMembers(all, [id], on));

  return (
    <details className="bulk-panel">
      <summary>{m.bulk.panelTitle}</summary>
      <div className="bulk-panel__body">
        <label className="bulk-panel__all">
          <input
            type="checkbox"
            checked={allPicked}
            onChange={(event) => setPicked(new Set(event.target.checked ? schedules.map((s) => s.id) : []))}
          />
          {m.bulk.selectAll}
        </label>
        <ul className="bulk-panel__list">
          {schedules.map((s) => {
            const first = firstDeparture(s);
            const days = WEEKDAYS.filter((d) => s.runsOnWeekly.includes(d))
              .map((d) => m.schedules.weekdayShort[d])
              .join(' ');
            return (
              <li key={s.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={picked.has(s.id)}
                    onChange={(event) => toggle(s.id, event.target.checked)}
                  />
                  {m.bulk.scheduleLabel(
                    s.id,
                    m.schedules.firstTimes(first === null ? '' : formatTime(first)),
                    days,
                    m.schedules.summaryRule(
                      ruleDisplayName(ruleNames.get(s.runsOnYearlyId) ?? '', m.schedules.wholeYear),
                    ),
                  )}
                  {/* Issue 28: after a new timetable the old and new schedules differ only by their window. */}
                  {(s.validFrom || s.validUntil) &&
                    ` · ${m.dated.window(s.validFrom ?? null, s.validUntil ?? null)}`}
                </label>
              </li>
            );
          })}
        </ul>
        <BulkActions
          selected={selected}
          versionOf={() => baseVersion}
          rules={data.yearlyOptions}
          onDone={onDone}
          onClear={() => setPicked(new Set())}
          onFailed={onFailed}
          onReload={onReload}
        />
        <NewTimetableAction
          selected={selected}
          lineIds={[lineId]}
          versionOf={() => baseVersion}
          onDone={async (result) => {
            setPicked(new Set());
            await onNewTimetable(result);
          }}
          onFailed={onFailed}
        />
      </div>
    </details>
  );
}
