import type { DepartureItem } from '@bus/core';
import { lazy, Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useMessages } from '../../../i18n/index.ts';
import type { VilniusNow } from '../../../lib/core.ts';
import { linePath } from '../../../lib/paths.ts';
import { emptyDayBrowseSearch, readTimetableQuery } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { hasLeft, nowSlot, otherPasses, showsNextBuses } from './countdown.ts';
import { buildHourGrid, chipClass, chipTime } from './hour-grid.ts';

// Next buses now (today only) is a small chunk of its own, asked for as soon as the home shows
// today, while the departures are on their way; the grid never waits for it.
let nextBusesChunk: Promise<typeof import('./next-buses.tsx')> | undefined;
const loadNextBuses = () => {
  nextBusesChunk ??= import('./next-buses.tsx');
  return nextBusesChunk;
};
const NextBuses = lazy(() => loadNextBuses().then((chunk) => ({ default: chunk.NextBuses })));

/** The departures page, the home (/): departures for the chosen stop, date and direction, by hour. */
export function DeparturesPage() {
  const m = useMessages();
  const search = useSearch();
  const now = useVilniusNow();
  const q = readTimetableQuery(search, now.date);
  const result = usePublicQuery('departures', q);
  useDocumentTitle(m.timetable.documentTitle(q.date, q.dir));
  const data = result.data;
  if (showsNextBuses(q.date, now.date)) void loadNextBuses();
  // The home's dir and to, for the printable poster and the calendar feed of this stop.
  const feed = new URLSearchParams(q.to === null ? { dir: q.dir } : { dir: q.dir, to: String(q.to) });

  return (
    <>
      <h1>{m.timetable.heading}</h1>
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {(result.status === 'loading' || result.status === 'idle') && <Loading />}
      {data?.holiday && <p className="notice">{m.now.holiday}</p>}
      {/* After a failure the last departures shown stay on the page, under the message. */}
      {/* On today, also when it has no bus at all: then the next day's first bus. */}
      {data && showsNextBuses(data.query.date, now.date) && (
        <Suspense fallback={null}>
          <NextBuses items={data.items} now={now} search={search} />
        </Suspense>
      )}
      {data &&
        (data.items.length === 0 ? (
          <p className="empty-day">
            <Link href={withSearch('/browse', emptyDayBrowseSearch(search, q))}>
              {m.timetable.nothingFound}
            </Link>
          </p>
        ) : (
          <HourGrid items={data.items} date={data.query.date} now={now} search={search} />
        ))}
      <p className="home-links">
        {/* The poster of the chosen date (today's needs none: the poster's default). */}
        <a href={`/print/stop/${q.from}?${feed}${q.date === now.date ? '' : `&date=${q.date}`}`}>
          {m.now.print}
        </a>
        <a href={`/calendar/stop/${q.from}.ics?${feed}`}>{m.now.calendar}</a>
      </p>
    </>
  );
}

function HourGrid({
  items,
  date,
  now,
  search,
}: {
  items: DepartureItem[];
  date: string;
  now: VilniusNow;
  search: string;
}) {
  const m = useMessages();
  const rows = buildHourGrid(items);
  const loops = otherPasses(items);
  const marker = date === now.date ? nowSlot(rows, now.minutes) : null;
  const nowMark = (
    <li className="now-mark" key="now">
      {m.now.marker}
    </li>
  );
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
        {rows.map((row) => {
          const chips = row.items.map((item, index) => (
            <Chip
              // A trip passing the stop twice gives two items: the index keeps keys unique.
              key={`${item.tripId}-${item.timeDepart}-${index}`}
              item={item}
              left={hasLeft(item, date, now)}
              loop={loops.get(item)}
              search={search}
            />
          ));
          if (marker?.hour === row.hour) chips.splice(marker.index, 0, nowMark);
          return (
            <tr key={row.hour}>
              <th scope="row" className="hour-grid__hour">
                {row.label}
              </th>
              <td className="hour-grid__items">{chips.length > 0 && <ul className="chips">{chips}</ul>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A departure: time, line and where it goes, coloured by route type, linking to the line
 * timetable. The line name is on the chip itself, so a phone shows it without hover or press;
 * the tooltip (title) repeats it. A loop bus that passes the stop twice is marked on both
 * chips, each naming the other's time.
 */
function Chip({
  item,
  left,
  loop,
  search,
}: {
  item: DepartureItem;
  /** Gone already (tooLate, kept current by the minute on today). */
  left: boolean;
  /** A loop bus: the time of its other pass at this stop. */
  loop: string | undefined;
  search: string;
}) {
  const m = useMessages();
  return (
    <li>
      <Link
        href={withSearch(linePath(item.lineId, item.schedId, item.tripId), search)}
        className={chipClass(item, left)}
        title={loop ? `${item.lineName}: ${m.now.loop(loop)}` : item.lineName}
      >
        <span className="chip__time">{chipTime(item.timeDepart)}</span> <small>{item.lineName}</small>{' '}
        {item.name}
        {loop && (
          <>
            <span aria-hidden="true"> ↻</span>
            <span className="sr-only"> ({m.now.loop(loop)})</span>
          </>
        )}
        {left && <span className="sr-only"> {m.timetable.departed}</span>}
      </Link>
    </li>
  );
}
