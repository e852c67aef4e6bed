import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import {
  type DayChanges,
  type DepartureItem,
  type ServiceDayContext,
  tooLateOn,
  type VilniusNow,
} from '@bus/core';
import { LRUCache } from 'lru-cache';
import type { LiveVisit } from '../live/layer.ts';

/**
 * What one generation keeps (see generation.ts): the containers and their bounds. Nothing here
 * reads the database or the clock; read-context.ts hands a request the containers of its
 * generation and minute.
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
 * A departures answer as kept: its items as first worked out, whose tooLate (of that request's
 * clock) is not read again, and each one's minute. The items are shared with the request that
 * worked them out, not copied (a hub's 6,000): nothing changes an answer's items after
 * assembleDepartures; they are serialized or mapped to new objects.
 */
export interface KeptDepartures {
  items: readonly DepartureItem[];
  minutes: Uint16Array;
}

/** A date's schedule filter, and a key naming it: many dates share one service day. */
export interface ServiceDay {
  context: ServiceDayContext;
  key: string;
}

/** Service days by date: a year has 365 or 366, and computing one takes up to a few 100 µs. */
export const SERVICE_DAYS: CacheBound<ServiceDay> = { entries: 1_000, size: 1_000, sizeOf: () => 1 };
/** The service changes holding on each date (DayChanges), as many dates as service days. */
export const DAY_CHANGES: CacheBound<DayChanges> = { entries: 1_000, size: 1_000, sizeOf: () => 1 };
/** At most 1,000 answers and 60,000 departures across them (about 8 MB). */
export const ANSWERS: CacheBound<KeptDepartures> = {
  entries: 1_000,
  size: 60_000,
  sizeOf: (a) => a.items.length,
};
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
export const FEEDS: CacheBound<string> = {
  entries: 500,
  size: 16_000_000,
  entrySize: 4_000_000,
  sizeOf: (text) => text.length,
};

/** Compressed bodies: about as many bytes as the JSON they come from take (a sixth of it). */
const COMPRESSED: CacheBound<Buffer> = {
  entries: 4_000,
  size: 4_000_000,
  entrySize: 250_000,
  sizeOf: (body) => body.length,
};

/**
 * The service day's key: every date with the same weekday, holiday flag and active rules shares
 * it, and, when schedules have validity windows, the same window era: how many of the dates
 * where windows begin or end (`windowBounds`, ascending) it has reached.
 */
export function serviceDayOf(context: ServiceDayContext, windowBounds: readonly string[] = []): ServiceDay {
  const key = `${context.weekdayBit}|${context.isHoliday ? 1 : 0}|${context.activeRuleIds.join(',')}`;
  if (windowBounds.length === 0) return { context, key };
  let era = 0;
  while (era < windowBounds.length && (windowBounds[era] as string) <= context.date) era++;
  return { context, key: `${key}|${era}` };
}

/** A departures answer to keep: its items and each one's minute (for tooLate later). */
export function keepDepartures(items: readonly DepartureItem[]): KeptDepartures {
  const minutes = new Uint16Array(items.length);
  for (let i = 0; i < items.length; i++) minutes[i] = minuteOf((items[i] as DepartureItem).timeDepart);
  return { items, minutes };
}

