import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DepartureItem } from '@bus/core';
import { createTestDb, migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import { afterEach, describe, expect, it } from 'vitest';
import { currentGeneration, currentSnapshot } from './generation.ts';
import { boundedCache, COMPRESS_OFF_LOOP_FROM, departuresValidUntil, withTooLate } from './kept-answers.ts';
import {
  currentMinute,
  keepDeparturesAnswer,
  keptDepartures,
  keptFeed,
  readContext,
  serializedAnswers,
  serviceDay,
} from './read-context.ts';

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
    before.serviceDays.set(
      '2026-03-04',
      await serviceDay(readContext(db, systemClockForFeeds), '2026-03-04'),
    );
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

const systemClockForFeeds = () => new Date('2026-03-04T07:30:00Z');

describe('kept departures (what stopDepartures keeps per generation)', () => {
  const clock = () => new Date('2026-03-04T05:00:00Z');

  it('answers a kept answer with tooLate worked out again from now, byte for byte as made', async () => {
    const db = await testDb();
    const read = readContext(db, clock);
    const fresh = [item('08:00', false), item('12:00', false)];
    keepDeparturesAnswer(read, 'k', fresh);
    const kept = keptDepartures(readContext(db, clock), 'k');
    expect(kept).toBeDefined();
    if (kept === undefined) return;
    const early = { date: '2026-03-04', minutes: 7 * 60 };
    const noon = { date: '2026-03-04', minutes: 12 * 60 + 1 };
    expect(withTooLate(kept, '2026-03-04', noon).map((i) => i.tooLate)).toEqual([true, true]);
    expect(
      withTooLate(kept, '2026-03-04', { date: '2026-03-04', minutes: 9 * 60 }).map((i) => i.tooLate),
    ).toEqual([true, false]);
    // Byte for byte what was kept for that now (the fast lane serializes it).
    expect(JSON.stringify(withTooLate(kept, '2026-03-04', early))).toBe(JSON.stringify(fresh));
  });

  it.each([
    { what: 'another date of the same service day shares its key', other: '2026-03-11', same: true },
    { what: 'another service day has another key', other: '2026-03-08', same: false },
  ])('$what', async ({ other, same }) => {
    const db = await testDb();
    const read = readContext(db, clock);
    // Wednesdays share a service day, the Sunday 2026-03-08 has its own.
    const wednesday = await serviceDay(read, '2026-03-04');
    expect((await serviceDay(read, other)).key === wednesday.key).toBe(same);
    // Kept: asked again, the same object.
    expect(await serviceDay(read, '2026-03-04')).toBe(wednesday);
  });

  it('keeps nothing past a write, also one made while the answer was worked out', async () => {
    const db = await testDb();
    // The request read its generation, then a write landed before it kept its answer.
    const read = readContext(db, clock);
    writeRow(db);
    keepDeparturesAnswer(read, 'k', [item('08:00', false)]);
    const next = readContext(db, clock);
    expect(keptDepartures(next, 'k')).toBeUndefined();
    keepDeparturesAnswer(next, 'k', [item('08:00', false)]);
    expect(keptDepartures(readContext(db, clock), 'k')).toBeDefined();
    writeRow(db);
    expect(keptDepartures(readContext(db, clock), 'k')).toBeUndefined();
  });
});

describe('serializedAnswers (the fast lane cache)', () => {
  let instant = new Date('2026-03-04T07:30:00Z');
  const clock = () => new Date(instant);

  it('keeps an answer for the current data and minute only', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:00Z');
    serializedAnswers(readContext(db, clock)).set('/a', '"A"');
    instant = new Date('2026-03-04T07:30:59Z');
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBe('"A"');
    expect(serializedAnswers(readContext(db, clock)).get('/b')).toBeUndefined();
    instant = new Date('2026-03-04T07:31:00Z');
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBeUndefined();
    serializedAnswers(readContext(db, clock)).set('/a', '"A2"');
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBe('"A2"');
    writeRow(db);
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBeUndefined();
  });

  it('never lets a request of an earlier minute or older data fill the current one', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:30Z');
    const slow = serializedAnswers(readContext(db, clock)); // started in minute 07:30
    instant = new Date('2026-03-04T07:31:00Z');
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBeUndefined();
    slow.set('/a', '"computed at 07:30"');
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBeUndefined();
    const beforeWrite = serializedAnswers(readContext(db, clock));
    writeRow(db);
    beforeWrite.set('/a', '"computed from the old data"');
    expect(serializedAnswers(readContext(db, clock)).get('/a')).toBeUndefined();
  });

  it('keeps a compressed answer by encoding, also when its JSON is too big to keep', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:00Z');
    const answers = serializedAnswers(readContext(db, clock));
    const json = JSON.stringify({
      items: Array.from({ length: 6_000 }, (_, i) => ({ tripId: i, name: 'Šilų kryžkelė > Ažuožeriai' })),
    });
    expect(json.length).toBeGreaterThan(250_000);
    expect(answers.keptCompressed('/hub', 'br')).toBeUndefined();
    answers.set('/hub', json);
    const br = await answers.compressed('/hub', 'br', json);
    expect(answers.get('/hub')).toBeUndefined();
    expect(answers.keptCompressed('/hub', 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(answers.keptCompressed('/hub', 'gzip')).toBeUndefined();
    expect(answers.keptCompressed('/other', 'br')).toBeUndefined();
    // A new minute starts empty.
    expect(
      serializedAnswers(readContext(db, () => new Date('2026-03-04T07:31:00Z'))).keptCompressed('/hub', 'br'),
    ).toBeUndefined();
  });

  it('a big answer is compressed once off the event loop: requests for it meanwhile wait for that one', async () => {
    const db = await testDb();
    instant = new Date('2026-03-04T07:30:00Z');
    const answers = serializedAnswers(readContext(db, clock));
    const json = JSON.stringify({
      items: Array.from({ length: 2_000 }, (_, i) => ({ tripId: i, at: '08:00' })),
    });
    expect(json.length).toBeGreaterThanOrEqual(COMPRESS_OFF_LOOP_FROM);
    const [a, b] = await Promise.all([
      answers.compressed('/hub', 'br', json),
      answers.compressed('/hub', 'br', json),
    ]);
    expect(a).toBe(b);
    expect(answers.keptCompressed('/hub', 'br')).toBe(a);
    expect(brotliDecompressSync(a).toString()).toBe(json);
    const [g1, g2] = await Promise.all([
      answers.compressed('/hub', 'gzip', json),
      answers.compressed('/hub', 'gzip', json),
    ]);
    expect(g1).toBe(g2);
    expect(gunzipSync(g1).toString()).toBe(json);
  });

  it('takes the minute before’s compressed body for an answer made again the same, and only then', async () => {
    const db = await testDb();
    const at = (iso: string) => serializedAnswers(readContext(db, () => new Date(iso)));
    const json = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ tripId: i, tooLate: false })),
    });
    const changed = json.replace('"tooLate":false', '"tooLate":true');
    const first = at('2026-03-04T07:30:10Z');
    first.set('/a', json);
    first.set('/b', json);
    const brA = await first.compressed('/a', 'br', json);
    const brB = await first.compressed('/b', 'br', json);
    // 07:31: /a is the same to the character, /b is not (a departure became too late).
    const next = at('2026-03-04T07:31:05Z');
    expect(next.keptCompressed('/a', 'br')).toBeUndefined();
    next.set('/a', json);
    expect(await next.compressed('/a', 'br', json)).toBe(brA);
    next.set('/b', changed);
    const brB2 = await next.compressed('/b', 'br', changed);
    expect(brB2).not.toBe(brB);
    expect(brotliDecompressSync(brB2).toString()).toBe(changed);
    // An encoding the minute before did not make is made.
    expect(brotliDecompressSync(await next.compressed('/a', 'br', json)).toString()).toBe(json);
    expect(await next.compressed('/a', 'gzip', json)).toBeInstanceOf(Buffer);
    // Only the minute just before: 07:33 after 07:31 compresses again, as does new data.
    const later = at('2026-03-04T07:33:00Z');
    later.set('/a', json);
    expect(await later.compressed('/a', 'br', json)).not.toBe(brA);
    const sameMinute = at('2026-03-04T07:34:00Z');
    sameMinute.set('/a', json);
    const brA4 = await sameMinute.compressed('/a', 'br', json);
    writeRow(db);
    const newData = at('2026-03-04T07:35:00Z');
    newData.set('/a', json);
    expect(await newData.compressed('/a', 'br', json)).not.toBe(brA4);
  });

  it('carries an answer over, minute to minute, for as long as it said it holds, and not across new data', async () => {
    const db = await testDb();
    const at = (iso: string) => serializedAnswers(readContext(db, () => new Date(iso)));
    const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ tripId: i })) });
    const first = at('2026-03-04T07:30:10Z');
    const minute = first.minute;
    first.set('/a', json, minute + 3);
    first.set('/b', json);
    const br = await first.compressed('/a', 'br', json);
    const second = at('2026-03-04T07:31:00Z');
    expect(second.keptCompressed('/a', 'br')).toBe(br);
    expect(second.get('/a')).toBe(json);
    expect(second.get('/b')).toBeUndefined();
    // 07:32 takes it from 07:31; at 07:33 it no longer holds.
    expect(at('2026-03-04T07:32:59Z').get('/a')).toBe(json);
    expect(at('2026-03-04T07:33:00Z').get('/a')).toBeUndefined();
    // Only from the minute just before, and never across a write.
    const again = at('2026-03-04T07:40:00Z');
    again.set('/a', json, again.minute + 10);
    expect(at('2026-03-04T07:42:00Z').get('/a')).toBeUndefined();
    const before = at('2026-03-04T07:43:00Z');
    before.set('/a', json, before.minute + 10);
    writeRow(db);
    expect(at('2026-03-04T07:44:00Z').get('/a')).toBeUndefined();
  });

  it.each([
    // [now (Vilnius), departures, until (minutes after now)]
    ['09:30', ['09:10', '09:45', '10:20'], 16],
    ['09:30', ['09:30', '09:45'], 1],
    ['09:30', ['09:10'], 30],
    ['09:30', ['10:05'], 30],
    ['09:59', ['09:59'], 1],
    ['23:50', [], 10],
  ])('departures at %s leaving %j hold for %i minutes', (time, departures, held) => {
    const nowMinutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const now = { date: '2026-03-04', minutes: nowMinutes } as Parameters<typeof departuresValidUntil>[2];
    const items = departures.map((timeDepart) => ({ timeDepart }));
    expect(departuresValidUntil([items], '2026-03-04', now, 1000) - 1000).toBe(held);
    // Another date's departures do not move with the clock: until the hour.
    expect(departuresValidUntil([items], '2026-03-05', now, 1000) - 1000).toBe(60 - (nowMinutes % 60));
  });

  it('does not keep one answer above 250,000 characters', async () => {
    const db = await testDb();
    const answers = serializedAnswers(readContext(db, clock));
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
    const answers = serializedAnswers(readContext(db, () => new Date('2026-03-04T07:30:00Z')));
    for (let i = 0; i < 40; i++) answers.set(`/q${i}`, 'x'.repeat(200_000));
    expect(generation.serialized?.answers.json.calculatedSize).toBeLessThanOrEqual(4_000_000);
    expect(generation.serialized?.answers.json.size).toBe(20);
    for (let i = 0; i < 40; i++) await answers.compressed(`/q${i}`, 'gzip', `${i}`.repeat(1_000_000));
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
    const first = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    const second = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    const other = keptFeed(readContext(db, systemClockForFeeds), 'stop|2', make);
    await started();
    expect(ends).toHaveLength(2); // one build for stop 1, one for stop 2
    ends[0]?.resolve('feed 1');
    ends[1]?.resolve('feed 2');
    expect(await Promise.all([first, second, other])).toEqual(['feed 1', 'feed 1', 'feed 2']);
    expect(await keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make)).toBe('feed 1');
    expect(ends).toHaveLength(2);
    expect(currentGeneration(db).feedBuilds.size).toBe(0);
  });

  it('drops a build that failed (every waiting request gets its error): the next request writes the feed again', async () => {
    const db = await testDb();
    const { make, ends } = pendingBuilds();
    const first = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    const second = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    await started();
    expect(ends).toHaveLength(1);
    ends[0]?.reject(new Error('disk on fire'));
    await expect(first).rejects.toThrow('disk on fire');
    await expect(second).rejects.toThrow('disk on fire');
    expect(currentGeneration(db).feedBuilds.size).toBe(0);
    const again = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    await started();
    expect(ends).toHaveLength(2);
    ends[1]?.resolve('feed');
    expect(await again).toBe('feed');
  });

  it('does not hand a build of older data to a request after a write', async () => {
    const db = await testDb();
    const { make, ends } = pendingBuilds();
    const old = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    await started();
    writeRow(db);
    const fresh = keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make);
    await started();
    expect(ends).toHaveLength(2);
    ends[0]?.resolve('old');
    ends[1]?.resolve('new');
    expect(await old).toBe('old');
    expect(await fresh).toBe('new');
    expect(await keptFeed(readContext(db, systemClockForFeeds), 'stop|1', make)).toBe('new');
  });
});
