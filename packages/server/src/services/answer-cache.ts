import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type Clock,
  type DepartureItem,
  type DeparturesQuery,
  effectiveDestination,
  type ServiceDayContext,
  tooLateOn,
  type VilniusNow,
  vilniusNow,
} from '@bus/core';
import {
  dataStamp,
  dataVersion,
  type OpenedDatabase,
  type ReadSnapshot,
  readSnapshot,
  refreshSnapshot,
} from '@bus/db';
import { LRUCache } from 'lru-cache';

/**
 * Every cache of the public answers lives here; the services compute, this module keeps.
 *
 * Never stale: all that is kept for a database belongs to one generation, named by the
 * database's change stamp (dataStamp from @bus/db: `PRAGMA data_version` + `total_changes()`,
 * which moves on every write by this process or another one). Each look-up reads the stamp
 * first and, when it has moved, drops the whole generation (read snapshot, service days,
 * answers, serialized answers) at once. Work that overlaps a write stores into the generation
 * it started in, which is never read again, so nothing computed under an older stamp is served.
 *
 * One eviction policy: each cache is an lru-cache bounded by entries and by total size, least
 * recently used out first (see `boundedCache`).
 */

/** How big one cache may grow: entries, total size, and size of one entry (default: total). */
export interface CacheBound<V> {
  entries: number;
  size: number;
  entrySize?: number;
  sizeOf: (value: V) => number;
}

/** The one eviction policy: least recently used first, within `bound`. */
export function boundedCache<V extends {}>(bound: CacheBound<V>): LRUCache<string, V> {
  return new LRUCache<string, V>({
    max: bound.entries,
    maxSize: bound.size,
    maxEntrySize: bound.entrySize ?? bound.size,
    sizeCalculation: (value) => Math.max(1, bound.sizeOf(value)),
  });
}

/**
 * An answer as kept: its items as first worked out, whose tooLate (of that request's clock) is
 * not read again, and each one's minute. The items are shared with the request that worked
 * them out, not copied (a hub's 6,000): nothing changes an answer's items after
 * assembleDepartures; they are serialized or mapped to new objects.
 */
interface KeptAnswer {
  items: readonly DepartureItem[];
  minutes: Uint16Array;
}

/** A date's schedule filter, and a key naming it: many dates share one service day. */
interface ServiceDay {
  context: ServiceDayContext;
  key: string;
}

/** Service days by date: a year has 365 or 366, and computing one takes up to a few 100 µs. */
const SERVICE_DAYS: CacheBound<ServiceDay> = { entries: 1_000, size: 1_000, sizeOf: () => 1 };
/** At most 1,000 answers and 60,000 departures across them (about 8 MB). */
const ANSWERS: CacheBound<KeptAnswer> = { entries: 1_000, size: 60_000, sizeOf: (a) => a.items.length };
/**
 * Serialized answers of the fast lane: 4 million characters (about 8 MB); one answer at most a
 * 16th of that, since a hub's whole day is not worth the memory.
 */
const SERIALIZED: CacheBound<string> = {
  entries: 4_000,
  size: 4_000_000,
  entrySize: 250_000,
  sizeOf: (json) => json.length,
};

/**
 * Calendar feeds (.ics) as sent: a hub's 60 days are thousands of events (about 0.4 MB, half a
 * second to write), asked again by every subscribed calendar. 16 million characters in all.
 */
const FEEDS: CacheBound<string> = {
  entries: 500,
  size: 16_000_000,
  entrySize: 4_000_000,
  sizeOf: (text) => text.length,
};

/** What is kept for one database while its change stamp stays the same. */
class Generation {
  snapshot: Promise<ReadSnapshot> | undefined;
  readonly serviceDays = boundedCache(SERVICE_DAYS);
  readonly answers = boundedCache(ANSWERS);
  readonly feeds = boundedCache(FEEDS);
  /** Feeds being written now, which requests missing them meanwhile wait for (see keptFeed). */
  readonly feedBuilds = new Map<string, Promise<string>>();
  /** Serialized answers of one minute: a new minute starts an empty cache. */
  serialized: { minute: number; answers: KeptAnswers } | undefined;

  /** dataVersion of the file, read once per generation (see tagOf). */
  version: string | undefined;

  constructor(readonly stamp: string) {}
}

/** One generation per database handle (tests open many), collected with the handle. */
const generations = new WeakMap<OpenedDatabase['sqlite'], Generation>();

/** The database's current generation: a new, empty one whenever its stamp has moved. */
export function currentGeneration(db: OpenedDatabase): Generation {
  const stamp = dataStamp(db.sqlite);
  let generation = generations.get(db.sqlite);
  if (generation?.stamp !== stamp) {
    generation = new Generation(stamp);
    generations.set(db.sqlite, generation);
  }
  return generation;
}

/** The newest snapshot loaded for each database: the next one is worked out from it. */
const lastSnapshots = new WeakMap<OpenedDatabase['sqlite'], ReadSnapshot>();

