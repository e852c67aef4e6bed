/**
 * Positions for our stops from another feed's stops (issue 29, `import-stop-positions
 * --from-gtfs`): our stops are matched to the feed's by name with the stop search's
 * Lithuanian-aware key (stop-search.ts nameKey: case, accents, abbreviations, case endings);
 * where several of our stops or several places of the feed share a name, by nearness to the
 * stops already placed next to them on our lines' routes.
 */

import type { Position } from './domain.ts';
import { distanceMetres } from './geo/nearest-stops.ts';
import { roundPosition } from './gtfs/publishing.ts';
import type { FeedStop } from './gtfs/stops-txt.ts';
import { nameKey } from './stop-search.ts';

/** Feed stops of one name this close together are one place (a stop each side of the road). */
export const SAME_PLACE_METERS = 300;
/** A place farther than this from every placed stop next to ours on its routes is not taken. */
export const MAX_FROM_ROUTE_METERS = 50_000;

/** One of our stops as the matcher sees it. */
export interface StopToPlace {
  id: number;
  name: string;
  /** Its extra search names: matched too. */
  searchNames: readonly string[];
  position: Position | null;
}

/** Where the feed has a stop of that name: one feed stop, or a few within SAME_PLACE_METERS. */
export interface PositionCandidate {
  /** The feed stops' middle, to six decimals. */
  position: Position;
  feedStops: { id: string; name: string }[];
  /** To the nearest stop placed next to ours on its routes (or its own position); null: none placed. */
  nearMeters: number | null;
}

export interface MatchedStop {
  stopId: number;
  name: string;
  position: Position;
  feedStops: { id: string; name: string }[];
  /** Its position now, and how far the proposed one is from it. */
  current: Position | null;
  movedMeters: number | null;
  /** 'name': the only stop of its name on both sides; 'nearness': decided by its route neighbours. */
  by: 'name' | 'nearness';
}

export interface AmbiguousStop {
  stopId: number;
  name: string;
  current: Position | null;
  /** Nearest to its route neighbours first (those not known last, in file order). */
  candidates: PositionCandidate[];
}

export interface UnmatchedStop {
  stopId: number;
  name: string;
  current: Position | null;
}

export interface PositionMatch {
  matched: MatchedStop[];
  ambiguous: AmbiguousStop[];
  unmatched: UnmatchedStop[];
}

interface Place {
  position: Position;
  feedStops: FeedStop[];
}

function byKey(feed: readonly FeedStop[], loose: boolean): Map<string, FeedStop[]> {
  const map = new Map<string, FeedStop[]>();
  for (const stop of feed) {
    const key = nameKey(stop.name, loose);
    const list = map.get(key);
    if (list) list.push(stop);
    else map.set(key, [stop]);
  }
  return map;
}

/** The feed stops named like ours: stations only when no stop or platform is. */
function candidatesOf(
  stop: StopToPlace,
  strict: Map<string, FeedStop[]>,
  loose: Map<string, FeedStop[]>,
): FeedStop[] {
  const names = [stop.name, ...stop.searchNames];
  const found = new Map<string, FeedStop>();
  for (const name of names) for (const f of strict.get(nameKey(name)) ?? []) found.set(f.id, f);
  if (found.size === 0)
    for (const name of names) for (const f of loose.get(nameKey(name, true)) ?? []) found.set(f.id, f);
  const all = [...found.values()].sort((a, b) => a.line - b.line);
  const stops = all.filter((f) => f.locationType !== 1);
  return stops.length > 0 ? stops : all;
}

/** Metres in a degree of latitude (and of longitude on the equator): 111.2 km, taken low. */
const METRES_PER_DEGREE = 110_000;

/**
 * Stops of one name in a cell of the grid (below) that each later stop is measured against:
 * far more than any real feed has in 300 m, and few enough that a name the feed gives tens of
 * thousands of times in one spot (a crafted file) costs a bounded number of steps a stop.
 */
const MEASURED_PER_CELL = 32;

/**
 * Feed stops within SAME_PLACE_METERS of each other (through any chain of them) as one place.
 * The stops are put in cells of a grid SAME_PLACE_METERS wide, so each is measured only against
 * the stops of its own and the eight cells around it (at most MEASURED_PER_CELL of each, the
 * first in the file): a name the feed has thousands of times (a whole country's "Mokykla")
 * costs about as many steps, not their square.
 */
