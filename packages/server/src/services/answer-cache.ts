import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type Clock,
  type DepartureItem,
  type DeparturesQuery,
  effectiveDestination,
  prepareSearchIndex,
  type ServiceDayContext,
  tooLateOn,
  type VilniusNow,
  vilniusNow,
} from '@bus/core';
import {
  dataBasis,
  dataStamp,
  dataVersion,
  importInProgress,
  type OpenedDatabase,
  openReader,
  type ReadSnapshot,
  readSnapshot,
  readSnapshotApart,
  refreshPlan,
  refreshSnapshot,
  type Slicing,
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
 * One exception, whole and on purpose: right after an import's commit the generation from
 * before it goes on answering, all of it from the old data and under the old data's tag, while
 * the new snapshot is read in slices (see Serving).
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

type Connection = OpenedDatabase['sqlite'];

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

  /**
   * The connection the SQL that goes with this generation's snapshot reads through: the
   * database's own, or, while an import runs, a connection held at this generation's state
   * (holdDuringImport), so that after the import's commit this generation still answers
   * wholly from the data before it until the new snapshot is ready.
   */
  reader: Connection;

  constructor(
    readonly stamp: string,
    reader: Connection,
  ) {
    this.reader = reader;
  }

  /** Whether `reader` is held at the snapshot's very state (no other connection's commit can show). */
  get held(): boolean {
    return this.reader.readonly;
  }
}

/**
 * What a serving process keeps for one database (its serving connection): the generation it
 * answers from, the newest snapshot loaded (the next one is worked out from it), the one whole
 * read under way, and the connection held while an import runs.
 *
 * A whole read (after an import or a restore, or the first one) never stalls the event loop:
 * it runs in slices of a few milliseconds on a read-only connection of its own, inside one
 * read transaction (readSnapshotApart), and the new snapshot is swapped in whole when it is
 * ready. Only one runs at a time; what changed while it ran is caught up with afterwards, from
 * it (the newest data wins, the states in between are skipped). Meanwhile:
 * - after an import (which marks itself: importInProgress), the generation from before its
 *   commit answers, with its snapshot, its kept answers and its entity tag, and its SQL reads
 *   through a connection held at that state since the import began: old answers, whole and
 *   consistent, under the old data's tag, never under the new one;
 * - otherwise (a restore, a burst of saves by another process) requests that need the snapshot
 *   wait for it, as they always did, but the event loop keeps serving everything else.
 */
interface Serving {
  current: Generation | undefined;
  last: ReadSnapshot | undefined;
  whole: Promise<ReadSnapshot> | undefined;
  held: { generation: Generation; reader: OpenedDatabase } | undefined;
  /** How a whole read lets others run between its slices (tests slow it down: pauseWholeReadsWith). */
  pause: () => Promise<void>;
  /** How many whole reads were started (wholeReadsStarted). */
  wholeReads: number;
}

/** One per database handle (tests open many), collected with the handle. */
const servings = new WeakMap<OpenedDatabase['sqlite'], Serving>();

function servingOf(db: OpenedDatabase): Serving {
  let serving = servings.get(db.sqlite);
  if (serving === undefined) {
    serving = {
      current: undefined,
      last: undefined,
      whole: undefined,
      held: undefined,
      pause: nextTurn,
      wholeReads: 0,
    };
    servings.set(db.sqlite, serving);
  }
  return serving;
}

/** Lets timers, I/O and the requests that arrived meanwhile run (setImmediate: after I/O callbacks). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A whole read's slice runs at most about this long before it lets others run. */
const SLICE_MS = 5;

/**
 * How long a released held connection stays open: a request that began on the old generation
 * just before the swap may still be reading through it.
 */
const HELD_GRACE_MS = 1000;

/**
 * Tests: how a whole read pauses between its slices (to keep one under way while they ask).
 * `pause` resolving lets it go on; nextTurn is the default.
 */
export function pauseWholeReadsWith(db: OpenedDatabase, pause: (() => Promise<void>) | null): void {
  servingOf(db).pause = pause ?? nextTurn;
}

/** Whether a whole snapshot read is under way for the database (see Serving). */
export function wholeReadUnderway(db: OpenedDatabase): boolean {
  return servings.get(db.sqlite)?.whole !== undefined;
}

/** How many whole snapshot reads were started for the database (one at a time, never piled up). */
export function wholeReadsStarted(db: OpenedDatabase): number {
  return servings.get(db.sqlite)?.wholeReads ?? 0;
}