/**
 * The generation's read snapshot, loaded once (concurrent callers share the load): the last
 * one brought up to date with what the history says changed (refreshSnapshot), or read whole.
 */
function snapshotOf(db: OpenedDatabase, generation: Generation): Promise<ReadSnapshot> {
  if (generation.snapshot === undefined) {
    const last = lastSnapshots.get(db.sqlite);
    const loading = last === undefined ? readSnapshot(db) : refreshSnapshot(db, last);
    loading.then((snapshot) => lastSnapshots.set(db.sqlite, snapshot)).catch(() => {});
    generation.snapshot = loading;
    // A failed load is not kept: the next caller tries again.
    loading.catch(() => {
      if (generation.snapshot === loading) generation.snapshot = undefined;
    });
  }
  return generation.snapshot;
}

/**
 * After a save: the snapshot brought up to date at once, where one is kept (a serving
 * process), so the first visitor after the save does not wait for it; a command-line process
 * that never read one does not start now.
 */
export async function refreshKeptSnapshot(db: OpenedDatabase): Promise<void> {
  if (lastSnapshots.has(db.sqlite)) await currentSnapshot(db);
}

/** The read snapshot (routes, stop names, lines, rules, holidays) of the current data. */
export function currentSnapshot(db: OpenedDatabase): Promise<ReadSnapshot> {
  return snapshotOf(db, currentGeneration(db));
}

let lastMinute: { minute: number; now: VilniusNow } | null = null;

/**
 * The clock's minute (since the epoch) and vilniusNow for it, remembered until the minute
 * changes: formatting a date in a time zone is among the costlier steps of a cached answer.
 * Vilnius is a whole number of hours from UTC, so its minutes start with UTC minutes.
 */
export function currentMinute(clock: Clock): { minute: number; now: VilniusNow } {
  const instant = clock();
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastMinute?.minute === minute) return lastMinute;
  lastMinute = { minute, now: vilniusNow(() => instant) };
  return lastMinute;
}

/** How getDepartures computes an answer from the read snapshot (see services/departures.ts). */
export interface DepartureSteps {
  /** Core rules: which schedules run on the query's date. */
  serviceDay(snapshot: ReadSnapshot): ServiceDayContext;
  /** The departures of that service day, assembled. */
  departures(snapshot: ReadSnapshot, day: ServiceDayContext): DepartureItem[];
}

/**
 * getDepartures' answer, kept by service day rather than date: which trips run depends on the
 * date only through its weekday, holiday flag and active yearly rules, so every date with the
 * same ones shares an answer. tooLate is worked out again on every request from `now`.
 */
export async function cachedDepartures(
  db: OpenedDatabase,
  query: DeparturesQuery,
  now: VilniusNow,
  steps: DepartureSteps,
): Promise<DepartureItem[]> {
  const generation = currentGeneration(db);
  const day = await keptServiceDay(db, generation, query.date, steps.serviceDay);
  // The destination as the departures count it: one ignored (another stop, or City bound) makes
  // the same answer as none, so `to=1`, `to=2`, ... share it rather than each working it out.
  const key = `${query.from}|${effectiveDestination(query) ?? ''}|${query.dir}|${day.key}`;
  const kept = generation.answers.get(key);
  if (kept !== undefined) return withTooLate(kept, query.date, now);
  const items = steps.departures(await snapshotOf(db, generation), day.context);
  generation.answers.set(key, keep(items));
  return items;
}

async function keptServiceDay(
  db: OpenedDatabase,
  generation: Generation,
  date: string,
  serviceDay: DepartureSteps['serviceDay'],
) {
  let day = generation.serviceDays.get(date);
  if (day === undefined) {
    const context = serviceDay(await snapshotOf(db, generation));
    day = {
      context,
      key: `${context.weekdayBit}|${context.isHoliday ? 1 : 0}|${context.activeRuleIds.join(',')}`,
    };
    generation.serviceDays.set(date, day);
  }
  return day;
}

/** The service day of a date for the current data (kept, as cachedDepartures keeps it). */
export async function cachedServiceDay(
  db: OpenedDatabase,
  date: string,
  serviceDay: DepartureSteps['serviceDay'],
): Promise<ServiceDayContext> {
  return (await keptServiceDay(db, currentGeneration(db), date, serviceDay)).context;
}

function keep(items: readonly DepartureItem[]): KeptAnswer {
  const minutes = new Uint16Array(items.length);
  for (let i = 0; i < items.length; i++) minutes[i] = minuteOf((items[i] as DepartureItem).timeDepart);
  return { items, minutes };
}

function withTooLate({ items: kept, minutes }: KeptAnswer, date: string, now: VilniusNow): DepartureItem[] {
  const tooLate = tooLateOn(date, now);
  const items = new Array<DepartureItem>(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i] as DepartureItem;
    // Same key order as assembleDepartures builds, so the JSON is byte for byte the same.
    items[i] = {
      lineName: k.lineName,
      routeType: k.routeType,
      tooLate: tooLate(minutes[i] as number),
      lineId: k.lineId,
      schedId: k.schedId,
      tripId: k.tripId,
      timeDepart: k.timeDepart,
      name: k.name,
    };
  }
  return items;
}

