import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceChangesPage } from '../src/public-read/notices.ts';
import type { lineTimetableOn, tripScheduleOn } from '../src/public-read/timetable.ts';
import { pageMeta } from '../src/web-pages.ts';
import { type AdminTestApp, adminApp, adminClient, tokenFor } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

/**
 * Issue 27 on the line and trip pages and the Service changes page, on the real data: staff
 * cancel a trip, move another, close a stop and post notices through admin.serviceChanges; the
 * public answers say so on the dates they hold, and only then.
 */

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;
// 2026-12-01 09:30 in Vilnius, a Tuesday; Thursday is 2026-12-03.
const clock = fixedClock('2026-12-01T07:30:00Z');
const THURSDAY = '2026-12-03';
const FRIDAY = '2026-12-04';

type Line = Extract<Awaited<ReturnType<typeof lineTimetableOn>>, { nothingFound: false }>;
type Trip = Awaited<ReturnType<typeof tripScheduleOn>>;
interface Departure {
  tripId: number;
  lineId: number;
  schedId: number;
  timeDepart: string;
  lineName: string;
}

let cancelled: Departure;
let moved: Departure;
let closedStopId: number;
const ids: Record<'cancel' | 'retime' | 'closure' | 'lineNotice' | 'network' | 'later', number> = {
  cancel: 0,
  retime: 0,
  closure: 0,
  lineNotice: 0,
  network: 0,
  later: 0,
};

async function save(input: Record<string, unknown>): Promise<number> {
  const result = await client.mutate<{ id: number }>('admin.serviceChanges.save', {
    id: null,
    baseVersion: 0,
    ...input,
  });
  expect(result.status, result.message).toBe(200);
  return result.data.id;
}

const line = async (id: number, date?: string) =>
  (await trpcQuery<Line>(t.app, 'timetable.lineTimetable', { id, ...(date ? { date } : {}) })).data;
const trip = async (id: number, date?: string) =>
  (await trpcQuery<Trip>(t.app, 'timetable.tripSchedule', { id, ...(date ? { date } : {}) })).data;

beforeAll(async () => {
  t = await adminApp({ clock });
  client = adminClient(t.app, await tokenFor(t.db, 'boss', ['ROLE_ADMIN'], clock()));
  // Two departures of one line from the home station on Thursday, as the home lists them.
  const { data } = await trpcQuery<{ items: Departure[] }>(t.app, 'timetable.departures', {
    from: 1,
    dir: 'Out bound',
    date: THURSDAY,
  });
  const first = data.items.find((d) =>
    data.items.some((other) => other.lineId === d.lineId && other.tripId !== d.tripId),
  );
  const second = data.items.find((d) => d.lineId === first?.lineId && d.tripId !== first?.tripId);
  if (!first || !second) throw new Error('no line with two departures on Thursday');
  [cancelled, moved] = [first, second];
  const lineTrip = (await trip(moved.tripId)).schedule.trips.find((x) => x.id === moved.tripId);
  const stops = lineTrip?.routeDirReversed
    ? [...lineTrip.route.stopsArr].reverse()
    : lineTrip?.route.stopsArr;
  const secondStop = stops?.[1];
  if (!secondStop) throw new Error(`trip ${moved.tripId} has no second stop`);
  closedStopId = secondStop.id;

  ids.cancel = await save({
    kind: 'cancel',
    from: THURSDAY,
    tripIds: [cancelled.tripId],
    reason: 'kelio darbai',
  });
  ids.retime = await save({ kind: 'retime', from: THURSDAY, tripIds: [moved.tripId], shiftMinutes: 15 });
  ids.closure = await save({ kind: 'closure', from: THURSDAY, until: FRIDAY, stopIds: [closedStopId] });
  ids.lineNotice = await save({
    kind: 'notice',
    from: '2026-11-20',
    until: THURSDAY,
    lineIds: [cancelled.lineId],
    titleLt: 'Maršrutas važiuoja apvažiavimu',
    textLt: 'Dėl remonto autobusai važiuoja kitu keliu.',
    titleEn: 'The line takes a detour',
  });
  ids.network = await save({ kind: 'notice', from: null, until: '2026-12-02', titleLt: 'Šventinis eismas' });
  ids.later = await save({ kind: 'notice', from: '2026-12-20', until: null, titleLt: 'Žiemos tvarkaraštis' });
});
afterAll(() => t.app.close());

