import { formatPosition } from '@bus/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useId, useMemo, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { useAdminMessages } from '../../../i18n/admin.ts';
import { useServerMessages } from '../../../i18n/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { LazyStopMap } from '../../map/lazy-stop-map.tsx';
import type { MapProposal, MapStop } from '../../map/map-types.ts';
import type { StopWithUsageData } from '../admin-api.tsx';
import { useToasts } from '../ui/toasts.tsx';
import { adminMapWords } from './map-words.ts';

/** Six decimals (about 10 cm), as every stop position is kept: '55.526202, 25.103987'. */
const positionText = ({ lat, lon }: { lat: number; lon: number }) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

/**
 * The bus stops screen's map (issue 29): every stop with a position is a marker, dragged to
 * move it; a stop without one is chosen in the list above the map and placed by a click on it.
 * Each placing or move is the ordinary stop save (admin.stops.save with the stop's version):
 * a new version and a history entry, a stale copy refused. `proposals` (the stops.txt import's
 * review) are drawn as distinct markers, for looking at before they are saved.
 */
export function StopsMap({
  items,
  proposals,
}: {
  items: readonly StopWithUsageData[];
  proposals?: readonly MapProposal[] | undefined;
}) {
  const m = useAdminMessages();
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const serverMessages = useServerMessages();
  const positions = useQuery(trpc.timetable.stopPositions.queryOptions());
  const save = useMutation(trpc.admin.stops.save.mutationOptions());
  const [placingId, setPlacingId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Drawn again after a refused move, so the marker goes back to where the stop still is.
  const [redraw, setRedraw] = useState(0);

  const byId = useMemo(() => new Map(items.map((item) => [item.stop.id, item])), [items]);
  // `redraw` makes a new list on purpose (see above).
  const stops = useMemo(
    () =>
      items.flatMap(({ stop }): MapStop[] =>
        stop.position === null ? [] : [{ id: stop.id, name: stop.name, ...stop.position }],
      ),
    [items, redraw],
  );
  const unplaced = useMemo(
    () =>
      items
        .filter((item) => item.stop.position === null)
        .sort((a, b) => a.stop.name.localeCompare(b.stop.name, 'lt') || a.stop.id - b.stop.id),
    [items],
  );
  const words = useMemo(() => adminMapWords(m, m.stopsMap.label), [m]);
  const placing = placingId === null ? undefined : byId.get(placingId);
  const selected = selectedId === null ? undefined : byId.get(selectedId);

  const savePosition = async (
    stopId: number,
    at: { lat: number; lon: number },
    done: (name: string) => string,
  ) => {
    const item = byId.get(stopId);
    if (!item) return;
    const { stop } = item;
    try {
      await save.mutateAsync({
        id: stop.id,
        name: stop.name,
        coords: stop.coords,
        defaultOption: stop.defaultOption,
        searchNames: stop.searchNames,
        position: positionText(at),
        baseVersion: item.version,
      });
      toasts.success(done(stop.name));
      setSelectedId(stop.id);
    } catch (error) {
      toasts.danger(errorText(error, serverMessages));
      setRedraw((n) => n + 1);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.stops.listWithUsage.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.stops.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.publishing.get.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.timetable.stopPositions.queryKey() }),
    ]);
  };

  return (
    <section className="stops-map" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{m.stopsMap.heading}</h2>
      <p className="field-hint">{m.stopsMap.hint}</p>
      <div className="stops-map__tools">
        {unplaced.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-place`}>{m.stopsMap.toPlace}</label>
            <select
              id={`${id}-place`}
              className="input"
              value={placingId ?? ''}
              onChange={(event) =>
                setPlacingId(event.target.value === '' ? null : Number(event.target.value))
              }
            >
              <option value="">{m.stopsMap.choose}</option>
              {unplaced.map(({ stop }) => (
                <option key={stop.id} value={stop.id}>
                  {stop.coords ? `${stop.name} (${stop.coords})` : stop.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="stops-map__status" role="status">
          {placing
            ? m.stopsMap.placing(placing.stop.name)
            : selected?.stop.position
              ? m.stopsMap.selected(selected.stop.name, formatPosition(selected.stop.position))
              : ''}
        </p>
      </div>
      {positions.data && (
        <Suspense fallback={<Loading />}>
          <LazyStopMap
            tiles={positions.data.tiles}
            words={words}
            stops={stops}
            proposals={proposals}
            selectedId={placingId ?? selectedId}
            onChoose={(stop) => setSelectedId(stop.id)}
            onMove={(stop, at) => void savePosition(stop.id, at, m.stopsMap.moved)}
            onPlace={
              placing
                ? (at) => {
                    setPlacingId(null);
                    void savePosition(placing.stop.id, at, m.stopsMap.placed);
                  }
                : undefined
            }
          />
        </Suspense>
      )}
    </section>
  );
}
