import type { YearlyRule } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { RulesWithUsage } from '../src/services/admin/rules.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import type { StopWithUsage } from '../src/services/admin/stops.ts';
import { type AdminTestApp, adminApp, adminClient, createTestUser, tokenFor } from './admin-helpers.ts';

/**
 * Safe editing, the cases admin-safe-editing.test.ts leaves out, on the real Anykščiai data:
 * a trip moved to another route keeps its times by stop, stale saves of the schedules, the
 * yearly rules and a stop refused with nothing written, and the history of the yearly rules,
 * stop deletes, schedule creates and deletes, line creates and the old REST writes.
 */
let t: AdminTestApp;
let boss: ReturnType<typeof adminClient>;
let anna: ReturnType<typeof adminClient>;
let annaToken: string;

beforeAll(async () => {
  t = await adminApp();
  boss = adminClient(t.app, t.adminToken);
  await createTestUser(t, 'anna', ['ROLE_ADMIN']);
  annaToken = await tokenFor(t.db, 'anna', ['ROLE_ADMIN']);
  anna = adminClient(t.app, annaToken);
});
afterAll(() => t.app.close());

type Schedule = LineSchedules['schedules'][number];
type HistoryItem = HistoryPage['items'][number];

const history = async (filter: Record<string, unknown> = {}) =>
  (await boss.query<HistoryPage>('admin.history.list', filter)).data;
const newest = async (filter: Record<string, unknown>) => (await history(filter)).items[0] as HistoryItem;
const lineSchedules = async (lineId: number) =>
  (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId })).data;
