import type { PlacedStop } from '@bus/core';
import { listAllStops } from '@bus/db';
import type { MapTiles } from '../map-tiles.ts';
import type { ReadContext } from './read-context.ts';

/** What every map of the site draws from (issue 29): the tiles to fetch and every placed stop. */
export interface StopPositions {
  tiles: MapTiles;
  /** Every stop that has a position, by name (Lithuanian order), then id. */
  stops: (PlacedStop & { coords: string | null })[];
}

/**
 * The visitors' maps: every stop staff have placed, with the tile source from the server's
 * configuration. Read from the stops table (the snapshot holds no positions); cached by the
 * data generation like the other public answers, so a stop placed or moved shows at once.
 */
export async function stopPositions(read: ReadContext, tiles: MapTiles): Promise<StopPositions> {
  const stops = (await listAllStops(read.db.kysely))
    .flatMap(({ id, name, coords, position }) =>
      position === null ? [] : [{ id, name, coords, lat: position.lat, lon: position.lon }],
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'lt') || a.id - b.id);
  return { tiles, stops };
}
