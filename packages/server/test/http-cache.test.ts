import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import type { ReadMeta } from '../src/public-read/cache-policy.ts';
import { policiesOf } from '../src/public-read/cache-policy.ts';
import { CALENDAR_FEED_CACHE } from '../src/public-read/calendar-feeds-http.ts';
import { acceptedEncoding, answerPolicy } from '../src/public-read/http-cache.ts';
import { TIMETABLE_CACHE } from '../src/trpc/routers/timetable.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';

/**
 * HTTP caching of the public answers (ETag, 304, Cache-Control) and compression of JSON, and
 * that neither ever hands out an answer older than the data, in this process or another.
 */

let now = new Date('2026-03-04T07:30:00Z');
const clock = () => new Date(now);

const DEPARTURES = `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 1, date: '2026-03-04' }))}`;
const SEARCH = `/trpc/timetable.searchStops?input=${encodeURIComponent(JSON.stringify({ query: 'ank' }))}`;
/** How a GET is cached, as the procedures' meta and a route's config declare it. */
const policies = policiesOf(TIMETABLE_CACHE);
function publicAnswerKind(method: string, url: string, route?: ReadMeta): 'timed' | 'daily' | null {
  const policy = answerPolicy(policies, method, url, route);
  return policy === null ? null : policy.byMinute ? 'timed' : 'daily';
}
const readsPublishing = (url: string, route?: ReadMeta) =>
  answerPolicy(policies, 'GET', url, route)?.publishing === true;

const LEGACY_DEPARTURES = '/api/scheduleItem/home-from?qbstopfrom=1&qdate=2026-03-04&qdir=Out%20bound';

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

