import { MESSAGES } from '@bus/core';
import { insertStop } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp } from './admin-helpers.ts';
import {
  AdminLinePreview,
  arrayOf,
  BusStop,
  EmptyLine,
  expectEmptyOk,
  expectError,
  expectShape,
  Holiday,
  LineFull,
  RouteDto,
  RuleScheduleGroup,
  RulesWithUsage,
  rest,
  ScheduleByLine,
  StopWithUsage,
} from './rest-helpers.ts';

/**
 * The admin legacy paths (spec section 7, 'Admin'): status, the contract's JSON shapes
 * (docs/rest-contract.md sections 1.8-1.27) and the derived fields it gives examples of.
 * Saves of lines, schedules and rules are covered as round trips in rest-roundtrip.test.ts.
 */

let t: AdminTestApp;
beforeAll(async () => {
  t = await adminApp();
});
afterAll(() => t.app.close());

const get = (url: string) => rest(t.app, 'GET', url, { token: t.adminToken });
const post = (url: string, body: unknown) => rest(t.app, 'POST', url, { token: t.adminToken, body });
const del = (url: string) => rest(t.app, 'DELETE', url, { token: t.adminToken });

async function ok<T>(promise: ReturnType<typeof get>): Promise<T> {
  const res = await promise;
  expect(res.status, res.body).toBe(200);
  return res.json<T>();
}

const ids = (items: { id: number }[]) => items.map((i) => i.id);
const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

describe('holidays', () => {
  it('GET /api/holidays/all answers Holiday[] by id', async () => {
    const body = await ok<{ id: number; month: number; day: number }[]>(get('/api/holidays/all'));
    expectShape(body, arrayOf(Holiday));
    expect(body).toHaveLength(12);
    expect(ids(body)).toEqual(ascending(ids(body)));
    expect(body[0]).toEqual({ id: 1, name: 'Naujieji metai', month: 1, day: 1 });
  });

  it('POST /api/holidays/save1 creates (no id) and updates, answering the saved Holiday', async () => {
    const created = await ok<{ id: number }>(
      post('/api/holidays/save1', { name: 'Test day', month: 2, day: 29 }),
    );
    expectShape(created, Holiday);
    expect(created).toMatchObject({ name: 'Test day', month: 2, day: 29 });
    // The form's extra keys are ignored; numbers may come as strings.
    const edited = await ok(
      post('/api/holidays/save1', {
        id: created.id,
        name: 'Renamed',
        month: '3',
        day: '1',
        calendarDate: 'x',
      }),
    );
    expect(edited).toEqual({ id: created.id, name: 'Renamed', month: 3, day: 1 });
    const all = await ok<{ id: number }[]>(get('/api/holidays/all'));
    expect(all.find((h) => h.id === created.id)).toEqual(edited);
  });

  it('refuses an invalid holiday with 400 and the spec message, changing nothing', async () => {
    const before = await ok(get('/api/holidays/all'));
    for (const body of [
      { name: '', month: 1, day: 1 },
      { name: 'X', month: 13, day: 1 },
      { name: 'X', month: 4, day: 31 },
      { name: 'X', day: 1 },
      { id: 1, name: 'X', month: 'one', day: 1 },
    ])
      expectError(await post('/api/holidays/save1', body), 400, MESSAGES.inputFailed);
    expectError(await post('/api/holidays/save1', { id: 9999, name: 'X', month: 1, day: 2 }), 404);
    expect(await ok(get('/api/holidays/all'))).toEqual(before);
  });

  it('DELETE /api/holidays/del1 answers 200 with an empty body', async () => {
    const created = await ok<{ id: number }>(post('/api/holidays/save1', { name: 'Gone', month: 5, day: 5 }));
    expectEmptyOk(await del(`/api/holidays/del1?id=${created.id}`));
    expect(ids(await ok(get('/api/holidays/all')))).not.toContain(created.id);
    // Ours: an unknown id is 404 with a message (the old server ignored it).
    expectError(await del(`/api/holidays/del1?id=${created.id}`), 404);
    expectError(await del('/api/holidays/del1'), 400, /id/);
    expectError(await del('/api/holidays/del1?id=x'), 400, /id/);
  });
});

