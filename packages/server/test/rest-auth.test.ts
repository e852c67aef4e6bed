import { MESSAGES } from '@bus/core';
import { deleteUser } from '@bus/db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../src/services/users.ts';
import { type AdminTestApp, adminApp, createTestUser, tokenFor } from './admin-helpers.ts';
import { realDataApp } from './helpers.ts';
import {
  ADMIN_CALLS,
  adminGet,
  expectError,
  expectShape,
  JwtResponse,
  OPEN_ROUTES,
  type RestResponse,
  registeredLegacyRoutes,
  rest,
} from './rest-helpers.ts';

/**
 * Who may call the legacy paths (rest-contract, 'Where we deliberately differ'): every admin
 * path needs the bearer token of a ROLE_ADMIN user (401 without a valid one, 403 for anyone
 * else); sign-in answers the old JwtResponse; CORS only for the configured origins.
 */

async function foreignToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: ['ROLE_ADMIN'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('boss')
    .setIssuer('anyksciai-bus')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode('some-other-secret-some-other-secret-123'));
}

describe('every admin path is protected', () => {
  let t: AdminTestApp;
  const refusals: {
    label: string;
    authorization: () => Promise<string | null>;
    status: 401 | 403;
    message: string;
  }[] = [];

  beforeAll(async () => {
    t = await adminApp();
    await createTestUser(t, 'clerk', ['ROLE_USER']);
    await createTestUser(t, 'gone', ['ROLE_ADMIN']);
    const goneToken = await tokenFor(t.db, 'gone', ['ROLE_ADMIN']);
    await deleteUser(t.db.kysely, 'gone');
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    const bearer = (token: string) => `Bearer ${token}`;
    refusals.push(
      { label: 'no token', authorization: async () => null, status: 401, message: MESSAGES.signInRequired },
      {
        label: 'an empty Bearer',
        authorization: async () => 'Bearer ',
        status: 401,
        message: MESSAGES.signInRequired,
      },
      {
        label: 'Basic credentials',
        authorization: async () => 'Basic Ym9zczoyMDI1',
        status: 401,
        message: MESSAGES.signInRequired,
      },
      {
        label: 'a garbage token',
        authorization: async () => bearer('garbage'),
        status: 401,
        message: MESSAGES.sessionInvalid,
      },
      {
        label: 'an expired token (issued 25 h ago)',
        authorization: async () => bearer(await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], dayAgo)),
        status: 401,
        message: MESSAGES.sessionInvalid,
      },
      {
        label: 'a token signed with another key',
        authorization: async () => bearer(await foreignToken()),
        status: 401,
        message: MESSAGES.sessionInvalid,
      },
      {
        label: 'the token of a removed user',
        authorization: async () => bearer(goneToken),
        status: 401,
        message: MESSAGES.sessionInvalid,
      },
      {
        label: 'a valid non-admin token',
        authorization: async () => bearer(await tokenFor(t.db, 'clerk', ['ROLE_USER'])),
        status: 403,
        message: MESSAGES.adminRequired,
      },
      {
        label: 'a token claiming ROLE_ADMIN for a user who is not one',
        authorization: async () => bearer(await tokenFor(t.db, 'clerk', ['ROLE_ADMIN'])),
        status: 403,
        message: MESSAGES.adminRequired,
      },
    );
  });
  afterAll(() => t.app.close());

  it('covers every registered path: the table holds exactly the non-public ones', async () => {
    const routes = (await registeredLegacyRoutes()).map((r) => `${r.method} ${r.url}`);
    const admin = routes.filter((r) => !OPEN_ROUTES.includes(r));
    expect(admin.sort()).toEqual(ADMIN_CALLS.map((c) => `${c.method} ${c.route}`).sort());
    expect(ADMIN_CALLS).toHaveLength(20);
    for (const open of OPEN_ROUTES) expect(routes).toContain(open);
  });

  async function snapshot() {
    const urls = [
      '/api/holidays/all',
      '/api/busstop/get-all-with-usage',
      '/api/line/preview',
      '/api/line/get-line-full?id=1',
      '/api/line/get-line-full?id=2',
      '/api/scheduleItem/schedule-by-line?lineId=1',
      '/api/scheduleItem/schedule-by-line?lineId=7',
      '/api/yearly-rules/get-all',
    ];
    return Promise.all(urls.map((url) => adminGet(t, url)));
  }

  it('refuses every admin path: 401 without a valid token, 403 for a non-admin, with a message; nothing changes', async () => {
    const requests = [];
    for (const call of ADMIN_CALLS)
      requests.push({ call, url: await call.url(t), body: call.body ? await call.body(t) : undefined });
    const before = await snapshot();
    for (const { call, url, body } of requests) {
      for (const refusal of refusals) {
        const authorization = await refusal.authorization();
        const res = await rest(t.app, call.method, url, {
          ...(body === undefined ? {} : { body }),
          headers: authorization === null ? {} : { authorization },
        });
        expectError(res, refusal.status, refusal.message);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('checks the token before reading the body: malformed JSON without a token is 401, not 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/holidays/save1',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: MESSAGES.signInRequired });
  });

  it('answers every admin path for an admin (2xx)', async () => {
    for (const call of ADMIN_CALLS) {
      const url = await call.url(t);
      const body = call.body ? await call.body(t) : undefined;
      const res = await rest(t.app, call.method, url, {
        token: t.adminToken,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, `${call.method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${call.method} ${url}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('leaves the public paths open', async () => {
    for (const url of [
      '/api/scheduleItem/home-from?qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=1&qbstopto=',
      '/api/busstop/search?str=',
      '/api/line/line-preview-withid-public',
      '/api/scheduleItem/schedule-by-lineid-browse?lineId=7',
      '/api/scheduleItem/schedule-by-tripid?tripID=80',
      '/api/busstop/get2?fromId=1&toId=',
      '/api/openapi.json',
    ]) {
      expect((await rest(t.app, 'GET', url)).status, url).toBe(200);
      // A broken token does not spoil a public call.
      expect((await rest(t.app, 'GET', url, { headers: { authorization: 'Bearer garbage' } })).status).toBe(
        200,
      );
    }
  });
});

describe('POST /api/auth/signin', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await adminApp();
    await createTestUser(t, 'editor', ['ROLE_USER'], 'editor-pass-1');
  });
  afterAll(() => t.app.close());

  const signIn = (body: unknown) => rest(t.app, 'POST', '/api/auth/signin', { body });

  it('answers exactly {accessToken, tokenType, id, username, email, roles}, and the token opens the admin paths', async () => {
    const res = await signIn({ username: DEMO_USERNAME, password: DEMO_PASSWORD });
    expect(res.status, res.body).toBe(200);
    const body = res.json<{ accessToken: string; tokenType: string; username: string; roles: string[] }>();
    expectShape(body, JwtResponse);
    expect(body.tokenType).toBe('Bearer');
    expect(body.username).toBe(DEMO_USERNAME);
    expect(body.roles).toContain('ROLE_ADMIN');
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const holidays = await rest(t.app, 'GET', '/api/holidays/all', { token: body.accessToken });
    expect(holidays.status).toBe(200);
  });

  it('signs in a non-admin too, whose token then gets 403 on admin paths', async () => {
    const res = await signIn({ username: 'editor', password: 'editor-pass-1', extra: 'ignored' });
    expect(res.status).toBe(200);
    const body = res.json<{ accessToken: string; roles: string[] }>();
    expectShape(body, JwtResponse);
    expect(body.roles).toEqual(['ROLE_USER']);
    expectError(
      await rest(t.app, 'GET', '/api/holidays/all', { token: body.accessToken }),
      403,
      MESSAGES.adminRequired,
    );
  });

  it('answers a wrong password or an unknown user with 401 and a message', async () => {
    expectError(await signIn({ username: DEMO_USERNAME, password: 'wrong' }), 401, MESSAGES.badCredentials);
    expectError(await signIn({ username: 'nobody', password: 'whatever' }), 401, MESSAGES.badCredentials);
  });

  it('answers blank or missing fields with 400 and the spec message', async () => {
    expectError(await signIn({ username: '', password: '' }), 400, MESSAGES.required);
    expectError(await signIn({ username: DEMO_USERNAME }), 400, MESSAGES.required);
    expectError(await signIn({ username: '  ', password: 'x' }), 400, MESSAGES.required);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, message: expect.any(String) });
  });

  it('does not expose signup', async () => {
    const res = await rest(t.app, 'POST', '/api/auth/signup', {
      body: { username: 'mallory', email: 'm@example.com', password: 'secret1', role: ['admin'] },
    });
    expectError(res, 404);
  });

  it('limits sign-in attempts per client with 429 and a message', async () => {
    const fresh = await adminApp();
    try {
      let last: RestResponse | undefined;
      for (let i = 0; i < 11; i++)
        last = await rest(fresh.app, 'POST', '/api/auth/signin', {
          body: { username: 'boss', password: `no-${i}` },
        });
      expectError(last as RestResponse, 429, MESSAGES.tooManySignIns);
    } finally {
      await fresh.app.close();
    }
  });
});

describe('CORS for the legacy paths', () => {
  const ORIGIN = 'https://old.example';
  let allowed: AdminTestApp;
  let closed: Awaited<ReturnType<typeof realDataApp>>;
  beforeAll(async () => {
    allowed = await adminApp({ env: { CORS_ORIGINS: [ORIGIN] } });
    closed = await realDataApp();
  });
  afterAll(async () => {
    await allowed.app.close();
    await closed.app.close();
  });

  const preflight = (app: AdminTestApp['app'], url: string, origin: string, method = 'DELETE') =>
    app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('allows a configured origin on public and admin calls, errors included', async () => {
    const pub = await rest(allowed.app, 'GET', '/api/busstop/search?str=', { headers: { origin: ORIGIN } });
    expect(pub.status).toBe(200);
    expect(pub.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(pub.headers.vary)).toMatch(/Origin/i);
    const admin = await rest(allowed.app, 'GET', '/api/holidays/all', {
      token: allowed.adminToken,
      headers: { origin: ORIGIN },
    });
    expect(admin.status).toBe(200);
    expect(admin.headers['access-control-allow-origin']).toBe(ORIGIN);
    // The browser must be able to read the message of a refusal too.
    const refused = await rest(allowed.app, 'GET', '/api/holidays/all', { headers: { origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(ORIGIN);
    const signin = await rest(allowed.app, 'POST', '/api/auth/signin', {
      body: { username: DEMO_USERNAME, password: DEMO_PASSWORD },
      headers: { origin: ORIGIN },
    });
    expect(signin.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('answers a preflight from a configured origin with 204 and the allowed methods, DELETE included', async () => {
    for (const [url, method] of [
      ['/api/holidays/del1?id=1', 'DELETE'],
      ['/api/busstop/delete/5', 'DELETE'],
      ['/api/line/post-line-full-dto', 'POST'],
      ['/api/auth/signin', 'POST'],
      ['/api/busstop/search?str=a', 'GET'],
    ] as const) {
      const res = await preflight(allowed.app, url, ORIGIN, method);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE']));
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
      expect(res.body).toBe('');
    }
  });

  it('gives another origin no CORS headers', async () => {
    const other = 'https://evil.example';
    const res = await rest(allowed.app, 'GET', '/api/busstop/search?str=', { headers: { origin: other } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const pre = await preflight(allowed.app, '/api/holidays/del1?id=1', other);
    expect(pre.statusCode).not.toBe(204);
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // Paths outside /api get none either.
    const health = await allowed.app.inject({ method: 'GET', url: '/healthz', headers: { origin: ORIGIN } });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers at all by default (no CORS_ORIGINS)', async () => {
    const res = await rest(closed.app, 'GET', '/api/busstop/search?str=', { headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const pre = await preflight(closed.app, '/api/holidays/del1?id=1', ORIGIN);
    expect(pre.statusCode).not.toBe(204);
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});