function placesOf(stops: readonly FeedStop[]): Place[] {
  const maxLat = Math.min(
    89,
    stops.reduce((max, f) => Math.max(max, Math.abs(f.position.lat)), 0),
  );
  // A degree of longitude is shortest at the stop farthest from the equator: cells that wide
  // there are wider elsewhere, so two stops SAME_PLACE_METERS apart are never two cells apart.
  const latStep = SAME_PLACE_METERS / METRES_PER_DEGREE;
  const lonStep = (1.01 * latStep) / Math.cos((maxLat * Math.PI) / 180);
  const parent = stops.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const cells = new Map<string, number[]>();
  for (const [i, stop] of stops.entries()) {
    const row = Math.floor(stop.position.lat / latStep);
    const column = Math.floor(stop.position.lon / lonStep);
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++)
        for (const j of cells.get(`${row + dr},${column + dc}`) ?? []) {
          // Already one place: no need to measure.
          if (root(i) === root(j)) continue;
          if (distanceMetres((stops[j] as FeedStop).position, stop.position) <= SAME_PLACE_METERS)
            parent[root(j)] = root(i);
        }
    const key = `${row},${column}`;
    const cell = cells.get(key);
    if (!cell) cells.set(key, [i]);
    else if (cell.length < MEASURED_PER_CELL) cell.push(i);
  }
  const groups = new Map<number, FeedStop[]>();
  for (const [i, stop] of stops.entries()) {
    const group = groups.get(root(i));
    if (group) group.push(stop);
    else groups.set(root(i), [stop]);
  }
  return [...groups.values()]
    .map((g) => g.sort((a, b) => a.line - b.line))
    .sort((a, b) => (a[0] as FeedStop).line - (b[0] as FeedStop).line)
    .map((g) => ({
      feedStops: g,
      position: roundPosition({
        lat: g.reduce((sum, f) => sum + f.position.lat, 0) / g.length,
        lon: g.reduce((sum, f) => sum + f.position.lon, 0) / g.length,
      }),
    }));
}

/** Our stops with the same feed candidates compete for them. */
interface Group {
  stops: StopToPlace[];
  places: Place[];
}

/**
 * For each stop, the stops next to it on the routes: walking each way along every route that
 * passes it, the first one with a position (`placed`), and its own position.
 */
function referencesOf(
  stop: StopToPlace,
  routes: readonly (readonly number[])[],
  placed: ReadonlyMap<number, Position>,
): Position[] {
  const refs: Position[] = [];
  const own = placed.get(stop.id);
  if (own) refs.push(own);
  for (const route of routes) {
    for (let at = route.indexOf(stop.id); at !== -1; at = route.indexOf(stop.id, at + 1)) {
      for (const step of [-1, 1]) {
        for (let i = at + step; i >= 0 && i < route.length; i += step) {
          const position = placed.get(route[i] as number);
          if (route[i] === stop.id) continue;
          if (position) {
            refs.push(position);
            break;
          }
        }
      }
    }
  }
  return refs;
}

function nearness(place: Place, refs: readonly Position[]): number | null {
  if (refs.length === 0) return null;
  return Math.min(...refs.map((ref) => distanceMetres(place.position, ref)));
}

/** `best` is clearly nearer than every other (at least twice as near, and a kilometre nearer). */
function clearlyNearest(best: number, others: readonly (number | null)[]): boolean {
  return others.every((d) => d === null || d >= Math.max(2 * best, best + 1000));
}

const candidate = (place: Place, near: number | null): PositionCandidate => ({
  position: place.position,
  feedStops: place.feedStops.map((f) => ({ id: f.id, name: f.name })),
  nearMeters: near === null ? null : Math.round(near),
});

