import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('keeps crawlers out of the admin board and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Disallow: /admin-panel');
    expect(res.body).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
  });
});
