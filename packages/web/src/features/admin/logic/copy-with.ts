/**
 * Copies of a set or map with one change, for React state that is replaced, never mutated
 * (ticked schedules, open cards, weekdays picked, typed cell texts, warnings by schedule).
 */

/** A copy of `set` with `items` added (on) or taken out (off). */
export function withMembers<T>(set: ReadonlySet<T>, items: Iterable<T>, on: boolean): Set<T> {
  const next = new Set(set);
  for (const item of items) {
    if (on) next.add(item);
    else next.delete(item);
  }
  return next;
}

/** A copy of `map` with `key` set to `value`, or taken out when `value` is null. */
export function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V | null): Map<K, V> {
  const next = new Map(map);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

/**
 * A copy of a list the server sends by id with the items a save answered put in: a stored one
 * replaced, a new one added, still by id (how an editor's loaded data follows its own save).
 */
export function withSaved<T extends { id: number }>(list: readonly T[], saved: readonly T[]): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  for (const item of saved) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
