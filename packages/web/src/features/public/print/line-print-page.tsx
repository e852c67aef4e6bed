import type { LinePrintColumn, LinePrintDirection } from '@bus/core';
import { useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { isMissing, PublicError } from '../../../components/public-error.tsx';
import { directionLabel } from '../../../i18n/direction-label.ts';
import { useMessages } from '../../../i18n/index.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { siteOf } from '../../../lib/site-address.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { FareTriangle } from '../fares/fare-triangle.tsx';
import { NoticeList } from '../notices/notice-list.tsx';
import { PrintQr } from './print-qr.tsx';
import { columnDays, footnoteText } from './print-words.ts';
import { lineAddress } from './qr-address.ts';
import { PrintToolbar } from './stop-poster-page.tsx';

type LinePrintAnswer = PublicOutput<'linePrint'>;

/** Trips per printed table: more are split into further tables, so a table fits A4's width. */
export const TRIPS_PER_TABLE = 12;

/** A line's timetable for printing (/print/line/:lineId?date=): per direction, stops x trips. */
export function LinePrintPage({ lineId }: { lineId: string }) {
  const date = new URLSearchParams(useSearch()).get('date');
  const result = usePublicQuery('linePrint', { id: lineId, date: date || null });
  if (result.status === 'success') return <LinePrint data={result.data} />;
  if (result.status === 'error' && isMissing(result.error)) return <NotFound />;
  return result.status === 'error' ? (
    <PublicError error={result.error} onRetry={result.retry} />
  ) : (
    <Loading />
  );
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function LinePrint({ data }: { data: LinePrintAnswer }) {
  const m = useMessages();
  const { line, print } = data;
  useDocumentTitle(m.print.lineTitle(line.name));
  const hasHolidays = print.directions.some((d) => d.columns.some((c) => c.runsOnPublicHolidays));
  return (
    <>
      <PrintToolbar />
      <article className="print-sheet line-print">
        <header className="print-head">
          <div>
            <p className="print-kicker">{m.print.poster}</p>
            <h1>{m.print.lineTitle(line.name)}</h1>
            {line.routeStart && line.routeEnd && (
              <p className="print-sub">{m.line.ends(line.routeStart, line.routeEnd)}</p>
            )}
            <p className="print-valid">{m.print.validFromTo(print.validFrom, print.validTo)}</p>
          </div>
          {/* Issue 42: the QR code to the line's page on the site. */}
          <PrintQr
            address={lineAddress(siteOf(data.siteUrl, window.location.origin), line.id)}
            caption={m.print.qrLine}
          />
        </header>
        {/* Issue 27: the notices holding in the four weeks, above the times. */}
        <NoticeList notices={data.notices ?? []} thisYear={Number(print.validFrom.slice(0, 4))} />
        {print.directions.length === 0 && <p>{m.print.noTrips}</p>}
        {print.directions.map((direction) => (
          <section key={direction.boundFor} aria-label={directionLabel(m, direction.boundFor)}>
            <h2>{directionLabel(m, direction.boundFor)}</h2>
            {chunks(direction.columns, TRIPS_PER_TABLE).map((columns) => (
              <DirectionTable key={columns[0]?.tripId} direction={direction} columns={columns} />
            ))}
          </section>
        ))}
        {/* Issue 41: the fare table of each of the line's routes, on a page of its own. */}
        <FareTriangle lineId={line.id} date={print.validFrom} />
        {(print.footnotes.length > 0 || hasHolidays) && (
          <>
            <h2>{m.print.notes}</h2>
            <ul className="print-notes">
              {hasHolidays && <li>{m.print.holidayLegend}</li>}
              {print.footnotes.map((note) => (
                <li key={note.mark}>
                  <strong>{note.mark}</strong> – {footnoteText(note, m.print, m.app.locale)}
                </li>
              ))}
            </ul>
          </>
        )}
        <footer className="print-footer">
          {m.print.siteAddress(data.siteUrl ?? window.location.origin)}
        </footer>
      </article>
    </>
  );
}

function DirectionTable({
  direction,
  columns,
}: {
  direction: LinePrintDirection;
  columns: LinePrintColumn[];
}) {
  const m = useMessages();
  return (
    <div className="table-wrap">
      <table className="line-print-table">
        <thead>
          <tr>
            <th scope="col">{m.print.stop}</th>
            {columns.map((column) => (
              <th key={column.tripId} scope="col">
                {columnDays(column, m.print)}
                {column.footnote !== null && <sup className="poster-note">{column.footnote}</sup>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {direction.stops.map((stop, row) => (
            <tr key={`${stop.id}-${row}`}>
              <th scope="row">{stop.name}</th>
              {columns.map((column) => (
                <td key={column.tripId}>{column.times[row] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
