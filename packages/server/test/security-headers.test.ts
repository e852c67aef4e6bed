import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import {
  embedSecurityHeaders,
  HSTS_VALUE,
  PERMISSIONS_POLICY_VALUE,
  securityHeaders,
  siteSecurityHeaders,
} from '../src/security-headers.ts';
import { TEST_JWT_SECRET } from './admin-helpers.ts';

/** Security headers on every kind of answer, and X-Forwarded-* believed only from trusted proxies. */

let dist: string;
const PROXY = '10.50.0.1';

async function appWith(env: Record<string, string> = {}, clock?: () => Date): Promise<FastifyInstance> {
  const db = await createTestDb();
  return buildApp({
    db,
    ...(clock ? { clock } : {}),
    env: parseEnv({
      LOG_LEVEL: 'silent',
      DEMO: '0',
      JWT_SECRET: TEST_JWT_SECRET,
      WEB_DIST_DIR: dist,
      ...env,
    }),
  });
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'security-headers-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>t</title><script type="module" src="/assets/a.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'a.js'), 'console.log(1)');
  // The stop widget's own page (issue 42), built beside the app's.
  writeFileSync(
    join(dist, 'embed.html'),
    '<!doctype html><title>w</title><meta name="description" content="w" /><main id="widget"></main><script type="module" src="/assets/a.js"></script>',
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
  });
  afterAll(() => app.close());

  it.each([
    ['an HTML page', '/'],
    ['a client route (SPA fallback)', '/admin-panel/lines'],
    ['the admin board', '/admin-panel'],
    ['a path below /embed/ that is no widget', '/embed/line/1'],
    ['a near miss of the widget', '/embed/stop/1/x'],
    ['an asset', '/assets/a.js'],
    ['a tRPC answer', '/trpc/timetable.searchStops?input=%7B%22query%22%3A%22%22%7D'],
    ['an old REST answer', '/api/line/line-preview-withid-public'],
    ['an error', '/api/no-such-path'],
    ['an admin answer refused without a token', '/trpc/admin.holidays.list'],
    ['a missing file', '/assets/missing.js'],
  ])('%s', async (_what, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(self), payment=()',
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // Plain HTTP: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets any site frame the stop widget (/embed/stop/1), and nothing else: its policy is otherwise every page’s', async () => {
    const widget = await app.inject({ method: 'GET', url: '/embed/stop/1?dir=city&rows=5&lang=lt' });
    expect(widget.headers['content-type']).toContain('text/html');
    expect(widget.body).toContain('<main id="widget">');
    const csp = String(widget.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*frame-ancestors \*\s*(;|$)/);
    expect(csp).not.toContain("frame-ancestors 'none'");
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe-inline');
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(widget.headers['set-cookie']).toBeUndefined();
    expect(widget.headers['x-content-type-options']).toBe('nosniff');
    expect(widget.headers['permissions-policy']).toBe(PERMISSIONS_POLICY_VALUE);
    // The same server still refuses framing of every other page, the home and the admin board first.
    for (const url of ['/', '/?from=1', '/admin-panel', '/admin-access']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      expect(String(page.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(page.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('sets, worked out once, the headers helmet sets on a real response for the same options', () => {
    for (const options of [
      siteSecurityHeaders('https://tiles.test/{z}/{x}/{y}.png'),
      embedSecurityHeaders('https://tiles.test/{z}/{x}/{y}.png'),
    ]) {
      const request = new IncomingMessage(new Socket());
      const response = new ServerResponse(request);
      response.setHeader('X-Powered-By', 'something');
      let passed = false;
      helmet(options)(request, response, () => {
        passed = true;
      });
      expect(passed).toBe(true);
      const set = Object.fromEntries(
        securityHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
      );
      expect(set).toEqual(response.getHeaders());
      expect(Object.keys(set).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('sends HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const behind = await appWith({ TRUST_PROXY: PROXY });
    try {
      const viaProxy = await behind.inject({
        method: 'GET',
        url: '/',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      });
      expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_VALUE);
      const spoofed = await behind.inject({
        method: 'GET',
        url: '/',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behind.close();
    }
  });
});

describe('the Date header', () => {
  it("is the app's clock on every kind of answer (the service worker stamps what it keeps with it)", async () => {
    const at = new Date('2028-02-29T21:59:30Z');
    const app = await appWith({}, () => at);
    try {
      for (const url of [
        '/',
        '/assets/a.js',
        '/healthz',
        '/trpc/timetable.searchStops?input=%7B%22query%22%3A%22%22%7D',
        '/api/no-such-path',
      ])
        expect((await app.inject({ method: 'GET', url })).headers.date, url).toBe(
          'Tue, 29 Feb 2028 21:59:30 GMT',
        );
    } finally {
      await app.close();
    }
  });

  it('does not let a clock set back free the sign-in limit: its window is measured on the monotonic clock', async () => {
    let at = Date.parse('2026-11-29T10:00:00Z');
    const app = await appWith({}, () => new Date(at));
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: `someone${Math.random()}`, password: 'wrong' }),
        remoteAddress: '203.0.113.40',
      });
    try {
      for (let i = 0; i < 10; i++) expect((await signIn()).statusCode).toBe(401);
      at -= 3_600_000;
      expect((await signIn()).statusCode).toBe(429);
      at += 7_200_000;
      expect((await signIn()).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY and the sign-in limit per client address', () => {
  const signIn = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      payload: JSON.stringify({ username: `someone${Math.random()}`, password: 'wrong' }),
      remoteAddress,
    });

  it('behind a trusted proxy each client is limited on its own', async () => {
    const app = await appWith({ TRUST_PROXY: `${PROXY},10.60.0.0/16` });
    try {
      for (let i = 0; i < 10; i++) expect((await signIn(app, PROXY, '203.0.113.1')).statusCode).toBe(401);
      expect((await signIn(app, PROXY, '203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy is not affected.
      expect((await signIn(app, PROXY, '203.0.113.2')).statusCode).toBe(401);
      // The rightmost address that is not a trusted proxy counts: a client cannot pick its own.
      expect((await signIn(app, PROXY, '198.51.100.1, 203.0.113.1')).statusCode).toBe(429);
      expect((await signIn(app, PROXY, '203.0.113.1, 10.60.3.3')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('without TRUST_PROXY the header is ignored: the connecting address counts', async () => {
    const app = await appWith();
    try {
      for (let i = 0; i < 10; i++)
        expect((await signIn(app, '10.70.0.1', `203.0.113.${i + 10}`)).statusCode).toBe(401);
      expect((await signIn(app, '10.70.0.1', '203.0.113.99')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('refuses a TRUST_PROXY entry that is not an address or CIDR', () => {
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1,proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.1 , fd00::/8 ' }).TRUST_PROXY).toEqual(['10.0.0.1', 'fd00::/8']);
  });
});

describe('Permissions-Policy', () => {
  it('denies camera, microphone and payment to every page, and the position to all but our own pages (Stops near me), in the header’s own syntax', () => {
    expect(PERMISSIONS_POLICY_VALUE).toBe('camera=(), microphone=(), geolocation=(self), payment=()');
  });

  it('is on a refused sign-in, a kept public answer and a 304 too', async () => {
    const app = await appWith();
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
      });
      expect(signIn.statusCode).toBe(401);
      expect(signIn.headers['permissions-policy']).toBe(PERMISSIONS_POLICY_VALUE);
      const url = '/trpc/timetable.searchStops?input=%7B%22query%22%3A%22a%22%7D';
      const first = await app.inject({ method: 'GET', url });
      const kept = await app.inject({ method: 'GET', url });
      const notModified = await app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(notModified.statusCode).toBe(304);
      for (const res of [first, kept, notModified])
        expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY_VALUE);
    } finally {
      await app.close();
    }
  });
});
