import { type Clock, formatTime, parseTime } from '@bus/core';
import { createUser, findUserByUsername, type OpenedDatabase, type VersionScope } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { issueAccessToken } from '../src/auth/tokens.ts';
import type { Env } from '../src/env.ts';
import { currentVersion } from '../src/services/admin/recorded-write.ts';
import { realDataApp, type TestApp, type TestAppOptions } from './helpers.ts';

/** Tests sign their own tokens with this key (the app gets it as JWT_SECRET). */
export const TEST_JWT_SECRET = 'admin-tests-secret-0123456789-abcdefghij';
const SECRET_BYTES = new TextEncoder().encode(TEST_JWT_SECRET);

export interface AdminTestApp extends TestApp {
  /** A token of the demo admin 'boss'. */
  adminToken: string;
}

/** The server on the real timetable, demo mode on, tokens signed with TEST_JWT_SECRET. */
export async function adminApp(options: TestAppOptions = {}): Promise<AdminTestApp> {
  const t = await realDataApp({
    ...options,
    env: { JWT_SECRET: TEST_JWT_SECRET, DEMO: true, ...options.env },
  });
  // Issued at the app's 'now', which the server checks tokens against.
  return { ...t, adminToken: await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], options.clock?.()) };
}

/** What adminAppPerFile gives a test file. */
export interface AdminFile {
  /** The server, its database and the demo admin's token (set once beforeAll has run). */
  t: AdminTestApp;
  /** tRPC calls as the demo admin. */
  client: ReturnType<typeof adminClient>;
}

/**
 * The admin server for a test file (adminApp): started before its tests, closed after them;
 * `file.t` and `file.client` are set once beforeAll has run.
 */
export function adminAppPerFile(options: { clock?: Clock; env?: Partial<Env> } = {}): AdminFile {
  const file = {} as AdminFile;
  beforeAll(async () => {
    file.t = await adminApp(options);
    file.client = adminClient(file.t.app, file.t.adminToken);
  });
  afterAll(() => file.t?.app.close());
  return file;
}

/**
 * A token of a user of `db` as a sign-in now would issue it (the user's id and current token
 * epoch), claiming `roles`, issued at `now`: the clock of the app it is for (the system's clock
 * by default, right only for an app on the system clock; an app with a fixed clock refuses a
 * token of another day as expired or not yet valid).
 */
export async function tokenFor(
  db: OpenedDatabase,
  username: string,
  roles: string[],
  now: Date = new Date(),
): Promise<string> {
  const user = await findUserByUsername(db.kysely, username);
  if (!user) throw new Error(`tokenFor: there is no user ${username}`);
  return issueAccessToken(
    SECRET_BYTES,
    { userId: user.id, username, roles, tokenEpoch: user.tokenEpoch },
    now,
  );
}

/** A user straight in the database (cheap scrypt cost is not needed: one hash per test file). */
export async function createTestUser(
  t: TestApp,
  username: string,
  roles: string[],
  password = 'password-123',
) {
  await createUser(t.db.kysely, { username, passwordHash: await hashPassword(password), roles });
}

export interface TrpcResult<T> {
  status: number;
  data: T;
  message: string | undefined;
  code: string | undefined;
  /** DomainErrorDetails of a refusal (stale save, duplicate stop name). */
  details: Record<string, unknown> | undefined;
}

/**
 * One tRPC call over HTTP as the web client makes it: GET `?input=` for a query, POST with a
 * JSON body for a mutation, `authorization: Bearer <token>` when a token is given.
 */
export async function trpc<T = unknown>(
  app: FastifyInstance,
  type: 'query' | 'mutation',
  path: string,
  input?: unknown,
  token?: string | null,
  extraHeaders: Record<string, string> = {},
): Promise<TrpcResult<T>> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  const res =
    type === 'query'
      ? await app.inject({
          method: 'GET',
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
        });
  const body = res.json() as {
    result?: { data: T };
    error?: { message: string; data?: { code?: string; details?: Record<string, unknown> } };
  };
  return {
    status: res.statusCode,
    data: body.result?.data as T,
    message: body.error?.message,
    code: body.error?.data?.code,
    details: body.error?.data?.details,
  };
}

