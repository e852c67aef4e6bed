import { describe, expect, it } from 'vitest';
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  cacheKey,
  fetchedAtOf,
  isAbort,
  oldestShown,
  overflow,
  type RequestFacts,
  requestKind,
  worthKeeping,
} from './sw-rules.ts';

const ORIGIN = 'https://bus.example.lt';
const departures = `${ORIGIN}/trpc/timetable.departures?input=${encodeURIComponent('{"from":1,"dir":"Out bound","date":"2026-11-30"}')}`;

const facts = (url: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  url,
  mode: 'cors',
  authorized: false,
  ...more,
});

describe('requestKind: what the worker does with a request', () => {
  it.each([
    // Pages: any address of the app, with its query; network first, the kept HTML offline.
    ['the home', facts(`${ORIGIN}/?from=1&dir=City+bound`, { mode: 'navigate' }), 'page'],
    ['a line page', facts(`${ORIGIN}/browse/5`, { mode: 'navigate' }), 'page'],
    ['an admin page', facts(`${ORIGIN}/admin-panel/lines`, { mode: 'navigate' }), 'page'],
    // Opened as a page but no page of the app: the server's own answers, never the app's HTML.
    ['the GTFS feed', facts(`${ORIGIN}/gtfs.zip`, { mode: 'navigate' }), null],
    ['the sitemap', facts(`${ORIGIN}/sitemap.xml`, { mode: 'navigate' }), null],
    ['an old REST path', facts(`${ORIGIN}/api/busstop/get2`, { mode: 'navigate' }), null],
    ['a tRPC address typed in', facts(departures, { mode: 'navigate' }), null],
    ['the health check', facts(`${ORIGIN}/healthz`, { mode: 'navigate' }), null],
    // The stop widget (issue 42) is no page of the app: never kept as the app's page.
    ['the stop widget', facts(`${ORIGIN}/embed/stop/1?dir=city`, { mode: 'navigate' }), null],
    // Hashed files: kept copy first.
    ['a script', facts(`${ORIGIN}/assets/index-Bxg5K0mc.js`, { mode: 'cors' }), 'asset'],
    ['a stylesheet', facts(`${ORIGIN}/assets/index-DwrAUdFo.css`, { mode: 'no-cors' }), 'asset'],
    // Public answers: network first, kept with their time.
    ['timetable.departures', facts(departures), 'answer'],
    ['timetable.searchStops', facts(`${ORIGIN}/trpc/timetable.searchStops?input=%7B%7D`), 'answer'],
    ['a public answer asked with a token', facts(departures, { authorized: true }), null],
    ['a batch of public queries', facts(`${ORIGIN}/trpc/timetable.lines,timetable.stops?batch=1`), null],
    ['a batch written %2C', facts(`${ORIGIN}/trpc/timetable.lines%2Cadmin.lines?batch=1`), null],
    ['an admin query', facts(`${ORIGIN}/trpc/admin.lines.list`, { authorized: true }), null],
    ['an admin query without its token', facts(`${ORIGIN}/trpc/admin.lines.list`), null],
    ['a save', facts(`${ORIGIN}/trpc/admin.holidays.save`, { method: 'POST', authorized: true }), null],
    ['a sign-in', facts(`${ORIGIN}/trpc/auth.signIn`, { method: 'POST' }), null],
    ['a HEAD of an answer', facts(departures, { method: 'HEAD' }), null],
    // The installed app's own files.
    ['the manifest', facts(`${ORIGIN}/site.webmanifest`), 'file'],
    ['an icon', facts(`${ORIGIN}/icon-192.png`), 'file'],
    ['the worker itself', facts(`${ORIGIN}/sw.js`), null],
    ['robots.txt', facts(`${ORIGIN}/robots.txt`), null],
    ['the GTFS feed fetched', facts(`${ORIGIN}/gtfs.zip`), null],
    // Another site: never touched.
    ['another origin', facts('https://tiles.example.org/assets/a.js'), null],
    ['another port', facts('https://bus.example.lt:8443/assets/a.js'), null],
    ['not a URL', facts('not a url'), null],
  ] as const)('%s -> %s', (_what, request, kind) => {
    expect(requestKind(request, ORIGIN)).toBe(kind);
  });
});

