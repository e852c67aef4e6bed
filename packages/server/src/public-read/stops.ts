import {
  type FoundStop,
  HOME_STOP_ID,
  STOP_SEARCH_LIMIT,
  type Stop,
  searchSortedStops,
  searchStops,
  stopSearchPlan,
} from '@bus/core';
import { getStopsByIds, type OpenedDatabase } from '@bus/db';
import { type ReadContext, snapshotOf } from './read-context.ts';

/** The visitor's stop selector: default stops for an empty query, else the one stop search (core stop-search.ts). */
export async function findStops(
  read: ReadContext,
  query: string,
  defaultsOrder: 'name' | 'id' = 'name',
): Promise<FoundStop[]> {
  const { stopsSorted } = await snapshotOf(read);
  const plan = stopSearchPlan(query);
  if (plan.mode !== 'defaults')
    return searchStops(stopsSorted, query, STOP_SEARCH_LIMIT).map(({ stop, nameIndex }) => {
      const { id, name, coords, defaultOption } = stop;
      // Found by an extra search name: the selector shows which one (Anykščių AS for 'Bus station').
      const matchedName = nameIndex > 0 ? stop.searchNames[nameIndex - 1] : undefined;
      return matchedName === undefined
        ? { id, name, coords, defaultOption }
        : { id, name, coords, defaultOption, matchedName };
    });
  let found: readonly Stop[];
  if (defaultsOrder === 'id')
    found = stopsSorted
      .filter((s) => s.defaultOption)
      .sort((a, b) => a.id - b.id)
      .slice(0, STOP_SEARCH_LIMIT);
  else found = searchSortedStops(stopsSorted, plan, STOP_SEARCH_LIMIT);
  return found.map(({ id, name, coords, defaultOption }) => ({ id, name, coords, defaultOption }));
}

/** Every stop the one stop search finds for `query`, best first, by id (the admin board's stop search). */
export async function stopIdsMatching(read: ReadContext, query: string): Promise<number[]> {
  const { stopsSorted } = await snapshotOf(read);
  return searchStops(stopsSorted, query).map(({ stop }) => stop.id);
}

export interface StopPair {
  from: Stop | null;
  to: Stop | null;
}

/**
 * The departure/destination pair for the header (legacy 'get2'): a destination only exists
 * when departing from the home station; an unknown departure falls back to the home station.
 */
export async function getStopPair(
  db: OpenedDatabase,
  fromId: number | null,
  toId: number | null,
): Promise<StopPair> {
  const from = fromId ?? HOME_STOP_ID;
  const stops = await getStopsByIds(db.kysely, [from, HOME_STOP_ID, ...(toId === null ? [] : [toId])]);
  if (from === HOME_STOP_ID) {
    return { from: stops.get(HOME_STOP_ID) ?? null, to: toId === null ? null : (stops.get(toId) ?? null) };
  }
  return { from: stops.get(from) ?? stops.get(HOME_STOP_ID) ?? null, to: null };
}
