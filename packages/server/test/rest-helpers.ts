import { createTestDb, insertStop } from '@bus/db';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { createAuthRuntime } from '../src/auth/runtime.ts';
import { registerLegacyRest } from '../src/rest/index.ts';
import type { AdminTestApp } from './admin-helpers.ts';

/**
 * Shape assertions for the legacy REST responses (docs/rest-contract.md section 0.1), written
 * from the contract and independent of the server's mappers: an object must have exactly the
 * listed keys, each value the listed JSON type, recursively.
 */
export type Shape = (value: unknown, path: string) => string[];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function check(ok: boolean, path: string, expected: string, value: unknown): string[] {
  return ok ? [] : [`${path}: expected ${expected}, got ${describe(value)}`];
}

export const int: Shape = (v, p) => check(Number.isInteger(v), p, 'an integer', v);
export const str: Shape = (v, p) => check(typeof v === 'string', p, 'a string', v);
export const bool: Shape = (v, p) => check(typeof v === 'boolean', p, 'a boolean', v);
export const nul: Shape = (v, p) => check(v === null, p, 'null', v);

export function literal(expected: string | number | boolean | null): Shape {
  return (v, p) => check(v === expected, p, JSON.stringify(expected), v);
}

export function oneOfValues(values: readonly (string | number)[]): Shape {
  return (v, p) => check(values.includes(v as string), p, `one of ${JSON.stringify(values)}`, v);
}

export function matches(pattern: RegExp, label: string): Shape {
  return (v, p) => check(typeof v === 'string' && pattern.test(v), p, label, v);
}

/** Deep-equal to a fixed JSON value (e.g. the option lists). */
export function exactly(expected: unknown): Shape {
  return (v, p) => check(JSON.stringify(v) === JSON.stringify(expected), p, JSON.stringify(expected), v);
}

export function anyOf(...shapes: Shape[]): Shape {
  return (v, p) => {
    const results = shapes.map((s) => s(v, p));
    if (results.some((r) => r.length === 0)) return [];
    return [`${p}: matches no alternative (${results.map((r) => r[0]).join(' | ')})`];
  };
}

export const nullable = (shape: Shape): Shape => anyOf(shape, nul);

export function arrayOf(item: Shape): Shape {
  return (v, p) =>
    Array.isArray(v) ? v.flatMap((x, i) => item(x, `${p}[${i}]`)) : check(false, p, 'an array', v);
}

/** An object with exactly these keys (no more, no fewer), each of its shape. */
export function obj(shape: Record<string, Shape>): Shape {
  return (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return check(false, p, 'an object', v);
    const record = v as Record<string, unknown>;
    const expected = Object.keys(shape);
    const actual = Object.keys(record);
    const errors = [
      ...expected.filter((k) => !actual.includes(k)).map((k) => `${p}: missing key '${k}'`),
      ...actual.filter((k) => !expected.includes(k)).map((k) => `${p}: unexpected key '${k}'`),
    ];
    for (const key of expected)
      if (key in record) errors.push(...(shape[key] as Shape)(record[key], `${p}.${key}`));
    return errors;
  };
}

export function expectShape(value: unknown, shape: Shape): void {
  expect(shape(value, '$').slice(0, 15)).toEqual([]);
}

// ---------------------------------------------------------------------------------------
// The contract's shapes (section 0.1 and the per-call responses of section 1)

export const WEEKDAY_NAMES = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
export const ROUTE_TYPE_NAMES = ['City Bus', 'Regional Bus', 'Nationial Bus'];
export const BOUND_FOR_NAMES = ['City bound', 'Out bound', 'One way'];

/** Jackson's LocalTime: always with seconds. */
export const Time = matches(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, "a time 'HH:MM:SS'");
export const Day = oneOfValues(WEEKDAY_NAMES);
export const RouteType = oneOfValues(ROUTE_TYPE_NAMES);
export const BoundFor = oneOfValues(BOUND_FOR_NAMES);
export const RuleType = nullable(oneOfValues(['Static dates', 'Formula pattern', 'Combo']));

