import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp } from './admin-helpers.ts';
import { ADMIN_CALLS, OPEN_ROUTES, registeredLegacyRoutes, rest } from './rest-helpers.ts';

/**
 * GET /api/openapi.json stays in sync with the REST layer: the same method + path pairs as the
 * registered routes, bearer auth on exactly the admin ones, and real answers (and the bodies the
 * old client posts) valid against the documented schemas.
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

/**
 * The subset of JSON Schema 2020-12 the document uses; an unknown keyword fails loudly so the
 * check never passes by ignoring something.
 */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'format']);
function validate(doc: Document, schema: Schema, value: unknown, path = '$'): string[] {
  const errors: string[] = [];
  const type = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
  for (const [keyword, arg] of Object.entries(schema)) {
    switch (keyword) {
      case '$ref': {
        const name = String(arg).replace('#/components/schemas/', '');
        const target = doc.components.schemas[name];
        if (!target) errors.push(`${path}: unresolved ${String(arg)}`);
        else errors.push(...validate(doc, target, value, path));
        break;
      }
      case 'type': {
        const types = [arg].flat() as string[];
        const actual = type(value);
        if (!types.includes(actual) && !(actual === 'integer' && types.includes('number')))
          errors.push(`${path}: expected type ${types.join('|')}, got ${actual}`);
        break;
      }
      case 'enum':
        if (!(arg as unknown[]).includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in enum`);
        break;
      case 'const':
        if (value !== arg) errors.push(`${path}: expected ${JSON.stringify(arg)}`);
        break;
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(String(arg), 'u').test(value))
          errors.push(`${path}: ${JSON.stringify(value)} does not match ${String(arg)}`);
        break;
      case 'minLength':
        if (typeof value === 'string' && value.length < Number(arg)) errors.push(`${path}: too short`);
        break;
      case 'maxLength':
        if (typeof value === 'string' && value.length > Number(arg)) errors.push(`${path}: too long`);
        break;
      case 'minimum':
        if (typeof value === 'number' && value < Number(arg)) errors.push(`${path}: below minimum`);
        break;
      case 'maximum':
        if (typeof value === 'number' && value > Number(arg)) errors.push(`${path}: above maximum`);
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < Number(arg)) errors.push(`${path}: too few items`);
        break;
      case 'maxItems':
        if (Array.isArray(value) && value.length > Number(arg)) errors.push(`${path}: too many items`);
        break;
      case 'items':
        if (Array.isArray(value))
          for (const [i, v] of value.entries())
            errors.push(...validate(doc, arg as Schema, v, `${path}[${i}]`));
        break;
      case 'properties':
        if (type(value) === 'object')
          for (const [key, sub] of Object.entries(arg as Record<string, Schema>))
            if (key in (value as object))
              errors.push(...validate(doc, sub, (value as Record<string, unknown>)[key], `${path}.${key}`));
        break;
      case 'required':
        if (type(value) === 'object')
          for (const key of arg as string[])
            if (!(key in (value as object))) errors.push(`${path}: missing ${key}`);
        break;
      case 'additionalProperties':
        if (arg === false && type(value) === 'object') {
          const known = Object.keys((schema.properties as object | undefined) ?? {});
          for (const key of Object.keys(value as object))
            if (!known.includes(key)) errors.push(`${path}: unexpected key ${key}`);
        } else if (arg !== false)
          throw new Error(`additionalProperties ${JSON.stringify(arg)} is not handled`);
        break;
      case 'anyOf': {
        const results = (arg as Schema[]).map((s) => validate(doc, s, value, path));
        if (!results.some((r) => r.length === 0))
          errors.push(`${path}: no alternative matches (${results.map((r) => r[0]).join(' | ')})`);
        break;
      }
      default:
        if (!ANNOTATIONS.has(keyword)) throw new Error(`keyword ${keyword} is not handled (${path})`);
    }
  }
  return errors;
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
  function operation(method: string, url: string): Operation {
    const path = url.split('?')[0] as string;
    for (const [template, item] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
      const op = item[method.toLowerCase()];
      if (pattern.test(path) && op) return op;
    }
    throw new Error(`${method} ${url} is not documented`);
  }

  function expectValid(schema: Schema, value: unknown, label: string) {
    expect(validate(doc, schema, value).slice(0, 10), label).toEqual([]);
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
      const schema = operation(call.method, call.url).responses['200']?.content?.['application/json'].schema;
      expectValid(schema as Schema, res.json(), `${call.method} ${call.url}`);
    }
    for (const call of ADMIN_CALLS) {
      const url = await call.url(t);
      const body = call.body ? await call.body(t) : undefined;
      const op = operation(call.method, url);
      if (body !== undefined) {
        // What the old client posts (a read, sent back) is a valid documented request body.
        expectValid(
          op.requestBody?.content['application/json'].schema as Schema,
          body,
          `${call.method} ${url} body`,
        );
      }
      const res = await rest(t.app, call.method, url, {
        token: t.adminToken,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, `${call.method} ${url}: ${res.body}`).toBe(200);
      const schema = op.responses['200']?.content?.['application/json'].schema;
      if (schema) expectValid(schema, res.json(), `${call.method} ${url}`);
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
        expectValid(
          operation('GET', url).responses['200']?.content?.['application/json'].schema as Schema,
          res.json(),
          url,
        );
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
      const documented = operation(e.method, e.url).responses[String(e.status)];
      expect(documented, `${e.method} ${e.url} documents ${e.status}`).toBeDefined();
      const name = String(documented?.$ref).replace('#/components/responses/', '');
      const schema = (
        doc.components.responses[name] as { content: { 'application/json': { schema: Schema } } }
      ).content['application/json'].schema;
      expectValid(schema, res.json(), `${e.method} ${e.url}`);
    }
  });

  it('the legacy input forms are valid request bodies too (numeric strings, "" and "true"/"false")', () => {
    const body = (path: string) =>
      operation('POST', path).requestBody?.content['application/json'].schema as Schema;
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
    // And what the schemas refuse is refused by the document too.
    expect(validate(doc, body('/api/busstop/save/one'), { coords: 'x' })).not.toEqual([]);
    expect(validate(doc, body('/api/scheduleItem/post-schedule-dto'), [{ trips: [] }])).not.toEqual([]);
  });
});
