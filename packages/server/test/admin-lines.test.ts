import { countTimetable, readTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinePreview, LineTimetable } from '../src/public-read/timetable.ts';
import type { AdminLinePreview, AdminRoute, LineFull } from '../src/services/admin/lines.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, adminApp, adminClient, toSaveInput, versionNow } from './admin-helpers.ts';

const FAILED = "Input validation failed, check if everything's entered right";

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await adminApp();
  client = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const getFull = async (id: number) => {
  const res = await client.query<LineFull>('admin.lines.getFull', { id });
  expect(res.message).toBeUndefined();
  return res.data;
};
const lineVersion = (lineId: number) => versionNow(t, { kind: 'line', lineId });
/** A save as the line editor makes it: against the line's version as stored now (0 for a new line). */
const saveFull = async (input: unknown) => {
  const id = (input as { info?: { id?: unknown } }).info?.id;
  const baseVersion = typeof id === 'number' && id > 0 ? await lineVersion(id) : 0;
  return client.mutate<{ id: number }>('admin.lines.saveFull', { baseVersion, ...(input as object) });
};
const deleteLine = async (id: number) =>
  client.mutate('admin.lines.delete', { id, baseVersion: await lineVersion(id) });

/** The body the editor posts back for a line it loaded. */
const newLine = () => ({
  info: {
    id: null,
    name: 'T1',
    routeStart: 'Anykščiai',
    routeEnd: 'Troškūnai',
    routeType: 'Regional Bus',
    operator: 'Transporto Centras',
    anykStationPlatform: '3',
    price: null,
    enabledSeasonalYearlyRuleFilter: false,
    customNotes: [{ id: null, noteKey: 'Pastaba', noteValue: 'Tik darbo dienomis' }],
  },
  routes: [
    {
      id: -1,
      routeNotes: 'Pagrindinis',
      stopsArr: [{ id: 1 }, { id: 2 }, { id: 3 }],
      distanceMetersList: [1200, null],
    },
    { id: -2, routeNotes: 'Trumpas', stopsArr: [{ id: 1 }, { id: 45 }], distanceMetersList: ['800'] },
  ],
});