export const StopOption = obj({ value: nullable(int), label: nullable(str) });
export const BusStop = obj({ id: int, name: nullable(str), coords: nullable(str), defaultOption: bool });
export const LineIdName = obj({ id: int, name: str });
export const Note = obj({ id: nullable(int), noteKey: str, noteValue: str });
export const LineInfo = obj({
  id: int,
  name: nullable(str),
  routeStart: nullable(str),
  routeEnd: nullable(str),
  operator: nullable(str),
  anykStationPlatform: nullable(str),
  price: nullable(str),
  enabledSeasonalYearlyRuleFilter: bool,
  customNotes: arrayOf(Note),
  routeType: nullable(RouteType),
});
export const Route = obj({
  id: int,
  stopsArr: arrayOf(BusStop),
  distanceMetersList: arrayOf(nullable(int)),
  routeNotes: nullable(str),
});
export const Trip = obj({
  id: int,
  routeDirReversed: nullable(bool),
  boundFor: nullable(BoundFor),
  timeList: arrayOf(nullable(Time)),
  route: Route,
});
export const TripDto = obj({
  id: nullable(int),
  routeDirReversed: bool,
  boundFor: BoundFor,
  timeList: arrayOf(nullable(Time)),
  routeId: nullable(int),
});
export const TimePeriod = obj({ id: int, startMonth: int, startDay: int, endMonth: int, endDay: int });
export const Pattern = obj({ id: int, dayOfWeek: nullable(Day), nthOccurenceEachMonth: int });
export const Rule = obj({
  id: int,
  periodName: str,
  typeOfYearlyRule: RuleType,
  timePeriods: arrayOf(TimePeriod),
  otherRuleId: nullable(int),
  pattern1Params: arrayOf(Pattern),
});
export const Schedule = obj({
  id: int,
  timeConstraintsDescription: nullable(str),
  runsOnWeekly: arrayOf(Day),
  runsOnYearly: nullable(Rule),
  runsOnPublicHolidays: bool,
  trips: arrayOf(Trip),
});
export const ScheduleDto = obj({
  id: nullable(int),
  trips: arrayOf(TripDto),
  timeConstraintsDescription: nullable(str),
  runsOnWeekly: arrayOf(Day),
  runsOnYearlyId: nullable(int),
  runsOnPublicHolidays: bool,
  lineId: nullable(int),
});
export const Holiday = obj({ id: int, name: nullable(str), month: int, day: int });

export const HomeItem = obj({
  tripId: int,
  timeDepart: Time,
  lineName: str,
  name: str,
  routeType: RouteType,
  lineId: int,
  schedId: int,
  // Ours: the old server never sent it (rest-contract, 'Where we deliberately differ').
  tooLate: bool,
});
/** Stop ids inside the public preview are strings: the one exception to numeric ids. */
const PreviewStop = obj({ name: str, id: matches(/^\d+$/, 'a stop id as a string of digits') });
export const PublicLinePreview = obj({
  id: int,
  name: str,
  goesTo: nullable(str),
  mainStops: arrayOf(PreviewStop),
  extraStops: nullable(arrayOf(PreviewStop)),
});
export const BrowseSchedule = obj({
  id: int,
  runsOnWeekly: arrayOf(Day),
  runsOnYearlyStr: str,
  runsOnPublicHolidays: bool,
  trips: arrayOf(Trip),
});
export const LineTimetable = obj({
  line: LineInfo,
  schedules: arrayOf(BrowseSchedule),
  yearlyRules: arrayOf(Rule),
});
export const NothingFound = obj({ nothingFound: literal(true) });
export const TripScheduleShape = obj({ schedule: Schedule, tripId: int, lineInfo: LineInfo });
export const StopPair = obj({ from: StopOption, to: StopOption });
export const JwtResponse = obj({
  accessToken: str,
  tokenType: literal('Bearer'),
  id: int,
  username: str,
  email: nullable(str),
  roles: arrayOf(str),
});

export const StopWithUsage = obj({ stop: BusStop, usedInLines: arrayOf(LineIdName) });
export const AdminLinePreview = obj({
  id: int,
  name: str,
  routeStart: nullable(str),
  routeEnd: nullable(str),
  mainStops: nullable(arrayOf(str)),
  extraStops: nullable(arrayOf(str)),
});
export const LineFull = obj({
  info: LineInfo,
  routes: arrayOf(Route),
  routeTypeOptions: exactly(ROUTE_TYPE_NAMES),
  routeUsage: arrayOf(arrayOf(int)),
});
export const EmptyLine = obj({
  info: obj({
    id: nul,
    name: nul,
    routeStart: nul,
    routeEnd: nul,
    operator: nul,
    anykStationPlatform: nul,
    price: nul,
    enabledSeasonalYearlyRuleFilter: literal(false),
    customNotes: exactly([]),
    routeType: nul,
  }),
  routes: exactly([]),
  routeTypeOptions: exactly(ROUTE_TYPE_NAMES),
  routeUsage: exactly([]),
});
export const ScheduleByLine = obj({
  data: arrayOf(ScheduleDto),
  empty: ScheduleDto,
  boundForOptions: exactly(BOUND_FOR_NAMES),
  yearlyOptions: arrayOf(obj({ id: int, periodName: str })),
  lineTitle: str,
});
export const RouteDto = obj({
  id: int,
  routeNotes: nullable(str),
  stopsArr: arrayOf(BusStop),
  distanceMetersArr: arrayOf(nullable(int)),
  lineId: int,
});
export const RulesWithUsage = obj({
  rules: arrayOf(Rule),
  schedules: arrayOf(obj({ ruleId: int, schedules: arrayOf(int) })),
});
export const RuleScheduleGroup = obj({
  line: LineInfo,
  schedules: arrayOf(
    obj({
      id: int,
      // Ours: zero-padded 'HH:MM' (the old server wrote '6:5'); '' when the trip has no first time.
      tripsFirstEntryAndDir: arrayOf(
        obj({ time: matches(/^(\d{2}:\d{2})?$/, "'HH:MM' or ''"), dir: BoundFor }),
      ),
      runsOnWeekly: arrayOf(Day),
    }),
  ),
});
export const ErrorBody = obj({ status: int, error: str, message: str });

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
  expectShape(body, ErrorBody);
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
    clock,
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
