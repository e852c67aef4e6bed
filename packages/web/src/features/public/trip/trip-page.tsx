import type { BoundFor } from '@bus/core';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '../../../components/alert.tsx';
import { Loading } from '../../../components/loading.tsx';
import { WeekdayStrip } from '../../../components/weekday-strip.tsx';
import { useMessages } from '../../../i18n/index.ts';
import { WHOLE_YEAR_RULE_NAME } from '../../../lib/core.ts';
import { errorText } from '../../../lib/error-text.ts';
import { linePath } from '../../../lib/paths.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { parseStopId } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { buildTripTable, type TripCell } from './trip-table.ts';
import '../../../components/stop-times-table.css';
import './trip-page.css';

type TripSchedule = PublicOutput<'tripSchedule'>;

/** Single trip page (/trip/:tripId): the line's facts and the schedule's stop-by-stop times. */
export function TripPage({ tripId }: { tripId: string }) {
  const m = useMessages();
  const result = usePublicQuery('tripSchedule', { id: tripId });
  if (result.status === 'success') return <TripView data={result.data} />;
  return (
    <>
      <h1>{m.trip.heading(tripId)}</h1>
      {result.status === 'error' ? <Alert tone="danger">{errorText(result.error)}</Alert> : <Loading />}
    </>
  );
}

function TripView({ data }: { data: TripSchedule }) {
  const m = useMessages();
  const search = useSearch();
  const from = parseStopId(new URLSearchParams(search).get('from'));
  const [flipped, setFlipped] = useState(false);
  const { schedule, lineInfo } = data;
  const table = buildTripTable(schedule.trips, flipped);
  const canFlip = table.columns.length === 2;
  const flip = () => setFlipped((f) => !f);
  const periodName = schedule.runsOnYearly?.periodName;

  const directionLabel = (boundFor: BoundFor) =>
    boundFor === 'Out bound'
      ? m.header.outBound
      : boundFor === 'City bound'
        ? m.header.cityBoundElsewhere
        : m.trip.oneWay;
  const cellContent = (cell: TripCell | undefined) => {
    if (cell?.kind === 'time') return cell.time ?? '';
    if (cell?.kind !== 'divergence') return '';
    return (
      <>
        <span aria-hidden="true">{m.trip.divergence}</span>
        <span className="sr-only">{m.trip.divergenceText}</span>
      </>
    );
  };

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
        </section>

        <section className="trip-layout__times" aria-label={m.trip.times}>
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
                  {table.columns.map((column, index) => (
                    <th key={column.tripId} scope="col" className="num">
                      {directionLabel(column.boundFor)}{' '}
                      <span aria-hidden="true">{index === 0 ? '↓' : '↑'}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, index) => {
                  const selected = row.stop.id === from;
                  return (
                    <tr
                      key={`${row.stop.id}-${index}`}
                      className={selected ? 'is-selected' : undefined}
                      aria-current={selected ? 'location' : undefined}
                    >
                      <th scope="row">{row.stop.name}</th>
                      {row.cells.map((cell, i) => (
                        <td key={table.columns[i]?.tripId ?? i} className="num">
                          {cellContent(cell)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}
