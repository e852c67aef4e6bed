import { useChangesMessages } from '../../../i18n/changes.ts';
import { Chip, type ChipProps } from './chip.tsx';
import { changeMark } from './departure-marks.ts';
import './changed-chip.css';

// The notices come with this chunk: an answer with service changes has both.
export { NoticeList } from '../notices/notice-list.tsx';

/**
 * A departure a service change of the date touches (issue 27), in its place in the grid: a
 * cancelled one, or one from a closed stop, struck through and marked "Cancelled" / "Not served
 * at this stop" (a cancel's reason shown when the mark is opened: a native disclosure, so it is
 * reached by keyboard, opened by Enter, Space or a tap, and read as expanded or collapsed); a
 * changed time with the planned one struck through after it ("planned 07:10" to a screen reader).
 * A chunk of its own: the home fetches it only for an answer with such departures.
 */
export function ChangedChip(props: ChipProps) {
  const c = useChangesMessages();
  const { item } = props;
  const mark = changeMark(item, c);
  return (
    <Chip
      {...props}
      className={mark === null ? '' : ' chip--off'}
      planned={
        item.plannedTime !== undefined && (
          <s className="chip__planned">
            <span className="sr-only">{c.planned(item.plannedTime)}</span>
            <span aria-hidden="true">{item.plannedTime}</span>
          </s>
        )
      }
    >
      {mark !== null &&
        (item.cancelled && item.reason ? (
          <details className="chip-mark">
            <summary>{mark}</summary>
            <span className="chip-mark__reason">{item.reason}</span>
          </details>
        ) : (
          <span className="chip-mark">{mark}</span>
        ))}
    </Chip>
  );
}

// The new timetable notice comes with the departures' other notices.
export { StopNewTimetables as NewTimetableNotice } from '../dated/new-timetable-notice.tsx';
