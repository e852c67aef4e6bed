import {
  PUNCTUALITY_DEFAULTS,
  type PunctualityCounts,
  type PunctualityReport,
  punctualityCsv,
  vilniusNow,
} from '@bus/core';
import type { AppRouter } from '@bus/server';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type ReactNode, useId, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useMessages } from '../../../i18n/index.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { FetchButton, LoadError } from '../ui/bits.tsx';
import {
  csvFileName,
  defaultForm,
  minutesText,
  type PunctualityForm,
  punctualityInput,
  shareText,
} from './live-view.ts';
import { ShareChart } from './share-chart.tsx';
import './live.css';

type LiveNow = inferRouterOutputs<AppRouter>['admin']['live']['now'];

/** How often the buses in service are asked for again while the page is visible. */
const REFRESH_MS = 15_000;

/**
 * Live (/admin-panel/live, issue 40): the buses in service now with their drivers, delays and
 * positions' ages, and the trips planned to be on the road that send nothing (admin.live.now,
 * asked again every 15 s while the page is visible); below, the punctuality report of a chosen
 * period (admin.live.punctuality) as a summary, charts, tables and a CSV download.
 */
export function LivePage() {
  const m = useAdminMessages();
  return (
    <div className="live">
      <h1>{m.live.heading}</h1>
      <p className="live__intro">{m.live.intro}</p>
      <NowPart />
      <PunctualityPart />
    </div>
  );
}

function NowPart() {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const trpc = useTRPC();
  // React Query stops the interval while the page is hidden and asks again when it shows.
  const now = useQuery({
    ...trpc.admin.live.now.queryOptions(),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: REFRESH_MS,
  });
  const refresh = (
    <FetchButton
      fetching={now.isFetching}
      text={m.live.refresh}
      busyText={m.live.refreshing}
      onFetch={now.refetch}
    />
  );
  const headingId = useId();
  let body: ReactNode;
  if (now.isPending) body = <Loading />;
  else if (now.isError)
    body = (
      <>
        <LoadError error={now.error} />
        <div className="actions-bar">{refresh}</div>
      </>
    );
  else
    body = (
      <>
        <div className="actions-bar live__as-of">
          <p className="field-hint">
            {m.live.asOf(formatDate(locale, 'timeSeconds', new Date(now.data.at)))}
          </p>
          {refresh}
        </div>
        <Buses buses={now.data.inService} />
        <h2>{m.live.missing}</h2>
        <p className="field-hint live__missing-intro">{m.live.missingIntro}</p>
        <Missing trips={now.data.noLiveData} />
      </>
    );
  return (
    <section className="live__now" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.live.inService}</h2>
      {body}
    </section>
  );
}

