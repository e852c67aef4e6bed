import { BOUND_FOR, ROUTE_TYPES } from '@bus/core';
import { createTestDb, insertStop } from '@bus/db';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { createAuthRuntime } from '../src/auth/runtime.ts';
import { registerLegacyRest } from '../src/rest/index.ts';
import * as S from '../src/rest/schemas.ts';
import type { AdminTestApp } from './admin-helpers.ts';

/**
 * The legacy REST answers are checked with the answer schemas of src/rest/schemas.ts: the same
 * zod schemas the mappers return and the OpenAPI document is generated from. They are strict
 * (exactly the contract's keys, each of its type, recursively).
 */
export {
  AdminLinePreview,
  BusStop,
  Holiday,
  HomeItem,
  JwtResponse,
  LineTimetable,
  NothingFound,
  PublicLinePreview,
  RouteDto,
  Rule,
  RuleScheduleGroup,
  RulesWithUsage,
  ScheduleDto,
  StopOption,
  StopPair,
  StopWithUsage,
  TripSchedule as TripScheduleShape,
} from '../src/rest/schemas.ts';

export const arrayOf = <T extends z.ZodType>(item: T) => z.array(item);

/** Option lists the old server sent in a fixed order (beyond what the answer schemas say). */
const inOrder = (values: readonly string[]) => (list: readonly string[]) =>
  JSON.stringify(list) === JSON.stringify(values);
export const LineFull = S.LineFull.refine((v) => inOrder(ROUTE_TYPES)(v.routeTypeOptions), {
  message: `routeTypeOptions must be ${JSON.stringify(ROUTE_TYPES)}`,
});
export const EmptyLine = S.EmptyLine.refine((v) => inOrder(ROUTE_TYPES)(v.routeTypeOptions), {
  message: `routeTypeOptions must be ${JSON.stringify(ROUTE_TYPES)}`,
});
export const ScheduleByLine = S.ScheduleByLine.refine((v) => inOrder(BOUND_FOR)(v.boundForOptions), {
  message: `boundForOptions must be ${JSON.stringify(BOUND_FOR)}`,
});

/** A real answer parsed with its answer schema: the problems found, by path (none expected). */
export function expectShape(value: unknown, schema: z.ZodType): void {
  const result = schema.safeParse(value);
  const problems = result.success
    ? []
    : result.error.issues
        .slice(0, 15)
        .map((i) => `$${i.path.map((p) => `.${String(p)}`).join('')}: ${i.message}`);
  expect(problems).toEqual([]);
}

// ---------------------------------------------------------------------------------------
// Requests

export interface RestResponse {
  status: number;
  body: string;
  headers: Record<string, unknown>;
  json: <T = unknown>() => T;
}

/** One REST call as the old client makes it: JSON body, bearer token when given. */
export async function rest(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS',
  url: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const request: InjectOptions = { method, url, headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    request.payload = JSON.stringify(options.body);
  }
  const res = await app.inject(request);
  return {
    status: res.statusCode,
    body: res.body,
    headers: res.headers,
    json: <T>() => res.json() as T,
  };
}

