import { formatEuros } from '@bus/core/browser';
import { Fragment } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DateField } from '../../../components/date-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { StopCombobox, type StopOption } from '../../../components/stop-combobox.tsx';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import { stopLabel } from '../../../lib/core.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import {
  legTripPath,
  minutesBetween,
  type PlanQuery,
  planInput,
  readPlanQuery,
  writePlanQuery,
} from './plan-query.ts';
import '../../../components/pages.css';
import './plan-page.css';

type Journeys = PublicOutput<'plan'>;

/** Stops the visitor picked here, so a selector shows the name at once. */
const picked = new Map<number, string>();

/** The stop the address names, labelled as the selectors label it (timetable.stopPair). */
function useStopOption(id: number | null): StopOption | null {
  const pair = usePublicQuery('stopPair', id === null || picked.has(id) ? null : { fromId: id, toId: null });
  if (id === null) return null;
  const known = picked.get(id);
  if (known !== undefined) return { id, label: known };
  // stopPair answers the home station for an unknown stop: only a matching id is the one asked.
  const stop = pair.data?.from;
  return stop && stop.id === id ? { id, label: stopLabel(stop) } : null;
}

/**
 * The journey planner (/plan, issue 30): two stops, a date and a time, leaving after it or
 * arriving by it, step-free only or not (issue 41); the journeys with their changes, each leg's
 * line linking to its trip with the leg's stops highlighted. Every choice is written into the
 * address (Back undoes it).
 */
export function PlanPage() {
  const m = useMessages();
  const [, navigate] = useLocation();
  const search = useSearch();
  const now = useVilniusNow();
  const q = readPlanQuery(search, now);
  const from = useStopOption(q.from);
  const to = useStopOption(q.to);
  const input = planInput(q);
  const result = usePublicQuery('plan', input, { keepPrevious: true });
  useDocumentTitle(from && to ? m.plan.documentTitle(from.label, to.label) : m.plan.heading);

  const go = (next: PlanQuery) => navigate(`/plan?${writePlanQuery(next)}`);
  const choose = (stop: StopOption | null) => {
    if (stop) picked.set(stop.id, stop.label);
    return stop?.id ?? null;
  };

  return (
    <div className="plan-page">
      <h1>{m.plan.heading}</h1>
      <section className="plan-form app-header" aria-label={m.header.label}>
        <div className="plan-form__stops">
          <StopCombobox
            label={m.header.departure}
            value={from}
            onChange={(stop) => go({ ...q, from: choose(stop) })}
          />
          <button
            type="button"
            className="btn plan-swap"
            aria-label={m.plan.swap}
            title={m.plan.swap}
            onClick={() => go({ ...q, from: q.to, to: q.from })}
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
              <path fill="currentColor" d="M4 1 0 5h3v7h2V5h3zm8 14 4-4h-3V4h-2v7H8z" />
            </svg>
          </button>
          <StopCombobox
            label={m.header.destination}
            value={to}
            onChange={(stop) => go({ ...q, to: choose(stop) })}
          />
        </div>
        <div className="plan-form__when">
          <DateField value={q.date} today={now.date} onChange={(date) => go({ ...q, date })} />
          <fieldset className="direction plan-form__way">
            <legend className="sr-only">{m.plan.when}</legend>
            {([false, true] as const).map((arriveBy) => (
              <label key={String(arriveBy)} className="direction__option">
                <input
                  type="radio"
                  name="arriveBy"
                  checked={q.arriveBy === arriveBy}
                  onChange={() => go({ ...q, arriveBy })}
                />
                <span>{arriveBy ? m.plan.arriveBy : m.plan.leaveAfter}</span>
              </label>
            ))}
          </fieldset>
          <label className="plan-form__time">
            <span>{m.plan.time}</span>
            <input
              type="time"
              className="input"
              value={q.time}
              required
              onChange={(event) => {
                if (event.target.value !== '') go({ ...q, time: event.target.value });
              }}
            />
          </label>
        </div>
        <label className="plan-step-free">
          <input
            type="checkbox"
            checked={q.stepFree}
            aria-describedby={q.stepFree ? 'plan-step-free-note' : undefined}
            onChange={(event) => go({ ...q, stepFree: event.target.checked })}
          />
          <span>{m.plan.stepFreeOnly}</span>
        </label>
        {q.stepFree && (
          <p id="plan-step-free-note" className="plan-step-free__note">
            {m.plan.stepFreeNote}
          </p>
        )}
      </section>

      {input === null ? (
        <p className="plan-hint">{m.plan.chooseStops}</p>
      ) : result.status === 'error' ? (
        <PublicError error={result.error} onRetry={result.retry} />
      ) : result.data === undefined ? (
        <Loading />
      ) : (
        <JourneyList data={result.data} date={q.date} from={from?.label ?? ''} to={to?.label ?? ''} />
      )}
    </div>
  );
}

