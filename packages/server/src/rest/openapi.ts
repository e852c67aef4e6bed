import { z } from 'zod';
import { ADMIN_PATHS } from './admin-paths.ts';
import { AUTH_PATHS } from './auth-paths.ts';
import { PUBLIC_PATHS } from './public-paths.ts';
import type { RestPath } from './registry.ts';
import { REQUEST_BODIES } from './request-bodies.ts';
import { legacySchemas } from './schemas.ts';

/**
 * OpenAPI 3.1 description of the legacy REST paths (docs/rest-contract.md). Request inputs
 * are generated from the zod schemas the handlers parse with (their input side, so the
 * legacy coercions show: numeric strings, '' for none, 'true'/'false'); the responses are
 * the old server's JSON shapes (schemas.ts). The paths are the registry the handlers are
 * registered from (registry.ts), so the two cannot drift; a test checks real responses against
 * these schemas.
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

/** GET /api/openapi.json (public): this document, built once, on first use. */
export const OPENAPI_PATHS: RestPath[] = [
  {
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This document',
    access: 'public',
    response: z.record(z.string(), z.unknown()),
    errors: [],
    handle: () => {
      built ??= buildLegacyOpenApiDocument();
      return built;
    },
  },
];

/**
 * Every old path as the document lists it: the same declarations the handlers are registered from
 * (index.ts).
 */
export const OPERATIONS: RestPath[] = [...PUBLIC_PATHS, ...AUTH_PATHS, ...OPENAPI_PATHS, ...ADMIN_PATHS];

/** Built once, on first use. */
let built: JsonSchema | undefined;

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Invalid input; nothing was changed' },
  401: { name: 'Unauthorized', description: 'No valid token (admin paths), or bad credentials (sign-in)' },
  403: { name: 'Forbidden', description: 'The token is valid but its user is not an administrator' },
  404: { name: 'NotFound', description: 'No such item' },
  409: { name: 'Conflict', description: 'Refused because other data uses the item; nothing was changed' },
  429: { name: 'TooManyRequests', description: 'Too many sign-in attempts' },
  500: { name: 'ServerError', description: 'Something failed on the server (details are only logged)' },
};

function operationObject(op: RestPath): JsonSchema {
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

export { REQUEST_BODIES };