export function matchStopPositions(
  ours: readonly StopToPlace[],
  feed: readonly FeedStop[],
  routes: readonly (readonly number[])[],
): PositionMatch {
  const strict = byKey(feed, false);
  const loose = byKey(feed, true);
  const unmatched: UnmatchedStop[] = [];
  const groups = new Map<string, Group>();
  for (const stop of ours) {
    const found = candidatesOf(stop, strict, loose);
    if (found.length === 0) {
      unmatched.push({ stopId: stop.id, name: stop.name, current: stop.position });
      continue;
    }
    const key = found.map((f) => f.id).join('\n');
    const group = groups.get(key);
    if (group) group.stops.push(stop);
    else groups.set(key, { stops: [stop], places: placesOf(found) });
  }

  const placed = new Map<number, Position>();
  for (const stop of ours) if (stop.position) placed.set(stop.id, stop.position);
  const decided = new Map<number, { place: Place; by: MatchedStop['by'] }>();
  const taken = new Set<Place>();
  const decide = (stop: StopToPlace, place: Place, by: MatchedStop['by']) => {
    decided.set(stop.id, { place, by });
    taken.add(place);
    placed.set(stop.id, place.position);
  };

  // Each round places what it can; the stops it places are the next round's neighbours.
  for (let progress = true; progress; ) {
    progress = false;
    for (const group of groups.values()) {
      const open = group.stops.filter((s) => !decided.has(s.id));
      const free = group.places.filter((p) => !taken.has(p));
      if (open.length === 0 || free.length === 0) continue;
      const near = new Map(
        open.map((s) => {
          const refs = referencesOf(s, routes, placed);
          return [s, free.map((p) => nearness(p, refs))];
        }),
      );
      if (group.stops.length === 1 && group.places.length === 1) {
        const d = (near.get(open[0] as StopToPlace) as (number | null)[])[0] ?? null;
        if (d === null || d <= MAX_FROM_ROUTE_METERS) {
          decide(open[0] as StopToPlace, free[0] as Place, 'name');
          progress = true;
        }
        continue;
      }
      const pairs = open.flatMap((s) =>
        free.flatMap((_place, j) => {
          const d = (near.get(s) as (number | null)[])[j] ?? null;
          return d === null || d > MAX_FROM_ROUTE_METERS ? [] : [{ s, j, d }];
        }),
      );
      pairs.sort((a, b) => a.d - b.d);
      // Each stop's places nearest first: the nearest other place still free is found without
      // measuring every place again for each pair (thousands of places of one name).
      const byNearness = new Map(
        open.map((s) => {
          const d = near.get(s) as (number | null)[];
          const known = d.flatMap((m, k) => (m === null ? [] : [k]));
          return [s, known.sort((a, b) => (d[a] as number) - (d[b] as number))];
        }),
      );
      const usedStops = new Set<StopToPlace>();
      const usedPlaces = new Set<number>();
      for (const { s, j, d } of pairs) {
        if (usedStops.has(s) || usedPlaces.has(j)) continue;
        const nextPlace = (byNearness.get(s) as number[]).find((k) => k !== j && !usedPlaces.has(k));
        const otherPlaces =
          nextPlace === undefined ? [] : [(near.get(s) as (number | null)[])[nextPlace] ?? null];
        const otherStops = open
          .filter((o) => o !== s && !usedStops.has(o))
          .map((o) => (near.get(o) as (number | null)[])[j] ?? null);
        if (!clearlyNearest(d, otherPlaces) || !clearlyNearest(d, otherStops)) continue;
        usedStops.add(s);
        usedPlaces.add(j);
        decide(s, free[j] as Place, 'nearness');
        progress = true;
      }
    }
  }

  const matched: MatchedStop[] = [];
  const ambiguous: AmbiguousStop[] = [];
  for (const group of groups.values()) {
    for (const stop of group.stops) {
      const done = decided.get(stop.id);
      if (done) {
        matched.push({
          stopId: stop.id,
          name: stop.name,
          position: done.place.position,
          feedStops: done.place.feedStops.map((f) => ({ id: f.id, name: f.name })),
          current: stop.position,
          movedMeters: stop.position ? Math.round(distanceMetres(stop.position, done.place.position)) : null,
          by: done.by,
        });
        continue;
      }
      const refs = referencesOf(stop, routes, placed);
      const candidates = group.places
        .filter((p) => !group.stops.some((o) => decided.get(o.id)?.place === p))
        .map((p) => candidate(p, nearness(p, refs)));
      candidates.sort((a, b) =>
        a.nearMeters === null || b.nearMeters === null
          ? Number(a.nearMeters === null) - Number(b.nearMeters === null)
          : a.nearMeters - b.nearMeters,
      );
      // Its only place went to a stop of the same name nearer to it: the feed has none for this one.
      if (candidates.length === 0)
        unmatched.push({ stopId: stop.id, name: stop.name, current: stop.position });
      else ambiguous.push({ stopId: stop.id, name: stop.name, current: stop.position, candidates });
    }
  }
  const byId = <T extends { stopId: number }>(list: T[]) => list.sort((a, b) => a.stopId - b.stopId);
  return { matched: byId(matched), ambiguous: byId(ambiguous), unmatched: byId(unmatched) };
}
