import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetFormatError, parseDatasetJson } from '../src/import/dataset-json.ts';
import { DEFAULT_DATASET_PATH } from '../src/import/default-dataset.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';

/**
 * Bounded, visible text on every write path (tRPC, the old REST paths, the import), on the
 * real data: a refused write says which field and changes nothing.
 */
let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await adminApp();
  admin = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const counts = () =>
  t.db.sqlite
    .prepare(
      `SELECT (SELECT count(*) FROM stop) AS stops, (SELECT count(*) FROM holiday) AS holidays,
              (SELECT group_concat(name, '|') FROM stop) AS names, (SELECT count(*) FROM change_log) AS changes`,
    )
    .get();

const rest = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('names and free texts are bounded and visible', () => {
  it.each([
    ['a 900 KB stop name', 'x'.repeat(900_000), 'Stop name is too long: at most 100 characters'],
    ['NUL characters', '\u0000\u0000', 'Stop name contains control characters or text direction overrides'],
    ['zero-width spaces only', '\u200B\u200B\u200B', 'Stop name is empty or only invisible characters'],
    [
      'a bidi override',
      'Vikonys\u202Esinyk',
      'Stop name contains control characters or text direction overrides',
    ],
    ['a newline', 'Vikonys\nII', 'Stop name contains control characters or text direction overrides'],
  ])('tRPC and the old REST path refuse %s with 400, naming the field', async (_what, name, message) => {
    const before = counts();
    const viaTrpc = await admin.mutate('admin.stops.save', {
      id: null,
      name,
      coords: null,
      defaultOption: false,
      baseVersion: 0,
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.message).toContain(message);
    const viaRest = await rest('/api/busstop/save/one', {
      id: null,
      name,
      coords: null,
      defaultOption: false,
    });
    expect(viaRest.statusCode).toBe(400);
    expect((viaRest.json() as { message: string }).message).toContain(message);
    expect(counts()).toEqual(before);
  });

  it('a 900 KB holiday name is refused on both doors too', async () => {
    const before = counts();
    const name = 'x'.repeat(900_000);
    expect(
      (await admin.mutate('admin.holidays.save', { id: null, name, month: 5, day: 2, baseVersion: 0 }))
        .status,
    ).toBe(400);
    const viaRest = await rest('/api/holidays/save1', { id: null, name, month: 5, day: 2 });
    expect(viaRest.statusCode).toBe(400);
    expect((viaRest.json() as { message: string }).message).toContain('Holiday name is too long');
    expect(counts()).toEqual(before);
  });

  it('stores names trimmed and NFC-normalised; letters of any language and emoji are fine', async () => {
    const res = await admin.mutate<{ id: number; name: string }>('admin.stops.save', {
      id: null,
      name: '  Vikony\u0073\u030C 🚌 東 ',
      coords: null,
      defaultOption: false,
      baseVersion: 0,
    });
    expect(res.status).toBe(200);
    expect(res.data.name).toBe('Vikonyš 🚌 東');
  });

  it('public stop searches are capped before any work', async () => {
    const query = encodeURIComponent(JSON.stringify({ query: 'a'.repeat(101) }));
    const res = await t.app.inject({ method: 'GET', url: `/trpc/timetable.searchStops?input=${query}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('the import follows the same rules', () => {
  it.each([
    [
      'stops',
      0,
      'name',
      'Vikonys\u202E',
      'stops[0].name: Stop name contains control characters or text direction overrides',
    ],
    [
      'holidays',
      0,
      'name',
      'x'.repeat(101),
      'holidays[0].name: Holiday name is too long: at most 100 characters',
    ],
    ['lines', 0, 'name', '\u200B', 'lines[0].name: Line name is empty or only invisible characters'],
  ])('%s[%i].%s is refused with its JSON path', async (list, index, field, value, problem) => {
    const dataset = JSON.parse(await readFile(DEFAULT_DATASET_PATH, 'utf8')) as Record<
      string,
      Record<string, unknown>[]
    >;
    const item = dataset[list]?.[index];
    if (!item) throw new Error(`no ${list}[${index}]`);
    item[field] = value;
    let error: unknown;
    try {
      parseDatasetJson(JSON.stringify(dataset), 'bad.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatasetFormatError);
    expect((error as DatasetFormatError).problems.some((p) => p.startsWith(problem))).toBe(true);
  });
});
