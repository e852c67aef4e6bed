import type { DepartureItem, RouteType } from '@bus/core';
import { type KeyboardEvent, type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useMessages } from '../../../i18n/index.ts';
import { linePath } from '../../../lib/paths.ts';
import { emptyDayBrowseSearch, readTimetableQuery } from '../../../lib/timetable-query.ts';
import { todayInVilnius } from '../../../lib/today.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { buildHourGrid, chipTime } from './hour-grid.ts';

const ROUTE_TYPE_CLASS: Record<RouteType, string> = {
  'City Bus': 'chip--city',
  'Regional Bus': 'chip--regional',
  'Nationial Bus': 'chip--national',
};

/** Timetable home (/): departures for the chosen stop, date and direction, by hour. */
export function TimetablePage() {
  const m = useMessages();
  const search = useSearch();
  const q = readTimetableQuery(search, todayInVilnius());
  const result = usePublicQuery('departures', q);
  useDocumentTitle(m.timetable.documentTitle(q.date, q.dir));

  return (
    <>
      <h1>{m.timetable.heading}</h1>
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {(result.status === 'loading' || result.status === 'idle') && <Loading />}
      {/* After a failure the last departures shown stay on the page, under the message. */}
      {(result.status === 'success' || result.status === 'error') &&
        result.data &&
        (result.data.items.length === 0 ? (
          <p className="empty-day">
            <Link href={withSearch('/browse', emptyDayBrowseSearch(search, q))}>
              {m.timetable.nothingFound}
            </Link>
          </p>
        ) : (
          <HourGrid items={result.data.items} date={result.data.query.date} search={search} />
        ))}
    </>
  );
}

function HourGrid({ items, date, search }: { items: DepartureItem[]; date: string; search: string }) {
  const m = useMessages();
  const rows = buildHourGrid(items);
  return (
    <table className="hour-grid">
      <caption className="sr-only">{m.timetable.departuresOn(date)}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{m.timetable.hour}</th>
          <th scope="col">{m.timetable.departures}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.hour}>
            <th scope="row" className="hour-grid__hour">
              {row.label}
            </th>
            <td className="hour-grid__items">
              {row.items.length > 0 && (
                <ul className="chips">
                  {row.items.map((item, index) => (
                    <Chip
                      // A trip passing the stop twice gives two items: the index keeps keys unique.
                      key={`${item.tripId}-${item.timeDepart}-${index}`}
                      item={item}
                      tipId={`tip-${row.label}-${index}`}
                      search={search}
                    />
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How long a finger must rest on a chip to show its line name instead of opening it. */
const LONG_PRESS_MS = 450;

/**
 * A departure: time and where it goes, coloured by route type, linking to the line timetable.
 * The line name is a tooltip tied to the link with aria-describedby. It shows on hover and on
 * keyboard focus (CSS), and on touch screens on press and hold: a long press shows it and does
 * not open the link. Escape hides it without moving focus (WCAG 1.4.13).
 */
function Chip({ item, tipId, search }: { item: DepartureItem; tipId: string; search: string }) {
  const m = useMessages();
  const [tip, setTip] = useState<'auto' | 'hidden' | 'shown'>('auto');
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  useEffect(() => () => clearTimeout(pressTimer.current), []);

  const endPress = () => clearTimeout(pressTimer.current);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    longPressed.current = false;
    endPress();
    pressTimer.current = setTimeout(() => {
      longPressed.current = true;
      setTip('shown');
    }, LONG_PRESS_MS);
  };
  // After a long press the browser may still send a click or open its link menu: neither.
  const swallowAfterLongPress = (event: MouseEvent) => {
    if (!longPressed.current) return;
    event.preventDefault();
    if (event.type === 'click') longPressed.current = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setTip('hidden');
  };

  const classes = ['chip', ROUTE_TYPE_CLASS[item.routeType], item.tooLate ? 'chip--too-late' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className="chip-item"
      data-tip={tip === 'auto' ? undefined : tip}
      onMouseEnter={() => setTip('auto')}
      onMouseLeave={() => setTip('auto')}
      onBlur={() => setTip('auto')}
    >
      <Link
        href={withSearch(linePath(item.lineId, item.schedId, item.tripId), search)}
        className={classes}
        aria-describedby={tipId}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={endPress}
        onPointerCancel={endPress}
        onClick={swallowAfterLongPress}
        onContextMenu={swallowAfterLongPress}
      >
        <span className="chip__time">{chipTime(item.timeDepart)}</span> {item.name}
        {item.tooLate && <span className="sr-only"> {m.timetable.departed}</span>}
      </Link>
      <span role="tooltip" id={tipId} className="chip-tip">
        {item.lineName}
      </span>
    </li>
  );
}
