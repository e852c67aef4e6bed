import { type AdminMessages, useAdminMessages } from '../../../i18n/admin.ts';
import type { ScheduleWarning } from '../logic/schedule-form.ts';

/** A plausibility warning in words: times going backwards, or a direction that does not fit. */
export function scheduleWarningText(m: AdminMessages, { trip, warning, stopName }: ScheduleWarning): string {
  return warning.kind === 'backwards'
    ? m.schedules.warningBackwards(trip, stopName, warning.from, warning.to, warning.count)
    : m.schedules.warningDirection(trip, warning.boundFor, stopName);
}

const bringIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });

/**
 * The warnings a save waits on (the schedule editor's and the timetable grid's): listed, with
 * "Save anyway" and "Keep editing". With `scrollIntoView` the box is brought into view once,
 * when it appears.
 */
export function ScheduleWarnings({
  texts,
  busy,
  onConfirm,
  onDismiss,
  scrollIntoView = false,
}: {
  texts: string[];
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
  scrollIntoView?: boolean;
}) {
  const m = useAdminMessages();
  return (
    <div
      className="alert alert--danger schedule-warnings"
      role="alert"
      ref={scrollIntoView ? bringIntoView : undefined}
    >
      <p>{m.schedules.warningsTitle}</p>
      <ul>
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p className="actions-bar">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={onConfirm}>
          {m.common.saveAnyway}
        </button>
        <button type="button" className="btn" onClick={onDismiss}>
          {m.schedules.keepEditing}
        </button>
      </p>
    </div>
  );
}
