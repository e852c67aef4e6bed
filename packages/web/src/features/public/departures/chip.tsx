import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { useMessages } from '../../../i18n/index.ts';
import { linePath } from '../../../lib/paths.ts';
import { withSearch } from '../../../lib/url.ts';
import type { Departure } from './countdown.ts';
import { chipClass, chipTime } from './hour-grid.ts';

/**
 * A followed bus's marks (issue 40: expected time, delay, the age of its position, gone) come in
 * a chunk of their own, fetched only for an answer that has a followed bus.
 */
export const LiveMark = lazy(() => import('../live/live-mark.tsx').then((c) => ({ default: c.LiveMark })));

export interface ChipProps {
  item: Departure;
  /** Gone already (tooLate, kept current by the minute on today). */
  left: boolean;
  /** A loop bus: the time of its other pass at this stop. */
  loop: string | undefined;
  search: string;
}

/**
 * A departure: time, line and where it goes, coloured by route type, linking to the line
 * timetable. The line name is on the chip itself, so a phone shows it without hover or press;
 * the tooltip (title) repeats it. A loop bus that passes the stop twice is marked on both
 * chips, each naming the other's time. A service change's chip (changed-chip.tsx) adds a class,
 * the planned time after the time, and a mark after the link; a followed bus's marks follow.
 */
export function Chip({
  item,
  left,
  loop,
  search,
  className = '',
  planned,
  children,
}: ChipProps & { className?: string; planned?: ReactNode; children?: ReactNode }) {
  const m = useMessages();
  return (
    <li>
      <Link
        href={withSearch(linePath(item.lineId, item.schedId, item.tripId), search)}
        className={chipClass(item, left) + className}
        title={loop ? `${item.lineName}: ${m.now.loop(loop)}` : item.lineName}
      >
        <span className="chip__time">{chipTime(item.timeDepart)}</span>
        {planned} <small>{item.lineName}</small> {item.name}
        {loop && (
          <>
            <span aria-hidden="true"> ↻</span>
            <span className="sr-only"> ({m.now.loop(loop)})</span>
          </>
        )}
        {item.stepFree && (
          <span className="chip__step-free" title={m.timetable.stepFree}>
            <span aria-hidden="true"> ♿</span>
            <span className="sr-only"> ({m.timetable.stepFree})</span>
          </span>
        )}
        {left && <span className="sr-only"> {m.timetable.departed}</span>}
      </Link>
      {children}
      {item.live && (
        <Suspense fallback={null}>
          <LiveMark live={item.live} />
        </Suspense>
      )}
    </li>
  );
}