describe('admin.lines reads', () => {
  it('lists every line with main and extra stop names', async () => {
    const list = (await client.query<AdminLinePreview[]>('admin.lines.list')).data;
    expect(list).toHaveLength(21);
    const m17b = list.find((l) => l.id === 7);
    expect(m17b).toMatchObject({
      name: 'M17 B',
      routeStart: expect.any(String),
      routeEnd: expect.any(String),
    });
    expect(m17b?.mainStops).toHaveLength(12);
    expect(m17b?.extraStops).toEqual([
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
    expect(list.find((l) => l.id === 1)?.extraStops).toBeNull();
  });

  it('gets a full line: routes with stops, a distance per gap, route usage by schedule id', async () => {
    const line = await getFull(7);
    expect(line.info).toMatchObject({ id: 7, name: 'M17 B', customNotes: [] });
    expect(line.routeTypeOptions).toEqual(['City Bus', 'Regional Bus', 'Nationial Bus']);
    expect(line.routes.map((r) => r.id)).toEqual([8, 9, 11, 12, 13]);
    expect(line.routeUsage).toEqual([[14, 15, 16], [17], [18], [18], [17]]);
    for (const route of line.routes) {
      expect(route.distanceMetersList).toHaveLength(route.stopsArr.length - 1);
      expect(route.stopsArr[0]).toEqual({ id: 1, name: 'Anykščių AS', coords: null, defaultOption: true });
    }
    expect((await client.query('admin.lines.getFull', { id: 999 })).status).toBe(404);
  });

  it('gives the empty template for a new line', async () => {
    const empty = (
      await client.query<{ info: Record<string, unknown>; routes: []; routeUsage: [] }>('admin.lines.empty')
    ).data;
    expect(empty).toEqual({
      info: {
        id: null,
        name: null,
        routeStart: null,
        routeEnd: null,
        routeType: null,
        operator: null,
        anykStationPlatform: null,
        price: null,
        via: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [],
      },
      routes: [],
      routeTypeOptions: ['City Bus', 'Regional Bus', 'Nationial Bus'],
      routeUsage: [],
    });
  });

  it('lists a line routes for the schedule editor', async () => {
    const routes = (await client.query<AdminRoute[]>('admin.routes.byLine', { lineId: 7 })).data;
    expect(routes.map((r) => [r.id, r.lineId, r.stopsArr.length])).toEqual([
      [8, 7, 12],
      [9, 7, 17],
      [11, 7, 12],
      [12, 7, 12],
      [13, 7, 14],
    ]);
    expect((await client.query('admin.routes.byLine', { lineId: 999 })).status).toBe(404);
  });
});

describe('admin.lines.saveFull', () => {
  it('saving a loaded line unchanged changes nothing in the database', async () => {
    const before = await readTimetable(t.db.kysely);
    for (const id of [7, 13, 20]) {
      const res = await saveFull(toSaveInput(await getFull(id)));
      expect(res.data).toEqual({ id, version: 0, affectedSchedules: [], createdStops: [] });
    }
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });

  it('creates a line: negative ids become real ids; it shows in the public list at once', async () => {
    const res = await saveFull(newLine());
    expect(res.status).toBe(200);
    const line = await getFull(res.data.id);
    expect(line.info).toMatchObject({ name: 'T1', anykStationPlatform: '3', via: null });
    expect(line.info.customNotes).toEqual([
      { id: expect.any(Number), noteKey: 'Pastaba', noteValue: 'Tik darbo dienomis' },
    ]);
    expect(line.routes.map((r) => r.id).every((id) => id > 0)).toBe(true);
    expect(line.routes.map((r) => [r.routeNotes, r.stopsArr.map((s) => s.id), r.distanceMetersList])).toEqual(
      [
        ['Pagrindinis', [1, 2, 3], [1200, null]],
        ['Trumpas', [1, 45], [800]],
      ],
    );
    expect(line.routeUsage).toEqual([[], []]);
    const publicLines = (await client.query<LinePreview[]>('timetable.lines')).data;
    expect(publicLines.find((l) => l.id === res.data.id)?.mainStops.map((s) => s.id)).toEqual([1, 2, 3]);
    await deleteLine(res.data.id);
  });

  it('updates info, notes and routes; an unused route left out is deleted', async () => {
    const id = (await saveFull(newLine())).data.id;
    const line = await getFull(id);
    const [main, short] = line.routes as [AdminRoute, AdminRoute];
    const res = await saveFull({
      info: { ...line.info, name: 'T1b', customNotes: [{ id: -5, noteKey: 'Kita', noteValue: 'Nauja' }] },
      routes: [{ ...main, stopsArr: [...main.stopsArr, { id: 4 }], distanceMetersList: [1, 2, 3] }],
    });
    expect(res.data).toEqual({ id, version: expect.any(Number), affectedSchedules: [], createdStops: [] });
    const after = await getFull(id);
    expect(after.info.name).toBe('T1b');
    expect(after.info.customNotes.map((n) => n.noteKey)).toEqual(['Kita']);
    expect(after.routes.map((r) => r.id)).toEqual([main.id]);
    expect(after.routes[0]?.stopsArr.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(after.routes[0]?.distanceMetersList).toEqual([1, 2, 3]);
    expect(
      (await client.query<AdminRoute[]>('admin.routes.byLine', { lineId: id })).data.map((r) => r.id),
    ).not.toContain(short.id);
    await deleteLine(id);
  });

  it('keeps via when the client does not send it', async () => {
    const line = await getFull(1);
    const { via: _via, ...infoWithoutVia } = line.info;
    await saveFull({ ...toSaveInput(line), info: infoWithoutVia });
    expect((await getFull(1)).info.via).toBe(line.info.via);
  });

  it('refuses to remove a route that schedules use (CONFLICT naming it) and saves nothing', async () => {
    const line = await getFull(7);
    const input = toSaveInput(line);
    const res = await saveFull({
      info: { ...input.info, name: 'Renamed' },
      routes: input.routes.filter((r) => r.id !== 8 && r.id !== 13),
    });
    expect(res.status).toBe(409);
    expect(res.code).toBe('CONFLICT');
    expect(res.message).toBe(
      "Route variations used by schedules cannot be removed: 'Per Kurklius' (route 8) by schedules 14, 15, 16; 'Per Katlėrius ir mokyklas' (route 13) by schedules 17",
    );
    expect(await getFull(7)).toEqual(line);
  });

  it('keeps every time at its stop when a route loses and regains stops (both directions)', async () => {
    const line = await getFull(7);
    const input = toSaveInput(line);
    const original = (
      await client.query<LineSchedules>('admin.schedules.byLine', { lineId: 7 })
    ).data.schedules
      .flatMap((s) => s.trips)
      .filter((trip) => trip.routeId === 8);
    expect(original.length).toBe(6);
    expect(original.some((trip) => trip.routeDirReversed)).toBe(true);
    const route8 = input.routes.find((r) => r.id === 8) as (typeof input.routes)[number];
    route8.stopsArr = route8.stopsArr.slice(0, 10);
    route8.distanceMetersList = route8.distanceMetersList.slice(0, 9);
    expect((await saveFull(input)).status).toBe(200);
    const trips = (await client.query<LineSchedules>('admin.schedules.byLine', { lineId: 7 })).data.schedules
      .flatMap((s) => s.trips)
      .filter((trip) => trip.routeId === 8);
    for (const trip of trips) {
      const before = original.find((o) => o.id === trip.id) as (typeof original)[number];
      // The last two stops of the route are gone: in travel order they are the end of an
      // out bound trip and the start of a reversed one; every other time stays where it was.
      expect(trip.timeList).toEqual(
        trip.routeDirReversed ? before.timeList.slice(2) : before.timeList.slice(0, 10),
      );
    }
    // And back to 12 stops: the two new places have no time yet, the rest are unchanged.
    expect((await saveFull(toSaveInput(line))).status).toBe(200);
    const again = (await client.query<LineSchedules>('admin.schedules.byLine', { lineId: 7 })).data.schedules
      .flatMap((s) => s.trips)
      .filter((x) => x.routeId === 8);
    for (const trip of again) {
      const before = original.find((o) => o.id === trip.id) as (typeof original)[number];
      const expected = trip.routeDirReversed
        ? [null, null, ...before.timeList.slice(2)]
        : [...before.timeList.slice(0, 10), null, null];
      expect(trip.timeList).toEqual(expected);
    }
  });

  it('refuses each broken rule of spec section 5 with the spec message and changes nothing', async () => {
    const before = await readTimetable(t.db.kysely);
    const base = newLine();
    const route = base.routes[0] as (typeof base.routes)[number];
    const broken: [string, unknown][] = [
      ['no name', { ...base, info: { ...base.info, name: '' } }],
      ['blank routeStart', { ...base, info: { ...base.info, routeStart: '  ' } }],
      ['no routeEnd', { ...base, info: { ...base.info, routeEnd: null } }],
      ['no routeType', { ...base, info: { ...base.info, routeType: null } }],
      ['unknown routeType', { ...base, info: { ...base.info, routeType: 'National Bus' } }],
      [
        'note without key',
        { ...base, info: { ...base.info, customNotes: [{ id: null, noteKey: '', noteValue: 'x' }] } },
      ],
      ['note without value', { ...base, info: { ...base.info, customNotes: [{ id: null, noteKey: 'x' }] } }],
      ['route without notes', { ...base, routes: [{ ...route, routeNotes: '' }] }],
      [
        'route stop not chosen',
        { ...base, routes: [{ ...route, stopsArr: [{ id: 1 }, { id: null }, { id: 3 }] }] },
      ],
      [
        'route stop that does not exist',
        { ...base, routes: [{ ...route, stopsArr: [{ id: 1 }, { id: 9999 }, { id: 3 }] }] },
      ],
      ['route without stops', { ...base, routes: [{ ...route, stopsArr: [], distanceMetersList: [] }] }],
      ['too few distances', { ...base, routes: [{ ...route, distanceMetersList: [1] }] }],
      ['too many distances', { ...base, routes: [{ ...route, distanceMetersList: [1, 2, 3] }] }],
      ['a negative distance', { ...base, routes: [{ ...route, distanceMetersList: [-1, 2] }] }],
      ['a fractional distance', { ...base, routes: [{ ...route, distanceMetersList: [1.5, 2] }] }],
      [
        'a distance that is not a number',
        { ...base, routes: [{ ...route, distanceMetersList: ['far', 2] }] },
      ],
      [
        'the same stored route twice',
        {
          info: { ...base.info, id: 7 },
          routes: [
            { ...route, id: 8 },
            { ...route, id: 8 },
          ],
        },
      ],
      ['no routes list', { info: base.info }],
    ];
    for (const [label, input] of broken) {
      const res = await saveFull(input);
      expect(res.status, label).toBe(400);
      expect(res.code, label).toBe('BAD_REQUEST');
      expect(res.message, label).toBe(FAILED);
    }
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });

  it('answers an unknown line or a route of another line with NOT_FOUND', async () => {
    const base = newLine();
    expect((await saveFull({ ...base, info: { ...base.info, id: 999 } })).status).toBe(404);
    const foreignRoute = { ...(base.routes[0] as object), id: 8 };
    const res = await saveFull({ ...base, routes: [foreignRoute] });
    expect(res).toMatchObject({ status: 404, message: 'Route 8 is not a route of this line' });
  });

  it('rolls the whole save back when the database fails half-way', async () => {
    const before = await readTimetable(t.db.kysely);
    // Fails the insert of the second route's stops, after the line, its notes and the first route were written.
    t.db.sqlite.exec(`CREATE TRIGGER fail_route_stop BEFORE INSERT ON route_stop WHEN NEW.stop_id = 45
      BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    try {
      const res = await saveFull(newLine());
      expect(res.status).toBe(500);
      expect(res.message).toBe('Something went wrong on the server');
      const line7 = toSaveInput(await getFull(7));
      const withStop45 = { ...line7, routes: [...line7.routes, ...newLine().routes.slice(1)] };
      expect((await saveFull({ ...withStop45, info: { ...line7.info, name: 'Half' } })).status).toBe(500);
    } finally {
      t.db.sqlite.exec('DROP TRIGGER fail_route_stop');
    }
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });
});

describe('admin.lines.delete', () => {
  it('deletes a line with its schedules, trips, routes and notes; the public timetable forgets it', async () => {
    const before = await countTimetable(t.db.kysely);
    const line = await getFull(7);
    const schedules = (await client.query<LineSchedules>('admin.schedules.byLine', { lineId: 7 })).data
      .schedules;
    const res = await deleteLine(7);
    expect(res).toMatchObject({ status: 200, data: { id: 7 } });
    const after = await countTimetable(t.db.kysely);
    expect(after.lines).toBe(before.lines - 1);
    expect(after.routes).toBe(before.routes - line.routes.length);
    expect(after.schedules).toBe(before.schedules - schedules.length);
    expect(after.trips).toBe(before.trips - schedules.flatMap((s) => s.trips).length);
    expect(after.stops).toBe(before.stops);
    expect((await client.query('admin.lines.getFull', { id: 7 })).status).toBe(404);
    const publicView = await client.query<LineTimetable>('timetable.lineTimetable', { id: 7 });
    expect(publicView.data).toEqual({ nothingFound: true });
    expect((await deleteLine(7)).status).toBe(404);
  });
});
