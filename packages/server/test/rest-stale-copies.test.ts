import { readTimetable } from '@bus/db';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../src/services/admin/history.ts';
import {
  type AdminTestApp,
  adminApp,
  adminClient,
  createTestUser,
  tokenFor,
  toSaveInput,
  versionNow,
} from './admin-helpers.ts';
import { expectError, expectShape, rest, ScheduleByLine } from './rest-helpers.ts';

/**
 * The old REST whole-list save of a line's schedules (POST /api/scheduleItem/post-schedule-dto,
 * rest-contract §1.22 and §2.14) has no version: the old client posts back every schedule of the
 * line as it loaded it. A schedule sent back exactly as it was at an earlier time, but not as it
 * is now, was changed by someone else since the page was loaded: the whole save is refused with
 * 409 in the legacy error shape (the old client shows `message` in an alert), nothing written.
 * Schedules the user edited are saved as before. On the real Anykščiai data, line 7 (M17 B).
 */

type ScheduleDto = {
  id: number | null;
  lineId: number | string | null;
  runsOnWeekly: string[];
  runsOnYearlyId: number | string | null;
  runsOnPublicHolidays: boolean | string;
  timeConstraintsDescription: string | null;
  trips: {
    id: number | null;
    boundFor: string;
    routeId: number | null;
    routeDirReversed: boolean;
    timeList: (string | null)[];
  }[];
};

const LINE = 7;
let t: AdminTestApp;
let annaToken: string;
let bossToken: string;

// A fresh real-data app per test: each starts from the embedded timetable with no history.
beforeEach(async () => {
  await t?.app.close();
  t = await adminApp();
  bossToken = t.adminToken;
  await createTestUser(t, 'anna', ['ROLE_ADMIN']);
  annaToken = await tokenFor(t.db, 'anna', ['ROLE_ADMIN']);
});
afterAll(() => t.app.close());

/** What the old client loads: the line's schedule list (times 'HH:MM:SS'). */
async function load(token: string): Promise<ScheduleDto[]> {
  const res = await rest(t.app, 'GET', `/api/scheduleItem/schedule-by-line?lineId=${LINE}`, { token });
  expect(res.status).toBe(200);
  const body = res.json<{ data: ScheduleDto[] }>();
  expectShape(body, ScheduleByLine);
  return body.data;
}

/** What the old client posts: its whole list for the line. */
const post = (token: string, list: ScheduleDto[]) =>
  rest(t.app, 'POST', '/api/scheduleItem/post-schedule-dto', { token, body: list });

/** Everything a save could change, the history included. */
const stored = async () => ({
  timetable: await readTimetable(t.db.kysely),
  changes: t.db.sqlite.prepare('SELECT count(*) FROM change_log').pluck().get(),
});

/** The first trip's first time moved by a few minutes, as the old client sends an edited cell ('HH:MM'). */
function withFirstTime(schedule: ScheduleDto, time: string): ScheduleDto {
  const copy = structuredClone(schedule);
  const trip = copy.trips[0] as ScheduleDto['trips'][number];
  trip.timeList = [time, ...trip.timeList.slice(1)];
  return copy;
}

const replaced = (list: ScheduleDto[], schedule: ScheduleDto) =>
  list.map((s) => (s.id === schedule.id ? schedule : s));