/** Admin call helpers bound to one app and token. */
export function adminClient(app: FastifyInstance, token: string) {
  return {
    query: <T = unknown>(path: string, input?: unknown) => trpc<T>(app, 'query', path, input, token),
    mutate: <T = unknown>(path: string, input?: unknown) => trpc<T>(app, 'mutation', path, input, token),
  };
}

/** The data of a call that must succeed: status 200 (else the test fails with the call's message). */
export async function ok<T>(
  call: Promise<{ status: number; data: T; message: string | undefined }>,
): Promise<T> {
  const res = await call;
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/** A new stop of `name` (no coordinates, not a default option) saved as staff save one. */
export function saveNewStop(
  client: AdminFile['client'],
  name: string,
): Promise<{ id: number; version: number }> {
  return ok(
    client.mutate<{ id: number; version: number }>('admin.stops.save', {
      id: null,
      name,
      coords: null,
      defaultOption: false,
      baseVersion: 0,
    }),
  );
}

/** Staff's delete of `stop` is refused (409, with `message`) and the stop is still stored. */
export async function expectStopDeleteRefused(
  file: AdminFile,
  stop: { id: number; version: number },
  message: string,
): Promise<void> {
  const refused = await file.client.mutate('admin.stops.delete', { id: stop.id, baseVersion: stop.version });
  expect(refused.status).toBe(409);
  expect(refused.message).toBe(message);
  expect(file.t.db.sqlite.prepare('SELECT count(*) FROM stop WHERE id = ?').pluck().get(stop.id)).toBe(1);
}

/** A line as read from admin.lines.getFull, as the line editor sends it back to saveFull. */
export function toSaveInput(line: import('../src/services/admin/lines.ts').LineFull, baseVersion?: number) {
  return {
    info: line.info,
    routes: line.routes.map(({ lineId: _line, ...route }) => route),
    ...(baseVersion === undefined ? {} : { baseVersion }),
  };
}

/**
 * The version of `scope` as stored now: what an editor opened now would send as `baseVersion`
 * (for tests about something else than versions; 0 for something new or never changed).
 */
export function versionNow(t: TestApp, scope: VersionScope): Promise<number> {
  return currentVersion(t.db.kysely, scope);
}

/**
 * A real-data admin app with two admins signed in: boss (the demo admin) and anna, their tokens
 * issued at the app's clock (`clock`, the system's when none).
 */
export async function twoAdmins(options: { clock?: Clock } = {}): Promise<{
  t: AdminTestApp;
  boss: ReturnType<typeof adminClient>;
  anna: ReturnType<typeof adminClient>;
}> {
  const t = await adminApp(options);
  await createTestUser(t, 'anna', ['ROLE_ADMIN']);
  return {
    t,
    boss: adminClient(t.app, t.adminToken),
    anna: adminClient(t.app, await tokenFor(t.db, 'anna', ['ROLE_ADMIN'], options.clock?.())),
  };
}

/** A planned time `minutes` later ('06:40' + 10 -> '06:50'); no time stays none. */
export function shiftTime(time: string | null, minutes: number): string | null {
  return time === null ? null : formatTime((parseTime(time) as number) + minutes);
}

/**
 * The copies a new timetable made (`copyIds`) saved `minutes` later, as the schedule editor
 * saves them (admin.schedules.saveList on the line's current version); answers the save.
 */
export async function shiftCopies(
  client: ReturnType<typeof adminClient>,
  lineId: number,
  copyIds: ReadonlySet<number>,
  minutes: number,
) {
  type Loaded = import('../src/services/admin/schedules.ts').LineSchedules;
  const now = (await client.query<Loaded>('admin.schedules.byLine', { lineId })).data;
  return client.mutate('admin.schedules.saveList', {
    lineId,
    baseVersion: now.version,
    schedules: now.schedules
      .filter((s) => copyIds.has(s.id))
      .map((s) => ({
        ...s,
        trips: s.trips.map((trip) => ({
          ...trip,
          timeList: trip.timeList.map((time) => shiftTime(time, minutes)),
        })),
      })),
  });
}