const rules = async () => (await boss.query<RulesWithUsage>('admin.rules.allWithUsage')).data;
const stopsWithUsage = async () => (await boss.query<StopWithUsage[]>('admin.stops.listWithUsage')).data;
const stopById = async (id: number) => (await stopsWithUsage()).find((s) => s.stop.id === id);
/** The fields every stop has (other fields may be added to stops; they are not compared here). */
const stopFields = (s: { id: number; name: string; coords: string | null; defaultOption: boolean }) => ({
  id: s.id,
  name: s.name,
  coords: s.coords,
  defaultOption: s.defaultOption,
});
const count = (table: 'stop' | 'change_log' | 'schedule' | 'trip' | 'yearly_rule') =>
  (t.db.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const restInject = (
  method: 'POST' | 'GET' | 'DELETE',
  url: string,
  payload?: unknown,
  token = t.adminToken,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('a trip moved to another route of its line keeps the times of the stops both routes share', () => {
  // Line M34 (id 15): route 25 'Su Žiburio pard.' is 1, 33, 69, 130, 150, 151, 153, 154, 155, 156;
  // route 26 'Be Žiburio pard.' is the same without stop 130 (Žiburio pard.).
  it('tRPC schedule save: out bound and reversed city bound trips keep each time at its stop', async () => {
    const loaded = await lineSchedules(15);
    expect(loaded.schedules.map((s) => s.id)).toEqual([52, 53, 54, 55]);
    const s52 = loaded.schedules.find((s) => s.id === 52) as Schedule;
    const s55 = loaded.schedules.find((s) => s.id === 55) as Schedule;
    expect(s52.trips.find((x) => x.id === 90)).toMatchObject({ routeId: 25, routeDirReversed: false });
    expect(s55.trips.find((x) => x.id === 97)).toMatchObject({ routeId: 25, routeDirReversed: true });
    // The editor sends the trips on route 26 with the time lists they had on route 25.
    const moveTo26 = (s: Schedule, tripId: number) => ({
      ...s,
      trips: s.trips.map((x) => (x.id === tripId ? { ...x, routeId: 26 } : x)),
    });
    const res = await boss.mutate<{ schedules: Schedule[] }>('admin.schedules.saveList', {
      lineId: 15,
      schedules: [moveTo26(s52, 90), moveTo26(s55, 97)],
      baseVersion: loaded.version,
    });
    expect(res.status).toBe(200);

    const after = await lineSchedules(15);
    const trip = (id: number) => after.schedules.flatMap((s) => s.trips).find((x) => x.id === id);
    // Out bound: 09:35 was stop 130's and goes with it; by position it would have gone to stop 150.
    expect(trip(90)).toMatchObject({
      routeId: 26,
      timeList: ['09:30', '09:31', '09:33', '09:37', '09:39', '09:41', '09:43', '09:45', '09:47'],
    });
    // City bound runs the route reversed: stop 130 is its 7th stop (16:44), the last three keep theirs.
    expect(trip(97)).toMatchObject({
      routeId: 26,
      routeDirReversed: true,
      timeList: ['16:30', '16:32', '16:35', '16:37', '16:39', '16:42', '16:46', '16:48', '16:50'],
    });
    // The other trips of the two schedules are as they were.
    expect(trip(91)).toEqual(s52.trips.find((x) => x.id === 91));
    expect(trip(96)).toEqual(s55.trips.find((x) => x.id === 96));
    // The public trip page shows the same at once.
    const pub = await t.app.inject({ method: 'GET', url: '/api/scheduleItem/schedule-by-tripid?tripID=97' });
    expect(pub.statusCode).toBe(200);
    const publicTrip = (
      pub.json() as { schedule: { trips: { id: number; timeList: (string | null)[] }[] } }
    ).schedule.trips.find((x) => x.id === 97);
    expect(publicTrip?.timeList.slice(-3)).toEqual(['16:46:00', '16:48:00', '16:50:00']);
  });

  it('the old REST schedule save (the whole line posted, times as HH:MM:SS) does the same', async () => {
    const legacy = await restInject('GET', '/api/scheduleItem/schedule-by-line?lineId=15');
    expect(legacy.statusCode).toBe(200);
    type Dto = {
      id: number;
      lineId: number;
      trips: { id: number; routeId: number; routeDirReversed: boolean; timeList: (string | null)[] }[];
    };
    const list = (legacy.json() as { data: Dto[] }).data;
    const s53 = list.find((s) => s.id === 53) as Dto;
    expect(s53.trips.find((x) => x.id === 92)).toMatchObject({
      routeId: 25,
      timeList: [
        '12:30:00',
        '12:31:00',
        '12:33:00',
        '12:35:00',
        '12:37:00',
        '12:39:00',
        '12:41:00',
        '12:43:00',
        '12:45:00',
        '12:47:00',
      ],
    });
    const before = await lineSchedules(15);
    const posted = list.map((s) =>
      s.id === 53 ? { ...s, trips: s.trips.map((x) => (x.id === 92 ? { ...x, routeId: 26 } : x)) } : s,
    );
    const res = await restInject('POST', '/api/scheduleItem/post-schedule-dto', posted);
    expect(res.statusCode).toBe(200);

    const after = await lineSchedules(15);
    const trip92 = after.schedules.flatMap((s) => s.trips).find((x) => x.id === 92);
    expect(trip92).toMatchObject({
      routeId: 26,
      timeList: ['12:30', '12:31', '12:33', '12:37', '12:39', '12:41', '12:43', '12:45', '12:47'],
    });
    // Nothing else of the line moved.
    const rest = (l: LineSchedules) => l.schedules.flatMap((s) => s.trips).filter((x) => x.id !== 92);
    expect(rest(after)).toEqual(rest(before));
    const entry = await newest({ kind: 'schedule', lineId: 15 });
    expect(entry).toMatchObject({ entityId: 53, via: 'rest', username: 'boss', action: 'update' });
    expect(entry.changes).toContainEqual({
      path: 'trips[id=92].timeList',
      before: '12:30, 12:31, 12:33, 12:35, 12:37, 12:39, 12:41, 12:43, 12:45, 12:47',
      after: '12:30, 12:31, 12:33, 12:37, 12:39, 12:41, 12:43, 12:45, 12:47',
    });
  });
});

describe('a save from an older version is refused with nothing written', () => {
  it('schedules of a line: 409 naming who saved in between; the stored schedules are exactly the first save’s', async () => {
    const loadedByBoss = await lineSchedules(9);
    const loadedByAnna = await lineSchedules(9);
    const s21 = loadedByAnna.schedules.find((s) => s.id === 21) as Schedule;
    const first = await anna.mutate<{ schedules: Schedule[] }>('admin.schedules.saveList', {
      lineId: 9,
      schedules: [
        {
          ...s21,
          timeConstraintsDescription: 'Annos pakeitimas',
          trips: s21.trips.map((x) =>
            x.id === 41 ? { ...x, timeList: ['07:11', ...x.timeList.slice(1)] } : x,
          ),
        },
      ],
      baseVersion: loadedByAnna.version,
    });
    expect(first.status).toBe(200);
    const afterFirst = await lineSchedules(9);
    expect(afterFirst.version).toBeGreaterThan(loadedByBoss.version);
    expect(afterFirst.schedules.find((s) => s.id === 21)?.trips[0]?.timeList[0]).toBe('07:11');
    const changes = count('change_log');

    const bossS21 = loadedByBoss.schedules.find((s) => s.id === 21) as Schedule;
    const bossS22 = loadedByBoss.schedules.find((s) => s.id === 22) as Schedule;
    const stale = await boss.mutate('admin.schedules.saveList', {
      lineId: 9,
      schedules: [
        { ...bossS21, runsOnPublicHolidays: !bossS21.runsOnPublicHolidays },
        { ...bossS22, timeConstraintsDescription: 'Boso pakeitimas' },
      ],
      baseVersion: loadedByBoss.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toContain('The schedules of line Panevėžys was changed by anna at ');
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'anna' });
    expect(count('change_log')).toBe(changes);
    expect(await lineSchedules(9)).toEqual(afterFirst);
  });

  it('yearly rules: 409 naming who saved in between; the stored rules are exactly the first save’s', async () => {
    const loadedByBoss = await rules();
    const loadedByAnna = (await anna.query<RulesWithUsage>('admin.rules.allWithUsage')).data;
    const first = await anna.mutate('admin.rules.saveAll', {
      rules: loadedByAnna.rules.map((r) =>
        r.id === 4
          ? { ...r, periodName: 'Vasarą 4/15 - 11/04', timePeriods: [{ ...r.timePeriods[0], endDay: 4 }] }
          : r,
      ),
      baseVersion: loadedByAnna.version,
    });
    expect(first.status).toBe(200);
    const afterFirst = await rules();
    expect(afterFirst.rules.find((r) => r.id === 4)?.timePeriods[0]).toMatchObject({
      endMonth: 11,
      endDay: 4,
    });
    const changes = count('change_log');

    // Boss's page still shows the old rules: renaming one and dropping the unused rule 16 is refused.
    const stale = await boss.mutate('admin.rules.saveAll', {
      rules: loadedByBoss.rules
        .filter((r) => r.id !== 16)
        .map((r) => (r.id === 7 ? { ...r, periodName: 'Boso vasara' } : r)),
      baseVersion: loadedByBoss.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toContain('The yearly rules was changed by anna at ');
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'anna' });
    expect(count('change_log')).toBe(changes);
    expect(await rules()).toEqual(afterFirst);
  });

  it('a stop: 409 naming who saved in between; the stop and the number of stops stay as they were', async () => {
    const loaded = (await stopById(10)) as StopWithUsage;
    const first = await anna.mutate('admin.stops.save', {
      ...stopFields(loaded.stop),
      coords: 'Annos pastaba',
      baseVersion: loaded.version,
    });
    expect(first.status).toBe(200);
    const afterFirst = (await stopById(10)) as StopWithUsage;
    expect(afterFirst.stop.coords).toBe('Annos pastaba');
    const stops = count('stop');
    const changes = count('change_log');

    const stale = await boss.mutate('admin.stops.save', {
      ...stopFields(loaded.stop),
      name: `${loaded.stop.name} (Boso)`,
      defaultOption: !loaded.stop.defaultOption,
      baseVersion: loaded.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/was changed by anna at \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'anna' });
    expect(await stopById(10)).toEqual(afterFirst);
    expect(count('stop')).toBe(stops);
    expect(count('change_log')).toBe(changes);
  });
});

describe('the history records the yearly rules and restores them', () => {
  it('a rules save is listed with before and after; restoring it puts every rule back; the restore is recorded', async () => {
    const original = await rules();
    const rule18 = original.rules.find((r) => r.id === 18) as YearlyRule;
    const save = await anna.mutate('admin.rules.saveAll', {
      rules: [
        // Rule 16 (no schedule runs on it, no rule borrows from it) is deleted.
        ...original.rules
          .filter((r) => r.id !== 16)
          .map((r) =>
            r.id === 18
              ? {
                  ...r,
                  periodName: '1 ir 3 mėnesio penktadienį, 5 šeštadienį',
                  pattern1Params: [
                    ...r.pattern1Params,
                    { id: null, nthOccurenceEachMonth: 5, dayOfWeek: 'SATURDAY' },
                  ],
                }
              : r,
          ),
        {
          id: -1,
          periodName: 'Kalėdų savaitė',
          typeOfYearlyRule: null,
          otherRuleId: null,
          timePeriods: [{ id: null, startMonth: 12, startDay: 24, endMonth: 12, endDay: 31 }],
          pattern1Params: [],
        },
      ],
      baseVersion: original.version,
    });
    expect(save.status).toBe(200);
    const changed = await rules();
    expect(changed.rules.some((r) => r.id === 16)).toBe(false);
    const created = changed.rules.find((r) => r.periodName === 'Kalėdų savaitė') as YearlyRule;
    expect(created).toBeDefined();

    const entry = await newest({ kind: 'rules' });
    expect(entry).toMatchObject({
      kind: 'rules',
      action: 'update',
      username: 'anna',
      via: 'admin',
      restorable: true,
    });
    expect(entry.changes).toContainEqual({
      path: '[id=18].periodName',
      before: rule18.periodName,
      after: '1 ir 3 mėnesio penktadienį, 5 šeštadienį',
    });
    expect(entry.changes).toContainEqual({
      path: '[id=16].periodName',
      before: 'Mokslo Metu, 1 ir 3 Penkt.',
      after: null,
    });
    expect(entry.changes).toContainEqual({
      path: `[id=${created.id}].periodName`,
      before: null,
      after: 'Kalėdų savaitė',
    });

    const restored = await boss.mutate<{ changeIds: number[] }>('admin.history.restore', {
      id: entry.id,
      baseVersion: entry.version,
    });
    expect(restored.status).toBe(200);
    expect(restored.data.changeIds).toHaveLength(1);
    const back = await rules();
    expect(back.rules).toEqual(original.rules);
    expect(back.usage).toEqual(original.usage);

    const restoreEntry = await newest({ kind: 'rules' });
    expect(restoreEntry).toMatchObject({
      id: restored.data.changeIds[0],
      kind: 'rules',
      action: 'update',
      username: 'boss',
      restoredFrom: entry.id,
    });
    expect(restoreEntry.changes).toContainEqual({
      path: '[id=16].periodName',
      before: null,
      after: 'Mokslo Metu, 1 ir 3 Penkt.',
    });
    // The rules page saves against the restore now.
    expect(back.version).toBe(restoreEntry.id);
  });
});

describe('the history records every kind of write', () => {
  it('a stop delete is recorded; restoring it brings the stop back with its id and fields', async () => {
    const created = await boss.mutate<{ id: number; version: number }>('admin.stops.save', {
      id: null,
      name: 'Bandomoji stotelė',
      coords: 'prie mokyklos',
      defaultOption: true,
      baseVersion: 0,
    });
    expect(created.status).toBe(200);
    const id = created.data.id;
    expect(await newest({ kind: 'stop' })).toMatchObject({
      entityId: id,
      action: 'create',
      username: 'boss',
    });
    const before = (await stopById(id)) as StopWithUsage;
    expect(stopFields(before.stop)).toEqual({
      id,
      name: 'Bandomoji stotelė',
      coords: 'prie mokyklos',
      defaultOption: true,
    });
    const stops = count('stop');

    const deleted = await anna.mutate('admin.stops.delete', { id, baseVersion: before.version });
    expect(deleted.status).toBe(200);
    expect(await stopById(id)).toBeUndefined();
    expect(count('stop')).toBe(stops - 1);
    const deletion = await newest({ kind: 'stop' });
    expect(deletion).toMatchObject({
      entityId: id,
      action: 'delete',
      username: 'anna',
      summary: 'Stop Bandomoji stotelė',
    });
    expect(deletion.changes).toContainEqual({ path: 'name', before: 'Bandomoji stotelė', after: null });
    expect(deletion.changes).toContainEqual({ path: 'coords', before: 'prie mokyklos', after: null });

    const restored = await boss.mutate('admin.history.restore', {
      id: deletion.id,
      baseVersion: deletion.version,
    });
    expect(restored.status).toBe(200);
    const back = (await stopById(id)) as StopWithUsage;
    expect(stopFields(back.stop)).toEqual(stopFields(before.stop));
    expect(count('stop')).toBe(stops);
    expect(await newest({ kind: 'stop' })).toMatchObject({
      entityId: id,
      action: 'create',
      username: 'boss',
      restoredFrom: deletion.id,
    });
  });

  it('a schedule create is recorded with its state after', async () => {
    const loaded = await lineSchedules(16);
    const res = await anna.mutate<{ schedules: Schedule[] }>('admin.schedules.saveList', {
      lineId: 16,
      schedules: [
        {
          id: null,
          runsOnWeekly: ['SATURDAY'],
          runsOnYearlyId: 1,
          runsOnPublicHolidays: false,
          timeConstraintsDescription: 'Šeštadienio reisas',
          trips: [
            {
              id: null,
              boundFor: 'One way',
              routeId: 27,
              routeDirReversed: false,
              timeList: Array.from({ length: 16 }, (_, i) => `19:${String(i * 2).padStart(2, '0')}`),
            },
          ],
        },
      ],
      baseVersion: loaded.version,
    });
    expect(res.status).toBe(200);
    const schedule = res.data.schedules[0] as Schedule;
    const entry = await newest({ kind: 'schedule', lineId: 16 });
    expect(entry).toMatchObject({
      kind: 'schedule',
      entityId: schedule.id,
      lineId: 16,
      action: 'create',
      username: 'anna',
      via: 'admin',
      summary: `Schedule ${schedule.id} (Svėdasai)`,
    });
    expect(entry.changes).toContainEqual({
      path: 'timeConstraintsDescription',
      before: null,
      after: 'Šeštadienio reisas',
    });
    expect(entry.changes).toContainEqual({
      path: `trips[id=${schedule.trips[0]?.id}].timeList`,
      before: null,
      after:
        '19:00, 19:02, 19:04, 19:06, 19:08, 19:10, 19:12, 19:14, 19:16, 19:18, 19:20, 19:22, 19:24, 19:26, 19:28, 19:30',
    });
  });

  it('a schedule delete is recorded; restoring it brings the schedule back with its old id and trips', async () => {
    const loaded = await lineSchedules(16);
    const s57 = loaded.schedules.find((s) => s.id === 57) as Schedule;
    expect(s57.trips.map((x) => x.id)).toEqual([100, 101]);
    const trips = count('trip');

    const deleted = await boss.mutate('admin.schedules.delete', { id: 57, baseVersion: loaded.version });
    expect(deleted.status).toBe(200);
    expect((await lineSchedules(16)).schedules.some((s) => s.id === 57)).toBe(false);
    expect(count('trip')).toBe(trips - 2);
    const link = () =>
      t.app.inject({ method: 'GET', url: '/api/scheduleItem/schedule-by-tripid?tripID=100' });
    expect((await link()).statusCode).toBe(404);
    const deletion = await newest({ kind: 'schedule', lineId: 16 });
    expect(deletion).toMatchObject({
      entityId: 57,
      action: 'delete',
      username: 'boss',
      summary: 'Schedule 57 (Svėdasai)',
    });
    expect(deletion.changes).toContainEqual({
      path: 'trips[id=100].timeList',
      before: s57.trips[0]?.timeList.join(', '),
      after: null,
    });

    const restored = await anna.mutate('admin.history.restore', {
      id: deletion.id,
      baseVersion: deletion.version,
    });
    expect(restored.status).toBe(200);
    const after = await lineSchedules(16);
    expect(after.schedules.find((s) => s.id === 57)).toEqual(s57);
    expect(after.schedules.map((s) => s.id)).toEqual(loaded.schedules.map((s) => s.id));
    expect(count('trip')).toBe(trips);
    expect((await link()).statusCode).toBe(200);
    expect(await newest({ kind: 'schedule', lineId: 16 })).toMatchObject({
      entityId: 57,
      action: 'create',
      username: 'anna',
      restoredFrom: deletion.id,
    });
  });

  it('a line create is recorded with its state after', async () => {
    const res = await anna.mutate<{ id: number }>('admin.lines.saveFull', {
      baseVersion: 0,
      info: {
        id: null,
        name: 'M99',
        routeStart: 'Anykščiai',
        routeEnd: 'Troškūnai',
        routeType: 'Regional Bus',
        operator: 'Transporto Centras',
        anykStationPlatform: null,
        price: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [{ id: null, noteKey: 'T', noteValue: 'Tik mokslo metu' }],
      },
      routes: [
        {
          id: null,
          routeNotes: 'Pagrindinis',
          stopsArr: [{ id: 1 }, { id: 7 }, { id: 8 }],
          distanceMetersList: [null, 1200],
        },
      ],
    });
    expect(res.status).toBe(200);
    const id = res.data.id;
    const page = await history({ lineId: id });
    expect(page.items).toHaveLength(1);
    const entry = page.items[0] as HistoryItem;
    expect(entry).toMatchObject({
      kind: 'line',
      entityId: id,
      lineId: id,
      action: 'create',
      username: 'anna',
      via: 'admin',
      summary: 'Line M99',
      restorable: true,
    });
    expect(entry.changes).toContainEqual({ path: 'info.name', before: null, after: 'M99' });
    expect(entry.changes).toContainEqual({ path: 'info.routeEnd', before: null, after: 'Troškūnai' });
    const routeId = (await boss.query<{ routes: { id: number }[] }>('admin.lines.getFull', { id })).data
      .routes[0]?.id;
    expect(entry.changes).toContainEqual({
      path: `routes[id=${routeId}].routeNotes`,
      before: null,
      after: 'Pagrindinis',
    });
  });

  it('an old REST stop save is recorded as rest under the signed-in user', async () => {
    const stop = (await stopById(3)) as StopWithUsage;
    const res = await restInject(
      'POST',
      '/api/busstop/save/one',
      { ...stopFields(stop.stop), coords: 'Per REST' },
      annaToken,
    );
    expect(res.statusCode).toBe(200);
    expect((await stopById(3))?.stop.coords).toBe('Per REST');
    const entry = await newest({ kind: 'stop' });
    expect(entry).toMatchObject({
      kind: 'stop',
      entityId: 3,
      action: 'update',
      via: 'rest',
      username: 'anna',
    });
    expect(entry.changes).toEqual([{ path: 'coords', before: stop.stop.coords ?? '—', after: 'Per REST' }]);
  });

  it('an old REST yearly rules save is recorded as rest under the signed-in user', async () => {
    const legacy = await restInject('GET', '/api/yearly-rules/get-all');
    expect(legacy.statusCode).toBe(200);
    const list = (legacy.json() as { rules: { id: number; periodName: string }[] }).rules;
    const rule7 = list.find((r) => r.id === 7) as { periodName: string };
    const res = await restInject(
      'POST',
      '/api/yearly-rules/post-combo-list',
      list.map((r) => (r.id === 7 ? { ...r, periodName: 'Vasarą (per REST)' } : r)),
    );
    expect(res.statusCode).toBe(200);
    expect((await rules()).rules.find((r) => r.id === 7)?.periodName).toBe('Vasarą (per REST)');
    const entry = await newest({ kind: 'rules' });
    expect(entry).toMatchObject({ kind: 'rules', action: 'update', via: 'rest', username: 'boss' });
    expect(entry.changes).toEqual([
      { path: '[id=7].periodName', before: rule7.periodName, after: 'Vasarą (per REST)' },
    ]);
  });
});
