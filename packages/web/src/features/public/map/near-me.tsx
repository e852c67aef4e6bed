import { nearestStops, type PlacedStop } from '@bus/core/browser';
import { useState } from 'react';
import { Link } from 'wouter';
import { useMapMessages } from '../../../i18n/map.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { nextDepartures } from '../departures/next-departures.ts';

/** How many of the nearest stops are listed, and how many next departures of each. */
const NEAREST = 5;
const NEXT = 3;

type Located =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'refused' }
  | { state: 'unavailable' }
  | { state: 'found'; lat: number; lon: number };

/**
 * "Stops near me" (issue 29): the browser is asked for the visitor's position only when the
 * button is pressed; then the nearest placed stops, nearest first (core's nearestStops), each
 * with its distance and its next departures today. A refusal, or no position to be had, is said
 * in words.
 */
export function NearMe({
  stops,
  departuresHref,
}: {
  stops: readonly PlacedStop[];
  departuresHref: (stopId: number) => string;
}) {
  const t = useMapMessages();
  const [located, setLocated] = useState<Located>({ state: 'idle' });
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocated({ state: 'unavailable' });
      return;
    }
    setLocated({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => setLocated({ state: 'found', lat: coords.latitude, lon: coords.longitude }),
      (error) => setLocated({ state: error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  const nearest = located.state === 'found' ? nearestStops(stops, located, NEAREST) : [];

  return (
    <section className="near-me" aria-labelledby="near-me-heading">
      <button
        type="button"
        className="btn btn--primary"
        disabled={located.state === 'locating' || stops.length === 0}
        onClick={locate}
      >
        {t.nearMe}
      </button>
      <div role="status" className="near-me__status">
        {located.state === 'locating' && <p>{t.locating}</p>}
        {located.state === 'refused' && <p className="notice">{t.refused}</p>}
        {located.state === 'unavailable' && <p className="notice">{t.unavailable}</p>}
      </div>
      <h2 id="near-me-heading" className={nearest.length > 0 ? undefined : 'sr-only'}>
        {nearest.length > 0 ? t.nearestHeading : t.nearMe}
      </h2>
      {nearest.length > 0 && (
        <ol className="near-me__list">
          {nearest.map(({ stop, metres }) => (
            <li key={stop.id} className="near-me__stop">
              <div className="near-me__head">
                <Link href={departuresHref(stop.id)} className="near-me__name">
                  {stop.name}
                </Link>
                <span className="near-me__distance">{t.away(t.distance(metres))}</span>
              </div>
              <NextFrom stop={stop} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A stop's next departures today, both ways, soonest first. */
function NextFrom({ stop }: { stop: PlacedStop }) {
  const t = useMapMessages();
  const now = useVilniusNow();
  const out = usePublicQuery('departures', { from: stop.id, date: now.date, dir: 'Out bound' });
  const back = usePublicQuery('departures', { from: stop.id, date: now.date, dir: 'City bound' });
  if (!out.data || !back.data) return null;
  const next = nextDepartures([...out.data.items, ...back.data.items], now, NEXT);
  if (next.length === 0) return <p className="near-me__none">{t.noMoreToday}</p>;
  return (
    <ul className="near-me__next" aria-label={t.nextDepartures(stop.name)}>
      {next.map(({ item }) => (
        <li key={`${item.tripId}-${item.timeDepart}`}>
          <span className="near-me__time">{item.timeDepart}</span>{' '}
          <span className="near-me__line">{item.lineName}</span> <span>{item.name}</span>
        </li>
      ))}
    </ul>
  );
}
