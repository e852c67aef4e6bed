import type { Direction } from '@bus/core';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/alert.tsx';
import { Loading } from '../../../components/loading.tsx';
import { NotFound } from '../../../components/not-found.tsx';
import { isMissing, PublicError } from '../../../components/public-error.tsx';
import { StopTimesTable } from '../../../components/stop-times-table.tsx';
import { WeekdayStrip } from '../../../components/weekday-strip.tsx';
import { useDatedMessages } from '../../../i18n/dated.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages } from '../../../i18n/index.ts';
import { isIsoDate, WHOLE_YEAR_RULE_NAME } from '../../../lib/core.ts';
import { linePath, tripPath } from '../../../lib/paths.ts';
import { printLinePath } from '../../../lib/print-paths.ts';
import {
  directionCount,
  firstDeparture,
  type LineTimetableData,
  type PublicSchedule,
  travelStops,
  tripInDirection,
} from '../../../lib/schedule.ts';
import { parseStopId, readHeaderQuery } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { changeOf, firstCell, tripCells } from '../changes/day-marks.ts';
import { TimeMark } from '../changes/time-marks.tsx';
import { NewTimetableNotice } from '../dated/new-timetable-notice.tsx';
// The route of the direction shown on a map.
import { FareTriangle } from '../fares/fare-triangle.tsx';
import { NoticeList } from '../notices/notice-list.tsx';
import { LineMap } from './line-map.tsx';
import {
  initialRuleSelection,
  type OffReason,
  offReasons,
  seasonPeriods,
  selectedSchedule,
  viewDirection,
  visibleSchedules,
} from './line-timetable.ts';
import '../../../components/pages.css';
import './line-page.css';

export interface LinePageProps {
  lineId: string;
  schedId?: string | undefined;
  tripId?: string | undefined;
}

/** Line timetable view: /browse/:lineId and /browse/:lineId/:schedId/:tripId. */
export function LinePage({ lineId, schedId, tripId }: LinePageProps) {
  const m = useMessages();
  const search = useSearch();
  // Today from the clock the header uses, sent as the date when none is chosen: a page left
  // open past midnight asks again, so the notices and reasons are today's, as the header is.
  const now = useVilniusNow();
  const chosen = new URLSearchParams(search).get('date');
  const date = chosen !== null && isIsoDate(chosen) ? chosen : now.date;
  const result = usePublicQuery('lineTimetable', { id: lineId, date });
  const line = result.status === 'success' && !result.data.nothingFound ? result.data.line : null;
  useDocumentTitle(
    line
      ? `${line.name}${line.routeStart && line.routeEnd ? ` ${line.routeStart} – ${line.routeEnd}` : ''}`
      : null,
  );

  if (result.status === 'success' && !result.data.nothingFound) {
    return (
      <LineView
        data={result.data}
        lineId={lineId}
        schedId={parseStopId(schedId)}
        tripId={parseStopId(tripId)}
        search={search}
        today={now.date}
        date={date}
      />
    );
  }
  // An id that cannot exist ('/browse/abc') is a page that does not exist.
  if (result.status === 'error' && isMissing(result.error)) return <NotFound />;
  return (
    <>
      <h1>{m.line.heading(lineId)}</h1>
      {result.status === 'loading' && <Loading />}
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {result.status === 'success' && <Alert tone="danger">{m.line.noSchedules}</Alert>}
    </>
  );
}

