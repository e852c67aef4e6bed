import { Suspense } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { useMapMessages } from '../../../i18n/map.ts';
import { readHeaderQuery, withDeparture, writeHeaderQuery } from '../../../lib/timetable-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { LazyStopMap } from '../../map/lazy-stop-map.tsx';
import type { MapStop } from '../../map/map-types.ts';
import { NearMe } from './near-me.tsx';
import './map-page.css';

/**
 * The Map page (/map, issue 29): every stop staff have placed, each a labelled marker;
 * choosing one opens its departures (the home with that stop, keeping the date and direction
 * the visitor came with), and "Stops near me" lists the nearest with their next departures.
 */
export function MapPage() {
  const t = useMapMessages();
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = useVilniusNow().date;
  const result = usePublicQuery('stopPositions', undefined);
  useDocumentTitle(t.heading);
  const departuresHref = (stopId: number) =>
    `/?${writeHeaderQuery(withDeparture(readHeaderQuery(search, today), stopId))}`;
  const choose = (stop: MapStop) => navigate(departuresHref(stop.id));
  const data = result.data;

  return (
    <div className="map-page">
      <h1>{t.heading}</h1>
      {result.status === 'error' && <PublicError error={result.error} onRetry={result.retry} />}
      {result.status === 'loading' && <Loading />}
      {data && (
        <>
          <NearMe stops={data.stops} departuresHref={departuresHref} />
          <p>{data.stops.length === 0 ? t.noStops : t.intro}</p>
          <Suspense fallback={<Loading />}>
            <LazyStopMap
              tiles={data.tiles}
              words={t}
              stops={data.stops}
              onChoose={choose}
              selectedId={readHeaderQuery(search, today).from}
            />
          </Suspense>
        </>
      )}
    </div>
  );
}
