import { isIsoDate } from '@bus/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { AdminOutputs } from '../admin-api.tsx';
import { TextInput } from '../service-changes/form-fields.tsx';
import { ALERT_MS, useToasts } from '../ui/toasts.tsx';

export type NewTimetableResult = AdminOutputs['schedules']['newTimetableFrom'];

/**
 * "New timetable from ..." in a bulk panel: the ticked schedules (of one
 * line or several), or none ticked on a line's page every schedule of `lineIds`, copied as new
 * schedules valid from the date; the originals end the day before. One save.
 */
export function NewTimetableAction({
  selected,
  lineIds,
  versionOf,
  onDone,
  onFailed,
}: {
  selected: readonly { id: number; lineId: number }[];
  /** The lines whose schedules are all copied when none is ticked (a line's own page). */
  lineIds: readonly number[];
  versionOf: (lineId: number) => number | undefined;
  onDone: (result: NewTimetableResult) => Promise<unknown>;
  onFailed?: (error: unknown) => string | null;
}) {
  const m = useAdminMessages();
  const serverMessages = useServerMessages();
  const trpc = useTRPC();
  const toasts = useToasts();
  const make = useMutation(trpc.admin.schedules.newTimetableFrom.mutationOptions());
  const [from, setFrom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setProblem(null);
    if (!isIsoDate(from)) return setProblem(m.dated.chooseDate);
    const lines = selected.length > 0 ? [...new Set(selected.map((s) => s.lineId))] : [...lineIds];
    if (lines.length === 0) return setProblem(m.bulk.noneSelected);
    setBusy(true);
    try {
      const result = await make.mutateAsync({
        from,
        ...(selected.length > 0 ? { scheduleIds: selected.map((s) => s.id) } : {}),
        baseVersions: lines.map((lineId) => ({ lineId, version: versionOf(lineId) ?? 0 })),
      });
      if (result.copies.length === 0) setProblem(m.dated.noneToCopy);
      else toasts.success(m.dated.made(result.copies.length, from), ALERT_MS.standard);
      await onDone(result);
    } catch (error) {
      const text = onFailed ? onFailed(error) : errorText(error, serverMessages);
      if (text !== null) setProblem(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="bulk-new-timetable" disabled={busy} aria-busy={busy || undefined}>
      <legend>{m.dated.panelTitle}</legend>
      <p className="muted">{m.dated.panelHint}</p>
      <TextInput type="date" label={m.dated.from} value={from} onChange={setFrom} problem={problem} />
      <button type="button" className="btn btn--primary" onClick={run}>
        {selected.length > 0 ? `${m.dated.make} (${m.dated.onlyTicked(selected.length)})` : m.dated.make}
      </button>
    </fieldset>
  );
}
