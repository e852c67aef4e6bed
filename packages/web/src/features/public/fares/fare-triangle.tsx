import { formatEuros } from '@bus/core/browser';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import './fare-triangle.css';

type FareRoute = PublicOutput<'fareTable'>['routes'][number];

/**
 * A line's fare table (issue 41), the triangle bus stations hang on the wall: the route's stops
 * numbered down the side, each row the fares to that stop from every stop before it (the
 * columns, by number). On the line page for the route shown, on the printed line timetable for
 * every route of the line; nothing while the line has no price list on the date.
 */
export function FareTriangle({ lineId, routeId, date }: { lineId: number; routeId?: number; date: string }) {
  const m = useMessages();
  const result = usePublicQuery(
    'fareTable',
    routeId === undefined ? { lineId, date } : { lineId, routeId, date },
  );
  const table = result.data;
  if (!table || table.rule === null) return null;
  const routes = table.routes.filter((r) => r.stops.length > 1);
  if (routes.length === 0) return null;
  return (
    <section className="fare-triangle" aria-labelledby={`fare-triangle-${lineId}`}>
      <h2 id={`fare-triangle-${lineId}`}>{m.fareTable.heading}</h2>
      {routes.map((route) => (
        <Triangle key={route.routeId} route={route} several={routes.length > 1} />
      ))}
      <p className="field-hint">{m.fareTable.legend}</p>
    </section>
  );
}

function Triangle({ route, several }: { route: FareRoute; several: boolean }) {
  const m = useMessages();
  const lang = useLanguage();
  const { stops, prices } = route;
  // prices[i][k]: from stop i to stop i + 1 + k.
  const cell = (from: number, to: number) => {
    const price = prices[from]?.[to - from - 1];
    return price?.kind === 'priced' ? formatEuros(price.cents, lang) : m.fareTable.notSet;
  };
  const caption = several
    ? m.fareTable.caption(route.routeNotes || m.fareTable.mainRoute)
    : m.fareTable.heading;
  return (
    // Wider than a phone: it scrolls, so the keyboard can reach it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable (WCAG 2.1.1)
    <section className="table-wrap" tabIndex={0} aria-label={caption}>
      <table className="table fare-triangle__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.fareTable.to}</th>
            {stops.slice(0, -1).map((stop, from) => (
              <th key={`${stop.id}-${from}`} scope="col" className="num" title={stop.name}>
                <span aria-hidden="true">{from + 1}</span>
                <span className="sr-only">{m.fareTable.from(stop.name)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stops.slice(1).map((stop, index) => {
            const to = index + 1;
            return (
              <tr key={`${stop.id}-${to}`}>
                <th scope="row">
                  {to + 1}. {stop.name}
                </th>
                {stops.slice(0, -1).map((from, f) => (
                  <td key={`${from.id}-${f}`} className="num">
                    {f < to ? cell(f, to) : ''}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="fare-triangle__first">1. {stops[0]?.name}</p>
    </section>
  );
}
