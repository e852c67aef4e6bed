import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { MapStop, StopMapProps } from './map-types.ts';
import 'leaflet/dist/leaflet.css';
import './stop-map.css';

/** Anykščiai bus station: where a map with nothing on it looks. */
const HOME_VIEW = { center: L.latLng(55.5262, 25.104), zoom: 12 };
/** A single stop, or stops close together, are shown no closer than this. */
const FIT_MAX_ZOOM = 16;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A map of stops (issue 29), with Leaflet: each stop a marker that is a focusable, labelled
 * element (role button, named by the stop; Enter or Space chooses it), a route as a line through
 * its stops in order (also listed, in order, for screen readers), proposed positions as distinct
 * markers, the buses in service (issue 40) as labelled buttons moved as they report, and, for
 * staff, click-to-place and drag-to-move. Tiles come from the server's
 * MAP_TILES_URL, one view at a time (Leaflet fetches the tiles in sight, no more); when they
 * fail, the markers and the route stay on a plain background and a note says so.
 */
export function StopMap(props: StopMapProps) {
  const { tiles, words, stops, route, proposals, selectedId, onPlace, fitKey, className, vehicles } = props;
  const box = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  const buses = useRef(new Map<number, L.Marker>());
  const fitted = useRef<string | null>(null);
  // The latest callbacks, so the markers need not be rebuilt when a parent re-renders.
  const latest = useRef(props);
  latest.current = props;
  const [tilesFailed, setTilesFailed] = useState(false);

  // The map itself, once.
  useEffect(() => {
    if (!box.current) return;
    const created = L.map(box.current, { keyboard: true, zoomSnap: 1 });
    created.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    const { text, href } = tiles.attribution;
    L.tileLayer(tiles.url, {
      maxZoom: tiles.maxZoom,
      attribution: href === null ? escapeHtml(text) : `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`,
    })
      .on('tileerror', () => setTilesFailed(true))
      .addTo(created);
    created.setView(HOME_VIEW.center, HOME_VIEW.zoom);
    created.on('click', (event: L.LeafletMouseEvent) =>
      latest.current.onPlace?.({ lat: event.latlng.lat, lon: event.latlng.lng }),
    );
    layers.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      // Leaflet 1.9 ends a zoom animation on a 250 ms timer that remove() does not cancel: left
      // running, it moves the removed map's panes and throws. Told the animation is over, the
      // timer finds nothing to do (a page left while the map zooms to fit a route).
      (created as L.Map & { _animatingZoom?: boolean })._animatingZoom = false;
      created.remove();
      map.current = null;
      layers.current = null;
      fitted.current = null;
      buses.current.clear();
    };
  }, [tiles.url, tiles.maxZoom, tiles.attribution]);

  // The buses in service (issue 40), above the stops. A bus that reports again is moved and
  // named anew in place, never drawn again, so a bus the keyboard is on keeps the focus.
  useEffect(() => {
    const shown = map.current;
    if (!shown) return;
    const drawn = buses.current;
    const now = new Set<number>();
    for (const vehicle of vehicles ?? []) {
      now.add(vehicle.id);
      let marker = drawn.get(vehicle.id);
      if (marker === undefined) {
        const created = L.marker([vehicle.lat, vehicle.lon], {
          icon: L.divIcon({ className: 'stop-map__bus', html: '<span></span>', iconSize: null as never }),
          keyboard: true,
          autoPanOnFocus: true,
          zIndexOffset: 2000,
        });
        created.on('click', () => {
          const chosen = latest.current.vehicles?.find((v) => v.id === vehicle.id);
          if (!chosen) return;
          // Without a page to open (the trip page's map), the map centres on the bus.
          if (latest.current.onChooseVehicle) latest.current.onChooseVehicle(chosen);
          else shown.panTo(created.getLatLng());
        });
        created.addTo(shown);
        pressable(created);
        drawn.set(vehicle.id, created);
        marker = created;
      } else marker.setLatLng([vehicle.lat, vehicle.lon]);
      const element = marker.getElement();
      if (element) {
        element.setAttribute('aria-label', vehicle.name);
        element.title = vehicle.name;
        element.dataset.tripId = String(vehicle.id);
        element.classList.toggle('is-late', vehicle.late);
        const label = element.firstElementChild;
        if (label) label.textContent = vehicle.line;
      }
    }
    for (const [id, marker] of drawn)
      if (!now.has(id)) {
        marker.remove();
        drawn.delete(id);
      }
  }, [vehicles, tiles.url]);

  // The markers, the route and the proposals, drawn again when they change.
  useEffect(() => {
    const group = layers.current;
    const shown = map.current;
    if (!group || !shown) return;
    group.clearLayers();
    if (route && route.length > 1)
      L.polyline(
        route.map((s) => [s.lat, s.lon] as [number, number]),
        { className: 'stop-map__route', interactive: false },
      ).addTo(group);
    const draggable = latest.current.onMove !== undefined;
    for (const stop of stops) {
      const selected = stop.id === selectedId;
      const marker = L.marker([stop.lat, stop.lon], {
        icon: L.divIcon({
          className: selected ? 'stop-map__stop is-selected' : 'stop-map__stop',
          iconSize: selected ? [22, 22] : [16, 16],
        }),
        keyboard: true,
        title: stop.name,
        draggable,
        autoPanOnFocus: true,
        zIndexOffset: selected ? 1000 : 0,
      });
      marker.on('click', () => latest.current.onChoose?.(stop));
      marker.on('dragend', () => {
        const { lat, lng } = marker.getLatLng();
        latest.current.onMove?.(stop, { lat, lon: lng });
      });
      marker.addTo(group);
      labelMarker(marker, stop.name, stop);
    }
    for (const proposal of proposals ?? []) {
      const marker = L.marker([proposal.lat, proposal.lon], {
        icon: L.divIcon({ className: 'stop-map__stop stop-map__stop--proposed', iconSize: [18, 18] }),
        keyboard: true,
        title: words.proposed(proposal.name),
        zIndexOffset: 500,
      }).addTo(group);
      labelMarker(marker, words.proposed(proposal.name), null);
    }
    const key = fitKey ?? 'once';
    if (fitted.current !== key) {
      fitted.current = key;
      const points = [...(route && route.length > 0 ? route : stops), ...(proposals ?? [])].map(
        (s) => [s.lat, s.lon] as [number, number],
      );
      if (points.length > 0)
        shown.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: FIT_MAX_ZOOM });
    }
  }, [stops, route, proposals, selectedId, fitKey, words]);

  // Placing a stop: a crosshair over the map.
  useEffect(() => {
    box.current?.classList.toggle('is-placing', onPlace !== undefined);
  }, [onPlace]);

  return (
    <div className={className ? `stop-map ${className}` : 'stop-map'}>
      <section ref={box} className="stop-map__map" aria-label={words.label} />
      {tilesFailed && (
        <p className="stop-map__note" role="status">
          {words.tilesFailed}
        </p>
      )}
      {route && route.length > 0 && (
        <ol className="sr-only" aria-label={words.routeStops}>
          {route.map((s, index) => (
            <li key={`${s.id}-${index}`}>{s.name}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The marker's element named for screen readers; Enter or Space chooses a stop. */
function labelMarker(marker: L.Marker, name: string, stop: MapStop | null) {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute('aria-label', name);
  if (stop === null) {
    // A proposal is looked at, not chosen: a labelled image, still reachable by keyboard.
    element.setAttribute('role', 'img');
    return;
  }
  element.dataset.stopId = String(stop.id);
  pressable(marker);
}

/** Enter or Space on a marker's element chooses it, as a click does. */
function pressable(marker: L.Marker) {
  marker.getElement()?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    marker.fire('click');
  });
}
