import type { DepartureItem } from '@bus/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useMessages } from '../../../i18n/index.ts';
import { linePath } from '../../../lib/paths.ts';
import { withSearch } from '../../../lib/url.ts';
import { chipClass, chipTime } from './hour-grid.ts';

export interface ChipProps {
  item: DepartureItem;
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
 * the planned time after the time, and a mark after the link.
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
        {left && <span className="sr-only"> {m.timetable.departed}</span>}
      </Link>
      {children}
    </li>
  );
}
