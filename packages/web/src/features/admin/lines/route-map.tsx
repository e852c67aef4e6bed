import type { Stop } from '@bus/core';
import { Suspense, useMemo } from 'react';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { LazyStopMap } from '../../map/lazy-stop-map.tsx';
import type { MapStop } from '../../map/map-types.ts';
import { adminMapWords } from '../bus-stops/map-words.ts';
import { useStopPlaces } from './use-stop-places.ts';

/**
 * A route variation on a map in the line editor (issue 29): a line through its stops in the
 * order they are listed, so a stop out of order shows at once as a zigzag. It follows the draft
 * as it is edited; stops without a position are left out and counted.
 */
export function RouteMap({
  n,
  routeStops,
}: {
  /** The route variation's number on the page. */
  n: number;
  /** The route's stops in order, as the editor holds them (null: a row not chosen yet). */
  routeStops: readonly (Stop | null)[];
}) {
  const m = useAdminMessages();
  const { data: positions, placed } = useStopPlaces();
  const chosen = routeStops.filter((s): s is Stop => s !== null);
  const key = chosen.map((s) => s.id).join(',');
  // The same stops in the same order keep the drawn route (the draft hands new lists).
  const route = useMemo(
    () =>
      chosen.flatMap((stop): MapStop[] => {
        const at = placed.get(stop.id);
        return at ? [{ id: stop.id, name: stop.name, ...at }] : [];
      }),
    [key, placed],
  );
  const words = useMemo(() => adminMapWords(m, m.stopsMap.routeMap(n)), [m, n]);
  if (!positions || chosen.length === 0) return null;
  return (
    <div className="route-map">
      {route.length < chosen.length && (
        <p className="field-hint">{m.stopsMap.routePlaced(route.length, chosen.length)}</p>
      )}
      {route.length > 0 && (
        <Suspense fallback={null}>
          <LazyStopMap tiles={positions.tiles} words={words} stops={route} route={route} fitKey={key} />
        </Suspense>
      )}
    </div>
  );
}
