import { Suspense, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useMapMessages } from '../../../i18n/map.ts';
import type { StopTime } from '../../../lib/schedule.ts';
import { readHeaderQuery, withDeparture, writeHeaderQuery } from '../../../lib/timetable-query.ts';
import { useVilniusNow } from '../../../lib/use-now.ts';
import { usePublicQuery } from '../../../lib/use-public-query.ts';
import { LazyStopMap } from '../../map/lazy-stop-map.tsx';
import type { MapStop } from '../../map/map-types.ts';

/**
 * The line page's map (issue 29): the direction shown, as a line through its stops in travel
 * order (the swap button shows the other direction's); stops not placed yet are left out and
 * counted. Choosing a stop opens its departures.
 */
export function LineMap({ stops, direction }: { stops: readonly StopTime[]; direction: string }) {
  const t = useMapMessages();
  const search = useSearch();
  const [, navigate] = useLocation();
  const today = useVilniusNow().date;
  const positions = usePublicQuery('stopPositions', undefined);
  const placedStops = positions.data?.stops;
  // Kept while the stops and positions are the same, so the map is not drawn again each minute
  // (the page hands a new list of the same stops on every render).
  const key = stops.map(({ stop }) => stop.id).join(',');
  const kept = useRef({ key, stops });
  if (kept.current.key !== key) kept.current = { key, stops };
  const sameStops = kept.current.stops;
  const route = useMemo(() => {
    const placed = new Map((placedStops ?? []).map((s) => [s.id, s]));
    return sameStops.flatMap(({ stop }): MapStop[] => {
      const at = placed.get(stop.id);
      return at ? [{ id: stop.id, name: stop.name, lat: at.lat, lon: at.lon }] : [];
    });
  }, [sameStops, placedStops]);
  const words = useMemo(() => ({ ...t, label: t.lineMap(direction) }), [t, direction]);
  if (!positions.data) return null;
  const label = words.label;
  return (
    <section className="line-map" aria-label={label}>
      <h2>{label}</h2>
      {route.length < stops.length && <p>{t.placedOf(route.length, stops.length)}</p>}
      {route.length > 0 && (
        <Suspense fallback={null}>
          <LazyStopMap
            tiles={positions.data.tiles}
            words={words}
            stops={route}
            route={route}
            fitKey={route.map((s) => s.id).join(',')}
            onChoose={(stop) =>
              navigate(`/?${writeHeaderQuery(withDeparture(readHeaderQuery(search, today), stop.id))}`)
            }
          />
        </Suspense>
      )}
    </section>
  );
}
