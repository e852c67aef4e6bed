import { useChangesMessages } from '../../../i18n/changes.ts';
import type { TimeCell } from './day-marks.ts';
import './time-marks.css';

/**
 * A time as the date's service changes leave it, in the home's visual language: a cancelled
 * trip's time struck through and marked "Cancelled"; a changed time with the planned one struck
 * through after it; at a closed stop the time struck through and "Not served at this stop".
 */
export function TimeMark({
  cell,
  reason,
  quiet = false,
}: {
  cell: TimeCell;
  reason?: string | null | undefined;
  /** The "Cancelled" label for screen readers only (a table's rows after its first). */
  quiet?: boolean;
}) {
  const c = useChangesMessages();
  if (cell.time === null && cell.planned === null) return null;
  if (cell.cancelled || cell.notServed)
    return (
      <span className="time-mark">
        <del>{cell.planned ?? cell.time}</del>{' '}
        <span
          className={quiet && cell.cancelled ? 'sr-only' : 'time-mark__label'}
          title={reason ?? undefined}
        >
          {cell.cancelled ? c.cancelled : c.notServed}
        </span>
      </span>
    );
  if (cell.planned !== null)
    return (
      <span className="time-mark">
        <strong className="time-mark__new">{cell.time ?? ''}</strong>{' '}
        <del title={c.planned(cell.planned)}>
          <span className="sr-only">{c.planned(cell.planned)}</span>
          <span aria-hidden="true">{cell.planned}</span>
        </del>
      </span>
    );
  return <>{cell.time}</>;
}
