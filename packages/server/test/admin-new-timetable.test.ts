import { addDays, isoWeekday } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { NewTimetableResult } from '../src/services/admin/new-timetable.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, type adminClient, shiftCopies, shiftTime, twoAdmins } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';
import { rest } from './rest-helpers.ts';

/**
 * "New timetable from ..." (issue 28) on the real Anykščiai data: line 1 is M35, its four
 * schedules (1-4) run from stop 1 (the first stop of route 1) out bound and back.
 */
const M35 = 1;
const STOP = 1;
/** The server's clock: Sunday 2026-11-29, 12:00 in Vilnius. */
const TODAY = '2026-11-29';
const clock = fixedClock('2026-11-29T10:00:00Z');

let t: AdminTestApp;
let boss: ReturnType<typeof adminClient>;
let anna: ReturnType<typeof adminClient>;
/** A Monday three weeks or more ahead of the server's clock on which M35 runs as a week before. */
let change: string;

beforeAll(async () => {
  ({ t, boss, anna } = await twoAdmins({ clock }));
  let day = addDays(TODAY, 21);
  while (isoWeekday(day) !== 1) day = addDays(day, 1);
  for (; ; day = addDays(day, 7)) {
    const [before, on] = [await m35Times(addDays(day, -7)), await m35Times(day)];
    if (on.length > 0 && JSON.stringify(before) === JSON.stringify(on)) break;
  }
  change = day;
});
afterAll(() => t.app.close());

const loaded = async (lineId = M35) =>
  (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId })).data;

/** M35's departures from stop 1 out bound on `date` as the site lists them: 'HH:MM@schedule'. */
async function m35Departures(date: string): Promise<string[]> {
  const res = await boss.query<DeparturesResult>('timetable.departures', {
    from: STOP,
    dir: 'Out bound',
    date,
  });
  expect(res.status).toBe(200);
  return res.data.items.filter((i) => i.lineId === M35).map((i) => `${i.timeDepart}@${i.schedId}`);
}
const m35Times = async (date: string) => (await m35Departures(date)).map((d) => d.slice(0, 5));

/** The old REST home-from answer's M35 times on `date` (its shape is checked by the REST tests). */
async function legacyTimes(date: string): Promise<string[]> {
  const res = await rest(
    t.app,
    'GET',
    `/api/scheduleItem/home-from?qdir=Out%20bound&qbstopfrom=${STOP}&qdate=${date}`,
  );
  expect(res.status).toBe(200);
  const items = res.json<{ lineId: number; timeDepart: string; schedId: number }[]>();
  for (const item of items)
    expect(Object.keys(item).sort()).toEqual([
      'lineId',
      'lineName',
      'name',
      'routeType',
      'schedId',
      'timeDepart',
      'tooLate',
      'tripId',
    ]);
  return items.filter((i) => i.lineId === M35).map((i) => i.timeDepart.slice(0, 5));
}

const newTimetable = (input: unknown, client = boss) =>
  client.mutate<NewTimetableResult>('admin.schedules.newTimetableFrom', input);

