import type { PosterEntry, StopPoster as StopPosterData } from '@bus/core';
import { useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { isMissing, PublicError } from '../../../components/public-error.tsx';
import { useDatedMessages } from '../../../i18n/dated.ts';
import { useMessages } from '../../../i18n/index.ts';
import { HOME_STOP_ID } from '../../../lib/core.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { siteOf } from '../../../lib/site-address.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { NoticeList } from '../notices/notice-list.tsx';
import { PrintQr } from './print-qr.tsx';
import { footnoteText } from './print-words.ts';
import { stopLiveAddress } from './qr-address.ts';

type StopPosterAnswer = PublicOutput<'stopPoster'>;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The stop poster (/print/stop/:stopId?dir=&to=&date=): the classic timetable on the stop's
 * post, for printing on one A4 page. Hours as rows, minutes per day type, each minute with its
 * line; departures that do not run on every day of their column carry a footnote.
 */
export function StopPosterPage({ stopId }: { stopId: string }) {
  const params = new URLSearchParams(useSearch());
  const input = {
    from: stopId,
    to: params.get('to') || null,
    dir: params.get('dir'),
    date: params.get('date'),
  };
  const result = usePublicQuery('stopPoster', input);
  if (result.status === 'success') return <StopPoster data={result.data} />;
  if (result.status === 'error' && isMissing(result.error)) return <NotFound />;
  return result.status === 'error' ? (
    <PublicError error={result.error} onRetry={result.retry} />
  ) : (
    <Loading />
  );
}

function PosterMinute({ entry }: { entry: PosterEntry }) {
  return (
    <span className="poster-min">
      {two(entry.minute % 60)}
      <sub className="poster-line">{entry.lineName}</sub>
      {entry.footnote !== null && <sup className="poster-note">{entry.footnote}</sup>}
    </span>
  );
}

export function PrintToolbar() {
  const m = useMessages();
  return (
    <div className="print-toolbar">
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        {m.print.printButton}
      </button>
    </div>
  );
}

function StopPoster({ data }: { data: StopPosterAnswer }) {
  const m = useMessages();
  const dated = useDatedMessages();
  const { poster, stop, destination, query } = data;
  const { parts } = data;
  useDocumentTitle(m.print.stopTitle(stop.name));
  const direction =
    query.dir === 'Out bound'
      ? m.header.outBound
      : query.from === HOME_STOP_ID
        ? m.header.cityBoundFromHome
        : m.header.cityBoundElsewhere;
  const site = data.siteUrl ?? window.location.origin;
  // Issue 42: the QR code to this stop's departures now, for this direction (and destination).
  const live = stopLiveAddress(
    siteOf(data.siteUrl, window.location.origin),
    stop.id,
    query.dir,
    destination?.id ?? null,
  );
  return (
    <>
      <PrintToolbar />
      <article className="print-sheet poster">
        <header className="print-head">
          <div>
            <p className="print-kicker">{m.print.poster}</p>
            <h1>{stop.name}</h1>
            <p className="print-sub">
              {direction}
              {destination && ` · ${m.print.toward(destination.name)}`}
            </p>
            <p className="print-valid">{m.print.validFromTo(poster.validFrom, poster.validTo)}</p>
          </div>
          <PrintQr address={live} caption={m.print.qrStop} />
        </header>
        {/* Issue 27: the notices holding in the four weeks, above the times. */}
        <NoticeList notices={data.notices ?? []} thisYear={Number(poster.validFrom.slice(0, 4))} />
        {/* A new timetable in or just before the four weeks. */}
        {data.newTimetableFrom && (
          <p className="notice new-timetable">
            <strong>{dated.newTimetable(data.newTimetableFrom)}</strong>
          </p>
        )}
        {parts.length > 1 ? (
          parts.map((part) => (
            <section key={part.validFrom} className="poster-part">
              <h2>{m.print.validFromTo(part.validFrom, part.validTo)}</h2>
              <PosterPart part={part} nested />
            </section>
          ))
        ) : (
          <PosterPart part={poster} />
        )}
        {poster.lines.length > 0 && (
          <>
            <h2>{m.print.lines}</h2>
            <dl className="print-legend">
              {poster.lines.map((line) => (
                <div key={line.lineId} className="print-legend__row">
                  <dt>{line.lineName}</dt>
                  <dd>{line.destinations.join(', ')}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <footer className="print-footer">{m.print.siteAddress(site)}</footer>
      </article>
    </>
  );
}

/**
 * One part of the poster: its hours by day type, then its own footnotes (marked from a); a part
 * of a poster across a new timetable (`nested`) heads its notes one level below the part's heading.
 */
function PosterPart({ part, nested = false }: { part: StopPosterData; nested?: boolean }) {
  const m = useMessages();
  const NotesHeading = nested ? 'h3' : 'h2';
  const locale = m.app.locale;
  return (
    <>
      {part.hours.length === 0 ? (
        <p>{m.print.noDepartures}</p>
      ) : (
        <table className="poster-grid">
          <thead>
            <tr>
              <th scope="col">{m.print.hour}</th>
              {part.columns.map((column) => (
                <th key={column.dayType} scope="col">
                  {m.print.dayTypes[column.dayType]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {part.hours.map((hour) => (
              <tr key={hour}>
                <th scope="row">{two(hour)}</th>
                {part.columns.map((column) => (
                  <td key={column.dayType}>
                    {(column.hours[hour] ?? []).map((entry) => (
                      <PosterMinute key={`${entry.tripId}-${entry.minute}`} entry={entry} />
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {part.footnotes.length > 0 && (
        <>
          <NotesHeading>{m.print.notes}</NotesHeading>
          <ul className="print-notes">
            {part.footnotes.map((note) => (
              <li key={note.mark}>
                <strong>{note.mark}</strong> – {footnoteText(note, m.print, locale)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