describe('cacheKey: one page, answers by their whole address, files by path', () => {
  it.each([
    ['page', `${ORIGIN}/browse/5?date=2026-11-30`, '/'],
    ['page', `${ORIGIN}/`, '/'],
    ['answer', departures, departures.slice(ORIGIN.length)],
    ['asset', `${ORIGIN}/assets/index-Bxg5K0mc.js?v=1`, '/assets/index-Bxg5K0mc.js'],
    ['file', `${ORIGIN}/icon-192.png`, '/icon-192.png'],
  ] as const)('%s %s -> %s', (kind, url, key) => {
    expect(cacheKey(kind, url)).toBe(key);
  });

  it('two inputs of one query are two answers', () => {
    const other = departures.replace('2026-11-30', '2026-12-01');
    expect(cacheKey('answer', other)).not.toBe(cacheKey('answer', departures));
  });
});

describe('overflow: the oldest go first', () => {
  it.each([
    [['a', 'b', 'c'], 5, []],
    [['a', 'b', 'c'], 3, []],
    [['a', 'b', 'c', 'd'], 3, ['a']],
    [['a', 'b', 'c', 'd', 'e'], 2, ['a', 'b', 'c']],
    [['a'], 0, ['a']],
  ])('%j with room for %i drops %j', (entries, limit, dropped) => {
    expect(overflow(entries, limit)).toEqual(dropped);
  });

  it('every cache has a limit (pages and files share one)', () => {
    for (const name of Object.values(CACHE_NAMES)) expect(CACHE_LIMITS[name]).toBeGreaterThan(0);
    expect(CACHE_NAMES.file).toBe(CACHE_NAMES.page);
  });
});

describe('fetchedAtOf: the time a kept answer carries', () => {
  it.each([
    ['1795000000000', 1795000000000],
    ['0', 0],
    [null, null],
    ['', null],
    ['12:05', null],
    ['-5', null],
    ['1e12', null],
    ['1795000000000 ', null],
  ])('%j -> %j', (header, time) => {
    expect(fetchedAtOf(header)).toBe(time);
  });
});

describe('worthKeeping: what a page loaded before the worker served it', () => {
  it('keeps the assets, the public answers and the app files, once each, and nothing else', () => {
    const loaded = [
      `${ORIGIN}/assets/index-Bxg5K0mc.js`,
      `${ORIGIN}/assets/lt-BuADEJQn.js`,
      `${ORIGIN}/assets/index-DwrAUdFo.css`,
      departures,
      departures,
      `${ORIGIN}/favicon.svg`,
      `${ORIGIN}/trpc/admin.lines.list`,
      `${ORIGIN}/trpc/auth.config`,
      `${ORIGIN}/api/line/line-preview-withid-public`,
      'https://elsewhere.example.org/assets/x.js',
    ];
    expect(worthKeeping(loaded, ORIGIN)).toEqual([
      `${ORIGIN}/assets/index-Bxg5K0mc.js`,
      `${ORIGIN}/assets/lt-BuADEJQn.js`,
      `${ORIGIN}/assets/index-DwrAUdFo.css`,
      departures,
      `${ORIGIN}/favicon.svg`,
    ]);
  });
});

describe('isAbort: a request the page called off is no dead network', () => {
  it.each([
    ['the request aborted, fetch failed', new TypeError('Failed to fetch'), true, true],
    ['an AbortError, the request not (yet) marked', new DOMException('aborted', 'AbortError'), false, true],
    ['an AbortError as a plain object', { name: 'AbortError' }, false, true],
    ['no network', new TypeError('Failed to fetch'), false, false],
    ['another DOMException', new DOMException('quota', 'QuotaExceededError'), false, false],
    ['nothing thrown', undefined, false, false],
    ['a string', 'AbortError', false, false],
  ])('%s', (_name, error, aborted, expected) => {
    expect(isAbort(error, aborted)).toBe(expected);
  });
});

describe('oldestShown: the banner names the oldest kept answer on the page', () => {
  it.each([
    ['the first kept answer', undefined, 1_000, 1_000],
    ['an older one after it', 5_000, 1_000, 1_000],
    ['a newer one after it (the oldest stays)', 1_000, 5_000, 1_000],
    ['the same time again', 3_000, 3_000, 3_000],
  ])('%s', (_name, previous, fetchedAt, expected) => {
    expect(oldestShown(previous, fetchedAt)).toBe(expected);
  });
});
