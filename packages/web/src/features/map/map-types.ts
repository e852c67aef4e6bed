/**
 * What the map component (stop-map.tsx, a lazy chunk with Leaflet) is given. Kept apart so the
 * pages that show a map can name these types without loading Leaflet.
 */

/** A stop on the map: its name labels its marker. */
export interface MapStop {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

/** A position proposed for a stop (the stops.txt import's review), drawn as a "proposed" marker. */
export interface MapProposal {
  stopId: number;
  name: string;
  lat: number;
  lon: number;
}

/** The tile source, as timetable.stopPositions answers it (the server's MAP_TILES_URL). */
export interface MapTiles {
  url: string;
  attribution: { text: string; href: string | null };
  maxZoom: number;
}

/** A bus in service (issue 40), drawn above the stops and moved in place as it reports. */
export interface MapVehicle {
  /** Its trip. */
  id: number;
  lat: number;
  lon: number;
  /** On the marker: the line's name. */
  line: string;
  /** The marker's accessible name: line, direction and delay. */
  name: string;
  late: boolean;
}

export interface MapWords {
  /** The map's accessible name. */
  label: string;
  /** Said under the map when its background tiles cannot be loaded. */
  tilesFailed: string;
  /** A proposed marker's name. */
  proposed: (name: string) => string;
  /** The caption of the route's stops in order (the visually hidden list). */
  routeStops: string;
}

export interface StopMapProps {
  tiles: MapTiles;
  words: MapWords;
  stops: readonly MapStop[];
  /** A route through stops, in order: drawn as a line, and listed for screen readers. */
  route?: readonly MapStop[] | undefined;
  proposals?: readonly MapProposal[] | undefined;
  /** The stop shown as chosen. */
  selectedId?: number | null | undefined;
  /** A marker clicked, or Enter / Space on it. */
  onChoose?: ((stop: MapStop) => void) | undefined;
  /** A click on the map itself (placing a stop); the map's cursor is a crosshair meanwhile. */
  onPlace?: ((position: { lat: number; lon: number }) => void) | undefined;
  /** Markers can be dragged; called when one is dropped. */
  onMove?: ((stop: MapStop, position: { lat: number; lon: number }) => void) | undefined;
  /** Buses in service: each a button named by its line, direction and delay. */
  vehicles?: readonly MapVehicle[] | undefined;
  /** A bus clicked, or Enter / Space on it. */
  onChooseVehicle?: ((vehicle: MapVehicle) => void) | undefined;
  /** The map fits its stops again when this changes (not on every new list). */
  fitKey?: string | undefined;
  className?: string | undefined;
}
