import {
  BOUND_FOR,
  ROUTE_TYPES,
  SaveHolidayInput,
  SaveLineInput,
  SaveStopInput,
  ScheduleDraft,
  SignInInput,
  WEEKDAYS,
  YEARLY_RULE_TYPES,
  YearlyRuleInput,
} from '@bus/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam, IdQuery, LineIdParam, LineIdQuery, RuleIdQuery, StopQuery } from './admin-routes.ts';
import {
  LineIdQuery as BrowseLineIdQuery,
  Get2Query,
  HomeFromQuery,
  StopSearchQuery,
  TripIdQuery,
} from './public-routes.ts';

/**
 * OpenAPI 3.1 description of the legacy REST paths (docs/rest-contract.md). Request inputs
 * are generated from the zod schemas the handlers parse with (their input side, so the
 * legacy coercions show: numeric strings, '' for none, 'true'/'false'); the responses are
 * the old server's JSON shapes, written by hand from the contract. A test keeps the paths
 * in sync with the registered routes and checks real responses against these schemas.
 */

type JsonSchema = Record<string, unknown>;

const OPENAPI_PATH = '/api/openapi.json';

/** The input side of a zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return json;
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const integer: JsonSchema = { type: 'integer' };
const string: JsonSchema = { type: 'string' };
const boolean: JsonSchema = { type: 'boolean' };

/** An object with exactly these keys, all present (the old server wrote nulls, never omitted keys). */
function object(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** The old server's response shapes (rest-contract.md section 0.1 and section 1). */
const responseSchemas: Record<string, JsonSchema> = {
  Time: {
    type: 'string',
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$',
    description: "A stop time as the old server wrote it: 'HH:MM:SS' (seconds always 00).",
  },
  Day: { type: 'string', enum: [...WEEKDAYS] },
  RouteType: {
    type: 'string',
    enum: [...ROUTE_TYPES],
    description: "'Nationial' is the product's spelling.",
  },
  BoundFor: { type: 'string', enum: [...BOUND_FOR] },
  StopOption: object(
    { value: nullable(integer), label: nullable(string) },
    'A selector option; {value: null, label: null} when there is no stop.',
  ),
  BusStop: object({ id: integer, name: nullable(string), coords: nullable(string), defaultOption: boolean }),
  LineIdName: object({ id: integer, name: string }),
  Note: object({ id: nullable(integer), noteKey: string, noteValue: string }),
  LineInfo: object({
    id: integer,
    name: nullable(string),
    routeStart: nullable(string),
    routeEnd: nullable(string),
    operator: nullable(string),
    anykStationPlatform: nullable(string),
    price: nullable(string),
    enabledSeasonalYearlyRuleFilter: boolean,
    customNotes: array(ref('Note')),
    routeType: nullable(ref('RouteType')),
  }),
  Route: object({
    id: integer,
    stopsArr: array(ref('BusStop')),
    distanceMetersList: array(nullable(integer)),
    routeNotes: nullable(string),
  }),
  Trip: object(
    {
      id: integer,
      routeDirReversed: nullable(boolean),
      boundFor: nullable(ref('BoundFor')),
      timeList: array(nullable(ref('Time'))),
      route: ref('Route'),
    },
    "timeList is in travel order (the route's stops reversed when routeDirReversed).",
  ),
  TripDto: object({
    id: nullable(integer),
    routeDirReversed: boolean,
    boundFor: ref('BoundFor'),
    timeList: array(nullable(ref('Time'))),
    routeId: nullable(integer),
  }),
  TimePeriod: object({
    id: integer,
    startMonth: integer,
    startDay: integer,
    endMonth: integer,
    endDay: integer,
  }),
  Pattern: object({ id: integer, dayOfWeek: nullable(ref('Day')), nthOccurenceEachMonth: integer }),
  Rule: object(
    {
      id: integer,
      periodName: string,
      typeOfYearlyRule: nullable({ type: 'string', enum: [...YEARLY_RULE_TYPES] }),
      timePeriods: array(ref('TimePeriod')),
      otherRuleId: nullable(integer),
      pattern1Params: array(ref('Pattern')),
    },
    'A yearly rule with its own periods only; otherRuleId names the rule whose periods it borrows.',
  ),
  Schedule: object({
    id: integer,
    timeConstraintsDescription: nullable(string),
    runsOnWeekly: array(ref('Day')),
    runsOnYearly: nullable(ref('Rule')),
    runsOnPublicHolidays: boolean,
    trips: array(ref('Trip')),
  }),
  ScheduleDto: object({
    id: nullable(integer),
    trips: array(ref('TripDto')),
    timeConstraintsDescription: nullable(string),
    runsOnWeekly: array(ref('Day')),
    runsOnYearlyId: nullable(integer),
    runsOnPublicHolidays: boolean,
    lineId: nullable(integer),
  }),
  Holiday: object({ id: integer, name: nullable(string), month: integer, day: integer }),
  HomeItem: object(
    {
      tripId: integer,
      timeDepart: ref('Time'),
      lineName: string,
      name: string,
      routeType: ref('RouteType'),
      lineId: integer,
      schedId: integer,
      tooLate: boolean,
    },
    'One departure. tooLate is new (the old server never sent it): the departure is already past in Vilnius.',
  ),
  PreviewStop: object(
    { name: string, id: { type: 'string', pattern: '^\\d+$' } },
    'The stop id is a string here.',
  ),
  PublicLinePreview: object({
    id: integer,
    name: string,
    goesTo: nullable(string),
    mainStops: array(ref('PreviewStop')),
    extraStops: nullable(array(ref('PreviewStop'))),
  }),
  BrowseSchedule: object({
    id: integer,
    runsOnWeekly: array(ref('Day')),
    runsOnYearlyStr: string,
    runsOnPublicHolidays: boolean,
    trips: array(ref('Trip')),
  }),
  LineTimetable: object({
    line: ref('LineInfo'),
    schedules: array(ref('BrowseSchedule')),
    yearlyRules: array(ref('Rule')),
  }),
  NothingFound: object({ nothingFound: { const: true } }, 'The line has no schedules (or does not exist).'),
  TripSchedule: object({ schedule: ref('Schedule'), tripId: integer, lineInfo: ref('LineInfo') }),
  StopPair: object({ from: ref('StopOption'), to: ref('StopOption') }),
  JwtResponse: object({
    accessToken: string,
    tokenType: { const: 'Bearer' },
    id: integer,
    username: string,
    email: nullable(string),
    roles: array(string),
  }),
  StopWithUsage: object({ stop: ref('BusStop'), usedInLines: array(ref('LineIdName')) }),
  AdminLinePreview: object({
    id: integer,
    name: string,
    routeStart: nullable(string),
    routeEnd: nullable(string),
    mainStops: nullable(array(string)),
    extraStops: nullable(array(string)),
  }),
  LineFull: object({
    info: ref('LineInfo'),
    routes: array(ref('Route')),
    routeTypeOptions: array(ref('RouteType')),
    routeUsage: {
      ...array(array(integer)),
      description: 'Per route (same order as routes): ids of the schedules with a trip on it.',
    },
  }),
  EmptyLine: object(
    {
      info: object({
        id: { type: 'null' },
        name: { type: 'null' },
        routeStart: { type: 'null' },
        routeEnd: { type: 'null' },
        operator: { type: 'null' },
        anykStationPlatform: { type: 'null' },
        price: { type: 'null' },
        enabledSeasonalYearlyRuleFilter: { const: false },
        customNotes: { type: 'array', maxItems: 0 },
        routeType: { type: 'null' },
      }),
      routes: { type: 'array', maxItems: 0 },
      routeTypeOptions: array(ref('RouteType')),
      routeUsage: { type: 'array', maxItems: 0 },
    },
    'The new-line form: a LineFull with nothing filled in.',
  ),
  ScheduleByLine: object({
    data: array(ref('ScheduleDto')),
    empty: ref('ScheduleDto'),
    boundForOptions: array(ref('BoundFor')),
    yearlyOptions: array(object({ id: integer, periodName: string })),
    lineTitle: string,
  }),
  RouteDto: object(
    {
      id: integer,
      routeNotes: nullable(string),
      stopsArr: array(ref('BusStop')),
      distanceMetersArr: array(nullable(integer)),
      lineId: integer,
    },
    'Note the key distanceMetersArr here (distanceMetersList elsewhere).',
  ),
  RulesWithUsage: object({
    rules: array(ref('Rule')),
    schedules: array(object({ ruleId: integer, schedules: array(integer) })),
  }),
  RuleScheduleGroup: object({
    line: ref('LineInfo'),
    schedules: array(
      object({
        id: integer,
        tripsFirstEntryAndDir: array(
          object(
            { time: { type: 'string', pattern: '^(\\d{2}:\\d{2})?$' }, dir: ref('BoundFor') },
            "time: the trip's first time, zero-padded 'HH:MM' ('' when it has none).",
          ),
        ),
        runsOnWeekly: array(ref('Day')),
      }),
    ),
  }),
  ErrorBody: object(
    { status: integer, error: string, message: string },
    'Every error: the HTTP status, its name and a human-readable message.',
  ),
};

/** A list the old client posts: the complete set of one line's schedules, each naming the line. */
function scheduleListSchema(): JsonSchema {
  const draft = inputSchema(ScheduleDraft);
  const properties = draft.properties as Record<string, JsonSchema>;
  return array({
    ...draft,
    properties: {
      ...properties,
      lineId: {
        type: ['integer', 'string'],
        description: 'The line of the schedule (a numeric string for new ones); one line per request.',
      },
    },
    required: [...((draft.required as string[] | undefined) ?? []), 'lineId'],
  });
}

function lineFullInputSchema(): JsonSchema {
  const line = inputSchema(SaveLineInput);
  return {
    ...line,
    description:
      'A LineFull as read from get-line-full, edited. New notes and routes have null or negative ids; ' +
      'routes left out are deleted (409 when schedules use them). routeTypeOptions and routeUsage are ignored.',
  };
}

/** Request bodies, generated from the zod schemas the handlers validate with. */
function requestSchemas(): Record<string, JsonSchema> {
  return {
    SignInInput: inputSchema(SignInInput),
    SaveHolidayInput: inputSchema(SaveHolidayInput),
    SaveStopInput: inputSchema(SaveStopInput),
    SaveLineInput: lineFullInputSchema(),
    ScheduleDtoList: scheduleListSchema(),
    RuleList: {
      ...array(inputSchema(YearlyRuleInput)),
      description:
        'The complete set of rules: stored rules left out are deleted (409 when schedules use them).',
    },
  };
}

const PARAMETER_NOTES: Record<string, string> = {
  qdate: 'The day, YYYY-MM-DD.',
  qdir: "'Out bound' or 'City bound'; anything else (or missing) means 'Out bound'.",
  qbstopfrom: 'Departure stop id; missing or empty means 1 (the bus station).',
  qbstopto: 'Destination stop id; empty means none.',
  str: 'Search text; empty gives the default stops.',
  fromId: 'Departure stop id; missing or empty means 1.',
  toId: 'Destination stop id; empty means none.',
  tripID: 'Trip id (note the capital ID).',
};

/** Query or path parameters from a zod object schema (its input side). */
function parameters(schema: z.ZodType, where: 'query' | 'path'): JsonSchema[] {
  const json = inputSchema(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(json.properties as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(PARAMETER_NOTES[name] ? { description: PARAMETER_NOTES[name] } : {}),
    schema: property,
  }));
}

interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  access: 'public' | 'auth' | 'admin';
  query?: z.ZodType;
  pathParams?: z.ZodType;
  body?: string;
  /** Schema of the 200 answer; null: an empty body. */
  response: JsonSchema | null;
  errors: number[];
}

const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/scheduleItem/home-from',
    summary: 'Departures from a stop on a day (the timetable home), ordered by time, line name, trip id',
    access: 'public',
    query: HomeFromQuery,
    response: array(ref('HomeItem')),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/busstop/search',
    summary: "Stop selector search (at most 10); the label carries the coords note: 'name (coords)'",
    access: 'public',
    query: StopSearchQuery,
    response: array(ref('StopOption')),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/line/line-preview-withid-public',
    summary: 'Every line with its main and extra stops (browse list)',
    access: 'public',
    response: array(ref('PublicLinePreview')),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-lineid-browse',
    summary: "A line's public timetable, or {nothingFound: true}",
    access: 'public',
    query: BrowseLineIdQuery,
    response: { anyOf: [ref('LineTimetable'), ref('NothingFound')] },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-tripid',
    summary: 'The schedule a trip belongs to, with the line',
    access: 'public',
    query: TripIdQuery,
    response: ref('TripSchedule'),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/busstop/get2',
    summary: 'The departure and destination stops of the header (bare names)',
    access: 'public',
    query: Get2Query,
    response: ref('StopPair'),
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/signin',
    summary: 'Sign in; the accessToken goes into "Authorization: Bearer <accessToken>"',
    access: 'auth',
    body: 'SignInInput',
    response: ref('JwtResponse'),
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This document',
    access: 'public',
    response: { type: 'object' },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/holidays/all',
    summary: 'Public holidays, by id',
    access: 'admin',
    response: array(ref('Holiday')),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/holidays/save1',
    summary: 'Create (no id) or update a holiday',
    access: 'admin',
    body: 'SaveHolidayInput',
    response: ref('Holiday'),
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/holidays/del1',
    summary: 'Delete a holiday',
    access: 'admin',
    query: IdQuery,
    response: null,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/busstop/get/all',
    summary: 'Every stop, by id',
    access: 'admin',
    response: array(ref('BusStop')),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/busstop/get-all-with-usage',
    summary: 'Every stop with the lines whose routes use it',
    access: 'admin',
    response: array(ref('StopWithUsage')),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/busstop/save/one',
    summary: 'Create (no id) or update a stop',
    access: 'admin',
    body: 'SaveStopInput',
    response: ref('BusStop'),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/busstop/searchresults',
    summary: 'Stops whose name contains the query (case and diacritics ignored), with usage',
    access: 'admin',
    query: StopQuery,
    response: array(ref('StopWithUsage')),
    errors: [400],
  },
  {
    method: 'delete',
    path: '/api/busstop/delete/{id}',
    summary: 'Delete a stop no route uses (409 when lines use it)',
    access: 'admin',
    pathParams: IdParam,
    response: null,
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/line/preview',
    summary: 'Lines table of the admin board (stop names only)',
    access: 'admin',
    response: array(ref('AdminLinePreview')),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/line/post-line-full-dto',
    summary: 'Save a line with its notes and route variations; answers the line id as a bare number',
    access: 'admin',
    body: 'SaveLineInput',
    response: integer,
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/line/get-line-full',
    summary: 'A line with its route variations and their usage by schedules',
    access: 'admin',
    query: IdQuery,
    response: ref('LineFull'),
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/line/delete/{id}',
    summary: 'Delete a line with its schedules, routes and notes',
    access: 'admin',
    pathParams: IdParam,
    response: null,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/line/get-empty',
    summary: 'The new-line template',
    access: 'admin',
    response: ref('EmptyLine'),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-line',
    summary: "A line's schedules for the schedule editor",
    access: 'admin',
    query: LineIdQuery,
    response: ref('ScheduleByLine'),
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/scheduleItem/post-schedule-dto',
    summary: "Save (create or update) schedules of one line; the line's other schedules are untouched",
    access: 'admin',
    body: 'ScheduleDtoList',
    response: array(ref('ScheduleDto')),
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/scheduleItem/delete/{id}',
    summary: 'Delete a schedule with its trips',
    access: 'admin',
    pathParams: IdParam,
    response: null,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/get-schedules-by-rule',
    summary: 'Schedules whose own yearly rule is ruleId, grouped by line',
    access: 'admin',
    query: RuleIdQuery,
    response: array(ref('RuleScheduleGroup')),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/route/byline/{lineId}',
    summary: "A line's route variations (schedule editor)",
    access: 'admin',
    pathParams: LineIdParam,
    response: array(ref('RouteDto')),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/yearly-rules/get-all',
    summary: 'Every yearly rule with the schedules that run on it',
    access: 'admin',
    response: ref('RulesWithUsage'),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/yearly-rules/post-combo-list',
    summary: 'Save the complete set of yearly rules (rules left out are deleted)',
    access: 'admin',
    body: 'RuleList',
    response: array(ref('Rule')),
    errors: [400, 404, 409],
  },
];

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Invalid input; nothing was changed' },
  401: { name: 'Unauthorized', description: 'No valid token (admin paths), or bad credentials (sign-in)' },
  403: { name: 'Forbidden', description: 'The token is valid but its user is not an administrator' },
  404: { name: 'NotFound', description: 'No such item' },
  409: { name: 'Conflict', description: 'Refused because other data uses the item; nothing was changed' },
  429: { name: 'TooManyRequests', description: 'Too many sign-in attempts' },
  500: { name: 'ServerError', description: 'Something failed on the server (details are only logged)' },
};