describe('timetable.lineTimetable with service changes', () => {
  it("marks Thursday's cancelled and moved departures and closed stop, with the notices holding then", async () => {
    const answer = await line(cancelled.lineId, THURSDAY);
    expect(answer.date).toBe(THURSDAY);
    const notices = (answer.notices ?? []).map((n) => n.id);
    expect(notices).toEqual(expect.arrayContaining([ids.cancel, ids.retime, ids.closure, ids.lineNotice]));
    expect(notices).not.toContain(ids.network);
    expect(notices).not.toContain(ids.later);
    const lineNotice = answer.notices?.find((n) => n.id === ids.lineNotice);
    expect(lineNotice).toEqual({
      id: ids.lineNotice,
      kind: 'notice',
      from: '2026-11-20',
      until: THURSDAY,
      titleLt: 'Maršrutas važiuoja apvažiavimu',
      textLt: 'Dėl remonto autobusai važiuoja kitu keliu.',
      titleEn: 'The line takes a detour',
      textEn: null,
      url: null,
    });
    const cancel = answer.tripChanges?.find((c) => c.tripId === cancelled.tripId);
    expect(cancel).toEqual({
      tripId: cancelled.tripId,
      cancelled: true,
      reason: 'kelio darbai',
      times: null,
      changeId: ids.cancel,
    });
    const retime = answer.tripChanges?.find((c) => c.tripId === moved.tripId);
    const plannedTrip = answer.schedules.flatMap((s) => s.trips).find((x) => x.id === moved.tripId);
    const shifted = plannedTrip?.timeList.map((time) => {
      if (time === null) return null;
      const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 15;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    });
    expect(retime).toMatchObject({ cancelled: false, changeId: ids.retime, times: shifted });
    expect(answer.closedStops).toEqual([
      { stopId: closedStopId, insteadStop: null, reason: null, changeId: ids.closure },
    ]);
  });

  it('is as planned on Friday, with the closure still there, and on Wednesday with no changes', async () => {
    const friday = await line(cancelled.lineId, FRIDAY);
    expect(friday.tripChanges).toEqual([]);
    expect(friday.notices?.map((n) => n.id)).toEqual([ids.closure]);
    expect(friday.closedStops?.map((c) => c.stopId)).toEqual([closedStopId]);
    // Today (no date): the network notice holds until Wednesday, the line's notice too.
    const today = await line(cancelled.lineId);
    expect(today.date).toBe('2026-12-01');
    expect(today.notices?.map((n) => n.id)).toEqual([ids.lineNotice, ids.network]);
    expect(today.tripChanges).toEqual([]);
  });

  it("keeps the old fields and leaves another line's notices out", async () => {
    const { data: lines } = await trpcQuery<{ id: number }[]>(t.app, 'timetable.lines', {});
    const other = lines.find((l) => l.id !== cancelled.lineId) as { id: number };
    const answer = await line(other.id, THURSDAY);
    expect(answer).toMatchObject({ nothingFound: false, date: THURSDAY });
    expect(answer.notices?.map((n) => n.id)).not.toContain(ids.lineNotice);
    expect(answer.tripChanges?.map((c) => c.tripId)).not.toContain(cancelled.tripId);
  });
});

describe('timetable.tripSchedule with service changes', () => {
  it('marks the trip cancelled on Thursday only, with its reason and notices', async () => {
    const thursday = await trip(cancelled.tripId, THURSDAY);
    expect(thursday.date).toBe(THURSDAY);
    expect(thursday.tripChanges).toContainEqual(
      expect.objectContaining({ tripId: cancelled.tripId, cancelled: true, reason: 'kelio darbai' }),
    );
    expect(thursday.notices?.map((n) => n.id)).toContain(ids.cancel);
    const friday = await trip(cancelled.tripId, FRIDAY);
    expect(friday.tripChanges?.find((c) => c.tripId === cancelled.tripId)).toBeUndefined();
    expect(friday.notices?.map((n) => n.id)).not.toContain(ids.cancel);
    expect((await trip(cancelled.tripId)).date).toBe('2026-12-01');
  });

  it('gives the moved trip its new times and its closed stop; refuses a bad date, answers NOT_FOUND as before', async () => {
    const thursday = await trip(moved.tripId, THURSDAY);
    const change = thursday.tripChanges?.find((c) => c.tripId === moved.tripId);
    expect(change?.cancelled).toBe(false);
    expect(change?.times?.find((x) => x !== null)).not.toBe(moved.timeDepart);
    expect(thursday.closedStops?.map((c) => c.stopId)).toContain(closedStopId);
    const bad = await trpcQuery(t.app, 'timetable.tripSchedule', { id: moved.tripId, date: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toMatch(/date must be a calendar date/);
    expect((await trpcQuery(t.app, 'timetable.tripSchedule', { id: 99_999_999 })).status).toBe(404);
  });
});

describe('timetable.serviceChanges and timetable.noticesToday', () => {
  it('lists the current notices (the latest begun first) and the upcoming ones (the soonest first), naming lines and stops', async () => {
    const { data, status } = await trpcQuery<ServiceChangesPage>(t.app, 'timetable.serviceChanges', {});
    expect(status).toBe(200);
    expect(data.today).toBe('2026-12-01');
    expect(data.current.map((n) => n.id)).toEqual([ids.lineNotice, ids.network]);
    expect(data.upcoming.map((n) => n.id)).toEqual([ids.cancel, ids.retime, ids.closure, ids.later]);
    const cancel = data.upcoming[0];
    expect(cancel).toMatchObject({
      status: 'upcoming',
      effect: 'NO_SERVICE',
      lines: [{ id: cancelled.lineId, name: cancelled.lineName }],
      tripIds: [cancelled.tripId],
    });
    const closure = data.upcoming.find((n) => n.id === ids.closure);
    expect(closure?.stops).toEqual([{ id: closedStopId, name: expect.any(String) }]);
    expect(closure?.stops[0]?.name).not.toBe(String(closedStopId));
  });

  it('counts the notices holding today, and caches both by day with an ETag', async () => {
    const today = await trpcQuery<{ count: number }>(t.app, 'timetable.noticesToday', {});
    expect(today.data).toEqual({ count: 2 });
    const first = await t.app.inject({ method: 'GET', url: '/trpc/timetable.serviceChanges?input=%7B%7D' });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/trpc/timetable.serviceChanges?input=%7B%7D',
      headers: { 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the /changes page', () => {
  it('is a page of the app (200, titled), not a missing one', async () => {
    expect(await pageMeta(t.db, '/changes', new URLSearchParams())).toMatchObject({
      status: 200,
      title: 'Service changes – Anyksciai bus timetable',
      index: true,
    });
    expect((await pageMeta(t.db, '/changes/1', new URLSearchParams())).status).toBe(404);
  });
});
