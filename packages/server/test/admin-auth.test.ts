import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Holiday } from '@bus/core';
import {
  deleteUser,
  findUserByUsername,
  insertStop,
  migrateToLatest,
  openDatabase,
  replaceTimetable,
} from '@bus/db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import type { SignInResult } from '../src/services/auth.ts';
import { MORE_DENIED_INPUT, MORE_WORKING_INPUT } from './admin-auth-inputs.ts';
import {
  type AdminTestApp,
  adminApp,
  adminClient,
  createTestUser,
  TEST_JWT_SECRET,
  tokenFor,
  trpc,
  versionNow,
} from './admin-helpers.ts';
import { realDataApp } from './helpers.ts';
import { PROCEDURES } from './procedures.ts';

const procedures = PROCEDURES;
const adminProcedures = procedures.filter((p) => p.path.startsWith('admin.'));

/**
 * For each admin procedure: an input that works on the real data (built with the admin's
 * client where it needs a read first). A procedure missing here fails the coverage test.
 */
type Client = ReturnType<typeof adminClient>;
const WORKING_INPUT: Record<string, (t: AdminTestApp, client: Client) => unknown | Promise<unknown>> = {
  'admin.holidays.list': () => undefined,
  'admin.holidays.save': () => ({ id: null, name: 'Test day', month: 2, day: 29, baseVersion: 0 }),
  'admin.holidays.delete': async (t) => ({
    id: 1,
    baseVersion: await versionNow(t, { kind: 'holiday', id: 1 }),
  }),
  'admin.stops.list': () => undefined,
  'admin.stops.listWithUsage': () => undefined,
  'admin.stops.search': () => ({ query: 'anyks' }),
  'admin.stops.save': () => ({
    id: null,
    name: 'Nauja stotelė',
    coords: null,
    defaultOption: false,
    baseVersion: 0,
  }),
  'admin.stops.delete': async (t) => ({
    id: (await insertStop(t.db.kysely, { name: 'Unused', coords: null, defaultOption: false })).id,
    baseVersion: 0,
  }),
  ...MORE_WORKING_INPUT,
  'admin.lines.list': () => undefined,
  'admin.lines.getFull': () => ({ id: 7 }),
  'admin.lines.empty': () => undefined,
  'admin.lines.saveFull': async (_t, client) => {
    const line = (await client.query<{ version: number }>('admin.lines.getFull', { id: 1 })).data;
    return { ...line, baseVersion: line.version };
  },
  'admin.lines.delete': async (t) => ({
    id: 2,
    baseVersion: await versionNow(t, { kind: 'line', lineId: 2 }),
  }),
  'admin.routes.byLine': () => ({ lineId: 7 }),
  'admin.schedules.byLine': () => ({ lineId: 7 }),
  'admin.schedules.saveList': async (_t, client) => {
    const loaded = (
      await client.query<{ schedules: unknown[]; version: number }>('admin.schedules.byLine', { lineId: 7 })
    ).data;
    return { lineId: 7, schedules: loaded.schedules, baseVersion: loaded.version };
  },
  'admin.schedules.delete': async (t) => ({
    id: 14,
    baseVersion: await versionNow(t, { kind: 'schedules', lineId: 7 }),
  }),
  'admin.schedules.bulkUpdate': async (_t, client) => ({
    scheduleIds: [16, 17],
    runsOnYearlyId: 1,
    baseVersions: [
      {
        lineId: 7,
        version: (await client.query<{ version: number }>('admin.schedules.byLine', { lineId: 7 })).data
          .version,
      },
    ],
  }),
  'admin.rules.allWithUsage': () => undefined,
  'admin.rules.saveAll': async (_t, client) => {
    const loaded = (await client.query<{ rules: unknown[]; version: number }>('admin.rules.allWithUsage'))
      .data;
    return { rules: loaded.rules, baseVersion: loaded.version };
  },
  'admin.rules.schedulesByRule': () => ({ ruleId: 1 }),
  'admin.history.list': () => ({}),
  'admin.publishing.get': () => undefined,
  'admin.check.run': () => undefined,
  'admin.publishing.save': () => ({
    siteUrl: 'https://autobusai.anyksciai.lt',
    publisherName: 'Savivaldybė',
    publisherContact: 'info@anyksciai.lt',
    operators: [],
    windowDays: 365,
    baseSavedAt: null,
  }),
  // Service changes (issue 27): list, save, delete, and the screen's lineTrips and preview.
  'admin.serviceChanges.list': () => ({}),
  'admin.serviceChanges.save': () => ({ id: null, kind: 'notice', titleLt: 'Bandymas', baseVersion: 0 }),
  'admin.serviceChanges.delete': async (_t, client) => {
    const saved = await client.mutate<{ id: number; version: number }>('admin.serviceChanges.save', {
      id: null,
      kind: 'notice',
      titleLt: 'Trinamas',
      baseVersion: 0,
    });
    return { id: saved.data.id, baseVersion: saved.data.version };
  },
  'admin.serviceChanges.lineTrips': () => ({ lineId: 20, date: '2026-12-03' }),
  'admin.serviceChanges.preview': () => ({ date: '2026-12-03' }),
  'admin.history.restoreBatch': async (_t, client) => {
    const v = (await client.query<{ version: number }>('admin.schedules.byLine', { lineId: 7 })).data.version;
    await client.mutate('admin.schedules.bulkUpdate', {
      scheduleIds: [16, 17],
      runsOnWeekly: ['MONDAY'],
      baseVersions: [{ lineId: 7, version: v }],
    });
    const page = await client.query<{ items: { id: number; batchRestore: { version: number } | null }[] }>(
      'admin.history.list',
      { kind: 'schedule' },
    );
    const entry = page.data.items.find((i) => i.batchRestore !== null);
    return { id: entry?.id, baseVersion: entry?.batchRestore?.version };
  },
  'admin.history.restore': async (_t, client) => {
    const saved = await client.mutate<{ id: number }>('admin.holidays.save', {
      id: null,
      name: 'To restore',
      month: 3,
      day: 3,
      baseVersion: 0,
    });
    const page = await client.query<{ items: { id: number; entityId: number; version: number }[] }>(
      'admin.history.list',
      { kind: 'holiday' },
    );
    const entry = page.data.items.find((i) => i.entityId === saved.data.id);
    return { id: entry?.id, baseVersion: entry?.version };
  },
};

