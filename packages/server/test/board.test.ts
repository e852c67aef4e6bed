import { type AdminStop, type Direction, parseTime, type TimetableDataset, vilniusInstant } from '@bus/core';
import { openLiveDatabase, readTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDepartureItem } from '../src/live/layer.ts';
import type { BoardAnswer } from '../src/public-read/board.ts';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import {
  type AdminTestApp,
  adminApp,
  adminClient,
  createTestUser,
  tokenFor,
  trpc,
  versionNow,
} from './admin-helpers.ts';

/**
 * The departure board's answer (issue 42, `timetable.board`) on the real Anykščiai data with the
 * clock fixed: for each stop and direction it is the departures answer the home gets, byte for
 * byte in its items and notices, with a cancelled trip, a changed time and a live bus laid over
 * both alike; the stops' bays (saved, kept by a save that does not name them, refused when too
 * long, put back by the history, carried by the dataset) and the lines' platforms at the home
 * station; unknown stops named, not refused; bad questions refused with 400.
 */

// 2026-12-01 09:30 in Vilnius, a Tuesday; the clock moves with the live bus below.
const TODAY = '2026-12-01';
let now = Date.parse('2026-12-01T07:30:00Z');
const clock = () => new Date(now);
const KAVARSKAS = 27;
const DIRS: Direction[] = ['Out bound', 'City bound'];

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;

type LiveResult = Omit<DeparturesResult, 'items'> & { items: LiveDepartureItem[] };
type Board = BoardAnswer<LiveResult>;

beforeAll(async () => {
  t = await adminApp({ clock, live: await openLiveDatabase(':memory:') });
  admin = adminClient(t.app, t.adminToken);
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
});

const board = (input: unknown) => trpc<Board>(t.app, 'query', 'timetable.board', input);
const departures = async (from: number, dir: Direction, date = TODAY) => {
  const answer = await trpc<LiveResult>(t.app, 'query', 'timetable.departures', { from, dir, date });
  expect(answer.status, answer.message).toBe(200);
  return answer.data;
};

/** Each of the board's answers is the home's departures answer for its stop and direction. */
async function expectSameAsHome(answer: Board, date = TODAY): Promise<void> {
  expect(answer.departures.map((d) => `${d.stopId} ${d.dir}`)).toEqual(
    answer.stops.flatMap((s) => DIRS.map((dir) => `${s.id} ${dir}`)),
  );
  for (const d of answer.departures) {
    const home = await departures(d.stopId, d.dir, date);
    expect(d.result.items, `${d.stopId} ${d.dir}`).toEqual(home.items);
    expect(d.result.notices, `${d.stopId} ${d.dir}`).toEqual(home.notices);
    expect(d.result.holiday).toBe(home.holiday);
  }
}

const stop = async (id: number): Promise<AdminStop> => {
  const found = (await admin.query<AdminStop[]>('admin.stops.list')).data.find((s) => s.id === id);
  if (!found) throw new Error(`no stop ${id}`);
  return found;
};
const saveStop = async (s: AdminStop, extra: Record<string, unknown>) =>
  admin.mutate<AdminStop>('admin.stops.save', {
    id: s.id,
    name: s.name,
    coords: s.coords,
    defaultOption: s.defaultOption,
    baseVersion: await versionNow(t, { kind: 'stop', id: s.id }),
    ...extra,
  });

