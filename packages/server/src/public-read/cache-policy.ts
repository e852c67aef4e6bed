import type { QueryPaths } from '../trpc/paths.ts';

/**
 * How a public answer is cached, declared next to the answer itself: the public tRPC queries in
 * a plain record beside their router, keyed by the router's own paths (CacheSettings: a wrong
 * or missing path does not compile), a Fastify route in its config
 * (`app.get(path, cachedBy('day'), handler)`). What declares nothing is not cached: no tag,
 * nothing kept.
 *
 * - 'minute': the answer moves with the clock's minute (tooLate): tagged and kept per minute;
 * - 'day': the answer moves with today's date only: tagged by day, kept per minute like all;
 * - 'never': not cached (the same as declaring nothing, said out loud).
 */
export type CachePolicy = 'minute' | 'day' | 'never';

export interface ReadMeta {
  cache?: CachePolicy;
  /** The answer says the site's address from the Publishing settings: its tag names their save. */
  publishing?: boolean;
  /** The answer links to the public origin (calendar feeds): its tag names the origin too. */
  origin?: boolean;
  /** One of the hottest queries: served by the tRPC fast lane (trpc-fast-lane.ts). */
  fastLane?: boolean;
  /**
   * Live buses are laid over the answer (issue 40: the departures): its tag and kept copy also
   * name the live state of the trips it shows (see http-cache.ts).
   */
  live?: boolean;
  /**
   * A 'minute' answer that notes when it next changes (noteValidUntil: the departures, whose
   * only tie to the clock is tooLate): kept past its minute until then (SerializedAnswers).
   */
  untilChanged?: boolean;
}

/** A cached answer's policy as the HTTP layer uses it. */
export interface Declared {
  byMinute: boolean;
  publishing: boolean;
  origin: boolean;
  fastLane: boolean;
  live: boolean;
  untilChanged: boolean;
}

/** What `meta` declares, or null when it is not cached. */
export function declared(meta: ReadMeta | undefined): Declared | null {
  if (meta?.cache !== 'minute' && meta?.cache !== 'day') return null;
  return {
    byMinute: meta.cache === 'minute',
    publishing: meta.publishing === true,
    origin: meta.origin === true,
    fastLane: meta.fastLane === true,
    live: meta.live === true,
    untilChanged: meta.untilChanged === true,
  };
}

/** The cached procedures of a tRPC router, by path ('timetable.departures'). */
export type CachePolicies = ReadonlyMap<string, Declared>;

/**
 * Every query of a router (`R`, its paths under `Prefix`) with how its answer is cached: one
 * entry per query, no other key (checked by TypeScript). Only queries: a GET never runs a
 * mutation, so none is ever cached.
 */
export type CacheSettings<R, Prefix extends string> = Record<QueryPaths<R, Prefix>, ReadMeta>;

/** The policies of cache settings, as the HTTP layer reads them (what declares 'never' is left out). */
export function policiesOf(settings: Readonly<Record<string, ReadMeta>>): CachePolicies {
  const policies = new Map<string, Declared>();
  for (const [path, meta] of Object.entries(settings)) {
    const policy = declared(meta);
    if (policy !== null) policies.set(path, policy);
  }
  return policies;
}

/** How a GET is cached: the policies of every procedure it names, or null if any is not cached. */
export function combined(policies: readonly (Declared | null)[]): Declared | null {
  if (policies.length === 0 || policies.some((p) => p === null)) return null;
  const all = policies as Declared[];
  return {
    byMinute: all.some((p) => p.byMinute),
    publishing: all.some((p) => p.publishing),
    origin: all.some((p) => p.origin),
    fastLane: false,
    live: all.some((p) => p.live),
    // One answer that says so; several in one (a batch) are not kept past their minute.
    untilChanged: all.length === 1 && all[0]?.untilChanged === true,
  };
}

/** A Fastify route's options declaring its cache policy: `app.get(path, cachedBy('day'), handler)`. */
export function cachedBy(cache: CachePolicy): { config: { cache: ReadMeta } } {
  return { config: { cache: { cache } } };
}