/** 'HH:MM' as formatTime writes it, back to minutes after midnight. */
function minuteOf(time: string): number {
  const zero = 48; // '0'
  const hours = (time.charCodeAt(0) - zero) * 10 + time.charCodeAt(1) - zero;
  return hours * 60 + (time.charCodeAt(3) - zero) * 10 + time.charCodeAt(4) - zero;
}

/** The fast lane's serialized answers for one request's data and minute. */
export interface SerializedAnswers {
  get(key: string): string | undefined;
  set(key: string, json: string): unknown;
  /** The same answer compressed ('br' or 'gzip'), made once from the JSON on first use. */
  compressed(key: string, encoding: 'br' | 'gzip', json: string): Buffer;
  /**
   * The compressed answer when one is kept, without its JSON: a hub's day is too big a JSON to
   * keep (SERIALIZED's entrySize) but a twentieth of it compressed is kept, and sent again.
   */
  keptCompressed(key: string, encoding: 'br' | 'gzip'): Buffer | undefined;
}

/** Compressed bodies: about as many bytes as the JSON they come from take (a sixth of it). */
const COMPRESSED: CacheBound<Buffer> = {
  entries: 4_000,
  size: 4_000_000,
  entrySize: 250_000,
  sizeOf: (body) => body.length,
};

class KeptAnswers implements SerializedAnswers {
  readonly json = boundedCache(SERIALIZED);
  readonly bodies = boundedCache(COMPRESSED);
  get(key: string) {
    return this.json.get(key);
  }
  set(key: string, json: string) {
    return this.json.set(key, json);
  }
  keptCompressed(key: string, encoding: 'br' | 'gzip'): Buffer | undefined {
    return this.bodies.get(`${encoding} ${key}`);
  }
  compressed(key: string, encoding: 'br' | 'gzip', json: string): Buffer {
    const cacheKey = `${encoding} ${key}`;
    let body = this.bodies.get(cacheKey);
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(json);
      this.bodies.set(cacheKey, body);
    }
    return body;
  }
}

/**
 * Serialized answers (whole HTTP bodies) of the current data and the clock's current minute,
 * which every public answer may depend on (tooLate, today's date). Each minute of each
 * generation has a cache of its own, so a request that started in an earlier minute or under
 * older data only ever fills a cache that is no longer read.
 */
export function serializedAnswers(db: OpenedDatabase, clock: Clock): SerializedAnswers {
  return answersOf(currentGeneration(db), currentMinute(clock).minute);
}

function answersOf(generation: Generation, minute: number): KeptAnswers {
  let kept = generation.serialized;
  if (kept?.minute !== minute) {
    kept = { minute, answers: new KeptAnswers() };
    generation.serialized = kept;
  }
  return kept.answers;
}

/**
 * The entity tag of a public answer (HTTP caching): the data's version, which is the same in
 * every process serving the file, plus the minute for answers that depend on it (tooLate) or
 * else the day (answers for "today"). Read before the answer is worked out, so a write while it
 * is being computed can only make the tag older than the body, never newer.
 */
function tagOf(
  db: OpenedDatabase,
  generation: Generation,
  { minute, now }: { minute: number; now: VilniusNow },
  timed: boolean,
): string {
  generation.version ??= dataVersion(db.sqlite);
  return `${generation.version}-${timed ? minute.toString(36) : now.date}`;
}

/**
 * A calendar feed of the current data, kept by `key` (the caller names everything it depends
 * on: the address, today's date, the site address); `make` writes it on a miss. A write to the
 * database starts a new generation, so a kept feed is never older than the data. Requests that
 * miss while the feed is being written wait for that one build (a hub's takes about half a
 * second) rather than each starting their own; a build that fails is dropped, so the next
 * request tries again.
 */
export function keptFeed(db: OpenedDatabase, key: string, make: () => Promise<string>): Promise<string> {
  const generation = currentGeneration(db);
  const kept = generation.feeds.get(key);
  if (kept !== undefined) return Promise.resolve(kept);
  const building = generation.feedBuilds.get(key);
  if (building !== undefined) return building;
  const build = Promise.resolve().then(make);
  generation.feedBuilds.set(key, build);
  build.then(
    (text) => {
      generation.feeds.set(key, text);
      generation.feedBuilds.delete(key);
    },
    () => generation.feedBuilds.delete(key),
  );
  return build;
}

/**
 * A public request's entity tag (tagOf) and its serializedAnswers, with the database's change
 * stamp read once (two statements) for both.
 */
export function publicAnswer(
  db: OpenedDatabase,
  clock: Clock,
  timed: boolean,
): { tag: string; answers: SerializedAnswers } {
  const generation = currentGeneration(db);
  const minute = currentMinute(clock);
  return { tag: tagOf(db, generation, minute, timed), answers: answersOf(generation, minute.minute) };
}