describe('the board answers what the home answers', () => {
  it('for each stop and direction, the departures answer; the stops named, in the order asked', async () => {
    const answer = await board({ stops: [KAVARSKAS, 1], date: TODAY });
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data.date).toBe(TODAY);
    expect(answer.data.stops).toEqual([
      { id: KAVARSKAS, name: 'Kavarskas', bay: null },
      { id: 1, name: 'Anykščių AS', bay: null },
    ]);
    expect(answer.data.unknownStops).toEqual([]);
    expect(answer.data.departures.every((d) => d.result.items.length > 0)).toBe(true);
    await expectSameAsHome(answer.data);
  });

  it('today when no date is given; a stop named twice is shown once', async () => {
    const answer = await board({ stops: [1, 1] });
    expect(answer.status).toBe(200);
    expect(answer.data.date).toBe(TODAY);
    expect(answer.data.stops.map((s) => s.id)).toEqual([1]);
    await expectSameAsHome(answer.data);
  });

  it('names the stops it does not know rather than failing; none known: no departures', async () => {
    const some = await board({ stops: [99_999, 1, 12_345] });
    expect(some.status).toBe(200);
    expect(some.data.unknownStops).toEqual([99_999, 12_345]);
    expect(some.data.stops.map((s) => s.id)).toEqual([1]);
    const none = await board({ stops: [99_999] });
    expect(none.status).toBe(200);
    expect(none.data).toMatchObject({ stops: [], unknownStops: [99_999], departures: [] });
  });

  it.each([
    ['no stop', { stops: [] }, 'stops must name at least one stop'],
    ['eleven stops', { stops: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'stops may name at most 10 stops'],
    ['a stop that is no id', { stops: ['abc'] }, 'stops must be a positive whole number'],
    ['no stops at all', {}, 'stops must be a list of stop ids'],
  ])('refuses %s with 400, saying why', async (_, input, message) => {
    const answer = await board(input);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it('a cancelled trip and a changed time on the date: marked alike on the board and the home', async () => {
    const home = await departures(1, 'Out bound');
    const [first, second] = home.items.filter((i) => i.timeDepart >= '10:00' && !i.cancelled);
    if (!first || !second) throw new Error('no departures after 10:00');
    const made: { id: number; version: number }[] = [];
    for (const change of [
      { kind: 'cancel', tripIds: [first.tripId], reason: 'kelio darbai' },
      { kind: 'retime', tripIds: [second.tripId], shiftMinutes: 12 },
      { kind: 'notice', stopIds: [KAVARSKAS], titleLt: 'Stotelė perkelta', titleEn: 'The stop has moved' },
    ]) {
      const saved = await admin.mutate<{ id: number; version: number }>('admin.serviceChanges.save', {
        id: null,
        baseVersion: 0,
        from: TODAY,
        ...change,
      });
      expect(saved.status, saved.message).toBe(200);
      made.push(saved.data);
    }
    const answer = (await board({ stops: [1, KAVARSKAS], date: TODAY })).data;
    const out = answer.departures.find((d) => d.stopId === 1 && d.dir === 'Out bound')?.result;
    expect(out?.items.find((i) => i.tripId === first.tripId)).toMatchObject({ cancelled: true });
    expect(out?.items.find((i) => i.tripId === second.tripId)).toMatchObject({
      plannedTime: second.timeDepart,
    });
    const kavarskas = answer.departures.find((d) => d.stopId === KAVARSKAS)?.result;
    expect(kavarskas?.notices?.map((n) => n.titleEn)).toContain('The stop has moved');
    await expectSameAsHome(answer);
    for (const change of made)
      await admin.mutate('admin.serviceChanges.delete', { id: change.id, baseVersion: change.version });
  });

  it('a date outside the public window is refused, as on the home', async () => {
    const answer = await board({ stops: [1], date: '2040-01-01' });
    expect(answer.status).toBe(400);
  });
});

describe('a live bus on the board', () => {
  it('carries the same expected time and delay as on the home, and leaves when it has left', async () => {
    await createTestUser(t, 'vairuotoja', ['ROLE_DRIVER']);
    const driver = await tokenFor(t.db, 'vairuotoja', ['ROLE_DRIVER'], clock());
    const home = await departures(1, 'Out bound');
    const item = home.items.find((i) => i.timeDepart >= '10:00' && !i.cancelled);
    if (!item) throw new Error('no departure after 10:00');
    const drive = <T>(path: string, input: unknown) =>
      trpc<T>(t.app, 'mutation', `drive.${path}`, input, driver);
    // Its stops placed along a road east of the station, 950 m apart, in its travel order.
    const trip = t.db.sqlite
      .prepare('SELECT route_id AS routeId, route_dir_reversed AS reversed FROM trip WHERE id = ?')
      .get(item.tripId) as { routeId: number; reversed: number };
    const drawn = t.db.sqlite
      .prepare('SELECT stop_id FROM route_stop WHERE route_id = ? ORDER BY seq')
      .pluck()
      .all(trip.routeId) as number[];
    const place = (i: number) => ({ lat: 55.5262, lon: 25.104 + i * 0.015 });
    const update = t.db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
    for (const [i, stopId] of (trip.reversed ? drawn.reverse() : drawn).entries())
      update.run(place(i).lat, place(i).lon, stopId);
    const started = await drive('start', { tripId: item.tripId });
    expect(started.status, started.message).toBe(200);
    // Still at the station 3 minutes after its time.
    now = vilniusInstant(TODAY, parseTime(item.timeDepart) as number) + 3 * 60_000;
    const report = await drive('report', {
      tripId: item.tripId,
      at: now,
      ...place(0),
      accuracy: 8,
      heading: null,
    });
    expect(report.status, report.message).toBe(200);

    const answer = (await board({ stops: [1] })).data;
    const shown = answer.departures[0]?.result.items.find((i) => i.tripId === item.tripId);
    expect(shown?.live).toMatchObject({ delayMinutes: 3, departed: false });
    expect(shown?.tooLate).toBe(false);
    await expectSameAsHome(answer);

    // Gone from the station: departed on both.
    now += 60_000;
    const away = { lat: 55.5262, lon: 25.104 + 0.006 };
    expect(
      (await drive('report', { tripId: item.tripId, at: now, ...away, accuracy: 8, heading: null })).status,
    ).toBe(200);
    const after = (await board({ stops: [1] })).data;
    expect(after.departures[0]?.result.items.find((i) => i.tripId === item.tripId)).toMatchObject({
      tooLate: true,
      live: { departed: true },
    });
    await expectSameAsHome(after);
    await drive('stop', { tripId: item.tripId });
  });
});

describe('bays and platforms', () => {
  it('a stop’s bay is saved, shown on the board, and kept by a save that does not name it', async () => {
    const saved = await saveStop(await stop(KAVARSKAS), { bay: ' 3 ' });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.bay).toBe('3');
    expect((await board({ stops: [KAVARSKAS] })).data.stops).toEqual([
      { id: KAVARSKAS, name: 'Kavarskas', bay: '3' },
    ]);
    // The old client's save knows no bays: the bay stays.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/busstop/save/one',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: KAVARSKAS, name: 'Kavarskas', coords: null, defaultOption: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('bay');
    expect((await stop(KAVARSKAS)).bay).toBe('3');
    expect((await saveStop(await stop(KAVARSKAS), {})).status).toBe(200);
    expect((await stop(KAVARSKAS)).bay).toBe('3');
  });

  it('refuses a bay over 10 characters, naming the field, in both languages’ keys; changes nothing', async () => {
    const before = await stop(KAVARSKAS);
    const refused = await saveStop(before, { bay: 'Aikštelė 12B' });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('bay: Bay is too long: at most 10 characters');
    expect(await stop(KAVARSKAS)).toEqual(before);
  });

  it('is put back by the history, and cleared by an empty one', async () => {
    expect((await saveStop(await stop(KAVARSKAS), { bay: '' })).data.bay).toBeNull();
    const page = (await admin.query<HistoryPage>('admin.history.list', { kind: 'stop' })).data;
    const entry = page.items.find((i) => i.entityId === KAVARSKAS);
    expect(entry?.changes).toEqual([expect.objectContaining({ path: 'bay', before: '3', after: '—' })]);
    const restored = await admin.mutate('admin.history.restore', {
      id: entry?.id,
      baseVersion: entry?.version,
    });
    expect(restored.status, restored.message).toBe(200);
    expect((await stop(KAVARSKAS)).bay).toBe('3');
  });

  it('is carried by the dataset JSON', async () => {
    const dataset: TimetableDataset = await readTimetable(t.db.kysely);
    expect(dataset.stops.find((s) => s.id === KAVARSKAS)?.bay).toBe('3');
    expect(dataset.stops.find((s) => s.id === 1)).not.toHaveProperty('bay');
  });

  it('at the home station without a bay: the platforms of its lines that have one', async () => {
    const out = await departures(1, 'Out bound');
    const lineId = out.items[0]?.lineId as number;
    t.db.sqlite.prepare('UPDATE line SET anyk_station_platform = ? WHERE id = ?').run('5', lineId);
    // Answers are kept per data version: a write through SQL is a new generation for the reader.
    const answer = (await board({ stops: [1, KAVARSKAS] })).data;
    expect(answer.linePlatforms).toEqual([{ lineId, platform: '5' }]);
    // Once the station has a bay of its own, the lines' platforms are not asked for.
    expect((await saveStop(await stop(1), { bay: 'A' })).status).toBe(200);
    const withBay = (await board({ stops: [1, KAVARSKAS] })).data;
    expect(withBay.linePlatforms).toEqual([]);
    expect(withBay.stops[0]).toEqual({ id: 1, name: 'Anykščių AS', bay: 'A' });
  });
});
