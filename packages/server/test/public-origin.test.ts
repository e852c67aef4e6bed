import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env.ts';
import { chooseOrigin } from '../src/public-origin.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';

/**
 * Issue 25: the site's own address in robots.txt, sitemap.xml, the pages' og:url and the
 * calendar feeds comes from one rule (public-origin.ts): the Publishing site address, else
 * the Host header checked against PUBLIC_ORIGIN, else the request's own host. X-Forwarded-Host
 * is never believed, not even from the trusted proxy.
 */

describe('chooseOrigin', () => {
  const request = (host: string | undefined, protocol = 'http') => ({ protocol, headers: { host } });
  const listed = ['https://autobusai.anyksciai.lt', 'http://127.0.0.1:3000'];
  it.each([
    [
      'the Publishing site address wins',
      'https://bus.example.lt/',
      listed,
      'evil.example',
      'https://bus.example.lt',
    ],
    ['no list: the request’s host', null, [], 'bus.example.lt:8080', 'http://bus.example.lt:8080'],
    ['no list: a Host in capitals', null, [], 'Bus.Example.LT', 'http://bus.example.lt'],
    ['no list: no Host at all', null, [], undefined, 'http://localhost'],
    ['no list: a Host that is no host', null, [], 'evil.example/"><script>', 'http://localhost'],
    ['no list: an IPv6 Host', null, [], '[::1]:3000', 'http://[::1]:3000'],
    ['a listed Host gets its own origin', null, listed, '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    [
      'a listed Host with the default port',
      null,
      listed,
      'autobusai.anyksciai.lt:443',
      'https://autobusai.anyksciai.lt',
    ],
    ['a foreign Host gets the first listed', null, listed, 'evil.example', 'https://autobusai.anyksciai.lt'],
    [
      'a listed name on another port is foreign',
      null,
      listed,
      '127.0.0.1:3001',
      'https://autobusai.anyksciai.lt',
    ],
    ['no Host with a list', null, listed, undefined, 'https://autobusai.anyksciai.lt'],
  ] as const)('%s', (_label, siteUrl, allowed, host, origin) => {
    expect(chooseOrigin(siteUrl, allowed, request(host))).toBe(origin);
  });

  it('takes https from the request (X-Forwarded-Proto of a trusted proxy) when nothing is configured', () => {
    expect(chooseOrigin(null, [], request('bus.example.lt', 'https'))).toBe('https://bus.example.lt');
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is a comma-separated list of origins, read once', () => {
    expect(parseEnv({}).PUBLIC_ORIGIN).toEqual([]);
    expect(
      parseEnv({ PUBLIC_ORIGIN: ' https://Autobusai.Anyksciai.lt/ , http://127.0.0.1:3000' }).PUBLIC_ORIGIN,
    ).toEqual(['https://autobusai.anyksciai.lt', 'http://127.0.0.1:3000']);
  });

  it.each([
    'autobusai.anyksciai.lt',
    'https://autobusai.anyksciai.lt/timetable',
    'ftp://autobusai.anyksciai.lt',
    'https://user@autobusai.anyksciai.lt',
    'https://',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => parseEnv({ PUBLIC_ORIGIN: value })).toThrow(
      /PUBLIC_ORIGIN: each origin must look like https:\/\/host/,
    );
  });
});

/** Every answer that names the site's own address. */
const NAMING_URLS = [
  '/robots.txt',
  '/sitemap.xml',
  '/',
  '/browse/1',
  '/trip/1',
  '/calendar/trip/1.ics',
  '/calendar/stop/1.ics',
];

describe('behind the trusted proxy', () => {
  let dist: string;
  let plain: AdminTestApp;
  let listed: AdminTestApp;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'public-origin-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="x" /><title>t</title></head><body></body></html>',
    );
    const env = { WEB_DIST_DIR: dist, TRUST_PROXY: ['127.0.0.1'] };
    plain = await adminApp({ env });
    listed = await adminApp({
      env: {
        ...env,
        PUBLIC_ORIGIN: ['https://autobusai.anyksciai.lt', 'https://www.autobusai.anyksciai.lt'],
      },
    });
  });
  afterAll(async () => {
    await plain.app.close();
    await listed.app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** A request through the proxy (from 127.0.0.1) with the headers an attacker chose. */
  const viaProxy = (t: AdminTestApp, url: string, host: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: {
        host,
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.9',
      },
    });

  /** The whole answer as text: headers and body (an .ics folds its lines). */
  const everything = (res: LightMyRequestResponse) =>
    `${JSON.stringify(res.headers)}\n${res.body.replace(/\r\n[ \t]/g, '')}`;

  async function publish(t: AdminTestApp, siteUrl: string | null) {
    const admin = adminClient(t.app, t.adminToken);
    const overview = await admin.query<{ savedAt: string | null }>('admin.publishing.get');
    const saved = await admin.mutate('admin.publishing.save', {
      siteUrl,
      publisherName: null,
      publisherContact: null,
      operators: [],
      windowDays: 365,
      baseSavedAt: overview.data.savedAt,
    });
    expect(saved.status).toBe(200);
  }

  it('ignores X-Forwarded-Host everywhere: the Host header and the forwarded scheme make the origin', async () => {
    for (const url of NAMING_URLS) {
      const res = await viaProxy(plain, url, 'bus.example.lt');
      expect(res.statusCode, url).toBe(200);
      const text = everything(res);
      expect(text, url).not.toContain('evil.example');
      expect(text, url).toContain('https://bus.example.lt/');
    }
    expect((await viaProxy(plain, '/robots.txt', 'bus.example.lt')).body).toContain(
      'Sitemap: https://bus.example.lt/sitemap.xml',
    );
    const page = await viaProxy(plain, '/browse/1', 'bus.example.lt');
    expect(page.body).toContain('<meta property="og:url" content="https://bus.example.lt/browse/1" />');
  });

  it('with PUBLIC_ORIGIN, a foreign Host is replaced by the first listed origin; a listed one is kept', async () => {
    for (const url of NAMING_URLS) {
      const res = await viaProxy(listed, url, 'evil.example');
      expect(res.statusCode, url).toBe(200);
      const text = everything(res);
      expect(text, url).not.toContain('evil.example');
      expect(text, url).toContain('https://autobusai.anyksciai.lt/');
    }
    const www = await viaProxy(listed, '/robots.txt', 'www.autobusai.anyksciai.lt');
    expect(www.body).toContain('Sitemap: https://www.autobusai.anyksciai.lt/sitemap.xml');
  });

  it('the Publishing site address wins over the Host header and the list', async () => {
    await publish(listed, 'https://bus.anyksciai.lt/');
    await publish(plain, 'https://bus.anyksciai.lt/');
    try {
      for (const t of [plain, listed])
        for (const url of NAMING_URLS) {
          const res = await viaProxy(t, url, 'evil.example');
          const text = everything(res);
          expect(text, url).not.toContain('evil.example');
          expect(text, url).not.toContain('autobusai.anyksciai.lt');
          expect(text, url).toContain('https://bus.anyksciai.lt/');
        }
      expect((await viaProxy(plain, '/sitemap.xml', 'evil.example')).body).toContain(
        '<loc>https://bus.anyksciai.lt/browse/1</loc>',
      );
    } finally {
      await publish(listed, null);
      await publish(plain, null);
    }
  });
});
