import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DataPageKey, PAGE_KEYS, PAGES, type PageEntry } from '@bus/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDataApp } from './helpers.ts';

/**
 * Honest HTTP on the real data: 404 for paths that are no page and for pages of lines or trips
 * that do not exist, a plain 404 for missing files, each public page's title, description and
 * Open Graph tags in the HTML the server sends, robots.txt and a sitemap of every line.
 */
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-pages-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>Anyksciai bus timetable</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(
    join(dist, 'embed.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>Next departures</title></head><body><main id="widget"></main></body></html>',
  );
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ({ app } = await realDataApp({ env: { WEB_DIST_DIR: dist } }));
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('honest statuses', () => {
  it.each([
    ['/', 200],
    ['/browse', 200],
    ['/browse/1', 200],
    ['/browse/1/1/1?from=3', 200],
    ['/trip/1', 200],
    ['/date/2026-03-04', 200],
    ['/admin-access', 200],
    ['/admin-panel/lines/1/edit', 200],
    ['/no/such/page', 404],
    ['/browse/999999', 404],
    ['/browse/abc', 404],
    ['/trip/999999', 404],
    ['/trip/abc', 404],
    ['/date/2026-02-30', 404],
    ['/print/stop/1?dir=Out+bound', 200],
    ['/print/line/1', 200],
    ['/print/stop/999999', 404],
    ['/print/line/999999', 404],
    ['/print/line/abc', 404],
  ])('%s answers %i with the app', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/assets/no-such-file.js', '/favicon.ico', '/nothing.png'])(
    '%s is a plain 404, never HTML',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).not.toContain('<');
    },
  );

  it('serves the files that exist', async () => {
    expect((await get('/assets/index-abc.js')).body).toBe('console.log(1)');
    expect((await get('/favicon.svg')).statusCode).toBe(200);
  });
});

describe('shared links name the page', () => {
  it.each([
    ['/browse/1', 'M35 Anykščiai – Dabužiai – Anyksciai bus timetable'],
    ['/trip/1', 'M35 from Anykščių AS at 06:40 – Anyksciai bus timetable'],
    [
      '/?from=1&dir=Out+bound&date=2026-03-04',
      'Departures from Anykščių AS on 2026-03-04, going out – Anyksciai bus timetable',
    ],
    ['/browse', 'Lines – Anyksciai bus timetable'],
  ])('%s', async (url, title) => {
    const html = (await get(url)).body;
    expect(titleOf(html)).toBe(title);
    expect(metaOf(html, 'og:title')).toBe(title);
    expect(metaOf(html, 'description')).toBeTruthy();
    expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
    expect(metaOf(html, 'og:url')).toContain(url.split('?')[0]);
    expect(html).not.toContain('noindex');
  });

  it('keeps admin and not-found pages out of search engines, and escapes what it writes', async () => {
    expect((await get('/admin-panel')).body).toContain('<meta name="robots" content="noindex" />');
    expect((await get('/no/such')).body).toContain('noindex');
    const html = (await get('/?from=1&date=%3Cscript%3E')).body;
    expect(html).not.toContain('<script>');
  });
});

