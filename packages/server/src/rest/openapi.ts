import {
  SaveHolidayFields,
  SaveLineFields,
  SaveStopFields,
  ScheduleDraft,
  SignInInput,
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
import * as S from './schemas.ts';
import { legacySchemas } from './schemas.ts';

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
const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/**
 * The old server's response shapes, generated from the zod schemas in schemas.ts (the ones the
 * mappers return and the contract tests parse with), one component per registered schema.
 */
function responseSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(legacySchemas, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _dialect, $id: _id, ...json } = schema as JsonSchema;
      return [name, json];
    }),
  );
}

/** A list the old client posts: the complete set of one line's schedules, each naming the line. */
const ScheduleDtoList = z.array(
  ScheduleDraft.extend({
    lineId: z
      .union([z.number().int(), z.string()])
      .describe('The line of the schedule (a numeric string for new ones); one line per request.'),
  }),
);

/**
 * Request bodies: the zod schemas the handlers validate with (the schedule list adds the line
 * each schedule names). Documented by their input side, where the legacy coercions show.
 */
export const REQUEST_BODIES = {
  SignInInput: { schema: SignInInput },
  SaveHolidayInput: { schema: SaveHolidayFields },
  SaveStopInput: { schema: SaveStopFields },
  SaveLineInput: {
    schema: SaveLineFields,
    description:
      'A LineFull as read from get-line-full, edited. New notes and routes have null or negative ids; ' +
      'routes left out are deleted (409 when schedules use them). routeTypeOptions and routeUsage are ignored.',
  },
  ScheduleDtoList: {
    schema: ScheduleDtoList,
    description:
      'The schedules of one line as read from schedule-by-line, edited or not. A schedule sent back exactly as ' +
      'it was at an earlier time but not as it is now (someone else changed it since the list was loaded) ' +
      'refuses the whole save with 409, nothing written.',
  },
  RuleList: {
    schema: z.array(YearlyRuleInput),
    description:
      'The complete set of rules: stored rules left out are deleted (409 when schedules use them).',
  },
} satisfies Record<string, { schema: z.ZodType; description?: string }>;

function requestSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(REQUEST_BODIES).map(([name, body]) => [
      name,
      { ...inputSchema(body.schema), ...('description' in body ? { description: body.description } : {}) },
    ]),
  );
}

/**
 * An answer schema as the document writes it: a registered answer (schemas.ts) by reference,
 * a list or a choice of them around references, anything else inline.
 */
function responseJson(schema: z.ZodType): JsonSchema {
  const id = legacySchemas.get(schema)?.id;
  if (id) return ref(id);
  if (schema instanceof z.ZodArray) return array(responseJson(schema.element as z.ZodType));
  if (schema instanceof z.ZodUnion) return { anyOf: (schema.options as z.ZodType[]).map(responseJson) };
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as JsonSchema;
  return json;
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

export interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  access: 'public' | 'auth' | 'admin';
  query?: z.ZodType;
  pathParams?: z.ZodType;
  body?: keyof typeof REQUEST_BODIES;
  /** Schema of the 200 answer (schemas.ts); null: an empty body. */
  response: z.ZodType | null;
  errors: number[];
}

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/scheduleItem/home-from',
    summary: 'Departures from a stop on a day (the timetable home), ordered by time, line name, trip id',
    access: 'public',
    query: HomeFromQuery,
    response: z.array(S.HomeItem),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/busstop/search',
    summary: "Stop selector search (at most 10); the label carries the coords note: 'name (coords)'",
    access: 'public',
    query: StopSearchQuery,
    response: z.array(S.StopOption),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/line/line-preview-withid-public',
    summary: 'Every line with its main and extra stops (browse list)',
    access: 'public',
    response: z.array(S.PublicLinePreview),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-lineid-browse',
    summary: "A line's public timetable, or {nothingFound: true}",
    access: 'public',
    query: BrowseLineIdQuery,
    response: z.union([S.LineTimetable, S.NothingFound]),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-tripid',
    summary: 'The schedule a trip belongs to, with the line',
    access: 'public',
    query: TripIdQuery,
    response: S.TripSchedule,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/busstop/get2',
    summary: 'The departure and destination stops of the header (bare names)',
    access: 'public',
    query: Get2Query,
    response: S.StopPair,
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/signin',
    summary: 'Sign in; the accessToken goes into "Authorization: Bearer <accessToken>"',
    access: 'auth',
    body: 'SignInInput',
    response: S.JwtResponse,
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This document',
    access: 'public',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/holidays/all',
    summary: 'Public holidays, by id',
    access: 'admin',
    response: z.array(S.Holiday),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/holidays/save1',
    summary: 'Create (no id) or update a holiday',
    access: 'admin',
    body: 'SaveHolidayInput',
    response: S.Holiday,
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
    response: z.array(S.BusStop),
    errors: [],
  },
  {
    method: 'get',
    path: '/api/busstop/get-all-with-usage',
    summary: 'Every stop with the lines whose routes use it',
    access: 'admin',
    response: z.array(S.StopWithUsage),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/busstop/save/one',
    summary: 'Create (no id) or update a stop',
    access: 'admin',
    body: 'SaveStopInput',
    response: S.BusStop,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/busstop/searchresults',
    summary: 'Stops whose name contains the query (case and diacritics ignored), with usage',
    access: 'admin',
    query: StopQuery,
    response: z.array(S.StopWithUsage),
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
    response: z.array(S.AdminLinePreview),
    errors: [],
  },
  {
    method: 'post',
    path: '/api/line/post-line-full-dto',
    summary: 'Save a line with its notes and route variations; answers the line id as a bare number',
    access: 'admin',
    body: 'SaveLineInput',
    response: z.number().int(),
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/line/get-line-full',
    summary: 'A line with its route variations and their usage by schedules',
    access: 'admin',
    query: IdQuery,
    response: S.LineFull,
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
    response: S.EmptyLine,
    errors: [],
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-line',
    summary: "A line's schedules for the schedule editor",
    access: 'admin',
    query: LineIdQuery,
    response: S.ScheduleByLine,
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/scheduleItem/post-schedule-dto',
    summary: "Save (create or update) schedules of one line; the line's other schedules are untouched",
    access: 'admin',
    body: 'ScheduleDtoList',
    response: z.array(S.ScheduleDto),
    errors: [400, 404, 409],
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
    response: z.array(S.RuleScheduleGroup),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/route/byline/{lineId}',
    summary: "A line's route variations (schedule editor)",
    access: 'admin',
    pathParams: LineIdParam,
    response: z.array(S.RouteDto),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/yearly-rules/get-all',
    summary: 'Every yearly rule with the schedules that run on it',
    access: 'admin',
    response: S.RulesWithUsage,
    errors: [],
  },
  {
    method: 'post',
    path: '/api/yearly-rules/post-combo-list',
    summary: 'Save the complete set of yearly rules (rules left out are deleted)',
    access: 'admin',
    body: 'RuleList',
    response: z.array(S.Rule),
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
      ? { description: 'OK', content: { 'application/json': { schema: responseJson(op.response) } } }
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
      schemas: { ...responseSchemas(), ...requestSchemas() },
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
