/**
 * The old REST paths' whole-list saves (rest-contract §1.17 a line with its routes, §1.22 a line's
 * schedules, §1.26 the yearly rules) carry no version: the old client posts back every item as it
 * loaded it, edited or not. An item sent back exactly as it was at an earlier time, but not as it
 * is now, is a stale copy: someone else changed it after the page was loaded, and saving it would
 * silently undo their change. An item equal to no earlier state was edited by the user and is saved.
 *
 * Where leaving an item out deletes it (routes, rules), a stale page also deletes what others added
 * after it was loaded. That shows only through the copies: the page is at least as old as the
 * moment its stale copies stopped being true, so a stored item left out that was created at or
 * after that moment was never on the page. An item left out of a page whose copies are all still
 * true cannot be told from one the user deleted on purpose (a reload would not change what the
 * server sees), so it is deleted as the old server did.
 *
 * Which content counts is each kind's business (copy-keys.ts); this module only compares keys.
 */

/** One recorded change of one item (null: the item was not there). */
export interface ItemChange<T> {
  /** The save it belongs to: the changes of one save share it, a later save has a greater one. */
  save: number;
  before: T | null;
  after: T | null;
  username: string;
  at: string;
}

export interface WholeListSave<Id, T> {
  /** The posted items; `id` null for a new one (never a stale copy). */
  posted: readonly { id: Id | null; content: T }[];
  /** The stored items now, by id. */
  current: ReadonlyMap<Id, T>;
  /** Every recorded change of each item, oldest first. */
  history: ReadonlyMap<Id, readonly ItemChange<T>[]>;
  /** Equal keys, equal content (however the old client spells it). */
  key: (content: T) => string;
  /** Whether a stored item left out of the list is deleted by the save. */
  omittedAreDeleted: boolean;
  /**
   * Who posts the list: only someone else's work is protected. Their own changes never make their
   * copies stale (putting back what they changed themselves is an edit), nor is an item they added
   * taken for one their page never showed.
   */
  by: string;
}

export interface StaleCopies<Id> {
  /** Posted items equal to an earlier state of theirs and not to the current one. */
  stale: Id[];
  /** Stored items left out of the list that were added after the page was loaded (the save would delete them). */
  added: Id[];
  /** The newest of the changes that made these stale or added them. */
  newest: { username: string; at: string } | null;
}

/** The posted items that differ from what is stored now: only these can be stale copies. */
export function changedFromStored<Id, T>({
  posted,
  current,
  key,
}: Pick<WholeListSave<Id, T>, 'posted' | 'current' | 'key'>): Id[] {
  return posted.flatMap(({ id, content }) => {
    const now = id === null ? undefined : current.get(id);
    return now !== undefined && key(content) !== key(now) ? [id as Id] : [];
  });
}

/**
 * The save (see ItemChange) that ended the last time `content` was the item's state, or null when
 * it never was one. The state before the first change held until that change.
 */
function lastTrueUntil<T>(changes: readonly ItemChange<T>[], wanted: string, key: (content: T) => string) {
  let until: number | null = null;
  changes.forEach((change, index) => {
    const next = changes[index + 1];
    if (index === 0 && change.before !== null && key(change.before) === wanted) until = change.save;
    if (change.after !== null && key(change.after) === wanted && next !== undefined) until = next.save;
  });
  return until;
}

export function findStaleCopies<Id, T>(save: WholeListSave<Id, T>): StaleCopies<Id> {
  const { posted, current, history, key } = save;
  const stale: Id[] = [];
  const culprits: ItemChange<T>[] = [];
  // The page is at least as old as the moment its oldest stale copy stopped being true.
  let pageBefore = Number.POSITIVE_INFINITY;
  for (const id of changedFromStored(save)) {
    const changes = history.get(id) ?? [];
    const content = posted.find((item) => item.id === id)?.content as T;
    const until = lastTrueUntil(changes, key(content), key);
    if (until === null) continue;
    const since = changes.filter((change) => change.save >= until);
    if (since.every((change) => change.username === save.by)) continue;
    stale.push(id);
    pageBefore = Math.min(pageBefore, until);
    culprits.push(...since);
  }
  const added: Id[] = [];
  if (save.omittedAreDeleted && stale.length > 0) {
    const postedIds = new Set(posted.map((item) => item.id));
    for (const id of current.keys()) {
      if (postedIds.has(id)) continue;
      const created = (history.get(id) ?? []).filter((c) => c.before === null && c.after !== null).at(-1);
      if (created === undefined || created.save < pageBefore || created.username === save.by) continue;
      added.push(id);
      culprits.push(created);
    }
  }
  const newest = culprits.reduce<ItemChange<T> | null>(
    (latest, change) => (latest === null || change.save >= latest.save ? change : latest),
    null,
  );
  return { stale, added, newest: newest && { username: newest.username, at: newest.at } };
}

/** A recorded change as the history gives it (db listEntityChanges / listChanges). */
export interface RecordedChange {
  batch: number;
  entityId: number | null;
  before: unknown;
  after: unknown;
  username: string;
  at: string;
}

/** Each thing's changes, for kinds the history keeps one entry per thing (schedules), oldest first. */
export function changesOfEntities<T>(entries: readonly RecordedChange[]): Map<number, ItemChange<T>[]> {
  const byId = new Map<number, ItemChange<T>[]>();
  for (const entry of entries) {
    if (entry.entityId === null) continue;
    const change = { save: entry.batch, before: entry.before as T | null, after: entry.after as T | null };
    byId.set(entry.entityId, [
      ...(byId.get(entry.entityId) ?? []),
      { ...change, username: entry.username, at: entry.at },
    ]);
  }
  return byId;
}

/**
 * Each item's changes, for kinds the history keeps as one entry holding them all (a line's routes,
 * the yearly rules): `items` reads the items out of one recorded state, `idOf` names each.
 */
export function changesOfItems<Id, T>(
  entries: readonly RecordedChange[],
  items: (state: unknown) => readonly T[],
  idOf: (item: T) => Id,
  key: (item: T) => string,
): Map<Id, ItemChange<T>[]> {
  const byId = new Map<Id, ItemChange<T>[]>();
  for (const entry of entries) {
    const before = new Map(items(entry.before).map((item) => [idOf(item), item]));
    const after = new Map(items(entry.after).map((item) => [idOf(item), item]));
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(id) ?? null;
      const is = after.get(id) ?? null;
      if (was !== null && is !== null && key(was) === key(is)) continue;
      const change = { save: entry.batch, before: was, after: is, username: entry.username, at: entry.at };
      byId.set(id, [...(byId.get(id) ?? []), change]);
    }
  }
  return byId;
}
