import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OPERATIONS, REQUEST_BODIES } from '../src/rest/openapi.ts';
import { fastifyPath } from '../src/rest/registry.ts';
import { ErrorBody } from '../src/rest/schemas.ts';
import { type AdminTestApp, adminApp } from './admin-helpers.ts';
import { ADMIN_CALLS, expectShape, OPEN_ROUTES, registeredLegacyRoutes, rest } from './rest-helpers.ts';

/**
 * GET /api/openapi.json stays in sync with the REST layer: the same method + path pairs as the
 * registered routes, bearer auth on exactly the admin ones, every answer schema documented, and
 * real answers (and the bodies the old client posts) valid against the schemas the document is
 * generated from (src/rest/schemas.ts, the handlers' input schemas).
 */

type Schema = Record<string, unknown>;
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Schema>;
    securitySchemes: Record<string, Schema>;
  };
}
interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: Schema } } }>;
}

/** '/api/busstop/delete/:id' -> '/api/busstop/delete/{id}' */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: AdminTestApp;
let doc: Document;
beforeAll(async () => {
  t = await adminApp();
  const res = await rest(t.app, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json<Document>();
});
afterAll(() => t.app.close());

describe('GET /api/openapi.json', () => {
  it('is public JSON, OpenAPI 3.1', async () => {
    const res = await rest(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents exactly the registered routes, with the same methods', async () => {
    const registered = (await registeredLegacyRoutes())
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(registered);
    expect(registered.length).toBe(28);
  });

  it('serves exactly the registry the document is built from: each declared path registered once, nothing else', async () => {
    const registered = (await registeredLegacyRoutes()).map((r) => `${r.method} ${r.url}`).sort();
    const declared = OPERATIONS.map((op) => `${op.method.toUpperCase()} ${fastifyPath(op.path)}`).sort();
    expect(registered).toEqual(declared);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('declares bearer auth on exactly the admin paths', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const open = new Set(
      OPEN_ROUTES.map((r) => r.replace(/^(\w+) /, (_, m: string) => `${m.toLowerCase()} `)),
    );
    const admin = new Set(ADMIN_CALLS.map((c) => `${c.method.toLowerCase()} ${openApiPath(c.route)}`));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = `${method} ${path}`;
        if (admin.has(key)) {
          expect(op.security, key).toEqual([{ bearerAuth: [] }]);
          expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['401', '403']));
        } else {
          expect(open.has(key), key).toBe(true);
          expect(op.security, key).toEqual([]);
        }
      }
    }
  });

  it('documents every answer and request body as a component, and every operation with its schemas', () => {
    expect(Object.keys(doc.components.schemas).sort()).toEqual(
      [
        'AdminLinePreview',
        'BoundFor',
        'BrowseSchedule',
        'BusStop',
        'Day',
        'EmptyLine',
        'ErrorBody',
        'Holiday',
        'HomeItem',
        'JwtResponse',
        'LineFull',
        'LineIdName',
        'LineInfo',
        'LineTimetable',
        'NothingFound',
        'Note',
        'Pattern',
        'PreviewStop',
        'PublicLinePreview',
        'Route',
        'RouteDto',
        'RouteType',
        'Rule',
        'RuleScheduleGroup',
        'RulesWithUsage',
        'Schedule',
        'ScheduleByLine',
        'ScheduleDto',
        'StopOption',
        'StopPair',
        'StopWithUsage',
        'TimePeriod',
        'Time',
        'Trip',
        'TripDto',
        'TripSchedule',
        'SignInInput',
        'SaveHolidayInput',
        'SaveStopInput',
        'SaveLineInput',
        'ScheduleDtoList',
        'RuleList',
      ].sort(),
    );
    for (const op of OPERATIONS) {
      const documented = doc.paths[op.path]?.[op.method];
      const ok = documented?.responses['200']?.content?.['application/json'].schema;
      expect(Boolean(ok), `${op.method} ${op.path}`).toBe(op.response !== null);
      expect(Boolean(documented?.requestBody), `${op.method} ${op.path}`).toBe(op.body !== undefined);
    }
    // Descriptions, patterns and consts of the contract are kept.
    expect(doc.components.schemas.Time).toMatchObject({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' });
    expect(doc.components.schemas.HomeItem?.description).toMatch(/tooLate is new/);
    expect(doc.components.schemas.JwtResponse).toMatchObject({
      properties: { tokenType: { const: 'Bearer' } },
    });
    expect(doc.components.schemas.EmptyLine).toMatchObject({ properties: { routes: { maxItems: 0 } } });
  });

  it('has unique operation ids, resolvable references and path parameters for every {param}', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const refs = JSON.stringify(doc).match(/"#\/components\/(schemas|responses)\/[^"]+"/g) ?? [];
    for (const ref of refs) {
      const [, kind, name] = /#\/components\/(\w+)\/(.+)"/.exec(ref) ?? [];
      expect(
        (doc.components as unknown as Record<string, Record<string, unknown>>)[kind as string]?.[
          name as string
        ],
        ref,
      ).toBeDefined();
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(item))
        expect(
          op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
          path,
        ).toEqual(names);
    }
    // The query parameters the old client sends, by their legacy names.
    const query = (path: string) =>
      (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query('/api/scheduleItem/home-from')).toEqual(['qdate', 'qdir', 'qbstopfrom', 'qbstopto']);
    expect(query('/api/scheduleItem/schedule-by-tripid')).toEqual(['tripID']);
    expect(
      doc.paths['/api/scheduleItem/home-from']?.get?.parameters.find((p) => p.name === 'qdate')?.required,
    ).toBe(true);
  });
});

