import {
  type Clock,
  type DayChanges,
  dayChanges,
  serviceDayContext,
  type VilniusNow,
  vilniusNow,
} from '@bus/core';
import { dataVersion, type OpenedDatabase, type ReadSnapshot } from '@bus/db';
import { currentGeneration, currentSnapshot, type Generation, generationSnapshot } from './generation.ts';
import {
  type KeptDepartures,
  keepDepartures,
  SerializedAnswers,
  type ServiceDay,
  serviceDayOf,
} from './kept-answers.ts';

/** Where a request's generation is kept in its context: known to this module alone. */
const GENERATION = Symbol('generation');

/**
 * What one public request reads from: the data generation, read once when the request starts
 * (the change stamp's two statements), and the clock's minute. The services take it and work
 * with what it holds; they never read the stamp again nor hand the cache a callback. The
 * generation itself stays in this module: the services reach it through the functions below
 * (the snapshot, the kept service days, changes and answers, the connection its SQL reads
 * through).
 */
export interface ReadContext {
  readonly db: OpenedDatabase;
  readonly clock: Clock;
  /** The clock's minute since the epoch, and the Vilnius date and time of it. */
  readonly minute: number;
  readonly now: VilniusNow;
  readonly [GENERATION]: Generation;
}

/** A request's read context: the generation (one stamp read) and the minute, now. */
export function readContext(db: OpenedDatabase, clock: Clock): ReadContext {
  const generation = currentGeneration(db);
  const { minute, now } = currentMinute(clock);
  return { db, clock, minute, now, [GENERATION]: generation };
}

/**
 * The one way to the read snapshot: the request's generation's (loaded once per generation,
 * shared). `withDatabase`: for an answer that also reads the database itself (db.kysely), so
 * the two must agree: right after an import it waits for the new snapshot rather than answer
 * from the one before it (see Serving in generation.ts).
 */
export function snapshotOf(read: ReadContext, options?: { withDatabase: true }): Promise<ReadSnapshot> {
  if (options?.withDatabase) return currentSnapshot(read.db);
  return generationSnapshot(read.db, read[GENERATION]);
}

/**
 * The connection the SQL that goes with the request's snapshot reads through, and whether it is
 * held at the snapshot's very state (an import under way: see generation.ts).
 */
export function snapshotReader(read: ReadContext): { reader: OpenedDatabase['sqlite']; held: boolean } {
  const generation = read[GENERATION];
  return { reader: generation.reader, held: generation.held };
}

/** What names the request's generation, for what a read service keeps per generation (a WeakMap key). */
export function generationKey(read: ReadContext): object {
  return read[GENERATION];
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

/** The service day of a date for the request's data, kept per generation. */
export async function serviceDay(read: ReadContext, date: string): Promise<ServiceDay> {
  const generation = read[GENERATION];
  let day = generation.serviceDays.get(date);
  if (day === undefined) {
    const { rules, holidays, windows } = await snapshotOf(read);
    day = serviceDayOf(serviceDayContext(date, rules, holidays), windows.bounds);
    generation.serviceDays.set(date, day);
  }
  return day;
}

/**
 * The service changes holding on a date (cancelled trips, changed times, closed stops,
 * notices), indexed once per generation and date: every public answer applies them from here.
 */
export async function changesOn(read: ReadContext, date: string): Promise<DayChanges> {
  const generation = read[GENERATION];
  let day = generation.dayChanges.get(date);
  if (day === undefined) {
    day = dayChanges((await snapshotOf(read)).serviceChanges, date);
    generation.dayChanges.set(date, day);
  }
  return day;
}

/** changesOn when they are kept already (no wait), else undefined. */
export function keptChanges(read: ReadContext, date: string): DayChanges | undefined {
  return read[GENERATION].dayChanges.get(date);
}

/** A departures answer kept under `key` in the request's generation. */
export function keptDepartures(read: ReadContext, key: string): KeptDepartures | undefined {
  return read[GENERATION].answers.get(key);
}

/** Keeps a departures answer in the request's generation (never read again once the data moves). */
export function keepDeparturesAnswer(read: ReadContext, key: string, items: KeptDepartures['items']): void {
  read[GENERATION].answers.set(key, keepDepartures(items));
}

/**
 * Serialized answers (whole HTTP bodies) of the request's data and minute, which every public
 * answer may depend on (tooLate, today's date). Each minute of each generation has a cache of
 * its own, so a request that started in an earlier minute or under older data only ever fills
 * a cache that is no longer read.
 */
export function serializedAnswers(read: ReadContext): SerializedAnswers {
  const generation = read[GENERATION];
  let kept = generation.serialized;
  if (kept?.minute !== read.minute) {
    // The minute before's answers are handed on (only when it was the minute before): the
    // departures still the same are carried over, and an answer made again the same to the
    // character takes its compressed body (SerializedAnswers). Held until the next minute.
    const before = kept?.minute === read.minute - 1 ? kept.answers : undefined;
    kept = { minute: read.minute, answers: new SerializedAnswers(before, read.minute) };
    generation.serialized = kept;
  }
  return kept.answers;
}

const validUntil = new WeakMap<ReadContext, number>();

/**
 * Notes that what the request answers stays the same until `minute` (epoch minutes, not
 * included; the earliest of the notes when it answers several things): see
 * departuresValidUntil. An answer whose policy says `untilChanged` is kept that long.
 */
export function noteValidUntil(read: ReadContext, minute: number): void {
  const noted = validUntil.get(read);
  validUntil.set(read, noted === undefined ? minute : Math.min(noted, minute));
}

/** What noteValidUntil noted for the request, if anything. */
export function validUntilOf(read: ReadContext | undefined): number | undefined {
  return read === undefined ? undefined : validUntil.get(read);
}

/**
 * The data part of a public answer's entity tag: the data's version, which is the same in
 * every process serving the file, plus the minute for answers that depend on it (tooLate) or
 * else the day (answers for "today"). Read before the answer is worked out, so a write while
 * it is being computed can only make the tag older than the body, never newer.
 */
export function dataTag(read: ReadContext, byMinute: boolean): string {
  const generation = read[GENERATION];
  generation.version ??= dataVersion(generation.reader);
  return `${generation.version}-${byMinute ? read.minute.toString(36) : read.now.date}`;
}

/**
 * A calendar feed of the request's data, kept by `key` (the caller names everything it depends
 * on: the address, today's date, the site address); `make` writes it on a miss. A write to the
 * database starts a new generation, so a kept feed is never older than the data. Requests that
 * miss while the feed is being written wait for that one build (a hub's takes about half a
 * second) rather than each starting their own; a build that fails is dropped, so the next
 * request tries again.
 */
export function keptFeed(read: ReadContext, key: string, make: () => Promise<string>): Promise<string> {
  const generation = read[GENERATION];
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
