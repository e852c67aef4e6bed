import { HOME_STOP_ID, STOP_SEARCH_LIMIT, type Stop, searchSortedStops, stopSearchPlan } from '@bus/core';
import { getStopsByIds, type OpenedDatabase } from '@bus/db';
import { currentSnapshot } from './answer-cache.ts';

/** The visitor's stop selector: default stops for an empty query, else a folded search. */
export async function findStops(
  db: OpenedDatabase,
  query: string,
  defaultsOrder: 'name' | 'id' = 'name',
): Promise<Stop[]> {
  const { stopsSorted } = await currentSnapshot(db);
  const plan = stopSearchPlan(query);
  const found =
    plan.mode === 'defaults' && defaultsOrder === 'id'
      ? stopsSorted
          .filter((s) => s.defaultOption)
          .sort((a, b) => a.id - b.id)
          .slice(0, STOP_SEARCH_LIMIT)
      : searchSortedStops(stopsSorted, plan, STOP_SEARCH_LIMIT);
  return found.map(({ id, name, coords, defaultOption }) => ({ id, name, coords, defaultOption }));
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
