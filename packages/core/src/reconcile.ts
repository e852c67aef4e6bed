/**
 * "Save a whole list" (a line's routes and notes, a line's schedules and their trips, the
 * yearly rules): what a posted list means against what is stored. Pure; each service then
 * refuses unknown ids and removals of used items, and writes the rest in one transaction.
 *
 * Ids: a stored thing has a positive id; a new one has null or a temporary id (0 or negative,
 * minted by the editor so new items can be keys and name each other before they are saved).
 */

/** True for the id of a stored thing; false for null and temporary ids (new things). */
export function isStoredId(id: number | null | undefined): id is number {
  return typeof id === 'number' && id > 0;
}

/** True for ids that name nothing stored yet: null, 0 or a temporary negative id. */
export function isNewId(id: number | null): boolean {
  return !isStoredId(id);
}

export interface Reconciled<T> {
  /** Posted items without a stored id, in posted order. */
  inserts: T[];
  /** Posted items whose id is stored, in posted order. */
  updates: (T & { id: number })[];
  /** Stored ids the posted list leaves out. */
  deletes: number[];
  /** Posted stored-looking ids that are not stored (refused by the service). */
  unknownIds: number[];
  /** Ids posted more than once (refused: one thing cannot be saved twice in one save). */
  duplicateIds: number[];
}

/**
 * Stored ids vs a posted list. With `complete` (the default) the posted list is the whole set,
 * so stored ids it leaves out are deletes; otherwise (a line's schedules: only those posted are
 * saved) nothing is deleted.
 */
export function reconcileList<T extends { id: number | null }>(
  storedIds: Iterable<number>,
  posted: readonly T[],
  options: { complete?: boolean } = {},
): Reconciled<T> {
  const stored = new Set(storedIds);
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  const inserts: T[] = [];
  const updates: (T & { id: number })[] = [];
  const unknown = new Set<number>();
  for (const item of posted) {
    const { id } = item;
    if (!isStoredId(id)) {
      inserts.push(item);
      continue;
    }
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
    if (stored.has(id)) updates.push(item as T & { id: number });
    else unknown.add(id);
  }
  const deletes = options.complete === false ? [] : [...stored].filter((id) => !seen.has(id));
  return { inserts, updates, deletes, unknownIds: [...unknown], duplicateIds: [...duplicates] };
}
