import { Suspense, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { delayMinutes, useLiveMessages } from '../../../i18n/live.ts';
import { useMapMessages } from '../../../i18n/map.ts';
import type { PublicOutput } from '../../../lib/public-api.ts';
import { readHeaderQuery, withDeparture, writeHeaderQuery } from '../../../lib/timetable-query.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { LazyStopMap } from '../../map/lazy-stop-map.tsx';
import type { MapStop, MapVehicle } from '../../map/map-types.ts';
import '../live/live-mark.css';

type LiveTrip = NonNullable<PublicOutput<'liveTrip'>['live']>;
type LiveStop = LiveTrip['stops'][number];

/**
 * Where a followed bus is along its stops today (issue 40, timetable.liveTrip, asked again every
 * 15 s while the page is shown): the delay and the age of its position, then each stop with its
 * planned time and what is known now: when the bus left it (the observed time), that it stands
 * there, or when it is expected (the next stop marked). Without live data for 3 minutes it says so and
 * the times are the timetable's; at its last stop, that the trip is over. Nothing at all for a
 * trip nobody follows today. While the bus is on its way, the trip's stops with a map position
 * are drawn on a map with the bus on it (a stop opens its departures, as on the line's map).
 */
export function TripLive({ tripId }: { tripId: number }) {
  const t = useLiveMessages();
  const result = usePublicQuery('liveTrip', { id: tripId }, { every: 15_000 });
  const live = result.data?.live;
  if (!live) return null;
  const minutes = live.delaySeconds === null ? null : delayMinutes(live.delaySeconds);
  const now = (stop: LiveStop) => {
    if (stop.status === 'passed') return stop.observed === null ? t.trip.passed : t.trip.left(stop.observed);
    return stop.status === 'at' ? t.trip.at : stop.expected;
  };
  return (
    <section className="trip-live" aria-labelledby="trip-live-heading">
      <h2 id="trip-live-heading">{t.trip.heading}</h2>
      <p className="trip-live__summary">
        {live.ended ? (
          t.trip.ended
        ) : live.noLiveData || minutes === null ? (
          t.trip.noLiveData
        ) : (
          <>
            <strong className={minutes > 0 ? 'live-mark__late' : 'live-mark__on-time'}>
              {t.delay(minutes)}
            </strong>{' '}
            <small className="live-mark__age">{t.live(t.age(live.positionAge))}</small>
          </>
        )}
      </p>
      <div className="table-wrap">
        <table className="table trip-live__stops">
          <caption className="sr-only">{t.trip.heading}</caption>
          <thead>
            <tr>
              <th scope="col">{t.trip.stop}</th>
              <th scope="col" className="num">
                {t.trip.planned}
              </th>
              <th scope="col" className="num">
                {t.trip.expected}
              </th>
            </tr>
          </thead>
          <tbody>
            {live.stops.map((stop, index) => (
              <tr
                key={`${stop.stopId}-${index}`}
                className={`is-${stop.status}`}
                aria-current={stop.status === 'at' || stop.status === 'next' ? 'location' : undefined}
              >
                <th scope="row">
                  {stop.name}
                  {stop.status === 'next' && <small className="trip-live__next">{t.trip.next}</small>}
                </th>
                <td className="num">{stop.planned}</td>
                <td className="num">{now(stop)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {live.vehicle && <BusOnTripMap stops={live.stops} vehicle={live.vehicle} delay={minutes} />}
    </section>
  );
}

/**
 * The trip's route through its placed stops (stops without a map position are left out), with
 * the bus where it last said it was, moved in place every 15 s; the map is fitted to the route
 * once, not at every answer.
 */
function BusOnTripMap({
  stops,
  vehicle,
  delay,
}: {
  stops: readonly LiveStop[];
  vehicle: NonNullable<LiveTrip['vehicle']>;
  delay: number | null;
}) {
  const t = useLiveMessages();
  const mapWords = useMapMessages();
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = useVilniusNow().date;
  const positions = usePublicQuery('stopPositions', undefined);
  const placedStops = positions.data?.stops;
  // Kept while the stops are the same, so the route is not drawn again at every answer (each
  // brings a new list of the same stops).
  const key = stops.map((s) => s.stopId).join(',');
  const kept = useRef({ key, stops });
  if (kept.current.key !== key) kept.current = { key, stops };
  const sameStops = kept.current.stops;
  const route = useMemo(() => {
    const placed = new Map((placedStops ?? []).map((s) => [s.id, s]));
    return sameStops.flatMap((stop): MapStop[] => {
      const at = placed.get(stop.stopId);
      return at ? [{ id: stop.stopId, name: stop.name, lat: at.lat, lon: at.lon }] : [];
    });
  }, [sameStops, placedStops]);
  const words = useMemo(() => ({ ...mapWords, label: t.trip.map }), [mapWords, t]);
  const name = t.map.bus(vehicle.lineName, vehicle.headsign, delay === null ? '' : t.delay(delay));
  const vehicles = useMemo(
    (): MapVehicle[] => [
      {
        id: vehicle.tripId,
        lat: vehicle.lat,
        lon: vehicle.lon,
        line: vehicle.lineName,
        name,
        late: delay !== null && delay > 0,
      },
    ],
    [vehicle.tripId, vehicle.lat, vehicle.lon, vehicle.lineName, name, delay],
  );
  if (!positions.data || route.length === 0) return null;
  return (
    <div className="trip-live__map">
      <Suspense fallback={null}>
        <LazyStopMap
          tiles={positions.data.tiles}
          words={words}
          stops={route}
          route={route}
          fitKey={route.map((s) => s.id).join(',')}
          vehicles={vehicles}
          onChoose={(stop) =>
            navigate(`/?${writeHeaderQuery(withDeparture(readHeaderQuery(search, today), stop.id))}`)
          }
        />
      </Suspense>
    </div>
  );
}