describe('public answers carry an ETag and answer 304 to it', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await adminApp({ clock });
  });
  afterAll(() => t.app.close());

  it.each([
    ['tRPC departures', DEPARTURES],
    ['tRPC stop search', SEARCH],
    ['old REST departures', LEGACY_DEPARTURES],
    ['old REST line list', '/api/line/line-preview-withid-public'],
  ])('%s', async (_name, url) => {
    const first = await get(t.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{10}-\d+-[0-9a-z]+-[0-9a-z]+-[0-9a-z-]+"$/);
    const again = await get(t.app, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A proxy that compressed the answer sends the tag back weak; it still matches.
    expect((await get(t.app, url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(t.app, url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('departures change their tag every minute (tooLate), other answers once a day', async () => {
    const departures = (await get(t.app, DEPARTURES)).headers.etag;
    const search = (await get(t.app, SEARCH)).headers.etag;
    now = new Date(now.getTime() + 60_000);
    try {
      expect((await get(t.app, DEPARTURES, { 'if-none-match': departures as string })).statusCode).toBe(200);
      expect((await get(t.app, SEARCH, { 'if-none-match': search as string })).statusCode).toBe(304);
    } finally {
      now = new Date(now.getTime() - 60_000);
    }
  });

  it('keeps a departures answer past its minute until its next bus has left, then makes it again', async () => {
    const saved = now;
    try {
      // 09:30:10 in Vilnius (UTC+2 in March) on a weekday with buses from stop 1 all morning.
      const at = (hhmm: string, seconds = 10) => {
        now = new Date(
          `2026-03-04T${String(Number(hhmm.slice(0, 2)) - 2).padStart(2, '0')}:${hhmm.slice(3)}:${String(seconds).padStart(2, '0')}Z`,
        );
      };
      const misses = async () =>
        Number(
          /bus_kept_answers_total\{outcome="miss"\} (\d+)/.exec((await get(t.app, '/metrics')).body)?.[1],
        );
      type Answer = { result: { data: { items: { timeDepart: string; tooLate: boolean }[] } } };
      at('09:30');
      const first = await get(t.app, DEPARTURES);
      const items = (JSON.parse(first.body) as Answer).result.data.items;
      const next = items.find((i) => !i.tooLate)?.timeDepart as string;
      expect(next > '09:30').toBe(true);
      // Kept from minute to minute without being made again, until the minute after that bus's,
      // and made again at each whole hour (Vilnius' day and clock changes begin on one).
      const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
      const gone = minutes(next) + 1;
      for (let m = minutes('09:31'); m <= gone; m++) {
        at(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`, 5);
        const before = await misses();
        const answer = await get(t.app, DEPARTURES);
        expect(await misses(), `misses at minute ${m}`).toBe(before + (m === gone || m % 60 === 0 ? 1 : 0));
        if (m < gone) expect(answer.body, `at minute ${m}`).toBe(first.body);
        else {
          // Its bus has left: made again, with that bus too late.
          expect(answer.body).not.toBe(first.body);
          const item = (JSON.parse(answer.body) as Answer).result.data.items.find(
            (i) => i.timeDepart === next,
          );
          expect(item?.tooLate).toBe(true);
        }
      }
    } finally {
      now = saved;
    }
  });

  it('after an admin save the old tag gets the new answer', async () => {
    const first = await get(t.app, DEPARTURES);
    const etag = first.headers.etag as string;
    const admin = adminClient(t.app, t.adminToken);
    const saved = await admin.mutate<{ id: number }>('admin.holidays.save', {
      id: null,
      name: 'Test day',
      month: 3,
      day: 4,
      baseVersion: 0,
    });
    expect(saved.status).toBe(200);
    const after = await get(t.app, DEPARTURES, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).not.toBe(first.body);
    const version = await versionNow(t, { kind: 'holiday', id: saved.data.id });
    expect(
      (await admin.mutate('admin.holidays.delete', { id: saved.data.id, baseVersion: version })).status,
    ).toBe(200);
  });

  it('never tags what is not public: admin answers, errors, writes', async () => {
    const admin = await get(t.app, '/trpc/admin.holidays.list', { authorization: `Bearer ${t.adminToken}` });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers.etag).toBeUndefined();
    const bad = await get(t.app, `/trpc/timetable.departures?input=${encodeURIComponent('{"from":"x"}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    expect(publicAnswerKind('POST', '/trpc/timetable.departures')).toBeNull();
    expect(publicAnswerKind('GET', '/trpc/timetable.searchStops,admin.holidays.list?batch=1')).toBeNull();
    expect(publicAnswerKind('GET', '/trpc/timetable.searchStops,timetable.departures?batch=1')).toBe('timed');
    expect(publicAnswerKind('GET', '/api/holidays/all')).toBeNull();
    // The calendar feeds are public answers of the day; the print queries like any timetable.* one.
    expect(publicAnswerKind('GET', '/calendar/stop/1.ics?dir=Out+bound', CALENDAR_FEED_CACHE)).toBe('daily');
    expect(publicAnswerKind('GET', '/calendar/trip/1.ics', CALENDAR_FEED_CACHE)).toBe('daily');
    expect(publicAnswerKind('GET', '/trpc/timetable.stopPoster?input=%7B%7D')).toBe('daily');
    expect(readsPublishing('/calendar/trip/1.ics', CALENDAR_FEED_CACHE)).toBe(true);
    expect(readsPublishing('/trpc/timetable.linePrint?input=%7B%7D')).toBe(true);
    expect(readsPublishing('/trpc/timetable.departures?input=%7B%7D')).toBe(false);
    // An encoded comma still separates procedures.
    expect(publicAnswerKind('GET', '/trpc/timetable.searchStops%2Cadmin.holidays.list?batch=1')).toBeNull();
    // An error of the tRPC adapter (not the fast lane) is not tagged either.
    const missing = await get(
      t.app,
      `/trpc/timetable.tripSchedule?input=${encodeURIComponent('{"id":999999}')}`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).not.toBe('public, no-cache');
    // A signed-in request is neither answered from nor kept for what everyone is served.
    const signedIn = await get(t.app, SEARCH, { authorization: `Bearer ${t.adminToken}` });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
  });
});

describe('JSON over 1 KB is compressed as the browser asks', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await adminApp({ clock });
  });
  afterAll(() => t.app.close());

  it.each([
    ['the fast lane (tRPC departures)', DEPARTURES],
    ['the tRPC adapter (lines)', `/trpc/timetable.lines?input=${encodeURIComponent('{}')}`],
    ['an old REST path', LEGACY_DEPARTURES],
  ])('%s', async (_name, url) => {
    const plain = await get(t.app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(t.app, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gzip = await get(t.app, url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Asked again: the same bytes (the fast lane keeps them).
    expect(
      Buffer.compare((await get(t.app, url, { 'accept-encoding': 'br' })).rawPayload, br.rawPayload),
    ).toBe(0);
  });

  it('compresses a signed-in answer of the tRPC adapter whole, and leaves a small mutation answer as it is', async () => {
    const url = '/trpc/admin.lines.list';
    const auth = { authorization: `Bearer ${t.adminToken}` };
    const plain = await get(t.app, url, auth);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(t.app, url, { ...auth, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    // Compressed at once, not as a stream: its length is known.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      payload: { username: 'boss', password: '2025' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['content-encoding']).toBeUndefined();
    expect(signIn.json()).toMatchObject({
      result: { data: { username: 'boss', accessToken: expect.any(String) } },
    });
  });

  it('leaves small answers as they are', async () => {
    const small = await get(
      t.app,
      `/trpc/timetable.searchStops?input=${encodeURIComponent('{"query":"zzzz"}')}`,
      {
        'accept-encoding': 'br',
      },
    );
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('Accept-Encoding %j gives %j', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

describe('an answer given from the kept ones', () => {
  it('keeps the CORS headers of an old client on another origin', async () => {
    const origin = 'https://old.example';
    const t = await adminApp({ clock, env: { CORS_ORIGINS: [origin] } });
    try {
      const headers = { origin, 'accept-encoding': 'br' };
      const first = await get(t.app, LEGACY_DEPARTURES, headers);
      const kept = await get(t.app, LEGACY_DEPARTURES, headers);
      for (const res of [first, kept]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers.vary).toMatch(/Origin/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['content-encoding']).toBe('br');
      }
      expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(
        brotliDecompressSync(first.rawPayload).toString(),
      );
    } finally {
      await t.app.close();
    }
  });
});

describe('a write by another process', () => {
  it('moves the tag: the old one gets the new answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-etag-'));
    const file = join(dir, 'timetable.sqlite');
    const server = openDatabase(file);
    await migrateToLatest(server.kysely);
    replaceTimetable(server.sqlite, await loadDefaultDataset());
    const app = await buildApp({ db: server, env: parseEnv({ LOG_LEVEL: 'silent', DEMO: '0' }), clock });
    const other = openDatabase(file);
    try {
      const first = await get(app, DEPARTURES);
      const etag = first.headers.etag as string;
      expect((await get(app, DEPARTURES, { 'if-none-match': etag })).statusCode).toBe(304);
      // Another process imports the timetable without the first line's schedules.
      const dataset = await loadDefaultDataset();
      dataset.schedules = dataset.schedules.filter((s) => s.lineId !== 1);
      replaceTimetable(other.sqlite, dataset);
      const after = await get(app, DEPARTURES, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.body).not.toBe(first.body);
      // A second server process on the same file gives the same tag for the same data.
      const second = await buildApp({ db: other, env: parseEnv({ LOG_LEVEL: 'silent', DEMO: '0' }), clock });
      expect((await get(second, DEPARTURES)).headers.etag).toBe(after.headers.etag);
      await second.close();
    } finally {
      await app.close();
      other.sqlite.close();
      server.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