/** The database's current generation: a new, empty one whenever its stamp has moved (see Serving). */
export function currentGeneration(db: OpenedDatabase): Generation {
  const stamp = dataStamp(db.sqlite);
  const serving = servingOf(db);
  const current = serving.current;
  if (current?.stamp === stamp) return current;
  if (current !== undefined && serving.held?.generation === current) {
    // An import committed (or another write came): while the new snapshot is read whole, the
    // held generation answers.
    if (
      serving.whole !== undefined ||
      (serving.last !== undefined && refreshPlan(db.sqlite, serving.last) === 'whole')
    ) {
      startWholeRead(db, serving);
      return current;
    }
    release(serving);
  }
  const generation = new Generation(stamp, db.sqlite);
  serving.current = generation;
  return generation;
}

/**
 * The generation's read snapshot, loaded once (concurrent callers share the load): the last
 * one brought up to date with what the history says changed (refreshSnapshot), or read whole.
 */
function snapshotOf(db: OpenedDatabase, generation: Generation): Promise<ReadSnapshot> {
  if (generation.snapshot === undefined) {
    const serving = servingOf(db);
    const loading = load(db, serving);
    generation.snapshot = loading;
    loading.then(
      (snapshot) => holdDuringImport(db, serving, generation, snapshot),
      // A failed load is not kept: the next caller tries again.
      () => {
        if (generation.snapshot === loading) generation.snapshot = undefined;
      },
    );
  }
  return generation.snapshot;
}

async function load(db: OpenedDatabase, serving: Serving): Promise<ReadSnapshot> {
  for (;;) {
    // One whole read at a time: what else has changed is caught up with from its result.
    if (serving.whole !== undefined) {
      await serving.whole.catch(() => undefined);
      continue;
    }
    const last = serving.last;
    if (last === undefined || refreshPlan(db.sqlite, last) === 'whole') {
      await startWholeRead(db, serving);
      continue;
    }
    // What the history says changed (a few milliseconds), on the serving connection.
    const snapshot = await refreshSnapshot(db, last);
    serving.last = snapshot;
    return snapshot;
  }
}

/** The one whole read, started unless one is under way; swapped in whole when it is ready. */
function startWholeRead(db: OpenedDatabase, serving: Serving): Promise<ReadSnapshot> {
  if (serving.whole !== undefined) return serving.whole;
  serving.wholeReads++;
  const whole = readWhole(db, serving).then(
    (snapshot) => {
      serving.whole = undefined;
      serving.last = snapshot;
      const held = serving.held;
      if (held !== undefined && serving.current === held.generation) {
        const generation = new Generation(snapshot.stamp, db.sqlite);
        generation.snapshot = whole;
        serving.current = generation;
        release(serving);
        holdDuringImport(db, serving, generation, snapshot);
      }
      return snapshot;
    },
    (error: unknown) => {
      serving.whole = undefined;
      // The held generation answers no longer: the next request reads again, and meets the error.
      if (serving.held !== undefined && serving.current === serving.held.generation)
        serving.current = undefined;
      release(serving);
      throw error;
    },
  );
  serving.whole = whole;
  whole.catch(() => undefined);
  return whole;
}

async function readWhole(db: OpenedDatabase, serving: Serving): Promise<ReadSnapshot> {
  // Nothing else can write an in-memory database (tests): read on its own connection, at once.
  if (db.sqlite.memory) return readSnapshot(db);
  const reader = openReader(db.sqlite.name);
  try {
    let sliceStart = performance.now();
    const slicing: Slicing = {
      due: () => performance.now() - sliceStart > SLICE_MS,
      pause: async () => {
        await serving.pause();
        sliceStart = performance.now();
      },
    };
    const snapshot = await readSnapshotApart(reader, () => dataStamp(db.sqlite), slicing);
    // The stop search's index, in slices too, before the first search needs it.
    await prepareSearchIndex(snapshot.stopsSorted, slicing);
    return snapshot;
  } finally {
    reader.sqlite.close();
  }
}

/**
 * While an import runs (another process holds the write lock: importInProgress), a connection
 * is held at the state the generation's snapshot was loaded from, and the generation's SQL
 * reads through it: when the import commits, the generation keeps answering the data before it
 * (see currentGeneration) until the new snapshot is read. Nothing is held otherwise: a held read
 * keeps SQLite from checkpointing the writes after it.
 */