function JourneyList({ data, date, from, to }: { data: Journeys; date: string; from: string; to: string }) {
  const m = useMessages();
  const lang = useLanguage();
  const names = new Map(data.stops.map((s) => [s.id, s.name]));
  const name = (id: number) => names.get(id) ?? String(id);
  return (
    <section className="journeys" aria-labelledby="journeys-heading">
      <h2 id="journeys-heading">{m.plan.journeys(from, to)}</h2>
      {data.journeys.length === 0 && data.stepFree ? (
        <NoStepFreeJourney stepFree={data.stepFree} from={from} to={to} />
      ) : data.journeys.length === 0 ? (
        <p className="plan-hint">{m.plan.none}</p>
      ) : (
        <ol className="journeys__list">
          {data.journeys.map((journey) => (
            <li key={journey.legs.map((l) => `${l.tripId}-${l.depart}`).join('|')} className="journey">
              <p className="journey__head">
                <strong className="journey__times">
                  {m.plan.departArrive(journey.depart, journey.arrive)}
                </strong>
                <span>{m.plan.duration(minutesBetween(journey.depart, journey.arrive))}</span>
                <span>{m.plan.changes(journey.changes)}</span>
                {journey.fare && (
                  <span className="journey__fare">
                    {journey.fare.kind === 'priced' ? (
                      <>
                        <b>{m.plan.fare(formatEuros(journey.fare.cents, lang))}</b>
                        {journey.fare.tickets.map((ticket) =>
                          ticket.kind === 'through' ? (
                            <small key={ticket.legs.join()} className="journey__through">
                              {' · '}
                              {m.plan.throughTicket(
                                journey.legs[ticket.legs[0]]?.lineName ?? '',
                                journey.legs[ticket.legs[1]]?.lineName ?? '',
                              )}
                            </small>
                          ) : null,
                        )}
                        {journey.fare.concessions.map((c) => (
                          <small key={c.id}>
                            {' · '}
                            {m.plan.concessionFare(
                              lang === 'lt' ? c.nameLt : c.nameEn,
                              formatEuros(c.cents, lang),
                            )}
                          </small>
                        ))}
                      </>
                    ) : (
                      <span className="muted">{m.plan.fareNotSet}</span>
                    )}
                  </span>
                )}
              </p>
              <ol className="journey__legs">
                {journey.legs.map((leg, i) => {
                  const before = journey.legs[i - 1];
                  const wait = before ? m.plan.duration(minutesBetween(before.arrive, leg.depart)) : '';
                  return (
                    <Fragment key={`${leg.tripId}-${leg.depart}`}>
                      {before && (
                        <li className="journey__change">
                          {before.toStopId === leg.fromStopId
                            ? m.plan.changeAt(name(leg.fromStopId), wait)
                            : m.plan.walkTo(name(before.toStopId), name(leg.fromStopId), wait)}
                          {leg.changeAtRisk && (
                            <strong className="journey__risk"> {m.plan.changeAtRisk}</strong>
                          )}
                        </li>
                      )}
                      <li className="journey__leg">
                        <Link
                          href={legTripPath(leg, date)}
                          className="chip journey__line"
                          title={m.plan.openTrip(leg.lineName)}
                        >
                          <small>{leg.lineName}</small>
                        </Link>
                        <span className="journey__ride">
                          <span className="sr-only">
                            {m.plan.leg(leg.lineName, name(leg.fromStopId), name(leg.toStopId))}:{' '}
                          </span>
                          <span aria-hidden="true">
                            <b>{leg.depart}</b> {name(leg.fromStopId)} → <b>{leg.arrive}</b>{' '}
                            {name(leg.toStopId)}
                          </span>
                          <span className="sr-only">{m.plan.departArrive(leg.depart, leg.arrive)}</span>
                          {leg.live && (
                            <span className="journey__live">
                              {' '}
                              {leg.live.noLiveData
                                ? m.plan.legLive(null)
                                : m.plan.legLive(leg.live.delayMinutes)}
                            </span>
                          )}
                        </span>
                      </li>
                    </Fragment>
                  );
                })}
              </ol>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * No step-free journey (issue 41): said plainly, and which of the two stops is not marked
 * step-free (then none can start or end there, whatever the buses).
 */
function NoStepFreeJourney({
  stepFree,
  from,
  to,
}: {
  stepFree: NonNullable<Journeys['stepFree']>;
  from: string;
  to: string;
}) {
  const m = useMessages();
  return (
    <div className="plan-none" role="status">
      <p className="plan-hint">{m.plan.noneStepFree}</p>
      {/* A stop's label comes with the page's selectors (empty only while they load). */}
      {!stepFree.from && from !== '' && <p className="plan-hint">{m.plan.stopNotStepFree(from)}</p>}
      {!stepFree.to && to !== '' && <p className="plan-hint">{m.plan.stopNotStepFree(to)}</p>}
    </div>
  );
}
