import { lazy, Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { useMessages } from '../../../i18n/index.ts';
import type { VilniusNow } from '../../../lib/core.ts';
import { emptyDayBrowseSearch, readTimetableQuery } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { Chip } from './chip.tsx';
import { type Departure, hasLeft, nowSlot, otherPasses, showsNextBuses } from './countdown.ts';
import { buildHourGrid } from './hour-grid.ts';

// Next buses now (today only) is a small chunk of its own, asked for as soon as the home shows
// today, while the departures are on their way; the grid never waits for it.
let nextBusesChunk: Promise<typeof import('./next-buses.tsx')> | undefined;
const loadNextBuses = () => {
  nextBusesChunk ??= import('./next-buses.tsx');
  return nextBusesChunk;
};
const NextBuses = lazy(() => loadNextBuses().then((chunk) => ({ default: chunk.NextBuses })));
// A failed call's message (components/public-error.tsx) is not part of the first paint: its chunk
// is asked for at once, so it is there (and kept for offline use) before any call can fail.
const errorChunk = import('../../../components/public-error.tsx');
const PublicError = lazy(() => errorChunk.then((c) => ({ default: c.PublicError })));
// Service changes (issue 27): the notices and the changed departures' chips come in one chunk,
// fetched only for an answer that has some, so the home's first load stays as it was.
let changesChunk: Promise<typeof import('./changed-chip.tsx')> | undefined;
const loadChanges = () => (changesChunk ??= import('./changed-chip.tsx'));
const NoticeList = lazy(() => loadChanges().then((c) => ({ default: c.NoticeList })));
const ChangedChip = lazy(() => loadChanges().then((c) => ({ default: c.ChangedChip })));
// "New timetable from ...", in the same chunk, fetched only for an answer that has one.
const NewTimetableNotice = lazy(() => loadChanges().then((c) => ({ default: c.NewTimetableNotice })));
// "Put on your site" (issue 42): its own chunk, after the first render, named in lazy-pages.ts's
// chunk (fetched on every page anyway) so its file names stay out of the home's first load.
const EmbedOffer = lazy(() =>
  import('../../../lazy-pages.ts')
    .then((pages) => pages.embedOffer())
    .then((c) => ({ default: c.EmbedOffer })),
);

/** The departures page, the home (/): departures for the chosen stop, date and direction, by hour. */
export function DeparturesPage() {
  const m = useMessages();
  const search = useSearch();
  const now = useVilniusNow();
  const q = readTimetableQuery(search, now.date);
  // Today's answer is asked again every 15 s while the page is shown: followed buses move (issue 40).
  const result = usePublicQuery('departures', q, { every: q.date === now.date ? 15_000 : 0 });
  useDocumentTitle(m.timetable.documentTitle(q.date, q.dir));
  const data = result.data;
  if (showsNextBuses(q.date, now.date)) void loadNextBuses();
  // The home's dir and to, for the printable poster and the calendar feed of this stop.
  const feed = new URLSearchParams(q.to === null ? { dir: q.dir } : { dir: q.dir, to: String(q.to) });

  return (
    <>
      <h1>{m.timetable.heading}</h1>
      {result.status === 'error' && (
        <Suspense fallback={null}>
          <PublicError error={result.error} onRetry={result.retry} />
        </Suspense>
      )}
      {(result.status === 'loading' || result.status === 'idle') && <Loading />}
      {data?.holiday && <p className="notice">{m.now.holiday}</p>}
      {data?.notices && (
        <Suspense fallback={null}>
          <NoticeList notices={data.notices} thisYear={+data.query.date.slice(0, 4)} />
        </Suspense>
      )}
      {data?.newTimetables && (
        <Suspense fallback={null}>
          <NewTimetableNotice of={data} />
        </Suspense>
      )}
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
          // The changed departures' chips are a chunk: the grid waits for it, never shows without.
          <Suspense fallback={<Loading />}>
            <HourGrid items={data.items} date={data.query.date} now={now} search={search} />
          </Suspense>
        ))}
      <p className="home-links">
        {/* The poster of the chosen date (today's needs none: the poster's default). */}
        <a href={`/print/stop/${q.from}?${feed}${q.date === now.date ? '' : `&date=${q.date}`}`}>
          {m.now.print}
        </a>
        <a href={`/calendar/stop/${q.from}.ics?${feed}`}>{m.now.calendar}</a>
      </p>
      <Suspense fallback={null}>
        <EmbedOffer key={q.from} stopId={q.from} dir={q.dir} />
      </Suspense>
    </>
  );
}

function HourGrid({
  items,
  date,
  now,
  search,
}: {
  items: Departure[];
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
          const chips = row.items.map((item, index) => {
            // A departure a service change touches (issue 27) is drawn by its own small chunk.
            const Drawn = item.changeId === undefined ? Chip : ChangedChip;
            return (
              <Drawn
                // A trip passing the stop twice gives two items: the index keeps keys unique.
                key={`${item.tripId}-${item.timeDepart}-${index}`}
                item={item}
                left={hasLeft(item, date, now)}
                loop={loops.get(item)}
                search={search}
              />
            );
          });
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
