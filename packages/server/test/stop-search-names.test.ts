import { type FoundStop, HOME_STOP_ID } from '@bus/core';
import { readTimetable, replaceTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetFormatError, parseDatasetJson, serializeDataset } from '../src/import/dataset-json.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { StopWithUsage } from '../src/services/admin/stops.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';
import { trpcQuery } from './helpers.ts';

/**
 * Extra search names (public pages tell the whole truth): staff give a stop names people call
 * it by, the one stop search finds it by them on every door and says which one matched, the old
 * REST clients keep their shapes and cannot wipe the names, history records them, and they
 * travel with export and import.
 */
let t: AdminTestApp;
let boss: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await adminApp();
  boss = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const station = async () =>
  (await boss.query<StopWithUsage[]>('admin.stops.listWithUsage')).data.find(
    (s) => s.stop.id === HOME_STOP_ID,
  ) as StopWithUsage;
const publicSearch = async (query: string) =>
  (await trpcQuery<FoundStop[]>(t.app, 'timetable.searchStops', { query })).data;
const saveStation = async (searchNames: unknown, baseVersion?: number) => {
  const current = await station();
  return boss.mutate<StopWithUsage['stop']>('admin.stops.save', {
    ...current.stop,
    searchNames,
    baseVersion: baseVersion ?? current.version,
  });
};

describe('extra search names of a stop', () => {
  it('before any are given, "Bus station" finds nothing', async () => {
    expect((await station()).stop.searchNames).toEqual([]);
    expect(await publicSearch('Bus station')).toEqual([]);
  });

  it('are saved trimmed, each once, without the stop’s own name', async () => {
    const saved = await saveStation([' Bus station ', 'bus STATION', 'Anykščių AS', 'Autobusų parkas']);
    expect(saved.status).toBe(200);
    expect(saved.data.searchNames).toEqual(['Bus station', 'Autobusų parkas']);
    expect((await station()).stop.searchNames).toEqual(['Bus station', 'Autobusų parkas']);
  });

  it('find the stop in the visitors’ search, which names the extra name that matched', async () => {
    const found = await publicSearch('bus station');
    expect(found[0]).toEqual({
      id: HOME_STOP_ID,
      name: 'Anykščių AS',
      coords: null,
      defaultOption: true,
      matchedName: 'Bus station',
    });
    // Endings and accents as for names: 'autobusu parko' is the genitive of 'Autobusų parkas'.
    expect((await publicSearch('autobusu parko'))[0]).toMatchObject({ matchedName: 'Autobusų parkas' });
    // Found by its own name: no hint.
    expect((await publicSearch('Anykščių AS'))[0]).not.toHaveProperty('matchedName');
  });

  it('find the stop through the old /api/busstop/search, in its old shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/busstop/search?str=Bus%20station' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ value: HOME_STOP_ID, label: 'Anykščių AS' });
  });

  it('find the stop in the admin stop search', async () => {
    const found = (await boss.query<StopWithUsage[]>('admin.stops.search', { query: 'bus station' })).data;
    expect(found[0]?.stop).toMatchObject({
      id: HOME_STOP_ID,
      searchNames: ['Bus station', 'Autobusų parkas'],
    });
  });

  it('are refused when too long, invisible or too many, and nothing changes', async () => {
    const before = (await station()).stop.searchNames;
    const long = await saveStation(['x'.repeat(101)]);
    expect(long.status).toBe(400);
    expect(long.message).toContain('Extra search name is too long: at most 100 characters');
    const invisible = await saveStation(['\u200B\u200B']);
    expect(invisible.status).toBe(400);
    expect(invisible.message).toContain('Extra search name is empty or only invisible characters');
    const many = await saveStation(Array.from({ length: 11 }, (_, i) => `Name ${i}`));
    expect(many.status).toBe(400);
    expect(many.message).toContain('At most 10 extra search names');
    expect((await station()).stop.searchNames).toEqual(before);
  });

  it('survive a save by an old REST client, which knows none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/busstop/save/one',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { id: HOME_STOP_ID, name: 'Anykščių AS', coords: 'REST note', defaultOption: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: HOME_STOP_ID,
      name: 'Anykščių AS',
      coords: 'REST note',
      defaultOption: true,
    });
    const { stop } = await station();
    expect(stop.coords).toBe('REST note');
    expect(stop.searchNames).toEqual(['Bus station', 'Autobusų parkas']);
  });

  it('are recorded in the history and put back by a restore', async () => {
    expect((await saveStation(['Bus station'])).status).toBe(200);
    const page = (await boss.query<HistoryPage>('admin.history.list', { kind: 'stop' })).data;
    const change = page.items[0];
    expect(change).toMatchObject({ kind: 'stop', entityId: HOME_STOP_ID, action: 'update' });
    expect(change?.changes).toEqual([
      { path: 'searchNames', before: 'Bus station, Autobusų parkas', after: 'Bus station' },
    ]);
    const restored = await boss.mutate('admin.history.restore', {
      id: change?.id,
      baseVersion: change?.version,
    });
    expect(restored.status).toBe(200);
    expect((await station()).stop.searchNames).toEqual(['Bus station', 'Autobusų parkas']);
    expect(await publicSearch('Autobusų parkas')).toHaveLength(1);
  });

  it('travel with export and import', async () => {
    const exported = await readTimetable(t.db.kysely);
    expect(exported.stops.find((s) => s.id === HOME_STOP_ID)?.searchNames).toEqual([
      'Bus station',
      'Autobusų parkas',
    ]);
    // A stop without extra names writes none (the embedded dataset stays as it was).
    expect(exported.stops.find((s) => s.id !== HOME_STOP_ID)).not.toHaveProperty('searchNames');
    const text = serializeDataset(exported);
    const parsed = parseDatasetJson(text, 'export.json');
    replaceTimetable(t.db.sqlite, parsed);
    expect((await station()).stop.searchNames).toEqual(['Bus station', 'Autobusų parkas']);
    expect((await publicSearch('Bus station'))[0]).toMatchObject({
      id: HOME_STOP_ID,
      matchedName: 'Bus station',
    });
  });

  it('are checked on import like any name, naming the JSON path', async () => {
    const dataset = JSON.parse(serializeDataset(await readTimetable(t.db.kysely)));
    dataset.stops[0].searchNames = ['ok', 'bad\u202Ename'];
    const parse = () => parseDatasetJson(JSON.stringify(dataset), 'bad.json');
    expect(parse).toThrow(DatasetFormatError);
    expect(parse).toThrow(/stops\[0\]\.searchNames\[1\].*Extra search name contains control characters/);
  });
});
