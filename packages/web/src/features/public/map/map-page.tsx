import { Suspense } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Loading } from '../../../components/loading.tsx';
import { PublicError } from '../../../components/public-error.tsx';
import { delayMinutes, useLiveMessages } from '../../../i18n/live.ts';
import { useMapMessages } from '../../../i18n/map.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { readHeaderQuery, withDeparture, writeHeaderQuery } from '../../../lib/timetable-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { LazyStopMap } from '../../map/lazy-stop-map.tsx';
import type { MapStop, MapVehicle } from '../../map/map-types.ts';
import '../live/live-mark.css';
import { NearMe } from './near-me.tsx';
import './map-page.css';

type Bus = PublicOutput<'vehicles'>[number];

/**
 * The Map page (/map, issue 29): every stop staff have placed, each a labelled marker;
 * choosing one opens its departures (the home with that stop, keeping the date and direction
 * the visitor came with), and "Stops near me" lists the nearest with their next departures.
 * The buses in service (issue 40) are on the map and listed under it, each opening its trip.
 */
export function MapPage() {
  const t = useMapMessages();
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = useVilniusNow().date;
  const live = useLiveMessages();
  const result = usePublicQuery('stopPositions', undefined);
  // Every bus in service, asked again every 15 s while the page is shown (issue 40).
  const buses = usePublicQuery('vehicles', undefined, { every: 15_000 }).data ?? [];
  useDocumentTitle(t.heading);
  const delayOf = (bus: Bus) => (bus.delaySeconds === null ? '' : live.delay(delayMinutes(bus.delaySeconds)));
  const vehicles: MapVehicle[] = buses.map((bus) => ({
    id: bus.tripId,
    lat: bus.lat,
    lon: bus.lon,
    line: bus.lineName,
    name: live.map.bus(bus.lineName, bus.headsign, delayOf(bus)),
    late: bus.delaySeconds !== null && delayMinutes(bus.delaySeconds) > 0,
  }));
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
              vehicles={vehicles}
              onChooseVehicle={(bus) => navigate(`/trip/${bus.id}`)}
            />
          </Suspense>
          <section className="map-buses" aria-labelledby="map-buses-heading">
            <h2 id="map-buses-heading">{live.map.heading}</h2>
            {buses.length === 0 ? (
              <p>{live.map.none}</p>
            ) : (
              <ul>
                {buses.map((bus) => (
                  <li key={bus.tripId}>
                    <Link href={`/trip/${bus.tripId}`}>
                      {live.map.bus(bus.lineName, bus.headsign, delayOf(bus))}
                    </Link>
                    {bus.nextStop && (
                      <span>
                        {' · '}
                        {bus.nextStop.at
                          ? live.map.atStop(bus.nextStop.name)
                          : live.map.nextStop(bus.nextStop.name)}
                      </span>
                    )}{' '}
                    <small className="live-mark__age">{live.live(live.age(bus.positionAge))}</small>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