describe('the page table (core/src/pages.ts) is what the server answers', () => {
  const site = 'Anyksciai bus timetable';
  /**
   * Addresses of each page whose head is a function of data, and the title each gets on the real
   * data. Typed by the table: a new page of that kind does not compile here without its samples.
   */
  const samples: Record<DataPageKey, [url: string, title: string][]> = {
    home: [
      ['/', site],
      ['/?from=3&dir=City+bound', `Departures from Šeimyniškiai, toward Anyksciai – ${site}`],
    ],
    line: [['/browse/1', `M35 Anykščiai – Dabužiai – ${site}`]],
    lineTrip: [['/browse/1/1/1?from=3', `M35 Anykščiai – Dabužiai – ${site}`]],
    trip: [['/trip/1', `M35 from Anykščių AS at 06:40 – ${site}`]],
    date: [['/date/2026-03-04', `Date 2026-03-04 – ${site}`]],
    printStop: [['/print/stop/1?dir=Out+bound', `Timetable of Anykščių AS – ${site}`]],
    printLine: [['/print/line/1', `Timetable of line M35 – ${site}`]],
    plan: [
      ['/plan', `Plan a journey with changes – ${site}`],
      // The stops as the planner's selectors label them (a stop's note in brackets).
      [
        '/plan?from=1&to=36&date=2026-03-04',
        `Journeys from Anykščių AS to Katlėriai (Prie Puntuko) – ${site}`,
      ],
      ['/plan?from=1&to=999999', `Plan a journey with changes – ${site}`],
    ],
    compare: [
      ['/compare?from=1&dir=Out+bound&change=2026-12-07', `New timetable from 7 December – ${site}`],
      ['/compare', `New timetable – ${site}`],
    ],
  };
  const entry = (key: keyof typeof PAGES): PageEntry => PAGES[key];
  const pathOf = (url: string) => url.split('?')[0] as string;
  /** Every page's addresses: the path itself for a fixed page (and one below it for a nest). */
  const addresses = PAGE_KEYS.flatMap((key) => {
    const page = entry(key);
    if (typeof page.head === 'function')
      return (samples[key as DataPageKey] ?? []).map(([url]) => ({ key, url }));
    return [page.path, ...(page.nest ? [`${page.path}/anything/below`] : [])].map((url) => ({ key, url }));
  });

  it('has samples for every page whose head comes from data', () => {
    for (const key of PAGE_KEYS)
      if (typeof entry(key).head === 'function')
        expect(samples[key as DataPageKey]?.length).toBeGreaterThan(0);
  });

  it.each(addresses)('$url answers 200 with the head of $key', async ({ key, url }) => {
    const page = entry(key);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const title =
      typeof page.head === 'function'
        ? samples[key as DataPageKey].find(([sample]) => sample === url)?.[1]
        : page.head.title === null
          ? site
          : `${page.head.title} – ${site}`;
    expect(titleOf(html)).toBe(title);
    expect(metaOf(html, 'og:title')).toBe(title);
    if (typeof page.head !== 'function') expect(metaOf(html, 'description')).toBe(page.head.description);
    expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
    expect(html.includes('<meta name="robots" content="noindex" />')).toBe(!page.index);
  });

  it('titles /plan and /compare as their own pages, describing what they show', async () => {
    expect(metaOf((await get('/plan')).body, 'description')).toBe(
      'Bus journeys from any stop to any stop on a date, with changes between buses.',
    );
    expect(metaOf((await get('/compare?from=1&dir=Out+bound&change=2026-12-07')).body, 'description')).toBe(
      'Departures from Anykščių AS: the day before the change beside the same weekday after it.',
    );
  });

  // Near misses of every page (its first address): a longer last segment, and a segment more
  // (below a nest that is its own page).
  const nearMisses = [
    ...new Set([
      ...PAGE_KEYS.flatMap((key) => {
        const path = pathOf(addresses.find((a) => a.key === key)?.url ?? '').replace(/\/$/, '');
        if (path === '') return ['/x'];
        return [`${path}x`, ...(entry(key).nest ? [] : [`${path}/x`])];
      }),
      '/plans',
      '/compare/x',
      '/browse/abc',
      '/browse/1/2',
      '/browse/1/x/1',
      '/print/bus/1',
      '/print/stop',
      '/date/2026-02-30',
      '/trip/0',
    ]),
  ];

  it.each(nearMisses)('%s is no page: 404, not indexed', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(titleOf(res.body)).toBe(`Nopage here – ${site}`);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('the stop widget’s page (issue 42)', () => {
  it('answers a stop with the widget, titled with the stop and kept out of search engines', async () => {
    const res = await get('/embed/stop/1?dir=city&rows=3&lang=lt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main id="widget">');
    expect(res.body).not.toContain('<div id="root">');
    expect(titleOf(res.body)).toBe('Next departures: Anykščių AS – Anyksciai bus timetable');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/embed/stop/999999', '/embed/stop/abc', '/embed/stop/0'])(
    '%s is a 404: the widget says there is no such stop',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<main id="widget">');
    },
  );

  it.each(['/embed/stop/1/x', '/embed/stop', '/embed/line/1'])(
    '%s is no page of the site: 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(titleOf(res.body)).toBe('Nopage here – Anyksciai bus timetable');
    },
  );
});

describe('robots.txt and sitemap.xml', () => {
  it('lists every line page in the sitemap', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const lines = (await app.inject({ method: 'GET', url: '/trpc/timetable.lines' })).json() as {
      result: { data: { id: number }[] };
    };
    for (const line of lines.result.data) expect(res.body).toContain(`/browse/${line.id}</loc>`);
  });

  it('lists the pages of the table marked for it', async () => {
    const body = (await get('/sitemap.xml')).body;
    for (const key of PAGE_KEYS) {
      const page: PageEntry = PAGES[key];
      expect(body.includes(`${page.path}</loc>`)).toBe(page.sitemap === true);
    }
  });

  it('keeps crawlers out of the admin board and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Disallow: /admin-panel');
    expect(res.body).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
  });
});
