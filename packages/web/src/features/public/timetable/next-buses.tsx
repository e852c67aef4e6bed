import type { DepartureItem } from '@bus/core';
import { Link } from 'wouter';
import { useMessages } from '../../../i18n/index.ts';
import { addDays, type VilniusNow } from '../../../lib/core.ts';
import { linePath } from '../../../lib/paths.ts';
import { readTimetableQuery } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { nextDepartures, waitParts } from './countdown.ts';
import { chipClass, chipTime } from './hour-grid.ts';

/**
 * Today's next three departures with the time left until each, kept current by the minute; when
 * none is left, "No more buses today" and the first departure of tomorrow (same stop and way).
 */
export function NextBuses({
  items,
  now,
  search,
}: {
  items: DepartureItem[];
  now: VilniusNow;
  search: string;
}) {
  const m = useMessages();
  const next = nextDepartures(items, now.minutes);
  const q = readTimetableQuery(search, now.date);
  const tomorrow = usePublicQuery('departures', next.length ? null : { ...q, date: addDays(now.date, 1) });
  const first = tomorrow.data?.items[0];
  const link = (item: DepartureItem) => (
    <Link
      href={withSearch(linePath(item.lineId, item.schedId, item.tripId), search)}
      className={chipClass(item)}
    >
      <span className="chip__time">{chipTime(item.timeDepart)}</span> <small>{item.lineName}</small>{' '}
      {item.name}
    </Link>
  );
  return (
    <section className="next" aria-labelledby="next-title">
      <h2 id="next-title">{m.now.next}</h2>
      {next.length ? (
        <ol>
          {next.map(({ item, wait }, index) => (
            <li key={index}>
              {link(item)} <b>{m.now.wait(...waitParts(wait))}</b>
            </li>
          ))}
        </ol>
      ) : (
        <p>
          <b>{m.now.noMore}</b>
          {first && (
            <>
              {' '}
              {m.now.firstTomorrow} {link(first)}
            </>
          )}
        </p>
      )}
    </section>
  );
}
