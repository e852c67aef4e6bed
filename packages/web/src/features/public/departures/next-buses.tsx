import { Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useLanguage, useMessages } from '../../../i18n/index.ts';
import { nextBusesEn } from '../../../i18n/next-buses-en.ts';
import { nextBusesLt } from '../../../i18n/next-buses-lt.ts';
import { addDays, type VilniusNow } from '../../../lib/core.ts';
import { linePath } from '../../../lib/paths.ts';
import { readTimetableQuery } from '../../../lib/timetable-query.ts';
import { withSearch } from '../../../lib/url.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { LiveMark } from './chip.tsx';
import type { Departure } from './countdown.ts';
import { chipClass, chipTime } from './hour-grid.ts';
import { comes, LOOK_AHEAD_DAYS, nextDepartures, waitParts } from './next-departures.ts';

/**
 * Today's next three departures with the time left until each (a followed bus's until its
 * expected time, with its live marks), kept current by the minute; when
 * none is left (or today has none at all), "No more buses today" and the first departure of the
 * next day that has one, same stop and way: tomorrow, or the day after a holiday or a weekend
 * without service, looked for day by day up to LOOK_AHEAD_DAYS ahead.
 */
export function NextBuses({ items, now, search }: { items: Departure[]; now: VilniusNow; search: string }) {
  const m = useMessages();
  const t = useLanguage() === 'lt' ? nextBusesLt : nextBusesEn;
  const next = nextDepartures(items, now);
  const q = readTimetableQuery(search, now.date);
  // Which day ahead is asked for, reset when the day or the selection changes.
  const base = next.length ? null : `${now.date}?${search}`;
  const [ahead, setAhead] = useState({ base, days: 1 });
  const days = ahead.base === base ? ahead.days : 1;
  const later = usePublicQuery('departures', base === null ? null : { ...q, date: addDays(now.date, days) });
  // A day whose buses are all cancelled (or whose stop is closed) has none either.
  const first = later.status === 'success' ? later.data.items.find(comes) : undefined;
  const none = later.status === 'success' && first === undefined;
  useEffect(() => {
    if (none && days < LOOK_AHEAD_DAYS) setAhead({ base, days: days + 1 });
  }, [none, days, base]);
  const day = new Date(`${addDays(now.date, days)}T12:00Z`);
  const dayName = (options: Intl.DateTimeFormatOptions) =>
    day.toLocaleDateString(m.app.locale, { ...options, timeZone: 'UTC' });
  const link = (item: Departure) => (
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
      <h2 id="next-title">{t.next}</h2>
      {next.length ? (
        <ol>
          {next.map(({ item, wait }, index) => (
            <li key={index}>
              <b>{t.wait(...waitParts(wait))}</b>
              <span>
                {link(item)}
                {item.live && (
                  <Suspense fallback={null}>
                    <LiveMark live={item.live} />
                  </Suspense>
                )}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p>
          <b>{t.noMore}</b>
          {first && (
            <>
              {' '}
              {days === 1
                ? t.firstTomorrow
                : t.firstOn(dayName({ weekday: 'long' }), dayName({ day: 'numeric', month: 'long' }))}{' '}
              {link(first)}
            </>
          )}
        </p>
      )}
    </section>
  );
}