/** A kept answer's items with tooLate worked out again for `now`. */
export function withTooLate(
  { items: kept, minutes }: KeptDepartures,
  date: string,
  now: VilniusNow,
): DepartureItem[] {
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

export type Encoding = 'br' | 'gzip';

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * JSON from this size on is compressed on libuv's threads, not the event loop: a hub's answer
 * takes a few milliseconds to compress (most of what making it again costs), and the requests
 * that come meanwhile are answered (the one waiting for it waits alone). A smaller one is
 * compressed at once: under about 0.2 ms, less than handing it over.
 */
export const COMPRESS_OFF_LOOP_FROM = 16 * 1024;

/** `json` compressed as `encoding` (brotli at quality 4: within a few per cent of its best size for JSON). */
export function compress(encoding: Encoding, json: string): Buffer | Promise<Buffer> {
  if (json.length < COMPRESS_OFF_LOOP_FROM)
    return encoding === 'br' ? brotliCompressSync(json, BROTLI) : gzipSync(json);
  return encoding === 'br' ? brotliAsync(json, BROTLI) : gzipAsync(json);
}

/** The trips an answer shows on its date (live buses are laid over them). */
export interface AnswerTrips {
  date: string;
  /** 'all': every trip followed that day (the GTFS-Realtime feeds). */
  tripIds: readonly number[] | 'all';
  /** Its tag names every report (the GTFS-Realtime feeds). */
  exact?: boolean;
  /** The trips at the stops it shows them at (departures, the board): what its tag is made of. */
  visits?: readonly LiveVisit[];
}

const ANSWER_TRIPS: CacheBound<AnswerTrips> = {
  entries: 4_000,
  size: 400_000,
  sizeOf: (t) => (t.tripIds === 'all' ? 1 : t.tripIds.length) + (t.visits?.length ?? 0),
};

/** Until when each answer that said so stays the same (epoch minutes): as many as the answers kept. */
const VALID_UNTIL: CacheBound<number> = { entries: 4_000, size: 4_000, sizeOf: () => 1 };

/**
 * Whole HTTP bodies of one generation and minute, by URL: the JSON, and the same compressed
 * ('br' or 'gzip'), made once from the JSON on first use. A new minute starts empty (tooLate
 * moves with the minute), but takes from the minute before:
 * - an answer that said until when it stays the same (`set`'s `until`: the departures, which
 *   change only when one of their buses' minute passes), while that holds: carried over as it
 *   was, JSON and compressed bodies, without being made again;
 * - for an answer made again whose JSON is the minute before's to the character, its
 *   compressed body: compression is most of what making an answer costs.
 * At each new minute every answer asked for would otherwise be made again at once, the
 * longest pause a serving process had under a steady load.
 */
export class SerializedAnswers {
  readonly json = boundedCache(SERIALIZED);
  readonly bodies = boundedCache(COMPRESSED);
  /** The trips each live-laid answer (by URL) shows, and its date: what its live part depends on. */
  readonly trips = boundedCache<AnswerTrips>(ANSWER_TRIPS);
  /** Until which minute (epoch minutes, not included) an answer stays as kept, by key. */
  private readonly until = boundedCache(VALID_UNTIL);
  /** Compressions on their way (by encoding and key): a request for one waits for it. */
  private readonly making = new Map<string, Promise<Buffer>>();
  /** The same generation's answers of the minute before, until this minute's are all made. */
  private previous: SerializedAnswers | undefined;

  constructor(
    previous?: SerializedAnswers,
    /** The minute these answers are of (epoch minutes). */
    readonly minute = 0,
  ) {
    // One minute back only: the one before is not held on to.
    if (previous !== undefined) previous.previous = undefined;
    this.previous = previous;
  }

  get(key: string): string | undefined {
    return this.json.get(key) ?? (this.carried(key) ? this.json.get(key) : undefined);
  }
  /** Keeps an answer; `until` (epoch minutes): it stays the same up to that minute, not included. */
  set(key: string, json: string, until?: number): void {
    this.json.set(key, json);
    if (until !== undefined && until > this.minute + 1) this.until.set(key, until);
  }
  /** The trips a live-laid answer shows (carried over from the minute before with its answer). */
  shown(url: string): AnswerTrips | undefined {
    const kept = this.trips.get(url);
    if (kept !== undefined || this.previous === undefined) return kept;
    const before = this.previous.trips.peek(url);
    if (before !== undefined) this.trips.set(url, before);
    return before;
  }
  /**
   * The compressed answer when one is kept, without its JSON: a hub's day is too big a JSON to
   * keep (SERIALIZED's entrySize) but a twentieth of it compressed is kept, and sent again.
   */
  keptCompressed(key: string, encoding: Encoding): Buffer | undefined {
    const cacheKey = `${encoding} ${key}`;
    return this.bodies.get(cacheKey) ?? (this.carried(key) ? this.bodies.get(cacheKey) : undefined);
  }
  /**
   * `json`, the answer `key`, compressed as `encoding`: as kept, or the minute before's when the
   * JSON is the same, else compressed now (compress: a big one off the event loop; requests for
   * it meanwhile wait for that one) and kept.
   */
  async compressed(key: string, encoding: Encoding, json: string): Promise<Buffer> {
    const cacheKey = `${encoding} ${key}`;
    const kept = this.bodies.get(cacheKey) ?? this.unchanged(key, cacheKey, json);
    if (kept !== undefined) {
      this.bodies.set(cacheKey, kept);
      return kept;
    }
    let making = this.making.get(cacheKey);
    if (making === undefined) {
      const made = compress(encoding, json);
      if (!(made instanceof Promise)) {
        this.bodies.set(cacheKey, made);
        return made;
      }
      making = made.finally(() => this.making.delete(cacheKey));
      this.making.set(cacheKey, making);
    }
    const body = await making;
    this.bodies.set(cacheKey, body);
    return body;
  }
  /**
   * Takes the minute before's answer `key` (its JSON and compressed bodies, and until when it
   * holds) when it said it holds in this minute. True when it did.
   */
  private carried(key: string): boolean {
    const before = this.previous;
    if (before === undefined || this.until.has(key) || this.json.has(key)) return false;
    const until = before.until.peek(key);
    if (until === undefined || until <= this.minute) return false;
    const json = before.json.peek(key);
    const br = before.bodies.peek(`br ${key}`);
    const gzip = before.bodies.peek(`gzip ${key}`);
    if (json === undefined && br === undefined && gzip === undefined) return false;
    if (json !== undefined) this.json.set(key, json);
    if (br !== undefined) this.bodies.set(`br ${key}`, br);
    if (gzip !== undefined) this.bodies.set(`gzip ${key}`, gzip);
    this.until.set(key, until);
    return true;
  }
  /** The minute before's compressed body of `key`, when its JSON was `json` exactly. */
  private unchanged(key: string, cacheKey: string, json: string): Buffer | undefined {
    const before = this.previous;
    if (before === undefined || before.json.peek(key) !== json) return undefined;
    return before.bodies.peek(cacheKey);
  }
}

/**
 * Until when (epoch minutes, not included) departures answered at `now` (`minute`, epoch
 * minutes) stay the same: tooLate is their one tie to the clock, and it moves for a departure
 * once its minute has passed (tooLateOn), so the answer holds until the minute after its first
 * departure not yet gone. Never past the next whole hour: Vilnius' day and its clock changes
 * begin on one, and an answer for "today" is then worked out again. `lists`: its departures as
 * planned (whose times tooLate reads) and as shown (with the day's changed times).
 */
export function departuresValidUntil(
  lists: readonly (readonly { timeDepart: string }[])[],
  date: string,
  now: VilniusNow,
  minute: number,
): number {
  let until = minute + 60 - (now.minutes % 60);
  if (date !== now.date) return until;
  for (const items of lists)
    for (const item of items) {
      const m = minuteOf(item.timeDepart);
      if (m >= now.minutes) until = Math.min(until, minute + m + 1 - now.minutes);
    }
  return until;
}