/** Well-formed inputs for the refused calls, so a refusal is never an input problem. */
const DENIED_INPUT: Record<string, unknown> = {
  'admin.holidays.save': { id: 1, name: 'Changed', month: 1, day: 1, baseVersion: 0 },
  'admin.holidays.delete': { id: 1, baseVersion: 0 },
  'admin.stops.search': { query: 'a' },
  'admin.stops.save': { id: 1, name: 'Changed', coords: null, defaultOption: true, baseVersion: 0 },
  'admin.stops.delete': { id: 1, baseVersion: 0 },
  ...MORE_DENIED_INPUT,
  'admin.lines.getFull': { id: 1 },
  'admin.lines.delete': { id: 1, baseVersion: 0 },
  'admin.routes.byLine': { lineId: 1 },
  'admin.schedules.byLine': { lineId: 1 },
  'admin.schedules.saveList': { lineId: 1, schedules: [], baseVersion: 0 },
  'admin.schedules.delete': { id: 1, baseVersion: 0 },
  'admin.schedules.bulkUpdate': {
    scheduleIds: [1],
    runsOnYearlyId: 2,
    baseVersions: [{ lineId: 1, version: 0 }],
  },
  'admin.rules.saveAll': { rules: [], baseVersion: 0 },
  'admin.rules.schedulesByRule': { ruleId: 1 },
  'admin.history.restore': { id: 1, baseVersion: 0 },
  'admin.history.restoreBatch': { id: 1, baseVersion: 0 },
  'admin.publishing.save': {
    siteUrl: null,
    publisherName: null,
    publisherContact: null,
    operators: [],
    windowDays: 365,
    baseSavedAt: null,
  },
  'admin.lines.saveFull': { info: { id: 1 }, routes: [], baseVersion: 0 },
  'admin.serviceChanges.save': { id: null, kind: 'notice', titleLt: 'Bandymas', baseVersion: 0 },
  'admin.serviceChanges.delete': { id: 1, baseVersion: 0 },
  'admin.serviceChanges.lineTrips': { lineId: 20, date: '2026-12-03' },
  'admin.serviceChanges.preview': { date: '2026-12-03' },
};

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

function unsignedToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: 'boss', roles: ['ROLE_ADMIN'], iss: 'anyksciai-bus', iat: now, exp: now + 3600 })}.`;
}

describe('every admin procedure is protected on the server', () => {
  let t: AdminTestApp;
  const denied: { label: string; headers: () => Promise<Record<string, string>>; status: number }[] = [];

  beforeAll(async () => {
    t = await adminApp();
    await createTestUser(t, 'clerk', ['ROLE_USER']);
    await createTestUser(t, 'gone', ['ROLE_ADMIN']);
    const goneToken = await tokenFor(t.db, 'gone', ['ROLE_ADMIN']);
    await deleteUser(t.db.kysely, 'gone');
    const bearer = (token: string) => async () => ({ authorization: `Bearer ${token}` });
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    denied.push(
      { label: 'no Authorization header', headers: async () => ({}), status: 401 },
      { label: 'an empty Bearer', headers: async () => ({ authorization: 'Bearer ' }), status: 401 },
      { label: 'a garbage token', headers: bearer('garbage'), status: 401 },
      {
        label: 'Basic instead of Bearer',
        headers: async () => ({ authorization: 'Basic Ym9zczoyMDI1' }),
        status: 401,
      },
      {
        label: 'an expired token',
        headers: async () => bearer(await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], dayAgo))(),
        status: 401,
      },
      {
        label: 'a token signed with another key',
        headers: async () => bearer(await foreignToken())(),
        status: 401,
      },
      { label: "an unsigned ('none') token", headers: bearer(unsignedToken()), status: 401 },
      { label: 'the token of a removed user', headers: bearer(goneToken), status: 401 },
      {
        label: 'a non-admin token',
        headers: async () => bearer(await tokenFor(t.db, 'clerk', ['ROLE_USER']))(),
        status: 403,
      },
      {
        label: 'a token claiming ROLE_ADMIN for a user who is not one',
        headers: async () => bearer(await tokenFor(t.db, 'clerk', ['ROLE_ADMIN']))(),
        status: 403,
      },
    );
  });
  afterAll(() => t.app.close());

  it('knows a working input for every admin procedure (so none is left out of this table)', () => {
    // 27 before issue 27; its service changes add 5, issue 29's positions import 2, issue 30's
    // changes between buses 2 (admin.changeRules.get and .save), issue 28 schedules.newTimetableFrom,
    // issue 37 the refused sign-ins (admin.signIns.refused), issue 40 live buses for staff
    // (admin.live.now and .punctuality), issue 41 fares (admin.fares.*, admin.concessions.* and
    // admin.throughFares.*: 9).
    expect(adminProcedures.length).toBe(49);
    expect(adminProcedures.map((p) => p.path).sort()).toEqual(Object.keys(WORKING_INPUT).sort());
  });

  it('refuses every admin procedure without a valid admin token: 401, or 403 for a non-admin', async () => {
    for (const { label, headers, status } of denied) {
      for (const { path, type } of adminProcedures) {
        const res = await trpc(t.app, type, path, DENIED_INPUT[path], null, await headers());
        expect(res.status, `${path} with ${label}`).toBe(status);
        expect(res.code).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
        expect(res.message).toEqual(expect.any(String));
      }
    }
    // Nothing the refused calls asked for happened.
    const client = adminClient(t.app, t.adminToken);
    const holidays = await client.query<Holiday[]>('admin.holidays.list');
    expect(holidays.data.find((h) => h.id === 1)).toEqual({
      id: 1,
      name: 'Naujieji metai',
      month: 1,
      day: 1,
      version: 0,
    });
    expect((await client.query('admin.lines.getFull', { id: 1 })).status).toBe(200);
  });

  it('checks the token before the input: a bad input without a token is still 401', async () => {
    const res = await trpc(t.app, 'mutation', 'admin.holidays.save', { month: 13 });
    expect(res.status).toBe(401);
  });

  it('runs every admin procedure for an admin', async () => {
    const client = adminClient(t.app, t.adminToken);
    for (const { path, type } of adminProcedures) {
      const make = WORKING_INPUT[path];
      if (!make) throw new Error(`no input for ${path}`);
      const res = await trpc(t.app, type, path, await make(t, client), t.adminToken);
      expect(res.message, path).toBeUndefined();
      expect(res.status, path).toBe(200);
    }
  });

  it('leaves the public procedures open', async () => {
    const res = await trpc(t.app, 'query', 'timetable.lines', undefined);
    expect(res.status).toBe(200);
  });
});

describe('auth.signIn', () => {
  let t: AdminTestApp;
  let now = new Date('2026-03-04T07:30:00Z');
  beforeAll(async () => {
    // The sign-in limit's window is measured on the monotonic clock: moved with `now` here.
    t = await adminApp({ clock: () => new Date(now), ticks: () => now.getTime() });
  });
  afterAll(() => t.app.close());
  const signIn = (input: unknown, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(input),
      remoteAddress,
    });

  it('signs the demo admin in and the token opens the admin procedures', async () => {
    const res = await signIn({ username: 'boss', password: '2025' }, '10.0.0.2');
    expect(res.statusCode).toBe(200);
    const result = (res.json() as { result: { data: SignInResult } }).result.data;
    expect(result).toEqual({
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      tokenType: 'Bearer',
      id: expect.any(Number),
      username: 'boss',
      roles: ['ROLE_ADMIN'],
    });
    const payload = JSON.parse(
      Buffer.from(result.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({ sub: 'boss', roles: ['ROLE_ADMIN'], iss: 'anyksciai-bus' });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(24 * 3600);
    expect(Number(payload.iat)).toBe(now.getTime() / 1000);
    const list = await trpc(t.app, 'query', 'admin.holidays.list', undefined, result.accessToken);
    expect(list.status).toBe(200);
  });

  it('answers a wrong password and an unknown user alike: 401 Bad credentials', async () => {
    for (const input of [
      { username: 'boss', password: 'wrong' },
      { username: 'nobody', password: '2025' },
      { username: 'BOSS', password: '2025' },
    ]) {
      const res = await signIn(input, '10.0.0.3');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: { message: 'Bad credentials', data: { code: 'UNAUTHORIZED' } },
      });
    }
  });

  it("requires both fields: 400 'This field is required!'", async () => {
    for (const input of [
      { username: '', password: '2025' },
      { username: 'boss', password: '' },
      { username: '   ', password: '   ' },
      { username: 'boss' },
      {},
    ]) {
      const res = await signIn(input, '10.0.0.4');
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'This field is required!' } });
    }
  });

  it('allows 10 attempts per minute per client address; the 11th gets 429', async () => {
    const address = '10.0.0.5';
    for (let i = 0; i < 10; i++) {
      expect((await signIn({ username: 'boss', password: `wrong${i}` }, address)).statusCode).toBe(401);
    }
    now = new Date(now.getTime() + 30_000);
    const eleventh = await signIn({ username: 'boss', password: '2025' }, address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      error: {
        message: 'Too many sign-in attempts, try again in a minute',
        data: { code: 'TOO_MANY_REQUESTS' },
      },
    });
    // Another address is not affected.
    expect((await signIn({ username: 'boss', password: '2025' }, '10.0.0.6')).statusCode).toBe(200);
    // A minute after the first attempts the window has room again.
    now = new Date(now.getTime() + 30_001);
    expect((await signIn({ username: 'boss', password: '2025' }, address)).statusCode).toBe(200);
  });
});

describe('demo mode', () => {
  it('with DEMO on: boss exists and auth.config shows the demo login', async () => {
    const t = await adminApp();
    try {
      expect((await trpc(t.app, 'query', 'auth.config')).data).toEqual({
        demo: true,
        demoUsername: 'boss',
        demoPassword: '2025',
      });
      expect((await findUserByUsername(t.db.kysely, 'boss'))?.roles).toEqual(['ROLE_ADMIN']);
    } finally {
      await t.app.close();
    }
  });

  it('with DEMO off: no boss, config says demo false, the demo login fails', async () => {
    const t = await realDataApp({ env: { DEMO: false } });
    try {
      expect((await trpc(t.app, 'query', 'auth.config')).data).toEqual({ demo: false });
      expect(await findUserByUsername(t.db.kysely, 'boss')).toBeUndefined();
      const res = await trpc(t.app, 'mutation', 'auth.signIn', { username: 'boss', password: '2025' });
      expect(res.status).toBe(401);
    } finally {
      await t.app.close();
    }
  });

  it('reads DEMO and JWT_SECRET from the environment strictly', () => {
    expect(parseEnv({}).DEMO).toBe(true);
    expect(parseEnv({ DEMO: '0' }).DEMO).toBe(false);
    expect(parseEnv({ DEMO: 'false' }).DEMO).toBe(false);
    expect(parseEnv({ DEMO: 'TRUE' }).DEMO).toBe(true);
    expect(parseEnv({ DEMO: '1' }).DEMO).toBe(true);
    expect(() => parseEnv({ DEMO: 'maybe' })).toThrow(/DEMO/);
    expect(parseEnv({}).JWT_SECRET).toBeUndefined();
    expect(parseEnv({ JWT_SECRET: '' }).JWT_SECRET).toBeUndefined();
    expect(parseEnv({ JWT_SECRET: TEST_JWT_SECRET }).JWT_SECRET).toBe(TEST_JWT_SECRET);
    expect(() => parseEnv({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET.*32 bytes/);
  });
});

describe('the token key without JWT_SECRET', () => {
  it('is generated once next to the database file (mode 0600) and reused by the next app instance', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-secret-'));
    const dbPath = join(dir, 'timetable.sqlite');
    const env = parseEnv({ LOG_LEVEL: 'silent', DB_PATH: dbPath });
    expect(env.JWT_SECRET).toBeUndefined();

    const first = openDatabase(dbPath);
    await migrateToLatest(first.kysely);
    replaceTimetable(first.sqlite, await loadDefaultDataset());
    const app1 = await buildApp({ db: first, env });
    const secretFile = join(dir, 'jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(secretFile, 'utf8');
    expect(Buffer.from(key.trim(), 'base64url').length).toBeGreaterThanOrEqual(32);

    const signedIn = await trpc<SignInResult>(app1, 'mutation', 'auth.signIn', {
      username: 'boss',
      password: '2025',
    });
    const token = signedIn.data.accessToken;
    await app1.close();
    await first.kysely.destroy();

    const second = openDatabase(dbPath);
    const app2 = await buildApp({ db: second, env });
    try {
      expect(readFileSync(secretFile, 'utf8')).toBe(key);
      expect((await trpc(app2, 'query', 'admin.holidays.list', undefined, token)).status).toBe(200);
    } finally {
      await app2.close();
      await second.kysely.destroy();
    }

    // Another database directory has its own key: the token means nothing there.
    const otherDir = mkdtempSync(join(tmpdir(), 'bus-secret-'));
    const third = openDatabase(join(otherDir, 'timetable.sqlite'));
    await migrateToLatest(third.kysely);
    const app3 = await buildApp({ db: third, env });
    try {
      expect((await trpc(app3, 'query', 'admin.holidays.list', undefined, token)).status).toBe(401);
    } finally {
      await app3.close();
      await third.kysely.destroy();
    }
  });
});
