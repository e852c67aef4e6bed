import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import type { DeparturesResult } from '../src/services/departures.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

const clock = fixedClock('2026-03-04T07:30:00Z');
const departuresOn = async (app: AdminTestApp['app'], date: string) =>
  (await trpcQuery<DeparturesResult>(app, 'timetable.departures', { from: 1, date })).data.items.length;
const search = async (app: AdminTestApp['app'], query: string) =>
  (await trpcQuery<{ id: number; name: string }[]>(app, 'timetable.searchStops', { query })).data.map(
    (s) => s.name,
  );

describe('public answers after an admin save (no stale caches)', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await adminApp({ clock });
  });
  afterAll(() => t.app.close());

  it("a new public holiday changes that day's departures at once, and deleting it restores them", async () => {
    const admin = adminClient(t.app, t.adminToken);
    const before = await departuresOn(t.app, '2026-03-04');
    const saved = await admin.mutate<{ id: number }>('admin.holidays.save', {
      id: null,
      name: 'Test day',
      month: 3,
      day: 4,
    });
    expect(saved.status).toBe(200);
    const during = await departuresOn(t.app, '2026-03-04');
    expect(during).toBeLessThan(before);
    expect((await admin.mutate('admin.holidays.delete', { id: saved.data.id })).status).toBe(200);
    expect(await departuresOn(t.app, '2026-03-04')).toBe(before);
  });

  it('a renamed stop is found under its new name at once', async () => {
    const admin = adminClient(t.app, t.adminToken);
    expect(await search(t.app, 'zabelyn')).toEqual(['Zabelynė']);
    const res = await admin.mutate('admin.stops.save', {
      id: 13,
      name: 'Žąsinė',
      coords: null,
      defaultOption: false,
    });
    expect(res.status).toBe(200);
    expect(await search(t.app, 'zabelyn')).toEqual([]);
    expect(await search(t.app, 'zasin')).toEqual(['Žąsinė']);
  });
});

describe('a write by another process (e.g. pnpm cli import) is seen at once', () => {
  it('reloads after another connection commits', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fresh-')), 'db.sqlite');
    const server = openDatabase(file);
    await migrateToLatest(server.db);
    replaceTimetable(server.sqlite, await loadDefaultDataset());
    const app = await buildApp({ db: server, env: parseEnv({ LOG_LEVEL: 'silent', DEMO: '0' }), clock });
    expect(await search(app, 'zabelyn')).toEqual(['Zabelynė']);
    const other = openDatabase(file);
    other.sqlite
      .prepare("UPDATE stop SET name = 'Zabelynė II', name_folded = 'zabelyne ii' WHERE id = 13")
      .run();
    expect(await search(app, 'zabelyn')).toEqual(['Zabelynė II']);
    other.sqlite.close();
    await app.close();
    server.sqlite.close();
  });
});