function minutesText(minutes: number | null): string {
  if (minutes === null) return '';
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

interface LineViewProps {
  data: LineTimetableData;
  lineId: string;
  schedId: number | null;
  tripId: number | null;
  search: string;
  /** Today in Vilnius (the header's clock). */
  today: string;
  /** The date asked for: the chosen one, else today. */
  date: string;
}

/** The first stop of the line's first trip going `dir` (its departures are compared). */
function firstStopOf(
  data: {
    schedules: readonly {
      trips: readonly {
        boundFor: string;
        routeDirReversed: boolean;
        route: { stopsArr: readonly { id: number }[] };
      }[];
    }[];
  },
  dir: string,
): number {
  const trips = data.schedules.flatMap((s) => s.trips);
  const trip = trips.find((t) => t.boundFor === dir) ?? trips[0];
  const stops = trip?.route.stopsArr ?? [];
  return (trip?.routeDirReversed ? stops[stops.length - 1] : stops[0])?.id ?? 0;
}

function LineView({ data, lineId, schedId, tripId, search, today, date }: LineViewProps) {
  const m = useMessages();
  const [, navigate] = useLocation();
  const query = readHeaderQuery(search, today);
  const dir = viewDirection(data, tripId, query.dir);
  const [ruleIds, setRuleIds] = useState(() => initialRuleSelection(data, today, schedId));
  const { line } = data;

  if (data.schedules[0]?.trips.length === 0) {
    return (
      <>
        <h1>{line.name}</h1>
        <Alert tone="danger">{m.line.brokenLine}</Alert>
      </>
    );
  }

  const visible = visibleSchedules(data, dir, ruleIds);
  const selected = selectedSchedule(visible, schedId);
  const trip = selected ? tripInDirection(selected, dir) : undefined;
  const canSwap = selected !== undefined && directionCount(selected) >= 2;
  const dirLabel = (d: Direction) => (d === 'Out bound' ? m.header.outBound : m.header.cityBoundElsewhere);
  const tripLabel = trip?.boundFor === 'One way' ? m.trip.oneWay : dirLabel(dir);
  const scheduleHref = (schedule: PublicSchedule, d: Direction) => {
    const t = tripInDirection(schedule, d);
    return t ? linePath(lineId, schedule.id, t.id) : linePath(lineId);
  };

  const swap = () => {
    if (!selected) return;
    const next: Direction = dir === 'Out bound' ? 'City bound' : 'Out bound';
    const params = new URLSearchParams(search);
    params.set('dir', next);
    navigate(withSearch(scheduleHref(selected, next), params.toString()), { replace: true });
  };

  const [start, end] =
    dir === 'Out bound' ? [line.routeStart, line.routeEnd] : [line.routeEnd, line.routeStart];
  // The date's service changes over a trip's times (issue 27): its stops in travel order.
  const cellsOf = (t: NonNullable<typeof trip>) =>
    tripCells(
      t,
      travelStops(t).map((s) => s.stop.id),
      data,
    );

  const dated = useDatedMessages();
  // The answer's date (the chosen one, else today): which listed schedules do not run on it, why.
  const reasonText = (reason: OffReason) =>
    reason.kind === 'window'
      ? dated.outsideWindow(reason.from, reason.until, Number(data.date.slice(0, 4)))
      : reason.kind === 'weekday'
        ? m.lineDay.notOnWeekday[reason.weekday]
        : reason.kind === 'season'
          ? m.lineDay.season
          : m.lineDay.holiday;
  const off = new Map(visible.map((schedule) => [schedule.id, offReasons(schedule, data)]));
  const offCount = [...off.values()].filter((reasons) => reasons.length > 0).length;
  const dayText = formatDate(m.app.locale, 'longDay', new Date(`${data.date}T12:00:00`));
  const rule = selected && data.yearlyRules.find((r) => r.id === selected.runsOnYearlyId);
  const dayMonth = (month: number, day: number) =>
    formatDate(m.app.locale, 'dayMonth', new Date(2000, month - 1, day));
  const season =
    !rule || rule.periodName === WHOLE_YEAR_RULE_NAME
      ? m.lineDay.wholeYear
      : [
          rule.periodName,
          ...seasonPeriods(rule, data.yearlyRules).map((p) =>
            m.lineDay.period(dayMonth(p.startMonth, p.startDay), dayMonth(p.endMonth, p.endDay)),
          ),
        ].join(', ');

  return (
    <div className="line-view">
      <h1>{line.name}</h1>
      <NoticeList notices={data.notices ?? []} thisYear={Number(today.slice(0, 4))} />
      {/* The comparison is for the line's first stop in the direction shown. */}
      {data.newTimetableFrom && (
        <NewTimetableNotice
          items={[{ from: data.newTimetableFrom }]}
          stopId={firstStopOf(data, dir)}
          dir={dir === 'City bound' ? 'City bound' : 'Out bound'}
        />
      )}
      {data.isHoliday && <p className="notice">{m.now.holiday}</p>}
      <div className="line-direction">
        {line.routeType !== 'City Bus' && (
          <p className="line-ends">{m.line.ends(start ?? m.common.none, end ?? m.common.none)}</p>
        )}
        <button type="button" className="btn swap-button" disabled={!canSwap} onClick={swap}>
          <svg
            className={dir === 'City bound' ? 'swap-icon is-flipped' : 'swap-icon'}
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 16 16"
            width="18"
            height="18"
          >
            <path fill="currentColor" d="M4 1 0 5h3v7h2V5h3zm8 14 4-4h-3V4h-2v7H8z" />
          </svg>
          {/* Named 'Swap direction' for screen readers, showing the current direction. */}
          <span className="sr-only">{m.line.swapDirection} </span>
          <span>{tripLabel}</span>
        </button>
        <Link className="btn print-link" href={printLinePath(lineId, date)}>
          {m.print.printLink}
        </Link>
      </div>

      {line.enabledSeasonalYearlyRuleFilter && (
        <fieldset className="rule-filter">
          <legend>{m.line.ruleFilter}</legend>
          {data.yearlyRules.map((rule) => (
            <label key={rule.id} className="check">
              <input
                type="checkbox"
                checked={ruleIds.includes(rule.id)}
                onChange={(event) => {
                  const on = event.target.checked;
                  setRuleIds((ids) => (on ? [...ids, rule.id] : ids.filter((id) => id !== rule.id)));
                }}
              />
              <span>{rule.periodName}</span>
            </label>
          ))}
        </fieldset>
      )}

      <div className="line-layout">
        <section className="schedule-list-section" aria-labelledby="schedules-heading">
          <h2 id="schedules-heading">{m.line.schedules}</h2>
          <p className="line-day">{m.lineDay.summary(dayText, offCount, visible.length)}</p>
          <ul className="schedule-list">
            {visible.map((schedule) => {
              const t = tripInDirection(schedule, dir);
              const current = schedule.id === selected?.id;
              const reasons = off.get(schedule.id) ?? [];
              const first = t ? firstCell(cellsOf(t)) : undefined;
              const change = t ? changeOf(data, t.id) : undefined;
              return (
                <li key={schedule.id}>
                  <Link
                    href={withSearch(scheduleHref(schedule, dir), search)}
                    className={reasons.length > 0 ? 'schedule-card is-off' : 'schedule-card'}
                    aria-current={current ? 'true' : undefined}
                  >
                    <span className="schedule-card__time">
                      {first && change ? (
                        <TimeMark cell={{ ...first, notServed: false }} reason={change.reason} />
                      ) : (
                        minutesText(t ? firstDeparture(t) : null)
                      )}
                    </span>
                    <WeekdayStrip days={schedule.runsOnWeekly} />
                    <span className="schedule-card__rule">
                      {schedule.runsOnYearlyStr === WHOLE_YEAR_RULE_NAME
                        ? m.line.wholeYear
                        : schedule.runsOnYearlyStr}
                    </span>
                    {schedule.timeConstraintsDescription && (
                      <span className="schedule-card__note">{schedule.timeConstraintsDescription}</span>
                    )}
                    {change?.cancelled && change.reason && (
                      <span className="schedule-card__note">{change.reason}</span>
                    )}
                    {reasons.length > 0 && (
                      <span className="schedule-card__off">
                        {m.lineDay.off(reasons.map(reasonText).join(', '))}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>

        {selected && (
          <section className="line-details" aria-label={m.line.stops}>
            {trip && (
              <>
                <StopTimesTable
                  caption={m.line.stopsGoing(tripLabel)}
                  rows={travelStops(trip)}
                  highlightStopId={query.from}
                  renderTime={(_row, index) => {
                    const cells = cellsOf(trip);
                    const cell = cells[index];
                    if (!cell) return null;
                    const quiet = cells.findIndex((c) => c.time !== null) !== index;
                    return <TimeMark cell={cell} reason={changeOf(data, trip.id)?.reason} quiet={quiet} />;
                  }}
                />
                <p>
                  <Link href={withSearch(tripPath(trip.id), search)}>{m.line.openTrip}</Link>
                </p>
                <LineMap stops={travelStops(trip)} direction={tripLabel} />
                <FareTriangle lineId={line.id} routeId={trip.route.id} date={date} />
              </>
            )}
            <table className="table info-table">
              <caption>{m.line.info}</caption>
              <tbody>
                <tr>
                  <th scope="row">{m.line.runsOnPublicHolidays}</th>
                  <td>{selected.runsOnPublicHolidays ? m.common.yes : m.common.no}</td>
                </tr>
                <tr>
                  <th scope="row">{m.lineDay.seasonLabel}</th>
                  <td>{season}</td>
                </tr>
                <tr>
                  <th scope="row">{m.line.operator}</th>
                  <td>{line.operator ?? m.common.none}</td>
                </tr>
                <tr>
                  <th scope="row">{m.line.platform}</th>
                  <td>{line.anykStationPlatform ?? m.common.none}</td>
                </tr>
                <tr>
                  <th scope="row">{m.line.scope}</th>
                  <td>{selected.timeConstraintsDescription ?? m.common.none}</td>
                </tr>
                {line.customNotes.map((note) => (
                  <tr key={note.id}>
                    <th scope="row">{note.noteKey}</th>
                    <td>{note.noteValue}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </div>
  );
}
