import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { isMissing, PublicError } from '../../../components/public-error.tsx';
import { StopTimesTable } from '../../../components/stop-times-table.tsx';
import { WeekdayStrip } from '../../../components/weekday-strip.tsx';
import { directionLabel } from '../../../i18n/direction-label.ts';
import { useMessages } from '../../../i18n/index.ts';
import { WHOLE_YEAR_RULE_NAME } from '../../../lib/core.ts';
import { linePath } from '../../../lib/paths.ts';
import { subscribeUrl, tripCalendarPath } from '../../../lib/print-paths.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { travelStops } from '../../../lib/schedule.ts';
import { parseStopId } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { buildTripView } from './trip-table.ts';
import '../../../components/pages.css';
import '../../../components/stop-times-table.css';
import './trip-page.css';

type TripSchedule = PublicOutput<'tripSchedule'>;

/** Single trip page (/trip/:tripId): the line's facts and the schedule's stop-by-stop times. */
export function TripPage({ tripId }: { tripId: string }) {
  const m = useMessages();
  const result = usePublicQuery('tripSchedule', { id: tripId });
  if (result.status === 'success') return <TripView data={result.data} />;
  // No such trip, or an id that cannot exist ('/trip/abc'): the not-found screen.
  if (result.status === 'error' && isMissing(result.error)) return <NotFound />;
  return (
    <>
      <h1>{m.trip.heading(tripId)}</h1>
      {result.status === 'error' ? <PublicError error={result.error} onRetry={result.retry} /> : <Loading />}
    </>
  );
}

function TripView({ data }: { data: TripSchedule }) {
  const m = useMessages();
  const search = useSearch();
  const from = parseStopId(new URLSearchParams(search).get('from'));
  const [flipped, setFlipped] = useState(false);
  const { schedule, lineInfo } = data;
  const view = buildTripView(schedule.trips, data.tripId, flipped);
  const named = schedule.trips.find((t) => t.id === data.tripId);
  const start = named ? travelStops(named).find((s) => s.time !== null) : undefined;
  useDocumentTitle(
    start ? m.trip.documentTitle(lineInfo.name, start.stop.name, start.time ?? '') : lineInfo.name,
  );
  const canFlip = view.kind === 'combined' && view.columns.length === 2;
  const flip = () => setFlipped((f) => !f);
  const periodName = schedule.runsOnYearly?.periodName;

  // Reached from a departure chip: the stop's row is on screen at once, also on a phone.
  useEffect(() => {
    if (from === null) return;
    document.querySelector('.trip-times tr.is-selected')?.scrollIntoView?.({ block: 'center' });
  }, [from]);

  const rowProps = (stopId: number) =>
    stopId === from ? { className: 'is-selected', 'aria-current': 'location' as const } : {};

  return (
    <>
      <h1>{lineInfo.name}</h1>
      <div className="trip-layout">
        <section className="trip-layout__info" aria-label={m.line.info}>
          <table className="table info-table">
            <caption>{m.line.info}</caption>
            <tbody>
              <tr>
                <th scope="row">{m.trip.line}</th>
                <td>
                  <Link href={withSearch(linePath(lineInfo.id, schedule.id, data.tripId), search)}>
                    {lineInfo.name}
                  </Link>
                </td>
              </tr>
              <tr>
                <th scope="row">{m.line.operator}</th>
                <td>{lineInfo.operator ?? m.common.none}</td>
              </tr>
              <tr>
                <th scope="row">{m.line.platform}</th>
                <td>{lineInfo.anykStationPlatform ?? m.common.none}</td>
              </tr>
              <tr>
                <th scope="row">{m.line.runsOnPublicHolidays}</th>
                <td>{schedule.runsOnPublicHolidays ? m.common.yes : m.common.no}</td>
              </tr>
            </tbody>
          </table>
          <p className="schedule-facts">
            <WeekdayStrip days={schedule.runsOnWeekly} />
            {periodName && periodName !== WHOLE_YEAR_RULE_NAME && (
              <span className="only-at">{m.trip.onlyAt(periodName)}</span>
            )}
          </p>
          {schedule.timeConstraintsDescription && <p>{schedule.timeConstraintsDescription}</p>}
          <p className="calendar-links">
            <a href={tripCalendarPath(data.tripId)} download={`trip-${data.tripId}.ics`}>
              {m.print.addToCalendar}
            </a>
            <a href={subscribeUrl(tripCalendarPath(data.tripId), window.location.origin)}>
              {m.print.subscribe}
            </a>
          </p>
        </section>

        <section className="trip-layout__times trip-times" aria-label={m.trip.times}>
          {view.kind === 'combined' ? (
            <>
              {canFlip && (
                <button type="button" className="btn flip-button" aria-pressed={flipped} onClick={flip}>
                  <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
                    <path fill="currentColor" d="M4 1 0 5h3v7h2V5h3zm8 14 4-4h-3V4h-2v7H8z" />
                  </svg>
                  {m.trip.flip}
                </button>
              )}
              {/* A click anywhere on the table flips it too; the button above is the keyboard way. */}
              {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse shortcut for the flip button */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: the flip button offers the same by keyboard */}
              <div
                className={canFlip ? 'table-wrap trip-table is-flippable' : 'table-wrap trip-table'}
                onClick={canFlip ? flip : undefined}
              >
                <table className="table stop-times">
                  <caption className="sr-only">{m.trip.times}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{m.trip.stop}</th>
                      {view.columns.map((column, index) => (
                        <th key={column.tripId} scope="col" className="num">
                          {directionLabel(m, column.boundFor)}{' '}
                          <span aria-hidden="true">{index === 0 ? '↓' : '↑'}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {view.rows.map((row, index) => (
                      <tr key={`${row.stop.id}-${index}`} {...rowProps(row.stop.id)}>
                        <th scope="row">{row.stop.name}</th>
                        {row.times.map((time, i) => (
                          <td key={view.columns[i]?.tripId ?? i} className="num">
                            {time ?? ''}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            // Different routes: each trip's whole stop list, one after the other on phones.
            <div className="trip-directions">
              {view.directions.map((direction) => (
                <StopTimesTable
                  key={direction.tripId}
                  className="trip-table"
                  caption={directionLabel(m, direction.boundFor)}
                  rows={direction.stops}
                  highlightStopId={from}
                />
              ))}
            </div>
          )}
        </section>
      </div>
    </>
  );
}
