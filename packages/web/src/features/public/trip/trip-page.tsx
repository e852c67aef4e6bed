import { changeDatesText } from '@bus/core/browser';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { isMissing, PublicError } from '../../../components/public-error.tsx';
import { StopTimesTable } from '../../../components/stop-times-table.tsx';
import { WeekdayStrip } from '../../../components/weekday-strip.tsx';
import { directionLabel } from '../../../i18n/direction-label.ts';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import { isIsoDate, WHOLE_YEAR_RULE_NAME } from '../../../lib/core.ts';
import { legRange, legRowProps } from '../../../lib/leg-rows.ts';
import { linePath } from '../../../lib/paths.ts';
import { subscribeUrl, tripCalendarPath } from '../../../lib/print-paths.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { travelStops } from '../../../lib/schedule.ts';
import { parseStopId } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { changeOf } from '../changes/day-marks.ts';
import { TimeMark } from '../changes/time-marks.tsx';
import { NoticeList } from '../notices/notice-list.tsx';
import { TripFares } from './trip-fares.tsx';
import { TripLive } from './trip-live.tsx';
import { buildTripView, viewCells } from './trip-table.ts';
import '../../../components/pages.css';
import '../../../components/stop-times-table.css';
import './trip-page.css';

type TripSchedule = PublicOutput<'tripSchedule'>;

/**
 * Single trip page (/trip/:tripId): the line's facts and the schedule's stop-by-stop times, with
 * the service changes of the date (?date=, else today): its notices, a cancelled trip marked,
 * changed times with the planned ones struck through, closed stops not served; today, where a
 * followed bus is now (trip-live.tsx).
 */
export function TripPage({ tripId }: { tripId: string }) {
  const m = useMessages();
  const search = useSearch();
  const today = useVilniusNow().date;
  const chosen = new URLSearchParams(search).get('date');
  const date = chosen !== null && isIsoDate(chosen) ? chosen : today;
  const result = usePublicQuery('tripSchedule', { id: tripId, date });
  if (result.status === 'success') return <TripView data={result.data} date={date} today={today} />;
  // No such trip, or an id that cannot exist ('/trip/abc'): the not-found screen.
  if (result.status === 'error' && isMissing(result.error)) return <NotFound />;
  return (
    <>
      <h1>{m.trip.heading(tripId)}</h1>
      {result.status === 'error' ? <PublicError error={result.error} onRetry={result.retry} /> : <Loading />}
    </>
  );
}

function TripView({ data, date, today }: { data: TripSchedule; date: string; today: string }) {
  const m = useMessages();
  const lang = useLanguage();
  const search = useSearch();
  const from = parseStopId(new URLSearchParams(search).get('from'));
  // A journey's leg, from one stop to another, highlighted whole.
  const to = parseStopId(new URLSearchParams(search).get('to'));
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

  const leadStops = view.kind === 'combined' ? view.rows.map((r) => r.stop.id) : [];
  const leg = flipped ? null : legRange(leadStops, from, to);
  const rowProps = (stopId: number, index: number) =>
    leg !== null
      ? legRowProps(leg, index)
      : stopId === from
        ? { className: 'is-selected', 'aria-current': 'location' as const }
        : {};
  // The date's service changes over the times (issue 27).
  const cells = viewCells(view, schedule.trips, data);
  const reasonOf = (id: number) => changeOf(data, id)?.reason;
  const change = changeOf(data, data.tripId);
  // The date as the notices say it ('3 December', 'gruodžio 3 d.'; the year when not this one).
  const day = data.date ?? date;
  const dayText = changeDatesText(day, day, lang, Number(today.slice(0, 4)));
  const quiet = (column: (typeof cells)[number], index: number) =>
    column.findIndex((c) => c.time !== null) !== index;
  // Step-free boarding at each stop staff have marked (issue 41). An answer the offline worker
  // kept from before the marks existed has none: nothing is said then.
  const stepFree = (data as Partial<Pick<TripSchedule, 'stepFree'>>).stepFree ?? {
    bus: 'unknown',
    stops: [],
  };
  const marks = new Map(stepFree.stops.map((s) => [s.stopId, s.stepFree]));
  const stepFreeOf = (stopId: number) => marks.get(stopId);

  return (
    <>
      <h1>{lineInfo.name}</h1>
      {change && (
        <p className={change.cancelled ? 'trip-day-change is-cancelled' : 'trip-day-change'}>
          <strong>
            {change.cancelled
              ? m.serviceChanges.tripCancelled(dayText)
              : m.serviceChanges.tripChanged(dayText)}
          </strong>
          {change.reason && <span> {m.serviceChanges.reason(change.reason)}</span>}
        </p>
      )}
      <NoticeList notices={data.notices ?? []} thisYear={Number(today.slice(0, 4))} />
      {/* Today, a followed bus: where it is now (issue 40). */}
      {day === today && <TripLive tripId={data.tripId} />}
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
              <tr>
                <th scope="row">{m.trip.lowFloor}</th>
                <td>{m.trip.stepFreeValue[stepFree.bus]}</td>
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
                      <tr key={`${row.stop.id}-${index}`} {...rowProps(row.stop.id, index)}>
                        <th scope="row">
                          {row.stop.name}
                          <StepFreeMark value={stepFreeOf(row.stop.id)} />
                        </th>
                        {row.times.map((time, i) => {
                          const cell = cells[index]?.[i];
                          const tripIdOf = view.columns[i]?.tripId ?? i;
                          const column = cells.map((r) => r[i]).filter((c) => c !== undefined);
                          return (
                            <td key={tripIdOf} className="num">
                              {cell ? (
                                <TimeMark
                                  cell={cell}
                                  reason={reasonOf(tripIdOf)}
                                  quiet={quiet(column, index)}
                                />
                              ) : (
                                (time ?? '')
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            // Different routes: each trip's whole stop list, one after the other on phones.
            <div className="trip-directions">
              {view.directions.map((direction, d) => (
                <StopTimesTable
                  key={direction.tripId}
                  className="trip-table"
                  caption={directionLabel(m, direction.boundFor)}
                  rows={direction.stops}
                  highlightStopId={from}
                  highlightRange={
                    direction.tripId === data.tripId
                      ? legRange(
                          direction.stops.map((row) => row.stop.id),
                          from,
                          to,
                        )
                      : null
                  }
                  renderTime={(_row, index) => {
                    const column = cells[d] ?? [];
                    const cell = column[index];
                    return cell ? (
                      <TimeMark
                        cell={cell}
                        reason={reasonOf(direction.tripId)}
                        quiet={quiet(column, index)}
                      />
                    ) : null;
                  }}
                />
              ))}
            </div>
          )}
        </section>
      </div>
      {named && (
        <TripFares
          lineId={lineInfo.id}
          routeId={named.route.id}
          stops={travelStops(named).map((s) => s.stop)}
          date={day}
          from={from}
        />
      )}
    </>
  );
}

/** A stop's step-free boarding, when staff have said (issue 41): a mark with its words for screen readers. */
function StepFreeMark({ value }: { value: 'yes' | 'no' | undefined }) {
  const m = useMessages();
  if (value === undefined) return null;
  const words = value === 'yes' ? m.trip.stepFreeStop : m.trip.noStepFreeStop;
  return (
    <span className={`step-free-mark is-${value}`} title={words}>
      <span aria-hidden="true">♿</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}