describe('bus stops', () => {
  it('GET /api/busstop/get/all answers BusStop[] by id', async () => {
    const body = await ok<{ id: number }[]>(get('/api/busstop/get/all'));
    expectShape(body, arrayOf(BusStop));
    expect(body.length).toBeGreaterThan(150);
    expect(ids(body)).toEqual(ascending(ids(body)));
    expect(body).toContainEqual({
      id: 11,
      name: 'Mokinių st. v.',
      coords: 'Prie Andrioniškių',
      defaultOption: false,
    });
  });

  it('GET /api/busstop/get-all-with-usage answers {stop, usedInLines}[]', async () => {
    const body = await ok<{ stop: { id: number }; usedInLines: { id: number; name: string }[] }[]>(
      get('/api/busstop/get-all-with-usage'),
    );
    expectShape(body, arrayOf(StopWithUsage));
    expect(body.map((s) => s.stop.id)).toEqual(ids(await ok(get('/api/busstop/get/all'))));
    const station = body.find((s) => s.stop.id === 1);
    expect(station?.usedInLines).toHaveLength(21);
    expect(body.find((s) => s.stop.id === 11)?.usedInLines).toEqual([
      { id: 2, name: 'M5' },
      { id: 11, name: 'Viešintos' },
      { id: 14, name: 'M36' },
    ]);
  });

  it('GET /api/busstop/searchresults matches the name ignoring case and diacritics; empty gives all', async () => {
    const mok = await ok<{ stop: { name: string } }[]>(get('/api/busstop/searchresults?query=mok'));
    expectShape(mok, arrayOf(StopWithUsage));
    // The one stop search: names starting with the query before those that only contain it.
    expect(mok.map((s) => s.stop.name)).toEqual([
      'Mokinių st. v.',
      'Mokinių st. v.',
      'Mokinių st. v.',
      'Techn. mokykla',
    ]);
    const siau = await ok<{ stop: { name: string } }[]>(get('/api/busstop/searchresults?query=siau'));
    expect(siau.length).toBeGreaterThan(0);
    expect(siau.every((s) => /šiau|siau/i.test(s.stop.name))).toBe(true);
    const all = await ok<unknown[]>(get('/api/busstop/searchresults?query='));
    expect(all).toEqual(await ok(get('/api/busstop/get-all-with-usage')));
    expectError(await get('/api/busstop/searchresults'), 400, /query/);
  });

  it('POST /api/busstop/save/one accepts the three forms the old client sends', async () => {
    // The add form after a first add: every field reset to '' (defaultOption '' means false).
    const added = await ok<{ id: number }>(
      post('/api/busstop/save/one', { name: 'Naujoji', coords: '', defaultOption: '' }),
    );
    expectShape(added, BusStop);
    expect(added).toMatchObject({ name: 'Naujoji', coords: null, defaultOption: false });
    // The line editor: {id: null, name}.
    const inline = await ok<{ id: number }>(
      post('/api/busstop/save/one', { id: null, name: 'Iš redaktoriaus' }),
    );
    expect(inline).toMatchObject({ name: 'Iš redaktoriaus', coords: null, defaultOption: false });
    // Editing: the full stop.
    const edited = await ok(
      post('/api/busstop/save/one', {
        id: added.id,
        name: 'Naujoji 2',
        coords: 'prie mokyklos',
        defaultOption: true,
      }),
    );
    expect(edited).toEqual({ id: added.id, name: 'Naujoji 2', coords: 'prie mokyklos', defaultOption: true });
    const all = await ok<{ id: number }[]>(get('/api/busstop/get/all'));
    expect(all.find((s) => s.id === added.id)).toEqual(edited);
  });

  it('refuses an invalid stop with 400 and the spec message, changing nothing', async () => {
    const before = await ok(get('/api/busstop/get/all'));
    expectError(await post('/api/busstop/save/one', { name: '  ' }), 400, MESSAGES.inputFailed);
    expectError(
      await post('/api/busstop/save/one', { name: 'X', defaultOption: 'yes' }),
      400,
      MESSAGES.inputFailed,
    );
    expectError(await post('/api/busstop/save/one', { id: 99999, name: 'X' }), 404);
    expect(await ok(get('/api/busstop/get/all'))).toEqual(before);
  });

  it('DELETE /api/busstop/delete/{id} deletes an unused stop: 200, empty body', async () => {
    const stop = await insertStop(t.db.kysely, { name: 'Unused', coords: null, defaultOption: false });
    expectEmptyOk(await del(`/api/busstop/delete/${stop.id}`));
    expect(ids(await ok(get('/api/busstop/get/all')))).not.toContain(stop.id);
    expectError(await del(`/api/busstop/delete/${stop.id}`), 404);
    expectError(await del('/api/busstop/delete/abc'), 400, 'id: id must be a whole number');
    expectError(await del('/api/busstop/delete/99999999999999999999'), 400, 'id: id must be a whole number');
  });
});

