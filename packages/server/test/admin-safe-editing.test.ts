import type { Holiday } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { StopWithUsage } from '../src/services/admin/stops.ts';
import { type AdminTestApp, adminApp, adminClient, createTestUser, tokenFor } from './admin-helpers.ts';

/**
 * Safe editing on the real Anykščiai data: saves against the version the editor loaded,
 * every write recorded with its state before and after (through tRPC and the old REST paths),
 * restore, and ids never given out twice.
 */
let t: AdminTestApp;
let boss: ReturnType<typeof adminClient>;
let anna: ReturnType<typeof adminClient>;
let annaToken: string;

type VersionedHoliday = Holiday & { version: number };

beforeAll(async () => {
  t = await adminApp();
  boss = adminClient(t.app, t.adminToken);
  await createTestUser(t, 'anna', ['ROLE_ADMIN']);
  annaToken = await tokenFor('anna', ['ROLE_ADMIN']);
  anna = adminClient(t.app, annaToken);
});
afterAll(() => t.app.close());

const holidays = async () => (await boss.query<VersionedHoliday[]>('admin.holidays.list')).data;
const history = async (filter: Record<string, unknown> = {}) =>
  (await boss.query<HistoryPage>('admin.history.list', filter)).data;
const counts = () =>
  t.db.sqlite
    .prepare(
      `SELECT (SELECT count(*) FROM holiday) AS holidays, (SELECT count(*) FROM stop) AS stops,
              (SELECT count(*) FROM change_log) AS changes`,
    )
    .get();

describe('holidays: no silent overwrite, history, restore', () => {
  it('refuses a save from an older version with 409 naming who saved and when; nothing is written', async () => {
    const loadedByBoss = (await holidays()).find((h) => h.id === 2) as VersionedHoliday;
    const loadedByAnna = { ...loadedByBoss };
    const first = await anna.mutate<VersionedHoliday>('admin.holidays.save', {
      ...loadedByAnna,
      name: 'Valstybės atkūrimo diena',
      baseVersion: loadedByAnna.version,
    });
    expect(first.status).toBe(200);
    expect(first.data.version).toBeGreaterThan(loadedByAnna.version);

    const before = counts();
    const stale = await boss.mutate('admin.holidays.save', {
      ...loadedByBoss,
      name: 'Overwritten',
      baseVersion: loadedByBoss.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/changed by anna at \d{4}-\d{2}-\d{2} \d{2}:\d{2} after you opened it/);
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'anna' });
    expect(counts()).toEqual(before);
    expect((await holidays()).find((h) => h.id === 2)?.name).toBe('Valstybės atkūrimo diena');

    // A delete from the old version is refused the same way.
    const staleDelete = await boss.mutate('admin.holidays.delete', {
      id: 2,
      baseVersion: loadedByBoss.version,
    });
    expect(staleDelete.status).toBe(409);
    expect((await holidays()).some((h) => h.id === 2)).toBe(true);
  });

  it('records who changed what, before and after, field by field', async () => {
    const page = await history({ kind: 'holiday' });
    const entry = page.items.find((i) => i.entityId === 2 && i.action === 'update');
    expect(entry).toMatchObject({ username: 'anna', via: 'admin', kind: 'holiday' });
    expect(entry?.changes).toEqual([
      { path: 'name', before: expect.any(String), after: 'Valstybės atkūrimo diena' },
    ]);
    expect(page.authors).toContain('anna');
  });

  it('a save that changes nothing writes no history', async () => {
    const h = (await holidays()).find((x) => x.id === 3) as VersionedHoliday;
    const before = counts();
    const same = await boss.mutate<VersionedHoliday>('admin.holidays.save', { ...h, baseVersion: h.version });
    expect(same.status).toBe(200);
    expect(same.data.version).toBe(h.version);
    expect(counts()).toEqual(before);
  });

  it('restores a deleted holiday with its id, and the restore is itself recorded', async () => {
    const h = (await holidays()).find((x) => x.id === 4) as VersionedHoliday;
    expect((await boss.mutate('admin.holidays.delete', { id: 4, baseVersion: h.version })).status).toBe(200);
    expect((await holidays()).some((x) => x.id === 4)).toBe(false);
    const deletion = (await history({ kind: 'holiday' })).items[0];
    expect(deletion).toMatchObject({ action: 'delete', entityId: 4 });

    const restored = await anna.mutate<{ changeIds: number[] }>('admin.history.restore', {
      id: deletion?.id,
    });
    expect(restored.status).toBe(200);
    expect((await holidays()).find((x) => x.id === 4)).toMatchObject({
      id: 4,
      name: h.name,
      month: h.month,
      day: h.day,
    });
    const newest = (await history({ kind: 'holiday' })).items[0];
    expect(newest).toMatchObject({
      action: 'create',
      entityId: 4,
      username: 'anna',
      restoredFrom: deletion?.id,
    });
  });

  it('never gives a deleted holiday id to a new holiday', async () => {
    const created = await boss.mutate<VersionedHoliday>('admin.holidays.save', {
      id: null,
      name: 'Laikina',
      month: 5,
      day: 5,
    });
    const deleted = await boss.mutate('admin.holidays.delete', { id: created.data.id });
    expect(deleted.status).toBe(200);
    const next = await boss.mutate<VersionedHoliday>('admin.holidays.save', {
      id: null,
      name: 'Kita',
      month: 5,
      day: 6,
    });
    expect(next.data.id).toBeGreaterThan(created.data.id);
  });

  it('records the old REST paths under the signed-in user, and they need no version', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/holidays/save1',
      headers: { authorization: `Bearer ${annaToken}`, 'content-type': 'application/json' },
      payload: { id: 6, name: 'Per REST', month: 6, day: 24 },
    });
    expect(res.statusCode).toBe(200);
    const entry = (await history({ kind: 'holiday' })).items[0];
    expect(entry).toMatchObject({ entityId: 6, via: 'rest', username: 'anna', action: 'update' });
    expect(entry?.changes).toContainEqual({ path: 'name', before: expect.any(String), after: 'Per REST' });
  });
});