function Buses({ buses }: { buses: LiveNow['inService'] }) {
  const m = useAdminMessages();
  if (buses.length === 0)
    return (
      <p className="live__empty" role="status">
        {m.live.noneInService}
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="table live-table live-buses">
        <caption className="sr-only">{m.live.busesTable}</caption>
        <thead>
          <tr>
            <th scope="col">{m.live.colLine}</th>
            <th scope="col">{m.live.colTrip}</th>
            <th scope="col">{m.live.colDriver}</th>
            <th scope="col">{m.live.colDelay}</th>
            <th scope="col">{m.live.colAge}</th>
            <th scope="col">{m.live.colNext}</th>
          </tr>
        </thead>
        <tbody>
          {buses.map((bus) => (
            <tr key={bus.tripId}>
              <td data-label={m.live.colLine}>
                <strong>{bus.lineName}</strong>
              </td>
              <td data-label={m.live.colTrip}>
                <span className="live__trip">{m.live.trip(bus.departure, bus.to)}</span>{' '}
                <span className="field-hint live__trip-id">{m.live.tripId(bus.tripId)}</span>
              </td>
              <td data-label={m.live.colDriver}>
                {bus.source === 'feed' ? (
                  <span className="muted">{m.live.tracker(bus.vehicle)}</span>
                ) : bus.driver === null ? (
                  <span className="muted">{m.live.noDriver}</span>
                ) : (
                  <bdi className="live__driver">{bus.driver}</bdi>
                )}
              </td>
              <td data-label={m.live.colDelay}>
                {bus.delayMinutes !== null && <Delay minutes={bus.delayMinutes} />}
              </td>
              <td data-label={m.live.colAge}>{m.live.age(bus.positionAge)}</td>
              <td data-label={m.live.colNext}>
                {bus.nextStop === null
                  ? m.live.noNextStop
                  : bus.nextStop.at
                    ? m.live.standingAt(bus.nextStop.name)
                    : bus.nextStop.name}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Delay({ minutes }: { minutes: number }) {
  const m = useAdminMessages();
  const tone = minutes > 0 ? 'is-late' : minutes < 0 ? 'is-early' : 'is-on-time';
  return <span className={`badge live-delay ${tone}`}>{m.live.delay(minutes)}</span>;
}

function Missing({ trips }: { trips: LiveNow['noLiveData'] }) {
  const m = useAdminMessages();
  if (trips.length === 0)
    return (
      <p className="live__empty" role="status">
        {m.live.noneMissing}
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="table live-table live-missing">
        <caption className="sr-only">{m.live.missingTable}</caption>
        <thead>
          <tr>
            <th scope="col">{m.live.colLine}</th>
            <th scope="col">{m.live.colTrip}</th>
            <th scope="col">{m.live.colPlanned}</th>
            <th scope="col">{m.live.colAge}</th>
          </tr>
        </thead>
        <tbody>
          {trips.map((trip) => (
            <tr key={trip.tripId}>
              <td data-label={m.live.colLine}>
                <strong>{trip.lineName}</strong>
              </td>
              <td data-label={m.live.colTrip}>
                <span className="live__trip">{m.live.trip(trip.departure, trip.to)}</span>{' '}
                <span className="field-hint live__trip-id">{m.live.tripId(trip.tripId)}</span>
              </td>
              <td data-label={m.live.colPlanned}>{m.live.planned(trip.departure, trip.arrival)}</td>
              <td data-label={m.live.colAge}>
                {trip.lastReportAge === null ? (
                  <span className="muted">{m.live.never}</span>
                ) : (
                  m.live.age(trip.lastReportAge)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PunctualityPart() {
  const m = useAdminMessages();
  const trpc = useTRPC();
  const headingId = useId();
  const fieldId = useId();
  const [form, setForm] = useState<PunctualityForm>(() => defaultForm(vilniusNow().date));
  const report = useQuery({
    // The input as typed: what is wrong with it the server says, in the page's language.
    ...trpc.admin.live.punctuality.queryOptions(
      punctualityInput(form) as { from: string; until: string; earlyMinutes: number; lateMinutes: number },
    ),
    placeholderData: keepPreviousData,
  });
  const set = (field: keyof PunctualityForm) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const shown = report.data;

  let body: ReactNode;
  if (report.isError) body = <LoadError error={report.error} />;
  else if (shown === undefined) body = <Loading />;
  else body = <Report report={shown} />;

  return (
    <section className="live__punctuality" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.live.punctuality}</h2>
      <p className="field-hint live__punctuality-intro">
        {m.live.punctualityIntro(
          shown?.earlyMinutes ?? PUNCTUALITY_DEFAULTS.earlyMinutes,
          shown?.lateMinutes ?? PUNCTUALITY_DEFAULTS.lateMinutes,
        )}
      </p>
      <form className="live__filters" aria-label={m.live.filters} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${fieldId}-from`}>{m.live.from}</label>
          <input
            id={`${fieldId}-from`}
            type="date"
            className="input"
            value={form.from}
            onChange={set('from')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-until`}>{m.live.until}</label>
          <input
            id={`${fieldId}-until`}
            type="date"
            className="input"
            value={form.until}
            onChange={set('until')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-early`}>{m.live.early}</label>
          <input
            id={`${fieldId}-early`}
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            step={1}
            className="input input--short"
            value={form.early}
            onChange={set('early')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-late`}>{m.live.late}</label>
          <input
            id={`${fieldId}-late`}
            type="number"
            inputMode="numeric"
            min={0}
            max={60}
            step={1}
            className="input input--short"
            value={form.late}
            onChange={set('late')}
          />
        </div>
      </form>
      <div aria-busy={report.isFetching || undefined} className="live__report">
        {body}
      </div>
    </section>
  );
}

function Report({ report }: { report: PunctualityReport }) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const { total } = report;
  const download = () => {
    const url = URL.createObjectURL(new Blob([punctualityCsv(report)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(report);
    document.body.append(link);
    link.click();
    link.remove();
    // After the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  if (total.observed === 0)
    return (
      <p className="live__empty" role="status">
        {m.live.nothingObserved}
      </p>
    );
  return (
    <>
      <p className="live__summary" role="status">
        {m.live.summary(
          shareText(locale, total.onTimeShare),
          total.onTime,
          total.observed,
          total.early,
          total.late,
          minutesText(locale, total.averageDelayMinutes),
        )}
      </p>
      <div className="actions-bar">
        <button type="button" className="btn" onClick={download}>
          {m.live.download}
        </button>
      </div>
      <div className="live__charts">
        <ShareChart
          title={m.live.chartHour}
          description={m.live.chartDesc}
          bars={report.byHour.map((row) => ({
            key: row.hour,
            label: m.live.hour(row.hour),
            share: row.onTimeShare,
            text: shareText(locale, row.onTimeShare),
          }))}
        />
        <ShareChart
          title={m.live.chartLine}
          description={m.live.chartDesc}
          bars={report.byLine.map((row) => ({
            key: row.lineId,
            label: row.lineName,
            share: row.onTimeShare,
            text: shareText(locale, row.onTimeShare),
          }))}
        />
      </div>
      <CountsTable
        title={m.live.byLine}
        keyHeading={m.live.colLine}
        rows={report.byLine.map((row) => ({ key: row.lineId, label: row.lineName, counts: row }))}
        className="live-by-line"
      />
      <CountsTable
        title={m.live.byHour}
        keyHeading={m.live.colHour}
        rows={report.byHour.map((row) => ({ key: row.hour, label: m.live.hour(row.hour), counts: row }))}
        className="live-by-hour"
      />
      <CountsTable
        title={m.live.byStop}
        keyHeading={m.live.colStop}
        rows={report.byStop.map((row) => ({ key: row.stopId, label: row.stopName, counts: row }))}
        className="live-by-stop"
      />
    </>
  );
}

function CountsTable({
  title,
  keyHeading,
  rows,
  className,
}: {
  title: string;
  keyHeading: string;
  rows: { key: number; label: string; counts: PunctualityCounts }[];
  className: string;
}) {
  const m = useAdminMessages();
  const { locale } = useMessages().app;
  const id = useId();
  return (
    <>
      <h3 id={id}>{title}</h3>
      {/* Wider than a phone: the table scrolls on its own, reachable by the keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take focus to be scrolled by keys (WCAG 2.1.1). */}
      <section className="table-wrap" aria-labelledby={id} tabIndex={0}>
        <table className={`table live-table live-counts ${className}`} aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{keyHeading}</th>
              <th scope="col" className="num">
                {m.live.colObserved}
              </th>
              <th scope="col" className="num">
                {m.live.colOnTime}
              </th>
              <th scope="col" className="num">
                {m.live.colEarly}
              </th>
              <th scope="col" className="num">
                {m.live.colLate}
              </th>
              <th scope="col" className="num">
                {m.live.colShare}
              </th>
              <th scope="col" className="num">
                {m.live.colAverage}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, label, counts }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td className="num">{counts.observed}</td>
                <td className="num">{counts.onTime}</td>
                <td className="num">{counts.early}</td>
                <td className="num">{counts.late}</td>
                <td className="num">{shareText(locale, counts.onTimeShare)}</td>
                <td className="num">{minutesText(locale, counts.averageDelayMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