function holdDuringImport(
  db: OpenedDatabase,
  serving: Serving,
  generation: Generation,
  snapshot: ReadSnapshot,
) {
  if (db.sqlite.memory || serving.held !== undefined || serving.current !== generation) return;
  if (serving.whole !== undefined || dataStamp(db.sqlite) !== generation.stamp) return;
  if (!importInProgress(db.sqlite)) return;
  let reader: OpenedDatabase | undefined;
  try {
    reader = openReader(db.sqlite.name);
    reader.sqlite.prepare('BEGIN').run();
    const basis = dataBasis(reader.sqlite);
    const same =
      basis.changeId === snapshot.basis.changeId &&
      basis.imported === snapshot.basis.imported &&
      basis.restored === snapshot.basis.restored;
    if (!same) {
      reader.sqlite.close();
      return;
    }
    // The tag it answers under, of that state, read before anything can be answered from it.
    generation.version ??= dataVersion(reader.sqlite);
    generation.reader = reader.sqlite;
    serving.held = { generation, reader };
  } catch {
    // Not held: after the import's commit, requests wait for the new snapshot instead.
    reader?.sqlite.close();
  }
}

function release(serving: Serving): void {
  const held = serving.held;
  if (held === undefined) return;
  serving.held = undefined;
  setTimeout(() => held.reader.sqlite.close(), HELD_GRACE_MS).unref();
}

/** Closes what the database's serving state holds open (the server's close). */
export function closeServing(db: OpenedDatabase): void {
  const held = servings.get(db.sqlite)?.held;
  if (held === undefined) return;
  (servings.get(db.sqlite) as Serving).held = undefined;
  held.reader.sqlite.close();
}

/**
 * After a save: the snapshot brought up to date at once, where one is kept (a serving
 * process), so the first visitor after the save does not wait for it; a command-line process
 * that never read one does not start now. A whole read (after an import or a restore) is not
 * waited for: the save is done and answered.
 */
export async function refreshKeptSnapshot(db: OpenedDatabase): Promise<void> {
  const serving = servings.get(db.sqlite);
  if (serving?.last === undefined) return;
  const loading = snapshotOf(db, currentGeneration(db));
  if (serving.whole !== undefined) {
    loading.catch(() => undefined);
    return;
  }
  await loading;
}

/**
 * The read snapshot the current answers come from: while a whole read is under way after an
 * import, the one before it (see Serving). For answers worked out from the snapshot alone or
 * through the generation's reader (the stop search, departures).
 */
export function servedSnapshot(db: OpenedDatabase): Promise<ReadSnapshot> {
  return snapshotOf(db, currentGeneration(db));
}

/**
 * The read snapshot of the data as it is now (routes, stop names, lines, rules, holidays): for
 * answers that also read the database themselves, so the two must agree. Right after an import
 * it waits for the new snapshot.
 */
export async function currentSnapshot(db: OpenedDatabase): Promise<ReadSnapshot> {
  for (;;) {
    const generation = currentGeneration(db);
    const whole = servingOf(db).whole;
    if (!generation.held || whole === undefined || generation.stamp === dataStamp(db.sqlite))
      return snapshotOf(db, generation);
    await whole.catch(() => undefined);
  }
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

/**
 * Where the SQL that goes with a snapshot reads: `sqlite`, and whether it is held at the
 * snapshot's very state (`held`; else it may have moved on since, which the departures query
 * checks for).
 */
export interface SnapshotReader {
  sqlite: Connection;
  held: boolean;
}

/** How getDepartures computes an answer from the read snapshot (see services/departures.ts). */
export interface DepartureSteps {
  /** Core rules: which schedules run on the query's date. */
  serviceDay(snapshot: ReadSnapshot): ServiceDayContext;
  /** The departures of that service day, assembled. */
  departures(snapshot: ReadSnapshot, day: ServiceDayContext, reader: SnapshotReader): DepartureItem[];
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
  const items = steps.departures(await snapshotOf(db, generation), day.context, {
    sqlite: generation.reader,
    held: generation.held,
  });
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
  generation: Generation,
  { minute, now }: { minute: number; now: VilniusNow },
  timed: boolean,
): string {
  generation.version ??= dataVersion(generation.reader);
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
  return { tag: tagOf(generation, minute, timed), answers: answersOf(generation, minute.minute) };
}
