import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeReadsStarted } from '../src/public-read/generation.ts';
import { readContext, serializedAnswers } from '../src/public-read/read-context.ts';
import { type AdminTestApp, adminApp } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The read room's one door: every kept public answer goes through one rule (which requests may
 * be kept: never a signed-in one) and one revalidation (ETag, 304, If-None-Match lists and weak
 * tags), whatever path the request came by; and a server that is ready has its snapshot.
 */
const clock = fixedClock('2026-03-04T07:30:00Z');
let t: AdminTestApp;
beforeAll(async () => {
  t = await adminApp({ clock });
});
afterAll(() => t?.app.close());

const DATE = '2026-03-06';
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const query = { from: 1, dir: 'Out bound', date: DATE };

/** The same departures question by each way in. */
const PATHS = {
  'fast lane, plain': `/trpc/timetable.departures?input=${input(query)}`,
  'fast lane, batch': `/trpc/timetable.departures?batch=1&input=${input({ 0: query })}`,
  'tRPC adapter, batch of two': `/trpc/timetable.departures,timetable.noticesToday?batch=1&input=${input({ 0: query })}`,
  'old REST path': `/api/scheduleItem/home-from?qdate=${DATE}&qdir=Out%20bound&qbstopfrom=1`,
};

const kept = (url: string) => serializedAnswers(readContext(t.db, clock)).get(url);

describe('one rule for kept answers, by every way in', () => {
  for (const [way, url] of Object.entries(PATHS)) {
    it(`${way}: signed in, answered and never kept; anonymous, kept and revalidated`, async () => {
      const signedIn = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      expect(signedIn.statusCode, signedIn.body.slice(0, 200)).toBe(200);
      // Not served from, nor into, what everyone is served; no public tag.
      expect(kept(url)).toBeUndefined();
      expect(signedIn.headers.etag).toBeUndefined();

      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe(signedIn.body);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      // Kept: the next anonymous request is answered from it, byte for byte.
      expect(kept(url)).toBe(first.body);
      expect((await t.app.inject({ method: 'GET', url })).body).toBe(first.body);
      // The kept answer is still not given to a signed-in request, nor is one stored from it.
      const again = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer x' } });
      expect(again.headers.etag).toBeUndefined();

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, `W/"x", W/${etag}`, '*']) {
        const revalidated = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': ifNoneMatch },
        });
        expect(revalidated.statusCode, `${way}: ${ifNoneMatch}`).toBe(304);
        expect(revalidated.rawPayload.length).toBe(0);
        expect(revalidated.headers.etag).toBe(etag);
      }
      const other = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
      expect(other.statusCode).toBe(200);
    });
  }
});

describe('ready means ready', () => {
  it('a server that is ready has read its snapshot: the first request reads none', async () => {
    const reads = wholeReadsStarted(t.db);
    expect(reads).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/timetable.departures?input=${input({ from: 2, date: '2026-03-09' })}`,
    });
    expect(res.statusCode).toBe(200);
    expect(wholeReadsStarted(t.db)).toBe(reads);
  });
});
