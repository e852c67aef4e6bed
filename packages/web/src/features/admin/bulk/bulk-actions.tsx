import { WEEKDAYS, type Weekday } from '@bus/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminOutputs } from '../admin-api.tsx';
import { conflictReason } from '../ui/safe-draft.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';
import './bulk.css';
import { withMembers } from '../logic/copy-with.ts';

export type BulkResult = AdminOutputs['schedules']['bulkUpdate'];

export interface BulkActionsProps {
  /** The schedules picked, with their lines. */
  selected: readonly { id: number; lineId: number }[];
  /** The version of a line's schedules as the page loaded them. */
  versionOf: (lineId: number) => number | undefined;
  rules: readonly { id: number; periodName: string }[];
  /** The rule page's own rule: not offered as where to move. */
  excludeRuleId?: number;
  onDone: (result: BulkResult) => Promise<unknown>;
  onClear: () => void;
  /**
   * A refused save: returns null when the page shows it itself (the schedule editor's conflict
   * notice), else the panel shows the text, with a reload for a stale page.
   */
  onFailed?: (error: unknown) => string | null;
  /** Loads what is stored now (after a stale refusal). */
  onReload: () => Promise<unknown>;
}

/**
 * What is done to the schedules picked: move them to another yearly rule, or give them the
 * same weekdays, in one save (admin.schedules.bulkUpdate: all or nothing, refused when the page
 * is older than what is stored).
 */
export function BulkActions({
  selected,
  versionOf,
  rules,
  excludeRuleId,
  onDone,
  onClear,
  onFailed,
  onReload,
}: BulkActionsProps) {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const toasts = useToasts();
  const id = useId();
  const bulk = useMutation(trpc.admin.schedules.bulkUpdate.mutationOptions());
  const [ruleId, setRuleId] = useState('');
  const [days, setDays] = useState<ReadonlySet<Weekday>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  // From a click until the page shows what is stored (after a save or a reload): another action
  // meanwhile would be sent with the versions of before and refused as stale.
  const [busy, setBusy] = useState(false);
  const choices = rules.filter((r) => r.id !== excludeRuleId);
  const count = selected.length;

  const run = async (change: { runsOnYearlyId: number } | { runsOnWeekly: Weekday[] }, done: string) => {
    setProblem(null);
    setFailure(null);
    const lineIds = [...new Set(selected.map((s) => s.lineId))];
    setBusy(true);
    try {
      const result = await bulk.mutateAsync({
        scheduleIds: selected.map((s) => s.id),
        ...change,
        baseVersions: lineIds.map((lineId) => ({ lineId, version: versionOf(lineId) ?? 0 })),
      });
      toasts.success(done, ALERT_MS.standard);
      await onDone(result);
    } catch (error) {
      const text = onFailed ? onFailed(error) : errorText(error, serverMessages);
      if (text !== null) setFailure({ text, stale: conflictReason(error) === 'stale' });
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await onReload();
    } finally {
      setBusy(false);
    }
  };

  const move = () => {
    if (count === 0) return setProblem(m.bulk.noneSelected);
    const rule = choices.find((r) => String(r.id) === ruleId);
    if (!rule) return setProblem(m.bulk.noRule);
    void run(
      { runsOnYearlyId: rule.id },
      // The rule's own name, as the schedule card's rule list names it: a dash would say nothing here.
      m.bulk.moved(count, rule.periodName),
    );
  };

  const setWeekdays = () => {
    if (count === 0) return setProblem(m.bulk.noneSelected);
    if (days.size === 0) return setProblem(m.bulk.noWeekday);
    void run({ runsOnWeekly: WEEKDAYS.filter((d) => days.has(d)) }, m.bulk.weekdaysSet(count));
  };

  const toggleDay = (day: Weekday, on: boolean) => setDays((all) => withMembers(all, [day], on));

  return (
    <div className="bulk-actions">
      <p className="bulk-actions__count">
        <span role="status">{m.bulk.selected(count)}</span>
        {count > 0 && (
          <button type="button" className="btn btn--small" onClick={onClear}>
            {m.bulk.clear}
          </button>
        )}
      </p>
      <div className="bulk-actions__row">
        <label htmlFor={`${id}-rule`}>{m.bulk.moveTo}</label>
        <select
          id={`${id}-rule`}
          className="input"
          value={ruleId}
          onChange={(event) => {
            setRuleId(event.target.value);
            setProblem(null);
          }}
        >
          <option value="">{m.schedules.chooseRule}</option>
          {choices.map((r) => (
            <option key={r.id} value={r.id}>
              {r.periodName}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={move}>
          {m.bulk.move}
        </button>
      </div>
      <fieldset className="bulk-actions__days">
        <legend>{m.bulk.weekdaysLegend}</legend>
        <div className="bulk-actions__day-list">
          {WEEKDAYS.map((day) => (
            <label key={day} className="bulk-actions__day" title={m.schedules.weekdayNames[day]}>
              <input
                type="checkbox"
                checked={days.has(day)}
                aria-label={m.schedules.weekdayNames[day]}
                onChange={(event) => {
                  toggleDay(day, event.target.checked);
                  setProblem(null);
                }}
              />
              <span aria-hidden="true">{m.schedules.weekdayShort[day]}</span>
            </label>
          ))}
        </div>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={setWeekdays}>
          {m.bulk.setWeekdays}
        </button>
      </fieldset>
      {problem !== null && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {failure !== null && (
        <div className="alert alert--danger" role="alert">
          <p>{failure.text}</p>
          {failure.stale && (
            <p>
              <button
                type="button"
                className="btn btn--small btn--primary"
                disabled={busy}
                onClick={() => void reload()}
              >
                {m.safety.reload}
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
