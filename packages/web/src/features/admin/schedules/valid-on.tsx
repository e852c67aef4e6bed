import { isIsoDate, windowContains } from '@bus/core';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { TextInput } from '../service-changes/form-fields.tsx';

/**
 * "Show schedules valid on ...": with a date, the schedule lists and the
 * grid show only the schedules whose validity window holds it (either timetable around a change).
 */

/** The schedule is shown for the filter date ('' or not yet a whole date: every schedule). */
export function validOnDate(form: { validFrom?: string; validUntil?: string }, date: string): boolean {
  if (!isIsoDate(date)) return true;
  return windowContains({ validFrom: form.validFrom || null, validUntil: form.validUntil || null }, date);
}

export function ValidOnFilter({
  value,
  onChange,
  hidden,
}: {
  value: string;
  onChange: (date: string) => void;
  hidden: number;
}) {
  const m = useAdminMessages();
  return (
    <div className="valid-on">
      <TextInput
        type="date"
        label={m.dated.validOn}
        hint={m.dated.validOnHint}
        value={value}
        onChange={onChange}
      />
      {hidden > 0 && (
        <p className="muted" role="status">
          {m.dated.hidden(hidden)}
        </p>
      )}
    </div>
  );
}