describe('admin.schedules.newTimetableFrom', () => {
  it('copies every schedule valid across the date, ends the originals the day before, one step to undo', async () => {
    const before = await loaded();
    const oldIds = before.schedules.map((s) => s.id);
    const weekBefore = await m35Departures(addDays(change, -7));
    const dayBefore = await m35Departures(addDays(change, -1));
    const onDate = await m35Departures(change);

    const res = await newTimetable({
      from: change,
      baseVersions: [{ lineId: M35, version: before.version }],
    });
    expect(res.message).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.data.copies.map((c) => c.originalId)).toEqual(oldIds);
    expect(res.data.changeIds).toHaveLength(oldIds.length * 2);

    const after = await loaded();
    expect(after.version).toBe(res.data.versions[0]?.version);
    for (const copy of res.data.copies) {
      const original = after.schedules.find((s) => s.id === copy.originalId);
      const made = after.schedules.find((s) => s.id === copy.copyId);
      expect(original?.validFrom).toBeNull();
      expect(original?.validUntil).toBe(addDays(change, -1));
      expect(made?.validFrom).toBe(change);
      expect(made?.validUntil).toBeNull();
      // The copy has the original's days, rule, holidays flag, description, trips and times.
      const strip = (s: typeof made) => ({
        runsOnWeekly: s?.runsOnWeekly,
        runsOnYearlyId: s?.runsOnYearlyId,
        runsOnPublicHolidays: s?.runsOnPublicHolidays,
        timeConstraintsDescription: s?.timeConstraintsDescription,
        trips: s?.trips.map(({ id: _id, scheduleId: _s, ...trip }) => trip),
      });
      expect(strip(made)).toEqual(strip(original));
    }
    // The site: the same times on both sides, the originals before the date, the copies from it.
    const copyOf = new Map(res.data.copies.map((c) => [c.originalId, c.copyId]));
    expect(await m35Departures(addDays(change, -7))).toEqual(weekBefore);
    expect(await m35Departures(addDays(change, -1))).toEqual(dayBefore);
    expect(await m35Departures(change)).toEqual(
      onDate.map((d) => `${d.slice(0, 6)}${copyOf.get(Number(d.slice(6)))}`),
    );

    // Undo in one step: the history offers the save once; restoring it puts M35 back.
    const page = await boss.query<HistoryPage>('admin.history.list', { kind: 'schedule', lineId: M35 });
    const newest = Math.max(...res.data.changeIds);
    const entry = page.data.items.find((i) => i.id === newest);
    expect(entry?.batchRestore?.size).toBe(oldIds.length * 2);
    const undo = await boss.mutate<{ changeIds: number[] }>('admin.history.restoreBatch', {
      id: newest,
      baseVersion: entry?.batchRestore?.version,
    });
    expect(undo.message).toBeUndefined();
    expect((await loaded()).schedules).toEqual(before.schedules);
    expect(await m35Departures(change)).toEqual(onDate);
  });

  it('copies only the chosen schedules; staff shift the copies and riders see old times before the date, new from it', async () => {
    const before = await loaded();
    const legacyBefore = await legacyTimes(addDays(change, -7));
    const legacyOn = await legacyTimes(change);
    const chosen = before.schedules.filter((s) => s.runsOnWeekly.includes('MONDAY')).map((s) => s.id);
    const res = await newTimetable({
      from: change,
      scheduleIds: chosen,
      baseVersions: [{ lineId: M35, version: before.version }],
    });
    expect(res.status).toBe(200);
    expect(res.data.copies.map((c) => c.originalId)).toEqual(chosen);
    const untouched = before.schedules.filter((s) => !chosen.includes(s.id));
    const now = await loaded();
    for (const s of untouched) expect(now.schedules.find((n) => n.id === s.id)).toEqual(s);

    // The copies' times 10 minutes later, saved as the editor saves them.
    const saved = await shiftCopies(boss, M35, new Set(res.data.copies.map((c) => c.copyId)), 10);
    expect(saved.message).toBeUndefined();
    // The old REST answer keeps its shape: the old times before the date, 10 minutes later from it.
    expect(await legacyTimes(addDays(change, -7))).toEqual(legacyBefore);
    expect(await legacyTimes(change)).toEqual(legacyOn.map((time) => shiftTime(time, 10)));
    expect(await m35Times(change)).toEqual(legacyOn.map((time) => shiftTime(time, 10)));
    expect(await m35Times(addDays(change, -1))).toEqual(await legacyTimes(addDays(change, -1)));

    // Riders: the stop and the line say a new timetable starts; the comparison marks the moves.
    const stop = await boss.query<DeparturesResult>('timetable.departures', { from: STOP, dir: 'Out bound' });
    const line = await boss.query<{ newTimetableFrom?: string }>('timetable.lineTimetable', { id: M35 });
    // The date is three to four weeks ahead: within the 60 days riders are told of.
    expect(change <= addDays(TODAY, 60)).toBe(true);
    expect(stop.data.newTimetables).toEqual([{ lineId: M35, lineName: 'M35', from: change }]);
    expect(line.data.newTimetableFrom).toBe(change);
    const compared = await boss.query<{
      before: { date: string; rows: { lineId: number; time: string; mark: string; otherTime?: string }[] };
      after: { date: string; rows: { lineId: number; time: string; mark: string; otherTime?: string }[] };
    }>('timetable.compare', { from: STOP, dir: 'Out bound', change });
    expect(compared.status).toBe(200);
    expect(compared.data.before.date).toBe(addDays(change, -1));
    expect(compared.data.after.date).toBe(addDays(change, 6));
    // The compared days are Sundays: M35's Sunday-only schedule was not copied and stays the same.
    const moved = compared.data.after.rows.filter((r) => r.lineId === M35 && r.mark === 'moved');
    expect(moved.length).toBeGreaterThan(0);
    for (const row of moved) expect(shiftTime(row.otherTime ?? null, 10)).toBe(row.time);
    expect(compared.data.after.rows.filter((r) => r.lineId !== M35).every((r) => r.mark !== 'moved')).toBe(
      true,
    );
  });

  it('refuses a stale page, bad dates and schedules not valid across the date, changing nothing', async () => {
    const before = await loaded();
    const count = () => t.db.sqlite.prepare('SELECT count(*) AS n FROM change_log').get();
    const changes = count();
    // Someone else saved M35 since the page loaded.
    const stale = await newTimetable({
      from: addDays(change, 14),
      baseVersions: [{ lineId: M35, version: 1 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/was changed by boss/);
    const badDate = await newTimetable({
      from: '2027-02-30',
      baseVersions: [{ lineId: M35, version: before.version }],
    });
    expect(badDate.status).toBe(400);
    expect(badDate.message).toMatch(/date must be a calendar date written YYYY-MM-DD/);
    // The copies made from `change` on do not run before it: a new timetable from that date cannot copy them.
    const copy = before.schedules.find((s) => s.validFrom === change) as (typeof before.schedules)[number];
    const outside = await newTimetable({
      from: change,
      scheduleIds: [copy.id],
      baseVersions: [{ lineId: M35, version: before.version }],
    });
    expect(outside.status).toBe(400);
    expect(outside.message).toBe(
      `Schedule ${copy.id} is not valid both before ${change} and from it: a new timetable from a date copies schedules valid on the day before it and on it`,
    );
    // A schedule of another line needs that line's version.
    const other = await newTimetable({
      from: addDays(change, 14),
      scheduleIds: [14],
      baseVersions: [{ lineId: M35, version: before.version }],
    });
    expect(other.status).toBe(400);
    expect(other.message).toMatch(/baseVersions is required for line 7/);
    expect(count()).toEqual(changes);
    expect(await loaded()).toEqual(before);
  });

  it('the schedule save takes a window and refuses one that ends before it starts or a date that is none', async () => {
    const { schedules, version } = await loaded(7);
    const first = schedules[0] as (typeof schedules)[number];
    const save = (validFrom: unknown, validUntil: unknown, client = anna) =>
      client.mutate('admin.schedules.saveList', {
        lineId: 7,
        baseVersion: version,
        schedules: [{ ...first, validFrom, validUntil }],
      });
    const reversed = await save('2027-03-01', '2027-02-28');
    expect(reversed.status).toBe(400);
    expect(reversed.message).toBe("A schedule's last valid date is before its first valid date");
    const notADate = await save('2027-02-29', null);
    expect(notADate.status).toBe(400);
    expect(notADate.message).toMatch(/date must be a calendar date written YYYY-MM-DD/);
    expect((await loaded(7)).version).toBe(version);
    const ok = await save('', '2027-06-30');
    expect(ok.message).toBeUndefined();
    const stored = (await loaded(7)).schedules[0];
    expect([stored?.validFrom, stored?.validUntil]).toEqual([null, '2027-06-30']);
  });
});