describe('POST /api/scheduleItem/post-schedule-dto from a stale page', () => {
  it("refuses B's stale copy of a schedule A changed since (409, legacy shape), keeps A's edit, changes nothing", async () => {
    const loadedByA = await load(annaToken);
    const loadedByB = await load(bossToken);
    expect(loadedByB).toEqual(loadedByA);
    const x = loadedByA[0] as ScheduleDto;
    const y = loadedByA[1] as ScheduleDto;

    // A moves X's first departure and saves its whole list.
    const edited = withFirstTime(x, '05:55');
    expect((await post(annaToken, replaced(loadedByA, edited))).status).toBe(200);
    const afterA = await stored();

    // B saves its page as loaded, with an edit of its own to Y: X goes back unchanged, stale.
    const bEdit = { ...structuredClone(y), runsOnPublicHolidays: !y.runsOnPublicHolidays };
    const res = await post(bossToken, replaced(loadedByB, bEdit));
    expectError(
      res,
      409,
      new RegExp(
        `^Schedule ${x.id} of line M17 B was changed after this page was loaded \\(last by anna at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\)\\. Nothing was saved: reload the page`,
      ),
    );
    expect(res.json()).toMatchObject({ status: 409, error: 'Conflict' });
    expect(await stored()).toEqual(afterA);
    const now = await load(bossToken);
    expect(now.find((s) => s.id === x.id)?.trips[0]?.timeList[0]).toBe('05:55:00');
    expect(now.find((s) => s.id === y.id)).toEqual(y);
  });

  it("saves B's own edits when B's list has X as it is now (reloaded): 200, A's edit kept", async () => {
    const loadedByA = await load(annaToken);
    const x = loadedByA[0] as ScheduleDto;
    const y = loadedByA[1] as ScheduleDto;
    expect((await post(annaToken, replaced(loadedByA, withFirstTime(x, '05:55')))).status).toBe(200);

    const reloadedByB = await load(bossToken);
    const bEdit = withFirstTime(reloadedByB[1] as ScheduleDto, '23:10');
    const res = await post(bossToken, replaced(reloadedByB, bEdit));
    expect(res.status, res.body).toBe(200);
    const now = await load(bossToken);
    expect(now.find((s) => s.id === x.id)?.trips[0]?.timeList[0]).toBe('05:55:00');
    expect(now.find((s) => s.id === y.id)?.trips[0]?.timeList[0]).toBe('23:10:00');
    // Recorded under B, through the old door.
    const newest = (
      await adminClient(t.app, bossToken).query<HistoryPage>('admin.history.list', { kind: 'schedule' })
    ).data.items[0];
    expect(newest).toMatchObject({ entityId: y.id, username: 'boss', via: 'rest' });
  });

  it('a change A made on the admin board (tRPC) is protected the same way', async () => {
    const loadedByB = await load(bossToken);
    const x = loadedByB[0] as ScheduleDto;
    const admin = adminClient(t.app, annaToken);
    const { data } = await admin.query<{ schedules: { id: number }[]; version: number }>(
      'admin.schedules.byLine',
      {
        lineId: LINE,
      },
    );
    const schedule = data.schedules.find((s) => s.id === x.id) as unknown as ScheduleDto;
    const saved = await admin.mutate('admin.schedules.saveList', {
      lineId: LINE,
      schedules: [{ ...schedule, runsOnWeekly: ['SUNDAY'] }],
      baseVersion: data.version,
    });
    expect(saved.status, saved.message).toBe(200);
    const before = await stored();
    expectError(await post(bossToken, loadedByB), 409, /^Schedule \d+ of line M17 B was changed after/);
    expect(await stored()).toEqual(before);
  });

  it('names every stale schedule; the newest change says who and when', async () => {
    const loadedByB = await load(bossToken);
    const [x, y] = loadedByB as [ScheduleDto, ScheduleDto];
    const loadedByA = await load(annaToken);
    expect((await post(annaToken, replaced(loadedByA, withFirstTime(x, '05:55')))).status).toBe(200);
    const reloaded = await load(annaToken);
    expect((await post(annaToken, replaced(reloaded, withFirstTime(y, '05:56')))).status).toBe(200);
    expectError(
      await post(bossToken, loadedByB),
      409,
      new RegExp(
        `^Schedules ${x.id}, ${y.id} of line M17 B were changed after this page was loaded \\(last by anna`,
      ),
    );
  });

  it('a stale copy of a schedule whose times a line save moved is refused too', async () => {
    const loadedByB = await load(bossToken);
    // A adds a stop to the start of a route of the line: every trip on it gets a new, empty time.
    const admin = adminClient(t.app, annaToken);
    const line = (await admin.query<Parameters<typeof toSaveInput>[0]>('admin.lines.getFull', { id: LINE }))
      .data;
    const input = toSaveInput(line, line.version);
    const route = input.routes[0] as (typeof input.routes)[number];
    route.stopsArr = [{ id: 3 } as (typeof route.stopsArr)[number], ...route.stopsArr];
    route.distanceMetersList = [null, ...route.distanceMetersList];
    const saved = await admin.mutate<{ affectedSchedules: number[] }>('admin.lines.saveFull', input);
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data.affectedSchedules.length).toBeGreaterThan(0);
    const before = await stored();
    expectError(
      await post(bossToken, loadedByB),
      409,
      /^Schedules? [\d, ]+ of line M17 B (was|were) changed after this page was loaded \(last by anna/,
    );
    expect(await stored()).toEqual(before);
  });

  it('leaves alone a schedule someone added after the page was loaded (not in the list, not touched)', async () => {
    const loadedByB = await load(bossToken);
    const loadedByA = await load(annaToken);
    const template = loadedByA[0] as ScheduleDto;
    const fresh = {
      ...structuredClone(template),
      id: null,
      lineId: String(LINE),
      trips: template.trips.map((trip) => ({ ...trip, id: null })),
    };
    const added = await post(annaToken, [...loadedByA, fresh]);
    expect(added.status, added.body).toBe(200);
    const newId = (added.json<ScheduleDto[]>().at(-1) as ScheduleDto).id;

    // B's list is older than A's new schedule, and unchanged: saved (nothing to save), A's schedule stays.
    const res = await post(bossToken, loadedByB);
    expect(res.status, res.body).toBe(200);
    expect((await load(bossToken)).some((s) => s.id === newId)).toBe(true);
  });

  it('saving the list as loaded, or with edits only, works as before: the old client is not refused for nothing', async () => {
    const list = await load(bossToken);
    const before = await stored();
    expect((await post(bossToken, list)).status).toBe(200);
    expect(await stored()).toEqual(before);
    const edited = withFirstTime(list[2] as ScheduleDto, '04:44');
    expect((await post(bossToken, replaced(list, edited))).status).toBe(200);
    // The same page saves again after its own save (the old client keeps the answer as its list).
    const again = withFirstTime(edited, '04:45');
    expect((await post(bossToken, replaced(list, again))).status).toBe(200);
    expect((await load(bossToken)).find((s) => s.id === edited.id)?.trips[0]?.timeList[0]).toBe('04:45:00');
  });

  it('documented limit: an edit that puts a schedule back exactly as it was before someone’s change is refused too', async () => {
    const loadedByA = await load(annaToken);
    const x = loadedByA[0] as ScheduleDto;
    const oldTime = String(x.trips[0]?.timeList[0]);
    expect((await post(annaToken, replaced(loadedByA, withFirstTime(x, '05:55')))).status).toBe(200);
    // B reloads and types the old time back: indistinguishable from a stale copy without a version.
    const reloaded = await load(bossToken);
    const back = withFirstTime(reloaded[0] as ScheduleDto, oldTime);
    expectError(
      await post(bossToken, replaced(reloaded, back)),
      409,
      /was changed after this page was loaded/,
    );
    // The admin board, which sends versions, makes that edit.
    const admin = adminClient(t.app, bossToken);
    const { data } = await admin.query<{ schedules: { id: number }[] }>('admin.schedules.byLine', {
      lineId: LINE,
    });
    const current = data.schedules.find((s) => s.id === x.id) as unknown as ScheduleDto;
    const restored = await admin.mutate('admin.schedules.saveList', {
      lineId: LINE,
      schedules: [withFirstTime(current, oldTime.slice(0, 5))],
      baseVersion: await versionNow(t, { kind: 'schedules', lineId: LINE }),
    });
    expect(restored.status, restored.message).toBe(200);
  });
});