describe('lines', () => {
  it('GET /api/line/preview answers AdminLinePreview[] with plain stop names', async () => {
    const body = await ok<{ id: number; name: string; extraStops: string[] | null }[]>(
      get('/api/line/preview'),
    );
    expectShape(body, arrayOf(AdminLinePreview));
    expect(ids(body)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(body.find((l) => l.name === 'M17 B')?.extraStops).toEqual([
      'Lukošiškiai',
      'Pavajai',
      'Kurkleliai',
      'Kurkliai II k',
      'Kurkliai I k',
      'Desiukiškiai',
      'Adomava',
      'Katlėriai',
      'A. Vienuolio prog.',
      'J. Biliūno gimn.',
    ]);
  });

  it('GET /api/line/get-line-full answers LineFull with routeUsage aligned to routes (contract 2.6)', async () => {
    const body = await ok<{
      routes: { id: number; stopsArr: unknown[]; distanceMetersList: unknown[] }[];
      routeUsage: number[][];
    }>(get('/api/line/get-line-full?id=7'));
    expectShape(body, LineFull);
    expect(ids(body.routes)).toEqual([8, 9, 11, 12, 13]);
    expect(body.routeUsage).toEqual([[14, 15, 16], [17], [18], [18], [17]]);
    // One distance input per gap between stops.
    for (const route of body.routes) expect(route.distanceMetersList).toHaveLength(route.stopsArr.length - 1);
    for (let id = 1; id <= 21; id++) expectShape(await ok(get(`/api/line/get-line-full?id=${id}`)), LineFull);
  });

  it('answers an unknown line with 404 and a message, a missing or bad id with 400', async () => {
    expectError(await get('/api/line/get-line-full?id=9999'), 404, /9999/);
    expectError(await get('/api/line/get-line-full'), 400, /id/);
    expectError(await get('/api/line/get-line-full?id=seven'), 400, /id/);
  });

  it('GET /api/line/get-empty answers the empty LineFull', async () => {
    const body = await ok(get('/api/line/get-empty'));
    expectShape(body, EmptyLine);
  });

  it('GET /api/route/byline/{lineId} answers RouteDto[] with distanceMetersArr and the line id', async () => {
    const body = await ok<{ id: number; lineId: number }[]>(get('/api/route/byline/7'));
    expectShape(body, arrayOf(RouteDto));
    expect(ids(body)).toEqual([8, 9, 11, 12, 13]);
    expect(body.every((r) => r.lineId === 7)).toBe(true);
    const full = await ok<{
      routes: { id: number; distanceMetersList: unknown[]; stopsArr: unknown[]; routeNotes: unknown }[];
    }>(get('/api/line/get-line-full?id=7'));
    expect(body).toEqual(
      full.routes.map((r) => ({
        id: r.id,
        routeNotes: r.routeNotes,
        stopsArr: r.stopsArr,
        distanceMetersArr: r.distanceMetersList,
        lineId: 7,
      })),
    );
    // Ours: an unknown line is 404 (the old server answered []).
    expectError(await get('/api/route/byline/9999'), 404);
    expectError(await get('/api/route/byline/x'), 400, /lineId/);
  });
});

describe('schedules', () => {
  it('GET /api/scheduleItem/schedule-by-line answers {data, empty, boundForOptions, yearlyOptions, lineTitle}', async () => {
    const body = await ok<{
      data: { id: number; lineId: number; trips: { timeList: string[] }[] }[];
      empty: { id: null; trips: unknown[] };
      yearlyOptions: { id: number }[];
      lineTitle: string;
    }>(get('/api/scheduleItem/schedule-by-line?lineId=7'));
    expectShape(body, ScheduleByLine);
    expect(ids(body.data)).toEqual([14, 15, 16, 17, 18]);
    expect(body.data.every((s) => s.lineId === 7)).toBe(true);
    expect(body.lineTitle).toBe('M17 B - Anykščiai - Staškūniškis');
    expect(ids(body.yearlyOptions)).toEqual([1, 2, 3, 4, 5, 6, 7, 16, 17, 18]);
    expect(body.empty).toMatchObject({
      id: null,
      timeConstraintsDescription: null,
      runsOnWeekly: [],
      runsOnYearlyId: null,
      runsOnPublicHolidays: false,
    });
    expect(body.empty.trips).toEqual([
      // Ours: 'One way' (a one-trip schedule must be one way); the old template said 'City bound'.
      { id: null, routeDirReversed: false, boundFor: 'One way', timeList: [], routeId: null },
    ]);
    expect(body.data[0]?.trips[0]?.timeList[0]).toBe('08:55:00');
  });

  it('answers an unknown line with 404 (the old server: 200 with lineTitle "name not found")', async () => {
    expectError(await get('/api/scheduleItem/schedule-by-line?lineId=9999'), 404);
    expectError(await get('/api/scheduleItem/schedule-by-line'), 400, /lineId/);
  });

  it('GET /api/scheduleItem/get-schedules-by-rule groups the schedules of a rule by line, times zero-padded', async () => {
    const body = await ok<
      { line: { id: number }; schedules: { id: number; tripsFirstEntryAndDir: { time: string }[] }[] }[]
    >(get('/api/scheduleItem/get-schedules-by-rule?ruleId=1'));
    expectShape(body, arrayOf(RuleScheduleGroup));
    const usage = await ok<{ schedules: { ruleId: number; schedules: number[] }[] }>(
      get('/api/yearly-rules/get-all'),
    );
    const expected = usage.schedules.find((u) => u.ruleId === 1)?.schedules ?? [];
    expect(ascending(body.flatMap((g) => ids(g.schedules)))).toEqual(expected);
    expect(body[0]?.schedules[0]).toEqual({
      id: 1,
      tripsFirstEntryAndDir: [
        { time: '06:40', dir: 'Out bound' },
        { time: '06:53', dir: 'City bound' },
      ],
      runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SUNDAY'],
    });
    // Rules borrowing rule 2's periods (rule 17) do not count for rule 2.
    const rule2 = await ok<{ schedules: { id: number }[] }[]>(
      get('/api/scheduleItem/get-schedules-by-rule?ruleId=2'),
    );
    expect(ascending(rule2.flatMap((g) => ids(g.schedules)))).toEqual([9, 10, 14, 30]);
    // An unused rule: [].
    expect(await ok(get('/api/scheduleItem/get-schedules-by-rule?ruleId=16'))).toEqual([]);
    expectError(await get('/api/scheduleItem/get-schedules-by-rule?ruleId=9999'), 404);
    expectError(await get('/api/scheduleItem/get-schedules-by-rule'), 400, /ruleId/);
  });

  it('DELETE /api/scheduleItem/delete/{id} deletes the schedule with its trips: 200, empty body', async () => {
    expectEmptyOk(await del('/api/scheduleItem/delete/16'));
    const after = await ok<{ data: { id: number }[] }>(get('/api/scheduleItem/schedule-by-line?lineId=7'));
    expect(ids(after.data)).toEqual([14, 15, 17, 18]);
    expect((await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-tripid?tripID=31')).status).toBe(404);
    expectError(await del('/api/scheduleItem/delete/16'), 404);
  });
});

describe('yearly rules', () => {
  it('GET /api/yearly-rules/get-all answers {rules, schedules} aligned by rule', async () => {
    const body = await ok<{ rules: { id: number }[]; schedules: { ruleId: number; schedules: number[] }[] }>(
      get('/api/yearly-rules/get-all'),
    );
    expectShape(body, RulesWithUsage);
    expect(ids(body.rules)).toEqual([1, 2, 3, 4, 5, 6, 7, 16, 17, 18]);
    expect(body.schedules.map((s) => s.ruleId)).toEqual(ids(body.rules));
    expect(body.schedules.find((s) => s.ruleId === 2)?.schedules).toEqual([9, 10, 14, 30]);
    expect(body.rules.find((r) => r.id === 17)).toMatchObject({ timePeriods: [], otherRuleId: 2 });
  });
});

describe('lines: delete', () => {
  it('DELETE /api/line/delete/{id} deletes a line with its schedules: 200, empty body', async () => {
    expectEmptyOk(await del('/api/line/delete/2'));
    expectError(await get('/api/line/get-line-full?id=2'), 404);
    expect(ids(await ok(get('/api/line/preview')))).not.toContain(2);
    const browse = await rest(t.app, 'GET', '/api/scheduleItem/schedule-by-lineid-browse?lineId=2');
    expect(browse.json()).toEqual({ nothingFound: true });
    expectError(await del('/api/line/delete/2'), 404);
  });
});