/** A 4xx answer in the product's error format, with a readable message. */
export function expectError(res: RestResponse, status: number, message?: string | RegExp): void {
  expect(res.status, res.body).toBe(status);
  const body = res.json<{ status: number; message: string }>();
  expectShape(body, S.ErrorBody);
  expect(body.status).toBe(status);
  expect(body.message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

/** A delete as the old server answered it: 200 with an empty body. */
export function expectEmptyOk(res: RestResponse): void {
  expect(res.status, res.body).toBe(200);
  expect(res.body).toBe('');
}

/** 'HH:MM' -> 'HH:MM:SS' (the legacy form of a tRPC time). */
export function withSeconds(time: string | null): string | null {
  return time === null ? null : `${time}:00`;
}

// ---------------------------------------------------------------------------------------
// The registered legacy routes

export interface RegisteredRoute {
  method: string;
  /** Fastify's form: '/api/busstop/delete/:id'. */
  url: string;
}

/**
 * Every method + path the REST layer registers, collected with an onRoute hook on a bare
 * Fastify instance (HEAD routes Fastify adds for each GET are left out).
 */
export async function registeredLegacyRoutes(): Promise<RegisteredRoute[]> {
  const db = await createTestDb();
  const app = Fastify();
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const clock = () => new Date();
  const auth = createAuthRuntime({
    db,
    jwtSecret: 'route-listing-secret-0123456789abcdef',
    demo: false,
  });
  registerLegacyRest(app, { db, clock, auth, corsOrigins: [] });
  await app.ready();
  await app.close();
  await db.kysely.destroy();
  return routes;
}

// ---------------------------------------------------------------------------------------
// The admin paths and the open ones

type Method = 'GET' | 'POST' | 'DELETE';
export interface AdminCall {
  method: Method;
  /** As registered (Fastify's ':param' form), to check this table against the routes. */
  route: string;
  /** A request that works for an admin on the real data. */
  url: (t: AdminTestApp) => string | Promise<string>;
  body?: (t: AdminTestApp) => unknown | Promise<unknown>;
}

export async function adminGet<T>(t: AdminTestApp, url: string): Promise<T> {
  const res = await rest(t.app, 'GET', url, { token: t.adminToken });
  expect(res.status, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

/** Every admin path with a request that works for an admin on the real data. */
export const ADMIN_CALLS: AdminCall[] = [
  { method: 'GET', route: '/api/holidays/all', url: () => '/api/holidays/all' },
  {
    method: 'POST',
    route: '/api/holidays/save1',
    url: () => '/api/holidays/save1',
    body: () => ({ name: 'Test day', month: 2, day: 29 }),
  },
  { method: 'DELETE', route: '/api/holidays/del1', url: () => '/api/holidays/del1?id=13' },
  { method: 'GET', route: '/api/busstop/get/all', url: () => '/api/busstop/get/all' },
  { method: 'GET', route: '/api/busstop/get-all-with-usage', url: () => '/api/busstop/get-all-with-usage' },
  {
    method: 'POST',
    route: '/api/busstop/save/one',
    url: () => '/api/busstop/save/one',
    body: () => ({ name: 'Nauja stotelė', coords: '', defaultOption: '' }),
  },
  { method: 'GET', route: '/api/busstop/searchresults', url: () => '/api/busstop/searchresults?query=mok' },
  {
    method: 'DELETE',
    route: '/api/busstop/delete/:id',
    url: async (t) =>
      `/api/busstop/delete/${(await insertStop(t.db.kysely, { name: 'Unused', coords: null, defaultOption: false })).id}`,
  },
  { method: 'GET', route: '/api/line/preview', url: () => '/api/line/preview' },
  {
    method: 'POST',
    route: '/api/line/post-line-full-dto',
    url: () => '/api/line/post-line-full-dto',
    body: (t) => adminGet(t, '/api/line/get-line-full?id=1'),
  },
  { method: 'GET', route: '/api/line/get-line-full', url: () => '/api/line/get-line-full?id=7' },
  { method: 'DELETE', route: '/api/line/delete/:id', url: () => '/api/line/delete/2' },
  { method: 'GET', route: '/api/line/get-empty', url: () => '/api/line/get-empty' },
  {
    method: 'GET',
    route: '/api/scheduleItem/schedule-by-line',
    url: () => '/api/scheduleItem/schedule-by-line?lineId=7',
  },
  {
    method: 'POST',
    route: '/api/scheduleItem/post-schedule-dto',
    url: () => '/api/scheduleItem/post-schedule-dto',
    body: async (t) =>
      (await adminGet<{ data: unknown[] }>(t, '/api/scheduleItem/schedule-by-line?lineId=7')).data,
  },
  { method: 'DELETE', route: '/api/scheduleItem/delete/:id', url: () => '/api/scheduleItem/delete/1' },
  { method: 'GET', route: '/api/route/byline/:lineId', url: () => '/api/route/byline/7' },
  { method: 'GET', route: '/api/yearly-rules/get-all', url: () => '/api/yearly-rules/get-all' },
  {
    method: 'POST',
    route: '/api/yearly-rules/post-combo-list',
    url: () => '/api/yearly-rules/post-combo-list',
    body: async (t) => (await adminGet<{ rules: unknown[] }>(t, '/api/yearly-rules/get-all')).rules,
  },
  {
    method: 'GET',
    route: '/api/scheduleItem/get-schedules-by-rule',
    url: () => '/api/scheduleItem/get-schedules-by-rule?ruleId=1',
  },
];

/** The paths anyone may call (spec section 7, 'Public' and 'Auth'); everything else under /api is admin. */
export const OPEN_ROUTES = [
  'GET /api/scheduleItem/home-from',
  'GET /api/busstop/search',
  'GET /api/line/line-preview-withid-public',
  'GET /api/scheduleItem/schedule-by-lineid-browse',
  'GET /api/scheduleItem/schedule-by-tripid',
  'GET /api/busstop/get2',
  'POST /api/auth/signin',
  'GET /api/openapi.json',
];
