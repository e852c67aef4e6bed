import type { Holiday } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { StopWithUsage } from '../src/services/admin/stops.ts';
import {
  type AdminTestApp,
  adminApp,
  adminClient,
  createTestUser,
  tokenFor,
  toSaveInput,
  versionNow,
} from './admin-helpers.ts';

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
  annaToken = await tokenFor(t.db, 'anna', ['ROLE_ADMIN']);
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
      baseVersion: deletion?.version,
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
      baseVersion: 0,
    });
    const deleted = await boss.mutate('admin.holidays.delete', {
      id: created.data.id,
      baseVersion: created.data.version,
    });
    expect(deleted.status).toBe(200);
    const next = await boss.mutate<VersionedHoliday>('admin.holidays.save', {
      id: null,
      name: 'Kita',
      month: 5,
      day: 6,
      baseVersion: 0,
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
    const refused = await boss.mutate('admin.stops.save', { id: null, name: 'vikonys', baseVersion: 0 });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/Another stop is already called “Vikonys/);
    expect(refused.details).toMatchObject({ reason: 'duplicate-stop-name', name: 'Vikonys' });
    expect(counts()).toEqual(before);

    const confirmed = await boss.mutate<{ id: number; version: number }>('admin.stops.save', {
      id: null,
      name: 'vikonys',
      coords: 'antra',
      confirmDuplicateName: true,
      baseVersion: 0,
    });
    expect(confirmed.status).toBe(200);
    expect(
      (
        await boss.mutate('admin.stops.delete', {
          id: confirmed.data.id,
          baseVersion: confirmed.data.version,
        })
      ).status,
    ).toBe(200);
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
    const version = () => versionNow(t, { kind: 'schedules', lineId: 7 });
    const first = await boss.mutate<{ schedules: { id: number; trips: { id: number }[] }[] }>(
      'admin.schedules.saveList',
      {
        lineId: 7,
        schedules: [schedule(20 * 60)],
        baseVersion: await version(),
      },
    );
    expect(first.status).toBe(200);
    const old = first.data.schedules[0] as { id: number; trips: { id: number }[] };
    expect(
      (await boss.mutate('admin.schedules.delete', { id: old.id, baseVersion: await version() })).status,
    ).toBe(200);
    const second = await boss.mutate<{ schedules: { id: number; trips: { id: number }[] }[] }>(
      'admin.schedules.saveList',
      {
        lineId: 7,
        schedules: [schedule(21 * 60)],
        baseVersion: await version(),
      },
    );
    const fresh = second.data.schedules[0] as { id: number; trips: { id: number }[] };
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

describe('lines: times stay with their stops, no silent overwrite, history and restore', () => {
  type LineFull = import('../src/services/admin/lines.ts').LineFull;
  type LineSchedules = import('../src/services/admin/schedules.ts').LineSchedules;
  const getFull = async (id: number) => (await boss.query<LineFull>('admin.lines.getFull', { id })).data;
  const saveInput = toSaveInput;
  const tripsOf = async (lineId: number) =>
    (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId })).data.schedules.flatMap(
      (s) => s.trips,
    );

  it('M35: a stop added after the 3rd stop of a used route gets no time; every other time stays at its stop', async () => {
    const line = await getFull(1);
    expect(line.info.name).toBe('M35');
    const before = await tripsOf(1);
    const input = saveInput(line, line.version);
    const route = input.routes[0] as (typeof input.routes)[number];
    const vikonys = (await boss.query<{ id: number; name: string }[]>('admin.stops.list')).data.find(
      (s) => s.name === 'Vikonys',
    ) as { id: number };
    route.stopsArr = [
      ...route.stopsArr.slice(0, 3),
      { ...route.stopsArr[0], id: vikonys.id } as (typeof route.stopsArr)[number],
      ...route.stopsArr.slice(3),
    ];
    route.distanceMetersList = [
      ...route.distanceMetersList.slice(0, 3),
      null,
      ...route.distanceMetersList.slice(3),
    ];
    const res = await boss.mutate<{ id: number; affectedSchedules: number[] }>('admin.lines.saveFull', input);
    expect(res.status).toBe(200);
    expect(res.data.affectedSchedules).toEqual([1, 2, 3, 4]);

    const after = await tripsOf(1);
    const trip1 = after.find((t) => t.id === 1);
    const trip2 = after.find((t) => t.id === 2);
    // Out bound: Anykščių AS, Techn. mokykla, Šeimyniškiai, (new), Ažuožeriai 06:46, Pagiriai, Dabužiai.
    expect(trip1?.timeList).toEqual(['06:40', '06:42', '06:44', null, '06:46', '06:50', '06:53']);
    // City bound (reversed): Dabužiai ... Ažuožeriai, (new), Šeimyniškiai ... arrival at Anykščių AS 07:10.
    expect(trip2?.timeList).toEqual(['06:53', '06:58', '07:02', null, '07:04', '07:08', '07:10']);
    for (const trip of after) {
      const old = before.find((t) => t.id === trip.id);
      expect(trip.timeList.filter((x) => x !== null)).toEqual(old?.timeList.filter((x) => x !== null));
    }
    // The public trip page shows the same at once.
    const pub = await t.app.inject({ method: 'GET', url: '/api/scheduleItem/schedule-by-tripid?tripID=2' });
    const publicTrip = (
      pub.json() as { schedule: { trips: { id: number; timeList: (string | null)[] }[] } }
    ).schedule.trips.find((x) => x.id === 2);
    expect(publicTrip?.timeList.at(-1)).toBe('07:10:00');
    expect(publicTrip?.timeList[3]).toBeNull();

    // One save, one batch in the history: the line and each schedule whose times moved.
    const page = await history({ lineId: 1 });
    const batch = page.items.filter((i) => i.at === page.items[0]?.at);
    expect(batch.map((i) => `${i.kind}:${i.entityId}`).sort()).toEqual(
      ['line:1', 'schedule:1', 'schedule:2', 'schedule:3', 'schedule:4'].sort(),
    );
    expect(batch.find((i) => i.kind === 'schedule' && i.entityId === 1)?.changes).toEqual([
      {
        path: 'trips[id=1].timeList',
        before: '06:40, 06:42, 06:44, 06:46, 06:50, 06:53',
        after: '06:40, 06:42, 06:44, —, 06:46, 06:50, 06:53',
      },
      {
        path: 'trips[id=2].timeList',
        before: '06:53, 06:58, 07:02, 07:04, 07:08, 07:10',
        after: '06:53, 06:58, 07:02, —, 07:04, 07:08, 07:10',
      },
    ]);
  });

  it('removing the stop again gives back exactly the old times', async () => {
    const line = await getFull(1);
    const input = saveInput(line, line.version);
    const route = input.routes[0] as (typeof input.routes)[number];
    route.stopsArr = route.stopsArr.filter((_, i) => i !== 3);
    route.distanceMetersList = route.distanceMetersList.filter((_, i) => i !== 3);
    expect((await boss.mutate('admin.lines.saveFull', input)).status).toBe(200);
    const trip1 = (await tripsOf(1)).find((t) => t.id === 1);
    expect(trip1?.timeList).toEqual(['06:40', '06:42', '06:44', '06:46', '06:50', '06:53']);
  });

  it('reordering two stops moves their times with them, in both directions', async () => {
    const line = await getFull(1);
    const input = saveInput(line, line.version);
    const route = input.routes[0] as (typeof input.routes)[number];
    const [a, b] = [route.stopsArr[1], route.stopsArr[2]] as [
      (typeof route.stopsArr)[number],
      (typeof route.stopsArr)[number],
    ];
    route.stopsArr = [route.stopsArr[0], b, a, ...route.stopsArr.slice(3)] as typeof route.stopsArr;
    expect((await boss.mutate('admin.lines.saveFull', input)).status).toBe(200);
    const trips = await tripsOf(1);
    // Out bound: Techn. mokykla 06:42 and Šeimyniškiai 06:44 swap places with their stops.
    expect(trips.find((x) => x.id === 1)?.timeList).toEqual([
      '06:40',
      '06:44',
      '06:42',
      '06:46',
      '06:50',
      '06:53',
    ]);
    // City bound runs the route reversed: the same two stops are its 4th and 5th.
    expect(trips.find((x) => x.id === 2)?.timeList).toEqual([
      '06:53',
      '06:58',
      '07:02',
      '07:08',
      '07:04',
      '07:10',
    ]);
    // And back.
    const again = await getFull(1);
    const back = saveInput(again, again.version);
    const r = back.routes[0] as (typeof back.routes)[number];
    r.stopsArr = [r.stopsArr[0], r.stopsArr[2], r.stopsArr[1], ...r.stopsArr.slice(3)] as typeof r.stopsArr;
    expect((await boss.mutate('admin.lines.saveFull', back)).status).toBe(200);
    expect((await tripsOf(1)).find((x) => x.id === 1)?.timeList).toEqual([
      '06:40',
      '06:42',
      '06:44',
      '06:46',
      '06:50',
      '06:53',
    ]);
  });

  it('the old REST line save (no version) moves times with their stops too, and is recorded as rest', async () => {
    const line = await getFull(1);
    const input = saveInput(line);
    const route = input.routes[0] as (typeof input.routes)[number];
    const vikonys = (await boss.query<{ id: number; name: string }[]>('admin.stops.list')).data.find(
      (s) => s.name === 'Vikonys',
    ) as { id: number };
    route.stopsArr = [
      ...route.stopsArr.slice(0, 1),
      { ...route.stopsArr[0], id: vikonys.id } as (typeof route.stopsArr)[number],
      ...route.stopsArr.slice(1),
    ];
    route.distanceMetersList = [null, ...route.distanceMetersList];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/line/post-line-full-dto',
      headers: { authorization: `Bearer ${annaToken}`, 'content-type': 'application/json' },
      payload: input,
    });
    expect(res.statusCode).toBe(200);
    expect((await tripsOf(1)).find((x) => x.id === 1)?.timeList).toEqual([
      '06:40',
      null,
      '06:42',
      '06:44',
      '06:46',
      '06:50',
      '06:53',
    ]);
    const newest = (await history({ lineId: 1, kind: 'line' })).items[0];
    expect(newest).toMatchObject({ username: 'anna', via: 'rest', action: 'update' });
    // Put it back for the tests below.
    const restored = await getFull(1);
    const undo = saveInput(restored, restored.version);
    const u = undo.routes[0] as (typeof undo.routes)[number];
    u.stopsArr = u.stopsArr.filter((_, i) => i !== 1);
    u.distanceMetersList = u.distanceMetersList.slice(1);
    expect((await boss.mutate('admin.lines.saveFull', undo)).status).toBe(200);
    expect((await tripsOf(1)).find((x) => x.id === 1)?.timeList).toEqual([
      '06:40',
      '06:42',
      '06:44',
      '06:46',
      '06:50',
      '06:53',
    ]);
  });

  it('a stop the route editor creates exists only once the line is saved, and is recorded', async () => {
    const stopCount = () => (t.db.sqlite.prepare('SELECT count(*) AS n FROM stop').get() as { n: number }).n;
    const before = stopCount();
    const line = await getFull(2);
    const input = saveInput(line, line.version);
    const route = input.routes[0] as (typeof input.routes)[number];
    const fresh = { id: -7, name: 'Vikonų kryžkelė' } as unknown as (typeof route.stopsArr)[number];
    route.stopsArr = [...route.stopsArr, fresh];
    route.distanceMetersList = [...route.distanceMetersList, null];
    // A refused save (invalid notes) creates no stop either.
    const refused = await boss.mutate('admin.lines.saveFull', {
      ...input,
      info: { ...input.info, name: ' ' },
    });
    expect(refused.status).toBe(400);
    expect(stopCount()).toBe(before);
    // The same temporary id with two names is refused.
    const twoNames = structuredClone(input);
    twoNames.routes[0]?.stopsArr.push({ id: -7, name: 'Kita' } as unknown as (typeof route.stopsArr)[number]);
    twoNames.routes[0]?.distanceMetersList.push(null);
    expect((await boss.mutate('admin.lines.saveFull', twoNames)).status).toBe(400);
    expect(stopCount()).toBe(before);

    const res = await boss.mutate<{ createdStops: number[] }>('admin.lines.saveFull', input);
    expect(res.status).toBe(200);
    expect(res.data.createdStops).toHaveLength(1);
    expect(stopCount()).toBe(before + 1);
    const saved = await getFull(2);
    const created = saved.routes[0]?.stopsArr.at(-1);
    expect(created).toMatchObject({ id: res.data.createdStops[0], name: 'Vikonų kryžkelė' });
    const page = await history({ kind: 'stop' });
    expect(page.items[0]).toMatchObject({
      entityId: created?.id,
      action: 'create',
      summary: 'Stop Vikonų kryžkelė',
    });
  });

  it('a stale line save is refused (409, nothing written); the first save survives', async () => {
    const loadedByBoss = await getFull(3);
    const loadedByAnna = await getFull(3);
    const annaSave = await anna.mutate('admin.lines.saveFull', {
      ...saveInput(loadedByAnna, loadedByAnna.version),
      info: { ...loadedByAnna.info, price: '1,50 €' },
    });
    expect(annaSave.status).toBe(200);
    const before = counts();
    const bossSave = await boss.mutate('admin.lines.saveFull', {
      ...saveInput(loadedByBoss, loadedByBoss.version),
      info: { ...loadedByBoss.info, operator: 'Kitas vežėjas' },
    });
    expect(bossSave.status).toBe(409);
    expect(bossSave.message).toMatch(/^Line .+ was changed by anna at /);
    expect(counts()).toEqual(before);
    const now = await getFull(3);
    expect(now.info.price).toBe('1,50 €');
    expect(now.info.operator).toBe(loadedByBoss.info.operator);
  });

  it('a stale schedule save is refused; the old REST path (no version) still saves, recorded as rest', async () => {
    const loaded = (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId: 7 })).data;
    const first = loaded.schedules[0] as LineSchedules['schedules'][number];
    const ok = await anna.mutate('admin.schedules.saveList', {
      lineId: 7,
      schedules: [{ ...first, timeConstraintsDescription: 'Anna' }],
      baseVersion: loaded.version,
    });
    expect(ok.status).toBe(200);
    const stale = await boss.mutate('admin.schedules.saveList', {
      lineId: 7,
      schedules: [{ ...first, timeConstraintsDescription: 'Boss' }],
      baseVersion: loaded.version,
    });
    expect(stale.status).toBe(409);
    const staleDelete = await boss.mutate('admin.schedules.delete', {
      id: first.id,
      baseVersion: loaded.version,
    });
    expect(staleDelete.status).toBe(409);

    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/scheduleItem/post-schedule-dto',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: [{ ...first, lineId: 7, timeConstraintsDescription: 'Per REST' }],
    });
    expect(rest.statusCode).toBe(200);
    const entry = (await history({ kind: 'schedule', lineId: 7 })).items[0];
    expect(entry).toMatchObject({ entityId: first.id, via: 'rest', username: 'boss', action: 'update' });
    expect(entry?.changes).toEqual([
      { path: 'timeConstraintsDescription', before: 'Anna', after: 'Per REST' },
    ]);
  });

  it('a stale "save all" of the yearly rules cannot delete a rule another person has just created', async () => {
    type Rules = { rules: { id: number; periodName: string }[]; version: number };
    const loadedByBoss = (await boss.query<Rules>('admin.rules.allWithUsage')).data;
    const loadedByAnna = (await anna.query<Rules>('admin.rules.allWithUsage')).data;
    const created = await anna.mutate<{ rules: { id: number; periodName: string }[] }>(
      'admin.rules.saveAll',
      {
        rules: [
          ...loadedByAnna.rules,
          {
            id: -1,
            periodName: 'Annos taisyklė',
            typeOfYearlyRule: null,
            otherRuleId: null,
            timePeriods: [],
            pattern1Params: [],
          },
        ],
        baseVersion: loadedByAnna.version,
      },
    );
    expect(created.status).toBe(200);
    const stale = await boss.mutate('admin.rules.saveAll', {
      rules: loadedByBoss.rules,
      baseVersion: loadedByBoss.version,
    });
    expect(stale.status).toBe(409);
    const now = (await boss.query<Rules>('admin.rules.allWithUsage')).data;
    expect(now.rules.some((r) => r.periodName === 'Annos taisyklė')).toBe(true);
  });

  it('a deleted line comes back with its routes, notes and schedules under their old ids', async () => {
    const line = await getFull(5);
    const schedulesBefore = (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId: 5 })).data
      .schedules;
    expect(schedulesBefore.length).toBeGreaterThan(0);
    expect((await boss.mutate('admin.lines.delete', { id: 5, baseVersion: line.version })).status).toBe(200);
    expect((await boss.query('admin.lines.getFull', { id: 5 })).status).toBe(404);
    const deletion = (await history({ kind: 'line', lineId: 5 })).items[0];
    expect(deletion).toMatchObject({ action: 'delete', entityId: 5 });

    const restored = await anna.mutate('admin.history.restore', {
      id: deletion?.id,
      baseVersion: deletion?.version,
    });
    expect(restored.status).toBe(200);
    const back = await getFull(5);
    expect({ ...back, version: 0 }).toEqual({ ...line, version: 0 });
    const schedulesAfter = (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId: 5 })).data
      .schedules;
    expect(schedulesAfter).toEqual(schedulesBefore);
    // The restore is itself recorded (and could be undone the same way).
    const newest = (await history({ lineId: 5 })).items;
    expect(newest.filter((i) => i.restoredFrom === deletion?.id).map((i) => i.kind)).toContain('line');
  });

  it('restores a schedule to its state before a change', async () => {
    const entry = (await history({ kind: 'schedule', lineId: 7 })).items[0] as HistoryPage['items'][number];
    const res = await boss.mutate('admin.history.restore', { id: entry.id, baseVersion: entry.version });
    expect(res.status).toBe(200);
    const schedule = (
      await boss.query<LineSchedules>('admin.schedules.byLine', { lineId: 7 })
    ).data.schedules.find((s) => s.id === entry.entityId);
    expect(schedule?.timeConstraintsDescription).toBe('Anna');
  });
});
