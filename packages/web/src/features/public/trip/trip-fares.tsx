import { concessionCents, formatEuros } from '@bus/core/browser';
import { useId, useState } from 'react';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';

type FareTable = PublicOutput<'fareTable'>;
type FareCell = FareTable['routes'][number]['prices'][number][number];

/**
 * The trip's fares (issue 41): from the chosen stop (the stop the visitor came from, else the
 * trip's first; any stop of the trip can be picked) to each later stop, with what each
 * concession pays. Prices come from the line's price list in force on the date
 * (timetable.fareTable), in the trip's direction of travel; a pair the rules do not price says
 * "fare not set", never a made-up number. Nothing is shown for a line with no price list.
 */
export function TripFares({
  lineId,
  routeId,
  stops,
  date,
  from,
}: {
  lineId: number;
  routeId: number;
  /** The trip's stops in travel order. */
  stops: readonly { id: number; name: string }[];
  date: string;
  from: number | null;
}) {
  const m = useMessages();
  const lang = useLanguage();
  const id = useId();
  const first = from !== null && stops.some((s) => s.id === from) ? from : (stops[0]?.id ?? null);
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = picked ?? first;
  const result = usePublicQuery('fareTable', { lineId, routeId, date });
  const table = result.data;
  const route = table?.routes.find((r) => r.routeId === routeId);
  if (!table || !route) return null;
  if (table.rule === null)
    return (
      <section className="trip-fares" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>{m.trip.fares.heading}</h2>
        <p>{m.trip.fares.noRule}</p>
      </section>
    );

  // The price of a ride between two stops of the route, whichever way the trip drives it (a
  // fare is the same both ways: the triangle holds each pair once, in route order).
  const routeIndex = (stopId: number, after = -1) =>
    route.stops.findIndex((s, i) => i > after && s.id === stopId);
  const cellOf = (fromIndex: number, toIndex: number): FareCell | undefined => {
    const [a, b] = fromIndex < toIndex ? [fromIndex, toIndex] : [toIndex, fromIndex];
    return route.prices[a]?.[b - a - 1];
  };
  const start = stops.findIndex((s) => s.id === chosen);
  const later = start === -1 ? [] : stops.slice(start + 1);
  const startIndex = chosen === null ? -1 : routeIndex(chosen);
  const price = (cell: FareCell | undefined) => (cell?.kind === 'priced' ? cell.cents : null);

  return (
    <section className="trip-fares" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{m.trip.fares.heading}</h2>
      <div className="field trip-fares__from">
        <label htmlFor={`${id}-from`}>{m.trip.fares.from}</label>
        <select
          id={`${id}-from`}
          className="input select"
          value={chosen ?? ''}
          onChange={(event) => setPicked(Number(event.target.value))}
        >
          {stops.slice(0, -1).map((stop, index) => (
            <option key={`${stop.id}-${index}`} value={stop.id}>
              {stop.name}
            </option>
          ))}
        </select>
      </div>
      <div className="table-wrap">
        <table className="table trip-fares__table">
          <caption className="sr-only">{m.trip.fares.heading}</caption>
          <thead>
            <tr>
              <th scope="col">{m.trip.fares.to}</th>
              <th scope="col" className="num">
                {m.trip.fares.fare}
              </th>
              {table.concessions.map((c) => (
                <th key={c.id} scope="col" className="num">
                  {lang === 'lt' ? c.nameLt : c.nameEn} ({c.percent} %)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {later.map((stop, index) => {
              const toIndex = startIndex === -1 ? -1 : routeIndex(stop.id, -1);
              const cents = startIndex === -1 || toIndex === -1 ? null : price(cellOf(startIndex, toIndex));
              return (
                <tr key={`${stop.id}-${index}`}>
                  <th scope="row">{stop.name}</th>
                  <td className="num">
                    {cents === null ? (
                      <span className="muted">{m.trip.fares.notSet}</span>
                    ) : (
                      formatEuros(cents, lang)
                    )}
                  </td>
                  {table.concessions.map((c) => (
                    <td key={c.id} className="num">
                      {cents === null ? '' : formatEuros(concessionCents(cents, c.percent), lang)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {table.concessions.length > 0 && <p className="field-hint">{m.trip.fares.note}</p>}
    </section>
  );
}
