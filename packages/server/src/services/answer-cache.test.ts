import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { DepartureItem, DeparturesQuery, ServiceDayContext, VilniusNow } from '@bus/core';
import { createTestDb, migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import { afterEach, describe, expect, it } from 'vitest';
import {
  boundedCache,
  cachedDepartures,
  currentGeneration,
  currentMinute,
  currentSnapshot,
  type DepartureSteps,
  keptFeed,
  serializedAnswers,
} from './answer-cache.ts';

const opened: OpenedDatabase[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.sqlite.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A migrated in-memory database with a scratch table, so a test can write a row. */
async function testDb(): Promise<OpenedDatabase> {
  const db = await createTestDb();
  db.sqlite.exec('CREATE TABLE scratch (x INTEGER)');
  opened.push(db);
  return db;
}

const writeRow = (db: OpenedDatabase) => db.sqlite.prepare('INSERT INTO scratch (x) VALUES (1)').run();

describe('the eviction policy (boundedCache: LRU within entries and total size)', () => {
  const bound = { entries: 3, size: 10, sizeOf: (v: { size: number }) => v.size };
  const kept = (cache: ReturnType<typeof boundedCache<{ size: number }>>, keys: string[]) =>
    keys.filter((k) => cache.get(k) !== undefined);

  it('evicts the least recently used entry beyond the entry bound', () => {
    const cache = boundedCache(bound);
    for (const key of ['a', 'b', 'c']) cache.set(key, { size: 1 });
    cache.get('a'); // a is now the most recently used
    cache.set('d', { size: 1 });
    expect(kept(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
  });

  it.each([
    { what: 'a heavy entry evicts the oldest until the total fits', size: 9, stored: true, left: 1 },
    { what: 'an entry of exactly the whole size evicts all others', size: 10, stored: true, left: 0 },
    {
      what: 'an entry larger than the whole size is not stored, nothing evicted',
      size: 11,
      stored: false,
      left: 3,
    },
  ])('$what', ({ size, stored, left }) => {
    const cache = boundedCache(bound);
    for (const key of ['a', 'b', 'c']) cache.set(key, { size: 1 });
    cache.set('heavy', { size });
    expect(cache.get('heavy') !== undefined).toBe(stored);
    expect(kept(cache, ['a', 'b', 'c'])).toHaveLength(left);
    expect(cache.calculatedSize).toBeLessThanOrEqual(bound.size);
  });

  it('keeps no single entry above its entry bound, however empty the cache', () => {
    const cache = boundedCache({ ...bound, entrySize: 4 });
    cache.set('small', { size: 4 });
    cache.set('big', { size: 5 });
    expect(cache.get('small')).toEqual({ size: 4 });
    expect(cache.get('big')).toBeUndefined();
  });
});

describe('generations: nothing kept outlives the data it came from', () => {
  it('keeps the generation while the data stamp stays, for each database apart', async () => {
    const [a, b] = [await testDb(), await testDb()];
    const generation = currentGeneration(a);
    expect(currentGeneration(a)).toBe(generation);
    expect(currentGeneration(b)).not.toBe(generation);
    expect(currentGeneration(a)).toBe(generation);
  });

  it.each([
    ['a write on the same connection', (db: OpenedDatabase) => writeRow(db)],
    [
      'a write committed by another connection (another process)',
      (db: OpenedDatabase) => {
        const other = openDatabase(db.sqlite.name);
        writeRow(other);
        other.sqlite.close();
      },
    ],
  ])('starts a new, empty generation after %s', async (_, write) => {
    const folder = mkdtempSync(join(tmpdir(), 'answer-cache-'));
    folders.push(folder);
    const db = openDatabase(join(folder, 'db.sqlite'));
    opened.push(db);
    await migrateToLatest(db.kysely);
    db.sqlite.exec('CREATE TABLE scratch (x INTEGER)');
    const before = currentGeneration(db);
    before.serviceDays.set('2026-03-04', { context: serviceDay(), key: 'k' });
    const snapshot = await currentSnapshot(db);
    write(db);
    const after = currentGeneration(db);
    expect(after).not.toBe(before);
    expect(after.stamp).not.toBe(before.stamp);
    expect(after.serviceDays.get('2026-03-04')).toBeUndefined();
    expect(await currentSnapshot(db)).not.toBe(snapshot);
  });

  it('loads the read snapshot once per generation, also for concurrent callers', async () => {
    const db = await testDb();
    const [first, second] = await Promise.all([currentSnapshot(db), currentSnapshot(db)]);
    expect(second).toBe(first);
    expect(await currentSnapshot(db)).toBe(first);
    writeRow(db);
    expect(await currentSnapshot(db)).not.toBe(first);
  });
});

describe('currentMinute (the current-minute memo)', () => {
  it('gives the same answer within a minute and a new one in the next', () => {
    const at = (iso: string) => () => new Date(iso);
    const first = currentMinute(at('2026-03-04T07:30:05Z'));
    expect(first.now).toEqual({ date: '2026-03-04', minutes: 9 * 60 + 30 });
    expect(currentMinute(at('2026-03-04T07:30:59Z'))).toBe(first);
    const next = currentMinute(at('2026-03-04T07:31:00Z'));
    expect(next.minute).toBe(first.minute + 1);
    expect(next.now).toEqual({ date: '2026-03-04', minutes: 9 * 60 + 31 });
    // Midnight in Vilnius is 22:00 UTC in winter: a new date.
    expect(currentMinute(at('2026-03-04T22:00:00Z')).now).toEqual({ date: '2026-03-05', minutes: 0 });
  });

  it('rejects an invalid clock as vilniusNow does', () => {
    expect(() => currentMinute(() => new Date(Number.NaN))).toThrow(RangeError);
  });
});

function serviceDay(overrides: Partial<ServiceDayContext> = {}): ServiceDayContext {
  return {
    date: '2026-03-04',
    weekday: 'WEDNESDAY',
    weekdayBit: 4,
    isHoliday: false,
    activeRuleIds: [1],
    ...overrides,
  };
}

function item(timeDepart: string, tooLate: boolean): DepartureItem {
  return {
    lineName: '1',
    routeType: 'City Bus',
    tooLate,
    lineId: 1,
    schedId: 2,
    tripId: 3,
    timeDepart,
    name: 'X',
  };
}

/** Steps that count their calls and answer two departures, 08:00 and 12:00. */
function countingSteps(dayFor: (date: string) => ServiceDayContext = () => serviceDay()) {
  const calls = { serviceDay: 0, departures: 0 };
  const make = (query: DeparturesQuery, now: VilniusNow): DepartureSteps => ({
    serviceDay: () => {
      calls.serviceDay++;
      return dayFor(query.date);
    },
    departures: () => {
      calls.departures++;
      const late = (minute: number) =>
        query.date < now.date || (query.date === now.date && minute < now.minutes);
      return [item('08:00', late(8 * 60)), item('12:00', late(12 * 60))];
    },
  });
  return { calls, make };
}

const query = (date: string, extra: Partial<DeparturesQuery> = {}): DeparturesQuery => ({
  from: 1,
  to: null,
  dir: 'Out bound',
  date,
  ...extra,
});

describe('cachedDepartures', () => {
  it('answers a repeated query from the cache, working out tooLate again from now', async () => {
    const db = await testDb();
    const { calls, make } = countingSteps();
    const q = query('2026-03-04');
    const early = { date: '2026-03-04', minutes: 7 * 60 };
    const noon = { date: '2026-03-04', minutes: 12 * 60 + 1 };
    const fresh = await cachedDepartures(db, q, early, make(q, early));
    expect(fresh.map((i) => i.tooLate)).toEqual([false, false]);
    const cached = await cachedDepartures(db, q, noon, make(q, noon));
    expect(calls.departures).toBe(1);
    expect(cached.map((i) => i.tooLate)).toEqual([true, true]);
    // Byte for byte what the steps answer for that now (the fast lane serializes it).
    expect(JSON.stringify(await cachedDepartures(db, q, early, make(q, early)))).toBe(JSON.stringify(fresh));
    expect(calls).toEqual({ serviceDay: 1, departures: 1 });
  });

  it.each([
    {
      what: 'another date of the same service day shares the answer',
      other: query('2026-03-11'),
      computed: 1,
    },
    { what: 'another service day is computed', other: query('2026-03-08'), computed: 2 },
    { what: 'another destination is computed', other: query('2026-03-04', { to: 7 }), computed: 2 },
    { what: 'another direction is computed', other: query('2026-03-04', { dir: 'City bound' }), computed: 2 },
    { what: 'another stop is computed', other: query('2026-03-04', { from: 2 }), computed: 2 },
  ])('$what', async ({ other, computed }) => {
    const db = await testDb();
    // Wednesdays share a service day, the Sunday 2026-03-08 has its own.
    const { calls, make } = countingSteps((date) =>
      date === '2026-03-08' ? serviceDay({ date, weekday: 'SUNDAY', weekdayBit: 64 }) : serviceDay({ date }),
    );
    const now = { date: '2026-03-01', minutes: 0 };
    const first = query('2026-03-04');
    await cachedDepartures(db, first, now, make(first, now));
    await cachedDepartures(db, other, now, make(other, now));
    expect(calls.departures).toBe(computed);
  });

  it('computes again after a write, also one made while the answer was computed', async () => {
    const db = await testDb();
    const q = query('2026-03-04');
    const now = { date: '2026-03-01', minutes: 0 };
    const { calls, make } = countingSteps();
    const steps = make(q, now);
    // The write lands between reading the data and keeping the answer.
    const writing: DepartureSteps = {
      ...steps,
      departures: (snapshot, day, reader) => {
        const items = steps.departures(snapshot, day, reader);
        writeRow(db);
        return items;
      },
    };
    await cachedDepartures(db, q, now, writing);
    await cachedDepartures(db, q, now, steps);
    expect(calls).toEqual({ serviceDay: 2, departures: 2 });
    await cachedDepartures(db, q, now, steps);
    expect(calls).toEqual({ serviceDay: 2, departures: 2 });
    writeRow(db);
    await cachedDepartures(db, q, now, steps);
    expect(calls).toEqual({ serviceDay: 3, departures: 3 });
  });
});

describe('serializedAnswers (the fast lane cache)', () => {
  let instant = new Date('2026-03-04T07:30:00Z');
  const clock = () => new Date(instant);

  it('keeps an answer for the current data and minute only', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:00Z');
    serializedAnswers(db, clock).set('/a', '"A"');
    instant = new Date('2026-03-04T07:30:59Z');
    expect(serializedAnswers(db, clock).get('/a')).toBe('"A"');
    expect(serializedAnswers(db, clock).get('/b')).toBeUndefined();
    instant = new Date('2026-03-04T07:31:00Z');
    expect(serializedAnswers(db, clock).get('/a')).toBeUndefined();
    serializedAnswers(db, clock).set('/a', '"A2"');
    expect(serializedAnswers(db, clock).get('/a')).toBe('"A2"');
    writeRow(db);
    expect(serializedAnswers(db, clock).get('/a')).toBeUndefined();
  });

  it('never lets a request of an earlier minute or older data fill the current one', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:30Z');
    const slow = serializedAnswers(db, clock); // started in minute 07:30
    instant = new Date('2026-03-04T07:31:00Z');
    expect(serializedAnswers(db, clock).get('/a')).toBeUndefined();
    slow.set('/a', '"computed at 07:30"');
    expect(serializedAnswers(db, clock).get('/a')).toBeUndefined();
    const beforeWrite = serializedAnswers(db, clock);
    writeRow(db);
    beforeWrite.set('/a', '"computed from the old data"');
    expect(serializedAnswers(db, clock).get('/a')).toBeUndefined();
  });

  it('keeps a compressed answer by encoding, also when its JSON is too big to keep', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:00Z');
    const answers = serializedAnswers(db, clock);
    const json = JSON.stringify({
      items: Array.from({ length: 6_000 }, (_, i) => ({ tripId: i, name: 'Šilų kryžkelė > Ažuožeriai' })),
    });
    expect(json.length).toBeGreaterThan(250_000);
    expect(answers.keptCompressed('/hub', 'br')).toBeUndefined();
    answers.set('/hub', json);
    const br = answers.compressed('/hub', 'br', json);
    expect(answers.get('/hub')).toBeUndefined();
    expect(answers.keptCompressed('/hub', 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(answers.keptCompressed('/hub', 'gzip')).toBeUndefined();
    expect(answers.keptCompressed('/other', 'br')).toBeUndefined();
    // A new minute starts empty.
    expect(
      serializedAnswers(db, () => new Date('2026-03-04T07:31:00Z')).keptCompressed('/hub', 'br'),
    ).toBeUndefined();
  });

  it('does not keep one answer above 250,000 characters', async () => {
    const db = await testDb();
    const answers = serializedAnswers(db, clock);
    answers.set('/hub', 'x'.repeat(250_001));
    answers.set('/stop', 'x'.repeat(250_000));
    expect(answers.get('/hub')).toBeUndefined();
    expect(answers.get('/stop')).toHaveLength(250_000);
  });
});

// The policy's bounds hold for the real caches too: about 8 MB of answers and of JSON.
describe('the bounds of the kept answers', () => {
  it('holds at most 60,000 departures and 4,000,000 characters of JSON per database', async () => {
    const db = await testDb();
    const generation = currentGeneration(db);
    const kept = {
      items: Array.from({ length: 2_000 }, () => item('08:00', false)),
      minutes: new Uint16Array(2_000).fill(480),
    };
    for (let i = 0; i < 40; i++) generation.answers.set(`q${i}`, kept);
    expect(generation.answers.calculatedSize).toBeLessThanOrEqual(60_000);
    expect(generation.answers.size).toBe(30);
    const answers = serializedAnswers(db, () => new Date('2026-03-04T07:30:00Z'));
    for (let i = 0; i < 40; i++) answers.set(`/q${i}`, 'x'.repeat(200_000));
    expect(generation.serialized?.answers.json.calculatedSize).toBeLessThanOrEqual(4_000_000);
    expect(generation.serialized?.answers.json.size).toBe(20);
    for (let i = 0; i < 40; i++) answers.compressed(`/q${i}`, 'gzip', `${i}`.repeat(1_000_000));
    expect(generation.serialized?.answers.bodies.calculatedSize).toBeLessThanOrEqual(4_000_000);
  });
});

describe('kept calendar feeds (keptFeed)', () => {
  /** A build that counts its runs and ends when the test says so. */
  function pendingBuilds() {
    const ends: { resolve: (text: string) => void; reject: (error: Error) => void }[] = [];
    const make = () =>
      new Promise<string>((resolve, reject) => {
        ends.push({ resolve, reject });
      });
    return { make, ends };
  }
  const started = () => new Promise((resolve) => setImmediate(resolve));

  it('has requests that miss while a feed is being written wait for that one build, then keeps it', async () => {
    const db = await testDb();
    const { make, ends } = pendingBuilds();
    const first = keptFeed(db, 'stop|1', make);
    const second = keptFeed(db, 'stop|1', make);
    const other = keptFeed(db, 'stop|2', make);
    await started();
    expect(ends).toHaveLength(2); // one build for stop 1, one for stop 2
    ends[0]?.resolve('feed 1');
    ends[1]?.resolve('feed 2');
    expect(await Promise.all([first, second, other])).toEqual(['feed 1', 'feed 1', 'feed 2']);
    expect(await keptFeed(db, 'stop|1', make)).toBe('feed 1');
    expect(ends).toHaveLength(2);
    expect(currentGeneration(db).feedBuilds.size).toBe(0);
  });

  it('drops a build that failed (every waiting request gets its error): the next request writes the feed again', async () => {
    const db = await testDb();
    const { make, ends } = pendingBuilds();
    const first = keptFeed(db, 'stop|1', make);
    const second = keptFeed(db, 'stop|1', make);
    await started();
    expect(ends).toHaveLength(1);
    ends[0]?.reject(new Error('disk on fire'));
    await expect(first).rejects.toThrow('disk on fire');
    await expect(second).rejects.toThrow('disk on fire');
    expect(currentGeneration(db).feedBuilds.size).toBe(0);
    const again = keptFeed(db, 'stop|1', make);
    await started();
    expect(ends).toHaveLength(2);
    ends[1]?.resolve('feed');
    expect(await again).toBe('feed');
  });

  it('does not hand a build of older data to a request after a write', async () => {
    const db = await testDb();
    const { make, ends } = pendingBuilds();
    const old = keptFeed(db, 'stop|1', make);
    await started();
    writeRow(db);
    const fresh = keptFeed(db, 'stop|1', make);
    await started();
    expect(ends).toHaveLength(2);
    ends[0]?.resolve('old');
    ends[1]?.resolve('new');
    expect(await old).toBe('old');
    expect(await fresh).toBe('new');
    expect(await keptFeed(db, 'stop|1', make)).toBe('new');
  });
});