describe('the documented schemas match what the server does', () => {
  /** The operation (with its zod schemas) that serves a concrete URL. */
  function operation(method: string, url: string) {
    const path = url.split('?')[0] as string;
    const op = OPERATIONS.find(
      (o) =>
        o.method === method.toLowerCase() &&
        new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
    );
    if (!op) throw new Error(`${method} ${url} is not documented`);
    return op;
  }

  function expectValid(schema: z.ZodType, value: unknown, label: string) {
    const result = schema.safeParse(value);
    expect(result.success ? [] : result.error.issues.slice(0, 10), label).toEqual([]);
  }

  it('every answer of every path is valid against its documented 200 schema', async () => {
    const publicCalls: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
      {
        method: 'GET',
        url: '/api/scheduleItem/home-from?qdate=2026-03-12&qdir=Out%20bound&qbstopfrom=1&qbstopto=',
      },
      {
        method: 'GET',
        url: '/api/scheduleItem/home-from?qdate=2026-03-12&qdir=City%20bound&qbstopfrom=1&qbstopto=',
      },
      { method: 'GET', url: '/api/busstop/search?str=' },
      { method: 'GET', url: '/api/busstop/search?str=mok' },
      { method: 'GET', url: '/api/line/line-preview-withid-public' },
      ...Array.from({ length: 21 }, (_, i) => ({
        method: 'GET' as const,
        url: `/api/scheduleItem/schedule-by-lineid-browse?lineId=${i + 1}`,
      })),
      { method: 'GET', url: '/api/scheduleItem/schedule-by-lineid-browse?lineId=9999' },
      { method: 'GET', url: '/api/scheduleItem/schedule-by-tripid?tripID=80' },
      { method: 'GET', url: '/api/busstop/get2?fromId=1&toId=12' },
      { method: 'GET', url: '/api/busstop/get2?fromId=&toId=' },
      { method: 'POST', url: '/api/auth/signin', body: { username: 'boss', password: '2025' } },
      { method: 'GET', url: '/api/openapi.json' },
    ];
    for (const call of publicCalls) {
      const res = await rest(
        t.app,
        call.method,
        call.url,
        call.body === undefined ? {} : { body: call.body },
      );
      expect(res.status, call.url).toBe(200);
      const schema = operation(call.method, call.url).response;
      expect(schema, call.url).not.toBeNull();
      expectValid(schema as z.ZodType, res.json(), `${call.method} ${call.url}`);
    }
    for (const call of ADMIN_CALLS) {
      const url = await call.url(t);
      const body = call.body ? await call.body(t) : undefined;
      const op = operation(call.method, url);
      if (body !== undefined) {
        // What the old client posts (a read, sent back) is a valid documented request body.
        expect(op.body, `${call.method} ${url} documents its body`).toBeDefined();
        expectValid(
          REQUEST_BODIES[op.body as keyof typeof REQUEST_BODIES].schema,
          body,
          `${call.method} ${url} body`,
        );
      }
      const res = await rest(t.app, call.method, url, {
        token: t.adminToken,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, `${call.method} ${url}: ${res.body}`).toBe(200);
      if (op.response) expectValid(op.response, res.json(), `${call.method} ${url}`);
      else expect(res.body, `${call.method} ${url}`).toBe('');
    }
    for (let id = 1; id <= 21; id++) {
      if (id === 2) continue; // deleted above
      for (const url of [
        `/api/line/get-line-full?id=${id}`,
        `/api/scheduleItem/schedule-by-line?lineId=${id}`,
        `/api/route/byline/${id}`,
      ]) {
        const res = await rest(t.app, 'GET', url, { token: t.adminToken });
        expectValid(operation('GET', url).response as z.ZodType, res.json(), url);
      }
    }
  });

  it('documents the error answers the server gives, with the ErrorBody schema', async () => {
    const errors: {
      method: 'GET' | 'POST' | 'DELETE';
      url: string;
      token?: boolean;
      body?: unknown;
      status: number;
    }[] = [
      { method: 'GET', url: '/api/scheduleItem/home-from?qdate=x', status: 400 },
      { method: 'GET', url: '/api/scheduleItem/schedule-by-tripid?tripID=99999', status: 404 },
      { method: 'POST', url: '/api/auth/signin', body: { username: 'boss', password: 'no' }, status: 401 },
      { method: 'GET', url: '/api/holidays/all', status: 401 },
      { method: 'POST', url: '/api/holidays/save1', token: true, body: { name: '' }, status: 400 },
      { method: 'DELETE', url: '/api/busstop/delete/1', token: true, status: 409 },
      { method: 'GET', url: '/api/line/get-line-full?id=9999', token: true, status: 404 },
      { method: 'POST', url: '/api/yearly-rules/post-combo-list', token: true, body: [], status: 409 },
    ];
    for (const e of errors) {
      const res = await rest(t.app, e.method, e.url, {
        ...(e.token ? { token: t.adminToken } : {}),
        ...(e.body === undefined ? {} : { body: e.body }),
      });
      expect(res.status, `${e.method} ${e.url}: ${res.body}`).toBe(e.status);
      const op = operation(e.method, e.url);
      const documented = doc.paths[op.path]?.[op.method]?.responses[String(e.status)];
      expect(documented, `${e.method} ${e.url} documents ${e.status}`).toBeDefined();
      const name = String(documented?.$ref).replace('#/components/responses/', '');
      expect(doc.components.responses[name], name).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      });
      expectShape(res.json(), ErrorBody);
    }
  });

  it('the legacy input forms are valid request bodies too (numeric strings, "" and "true"/"false")', () => {
    const body = (path: string) =>
      REQUEST_BODIES[operation('POST', path).body as keyof typeof REQUEST_BODIES].schema;
    expectValid(
      body('/api/scheduleItem/post-schedule-dto'),
      [
        {
          id: null,
          lineId: '7',
          runsOnYearlyId: '1',
          runsOnPublicHolidays: 'false',
          runsOnWeekly: ['MONDAY'],
          timeConstraintsDescription: null,
          trips: [
            {
              id: null,
              routeDirReversed: false,
              boundFor: 'One way',
              timeList: ['06:40', '06:45:00'],
              routeId: 8,
            },
          ],
        },
      ],
      'schedule',
    );
    expectValid(
      body('/api/yearly-rules/post-combo-list'),
      [
        {
          id: null,
          periodName: 'X',
          typeOfYearlyRule: null,
          otherRuleId: '',
          timePeriods: [],
          pattern1Params: [{ id: null, dayOfWeek: 'MONDAY', nthOccurenceEachMonth: '2' }],
        },
      ],
      'rules',
    );
    expectValid(body('/api/busstop/save/one'), { name: 'X', coords: '', defaultOption: '' }, 'stop');
    // And what the schemas refuse is refused.
    expect(body('/api/busstop/save/one').safeParse({ coords: 'x' }).success).toBe(false);
    expect(body('/api/scheduleItem/post-schedule-dto').safeParse([{ trips: [] }]).success).toBe(false);
  });
});