describe('bus stops: duplicate names, versions, history', () => {
  const stopsWithUsage = async () => (await boss.query<StopWithUsage[]>('admin.stops.listWithUsage')).data;

  it('asks before giving a stop the name another stop has (case and diacritics ignored), naming it', async () => {
    const before = counts();
    const refused = await boss.mutate('admin.stops.save', { id: null, name: 'vikonys' });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/Another stop is already called “Vikonys/);
    expect(refused.details).toMatchObject({ reason: 'duplicate-stop-name', name: 'Vikonys' });
    expect(counts()).toEqual(before);

    const confirmed = await boss.mutate<{ id: number }>('admin.stops.save', {
      id: null,
      name: 'vikonys',
      coords: 'antra',
      confirmDuplicateName: true,
    });
    expect(confirmed.status).toBe(200);
    expect((await boss.mutate('admin.stops.delete', { id: confirmed.data.id })).status).toBe(200);
  });

  it('renaming a stop to another stop’s name is refused the same way', async () => {
    const list = await stopsWithUsage();
    const vikonys = list.find((s) => s.stop.name === 'Vikonys') as StopWithUsage;
    const other = list.find((s) => s.stop.name !== 'Vikonys' && s.stop.id !== 1) as StopWithUsage;
    const res = await boss.mutate('admin.stops.save', {
      ...other.stop,
      name: 'VIKONYS',
      baseVersion: other.version,
    });
    expect(res.status).toBe(409);
    expect(res.details).toMatchObject({ reason: 'duplicate-stop-name', stopId: vikonys.stop.id });
  });

  it('refuses a stale stop save and records the accepted one', async () => {
    const item = (await stopsWithUsage()).find((s) => s.stop.id === 3) as StopWithUsage;
    const ok = await anna.mutate('admin.stops.save', {
      ...item.stop,
      coords: 'naujas ženklas',
      baseVersion: item.version,
    });
    expect(ok.status).toBe(200);
    const stale = await boss.mutate('admin.stops.save', {
      ...item.stop,
      defaultOption: !item.stop.defaultOption,
      baseVersion: item.version,
    });
    expect(stale.status).toBe(409);
    const entry = (await history({ kind: 'stop' })).items[0];
    expect(entry).toMatchObject({ entityId: 3, username: 'anna', action: 'update' });
    expect(entry?.changes).toEqual([{ path: 'coords', before: expect.any(String), after: 'naujas ženklas' }]);
  });
});

describe('ids are never reused', () => {
  const sixTimes = (from: number) =>
    Array.from({ length: 12 }, (_, i) => {
      const m = from + i * 2;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    });
  const schedule = (from: number) => ({
    id: null,
    runsOnWeekly: ['MONDAY'],
    runsOnYearlyId: 1,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    trips: [{ id: null, boundFor: 'One way', routeId: 8, routeDirReversed: false, timeList: sixTimes(from) }],
  });

  it('a deleted schedule’s id and trip id are not given to the next new schedule, so old links stay dead', async () => {
    const first = await boss.mutate<{ id: number; trips: { id: number }[] }[]>('admin.schedules.saveList', {
      lineId: 7,
      schedules: [schedule(20 * 60)],
    });
    expect(first.status).toBe(200);
    const old = first.data[0] as { id: number; trips: { id: number }[] };
    expect((await boss.mutate('admin.schedules.delete', { id: old.id })).status).toBe(200);
    const second = await boss.mutate<{ id: number; trips: { id: number }[] }[]>('admin.schedules.saveList', {
      lineId: 7,
      schedules: [schedule(21 * 60)],
    });
    const fresh = second.data[0] as { id: number; trips: { id: number }[] };
    expect(fresh.id).toBeGreaterThan(old.id);
    expect(fresh.trips[0]?.id).toBeGreaterThan(old.trips[0]?.id as number);
    // The old public link of the deleted trip finds nothing instead of another schedule.
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/scheduleItem/schedule-by-tripid?tripID=${old.trips[0]?.id}`,
    });
    expect(link.statusCode).toBe(404);
  });
});