function operationObject(op: Operation): JsonSchema {
  const errors = op.access === 'admin' ? [...new Set([...op.errors, 401, 403])] : op.errors;
  const responses: Record<string, JsonSchema> = {
    200: op.response
      ? { description: 'OK', content: { 'application/json': { schema: op.response } } }
      : { description: 'Done (an empty body, as the old server answered)' },
  };
  for (const status of [...errors, 500].sort((a, b) => a - b)) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}` };
  }
  return {
    operationId: `${op.method}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    tags: [op.access],
    ...(op.access === 'admin' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
    parameters: [
      ...(op.pathParams ? parameters(op.pathParams, 'path') : []),
      ...(op.query ? parameters(op.query, 'query') : []),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(op.body) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildLegacyOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      { description, content: { 'application/json': { schema: ref('ErrorBody') } } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Anykščiai bus timetable: legacy REST API',
      version: '1.0.0',
      description:
        "The old system's paths, kept for existing clients (the web app uses tRPC at /trpc). " +
        'Admin paths need "Authorization: Bearer <accessToken>" of a ROLE_ADMIN user (from POST /api/auth/signin): ' +
        '401 without a valid token, 403 for other users. Errors answer {status, error, message}. ' +
        "Times are 'HH:MM:SS'; inputs also accept 'HH:MM', numeric strings for ids and 'true'/'false' for flags.",
    },
    tags: [
      { name: 'public', description: 'Open to everyone' },
      { name: 'auth', description: 'Sign-in' },
      { name: 'admin', description: 'Administrators only (bearer token)' },
    ],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ...responseSchemas, ...requestSchemas() },
      responses,
    },
  };
}

/** GET /api/openapi.json (public): built once, on first use. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  let document: JsonSchema | undefined;
  app.get(OPENAPI_PATH, async () => {
    document ??= buildLegacyOpenApiDocument();
    return document;
  });
}
