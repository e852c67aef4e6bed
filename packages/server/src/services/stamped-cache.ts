import type { OpenedDatabase } from '@bus/db';

type Handle = OpenedDatabase['sqlite'];

/**
 * A bounded LRU map whose entries all belong to one database change stamp (dataStamp from
 * @bus/db: it changes on every write, by this process or another). Reading with any other
 * stamp finds nothing, and storing under a new stamp first drops everything, so an entry can
 * never outlive the data it was computed from.
 */
export class StampedCache<V> {
  #stamp: string | null = null;
  readonly #entries = new Map<string, { value: V; weight: number }>();
  #weight = 0;

  /**
   * @param maxEntries most entries kept
   * @param maxWeight most total weight kept (e.g. items across all entries), so a few huge
   *   answers cannot take the memory of many small ones
   */
  constructor(
    readonly maxEntries: number,
    readonly maxWeight: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(stamp: string, key: string): V | undefined {
    if (stamp !== this.#stamp) return undefined;
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /**
   * Only store what was computed entirely under `stamp`: callers check the stamp again after
   * computing and skip set() when it moved.
   */
  set(stamp: string, key: string, value: V, weight = 1): void {
    if (stamp !== this.#stamp) {
      this.#entries.clear();
      this.#weight = 0;
      this.#stamp = stamp;
    }
    if (weight > this.maxWeight) return;
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#weight -= old.weight;
    }
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#weight <= this.maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
  }
}

/** One cache per database handle (tests open many), collected with the handle. */
export function perDatabase<V>(create: () => V): (sqlite: Handle) => V {
  const byHandle = new WeakMap<Handle, V>();
  return (sqlite) => {
    let value = byHandle.get(sqlite);
    if (value === undefined) {
      value = create();
      byHandle.set(sqlite, value);
    }
    return value;
  };
}
