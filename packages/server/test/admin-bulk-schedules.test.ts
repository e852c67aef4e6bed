import { UNVERSIONED } from '@bus/core';
import { listSchedules, updateSchedule } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import { type BulkSchedulesResult, bulkUpdateSchedules } from '../src/services/admin/bulk-schedules.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import { type Actor, recordedWrite } from '../src/services/admin/recorded-write.ts';
import type { LineSchedules, RuleScheduleGroup } from '../src/services/admin/schedules.ts';
import { scheduleStates } from '../src/services/admin/states.ts';
import { type AdminTestApp, type adminClient, twoAdmins } from './admin-helpers.ts';

/**
 * Bulk schedule changes on the real Anykščiai data: schedules 16 and 17 (line 7, M17 B) and 19
 * (line 8) run on rule 3 "Mokslo metu" (school time), Monday to Friday.
 */
const FAILED = "Input validation failed, check if everything's entered right";
const SCHOOL_DAY = '2026-03-04'; // a Wednesday in rule 3's periods, not in rule 2's
const SUMMER_DAY = '2026-07-15'; // a Wednesday in rule 2 (summer holidays), not in rule 3
const SATURDAY = '2026-03-07';

let t: AdminTestApp;
let boss: ReturnType<typeof adminClient>;
let anna: ReturnType<typeof adminClient>;

beforeAll(async () => {
  ({ t, boss, anna } = await twoAdmins());
});
afterAll(() => t.app.close());

const version = async (lineId: number) =>
  (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId })).data.version;
const facts = async (lineId: number) =>
  (await boss.query<LineSchedules>('admin.schedules.byLine', { lineId })).data.schedules.map((s) => ({
    id: s.id,
    rule: s.runsOnYearlyId,
    days: s.runsOnWeekly,
  }));
const bulk = (input: unknown) => boss.mutate<BulkSchedulesResult>('admin.schedules.bulkUpdate', input);
const counts = () =>
  t.db.sqlite
    .prepare(
      `SELECT (SELECT count(*) FROM change_log) AS changes,
              (SELECT group_concat(id || ':' || rule_id || ':' || weekday_mask) FROM schedule) AS schedules,
              (SELECT count(*) || ':' || total(rule_id * 8 + weekday_mask) FROM departure_visit) AS departures`,
    )
    .get();

/** Schedules with a public departure on `date` from any stop their trips serve (both directions). */
async function publicSchedules(date: string, stops: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const from of stops)
    for (const dir of ['Out bound', 'City bound']) {
      const res = await boss.query<DeparturesResult>('timetable.departures', { from, dir, date });
      expect(res.status).toBe(200);
      for (const item of res.data.items) found.add(item.schedId);
    }
  return found;
}

/** The first stop of each trip of these schedules (where a departure of each is sure to be listed). */
function firstStops(scheduleIds: number[]): number[] {
  const rows = t.db.sqlite
    .prepare(
      `SELECT DISTINCT rs.stop_id AS stop FROM trip
         JOIN route_stop rs ON rs.route_id = trip.route_id
       WHERE trip.schedule_id IN (${scheduleIds.map(() => '?').join(',')})`,
    )
    .all(...scheduleIds) as { stop: number }[];
  return rows.map((r) => r.stop);
}

describe('admin.schedules.bulkUpdate', () => {
  it('moves schedules of two lines to another rule at once: the public departures follow, one batch in the history, restorable', async () => {
    const ids = [16, 17, 19];
    const stops = firstStops(ids);
    const schoolBefore = await publicSchedules(SCHOOL_DAY, stops);
    const summerBefore = await publicSchedules(SUMMER_DAY, stops);
    for (const id of ids) {
      expect(schoolBefore.has(id)).toBe(true);
      expect(summerBefore.has(id)).toBe(false);
    }

    // The rule's page: the lines using rule 3 with the version of each line's schedules.
    const groups = (await boss.query<RuleScheduleGroup[]>('admin.rules.schedulesByRule', { ruleId: 3 })).data;
    const baseVersions = groups.map((g) => ({ lineId: g.line.id, version: g.version }));
    expect(baseVersions.find((b) => b.lineId === 7)?.version).toBe(await version(7));

    const res = await bulk({ scheduleIds: ids, runsOnYearlyId: 2, baseVersions });
    expect(res.message).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.data.schedules.map((s) => [s.id, s.runsOnYearlyId])).toEqual([
      [16, 2],
      [17, 2],
      [19, 2],
    ]);
    expect(res.data.versions).toEqual([
      { lineId: 7, version: await version(7) },
      { lineId: 8, version: await version(8) },
    ]);
    // Only the rule changed: weekdays, trips and times stay.
    expect(await facts(7)).toEqual([
      { id: 14, rule: 2, days: expect.any(Array) },
      { id: 15, rule: 1, days: expect.any(Array) },
      { id: 16, rule: 2, days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] },
      { id: 17, rule: 2, days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] },
      { id: 18, rule: 3, days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] },
    ]);

    const schoolAfter = await publicSchedules(SCHOOL_DAY, stops);
    const summerAfter = await publicSchedules(SUMMER_DAY, stops);
    for (const id of ids) {
      expect(schoolAfter.has(id)).toBe(false);
      expect(summerAfter.has(id)).toBe(true);
    }
    const ruleThree = (await boss.query<RuleScheduleGroup[]>('admin.rules.schedulesByRule', { ruleId: 3 }))
      .data;
    expect(ruleThree.flatMap((g) => g.schedules.map((s) => s.id))).not.toContain(16);

    // One batch in the history: an entry per schedule, naming the rule change field by field.
    const page = (await boss.query<HistoryPage>('admin.history.list', { kind: 'schedule' })).data;
    const entries = page.items.filter((i) => res.data.changeIds.includes(i.id));
    expect(entries.map((e) => [e.entityId, e.username, e.action])).toEqual(
      expect.arrayContaining([
        [16, 'boss', 'update'],
        [17, 'boss', 'update'],
        [19, 'boss', 'update'],
      ]),
    );
    expect(entries).toHaveLength(3);
    const of16 = entries.find((e) => e.entityId === 16);
    expect(of16?.restorable).toBe(true);
    expect(of16?.changes).toEqual([
      expect.objectContaining({ path: 'runsOnYearlyId', before: '3', after: '2' }),
    ]);

    // The history puts schedule 16 back on its rule; the public departures follow again.
    const restored = await boss.mutate<{ changeIds: number[] }>('admin.history.restore', {
      id: of16?.id,
      baseVersion: of16?.version,
    });
    expect(restored.status).toBe(200);
    expect((await facts(7)).find((s) => s.id === 16)?.rule).toBe(3);
    expect((await publicSchedules(SCHOOL_DAY, stops)).has(16)).toBe(true);
    expect((await publicSchedules(SUMMER_DAY, stops)).has(16)).toBe(false);
  });

  it('sets the weekdays of several schedules at once (rules untouched) and the public day follows', async () => {
    const ids = [16, 18];
    const stops = firstStops(ids);
    expect((await publicSchedules(SATURDAY, stops)).has(18)).toBe(false);
    const res = await bulk({
      scheduleIds: ids,
      runsOnWeekly: ['SATURDAY', 'SUNDAY'],
      baseVersions: [{ lineId: 7, version: await version(7) }],
    });
    expect(res.status).toBe(200);
    const after = await facts(7);
    expect(after.find((s) => s.id === 16)).toEqual({ id: 16, rule: 3, days: ['SATURDAY', 'SUNDAY'] });
    expect(after.find((s) => s.id === 18)).toEqual({ id: 18, rule: 3, days: ['SATURDAY', 'SUNDAY'] });
    // 2026-03-07 is a Saturday of school time (rule 3).
    const saturday = await publicSchedules(SATURDAY, stops);
    expect(saturday.has(16)).toBe(true);
    expect(saturday.has(18)).toBe(true);
    expect((await publicSchedules(SCHOOL_DAY, stops)).has(18)).toBe(false);
    expect(res.data.changeIds).toHaveLength(2);
  });

  it('moves and sets weekdays in one save; nothing changed records nothing', async () => {
    const v = await version(7);
    const res = await bulk({
      scheduleIds: [18],
      runsOnYearlyId: 1,
      runsOnWeekly: ['MONDAY'],
      baseVersions: [{ lineId: 7, version: v }],
    });
    expect(res.status).toBe(200);
    expect((await facts(7)).find((s) => s.id === 18)).toEqual({ id: 18, rule: 1, days: ['MONDAY'] });
    const again = await bulk({
      scheduleIds: [18],
      runsOnYearlyId: 1,
      baseVersions: [{ lineId: 7, version: await version(7) }],
    });
    expect(again.status).toBe(200);
    expect(again.data.changeIds).toEqual([]);
  });

  it('refuses a page loaded before someone else saved (409 naming them); nothing is written', async () => {
    const loaded7 = await version(7);
    const loaded8 = await version(8);
    // anna saves line 8's schedules after the page was loaded.
    const annaSave = await anna.mutate('admin.schedules.bulkUpdate', {
      scheduleIds: [20],
      runsOnWeekly: ['MONDAY', 'TUESDAY'],
      baseVersions: [{ lineId: 8, version: loaded8 }],
    });
    expect(annaSave.status).toBe(200);
    const before = counts();
    const stale = await bulk({
      scheduleIds: [17, 20],
      runsOnYearlyId: 5,
      baseVersions: [
        { lineId: 7, version: loaded7 },
        { lineId: 8, version: loaded8 },
      ],
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/changed by anna at \d{4}-\d{2}-\d{2} \d{2}:\d{2} after you opened it/);
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'anna' });
    expect(counts()).toEqual(before);

    // The first line stale too: refused the same way.
    const staleFirst = await bulk({
      scheduleIds: [17],
      runsOnYearlyId: 5,
      baseVersions: [{ lineId: 7, version: loaded7 - 1 }],
    });
    expect(staleFirst.status).toBe(409);
    expect(counts()).toEqual(before);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const v7 = await version(7);
    const base = [{ lineId: 7, version: v7 }];
    const before = counts();
    const cases: [unknown, number, string | RegExp][] = [
      [
        { scheduleIds: [16, 999999], runsOnYearlyId: 2, baseVersions: base },
        404,
        'Schedule 999999 does not exist',
      ],
      [{ scheduleIds: [16], runsOnYearlyId: 4242, baseVersions: base }, 404, /4242/],
      // A schedule of a line whose version the page did not send, or no versions at all.
      [
        { scheduleIds: [16, 19], runsOnYearlyId: 2, baseVersions: base },
        400,
        'baseVersions is required for line 8 (the version of its schedules the page loaded)',
      ],
      [{ scheduleIds: [16], runsOnYearlyId: 2 }, 400, /^baseVersions: baseVersions is required \(/],
      [{ scheduleIds: [16], baseVersions: base }, 400, FAILED],
      [{ scheduleIds: [], runsOnYearlyId: 2, baseVersions: base }, 400, FAILED],
      [{ scheduleIds: [16, 16], runsOnYearlyId: 2, baseVersions: base }, 400, FAILED],
      [{ scheduleIds: [16], runsOnWeekly: [], baseVersions: base }, 400, FAILED],
      [{ scheduleIds: [16], runsOnWeekly: ['FUNDAY'], baseVersions: base }, 400, FAILED],
      [{ scheduleIds: [16], runsOnYearlyId: -1, baseVersions: base }, 400, FAILED],
    ];
    for (const [input, status, message] of cases) {
      const res = await bulk(input);
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect(res.message, JSON.stringify(input)).toMatch(message);
    }
    expect(counts()).toEqual(before);
    expect(await version(7)).toBe(v7);
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.schedules.bulkUpdate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ scheduleIds: [16], runsOnYearlyId: 2, baseVersions: [] }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin.history.restoreBatch', () => {
  const restoreBatch = (id: unknown, baseVersion: number | undefined) =>
    boss.mutate<{ changeIds: number[] }>('admin.history.restoreBatch', { id, baseVersion });
  const stored = () => {
    const { schedules, departures } = counts() as { schedules: string; departures: string };
    return { schedules, departures };
  };
  const historyOf = async (ids: number[]) =>
    (await boss.query<HistoryPage>('admin.history.list', { kind: 'schedule', limit: 200 })).data.items.filter(
      (i) => ids.includes(i.id),
    );

  it('puts every schedule of a bulk change of two lines back in one step, the public departures too', async () => {
    const before = { line7: await facts(7), line8: await facts(8), stored: stored() };
    const res = await bulk({
      scheduleIds: [16, 17, 19, 20],
      runsOnYearlyId: 5,
      runsOnWeekly: ['WEDNESDAY'],
      baseVersions: [
        { lineId: 7, version: await version(7) },
        { lineId: 8, version: await version(8) },
      ],
    });
    expect(res.status).toBe(200);
    expect(stored()).not.toEqual(before.stored);

    // The history offers the whole save once, on its newest entry (listed first).
    const entries = await historyOf(res.data.changeIds);
    expect(entries).toHaveLength(4);
    const newest = Math.max(...res.data.changeIds);
    for (const e of entries)
      expect(e.batchRestore).toEqual(
        e.id === newest ? { size: 4, what: 'schedules', version: expect.any(Number) } : null,
      );
    const loaded = entries.find((e) => e.id === newest)?.batchRestore?.version;

    // Any entry of the save restores all of it.
    const restored = await restoreBatch(Math.min(...res.data.changeIds), loaded);
    expect(restored.message).toBeUndefined();
    expect(restored.status).toBe(200);
    expect(restored.data.changeIds).toHaveLength(4);
    expect(await facts(7)).toEqual(before.line7);
    expect(await facts(8)).toEqual(before.line8);
    expect(stored()).toEqual(before.stored);
    // The restore is one batch itself, naming the save it undid (and can be undone the same way).
    const undo = await historyOf(restored.data.changeIds);
    expect(undo.every((e) => e.restoredFrom === Math.min(...res.data.changeIds))).toBe(true);
    expect(undo.find((e) => e.id === Math.max(...restored.data.changeIds))?.batchRestore).toEqual({
      size: 4,
      what: 'schedules',
      version: Math.max(...restored.data.changeIds),
    });
  });

  it('offers nothing for a save of one schedule, refuses what is not a schedules save, and changes nothing', async () => {
    const single = await bulk({
      scheduleIds: [18],
      runsOnWeekly: ['TUESDAY'],
      baseVersions: [{ lineId: 7, version: await version(7) }],
    });
    expect(single.status).toBe(200);
    expect((await historyOf(single.data.changeIds))[0]?.batchRestore).toBeNull();

    const holiday = await boss.mutate<{ id: number }>('admin.holidays.save', {
      id: null,
      name: 'Batch test',
      month: 4,
      day: 4,
      baseVersion: 0,
    });
    expect(holiday.status).toBe(200);
    const holidayChange = (
      await boss.query<HistoryPage>('admin.history.list', { kind: 'holiday' })
    ).data.items.find((i) => i.entityId === holiday.data.id);
    const before = counts();
    const notSchedules = await restoreBatch(holidayChange?.id, holidayChange?.version);
    expect(notSchedules.status).toBe(400);
    expect(notSchedules.message).toBe(FAILED);
    const unknown = await restoreBatch(999999, 0);
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('Change 999999 does not exist');
    expect((await restoreBatch('x', 0)).status).toBe(400);
    expect(counts()).toEqual(before);
  });

  it('refuses, changing nothing, when a line of the save has been deleted since', async () => {
    const res = await bulk({
      scheduleIds: [17, 19],
      runsOnWeekly: ['THURSDAY'],
      baseVersions: [
        { lineId: 7, version: await version(7) },
        { lineId: 8, version: await version(8) },
      ],
    });
    expect(res.status).toBe(200);
    const line8 = await boss.query<{ version: number }>('admin.lines.getFull', { id: 8 });
    const deleted = await boss.mutate('admin.lines.delete', { id: 8, baseVersion: line8.data.version });
    expect(deleted.status).toBe(200);
    // The history page, loaded after the delete, offers the save's restore.
    const offered = (await historyOf([Math.max(...res.data.changeIds)]))[0]?.batchRestore?.version;
    const before = counts();
    const refused = await restoreBatch(res.data.changeIds[0], offered);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('Line 8 no longer exists: restore the line first');
    expect(counts()).toEqual(before);
    expect((await facts(7)).find((s) => s.id === 17)?.days).toEqual(['THURSDAY']);
  });
});

describe('admin.schedules.bulkUpdate versions', () => {
  it("hands back the lines' versions its own write made, not a save that came in just after it", async () => {
    const loaded7 = await version(7);
    // Someone else's save of line 7 (an old REST path: not version-checked) asked for while the
    // bulk save is in its transaction: it runs as soon as that commits.
    let other: Promise<unknown> | undefined;
    const actor: Actor = {
      username: 'boss',
      via: 'admin',
      clock: () => {
        other ??= recordedWrite(
          t.db,
          { username: 'anna', via: 'rest', clock: () => new Date() },
          {
            scope: { kind: 'schedules', lineId: 7 },
            baseVersion: UNVERSIONED,
            what: async () => ({ kind: 'lineSchedules', lineId: 7, line: null }),
            states: (trx) => scheduleStates(trx, 7),
            write: async (trx) => {
              const [schedule] = await listSchedules(trx, { scheduleIds: [16] });
              if (schedule === undefined) throw new Error('schedule 16 is in the real data');
              await updateSchedule(trx, 16, { ...schedule, runsOnWeekly: ['SUNDAY'] });
            },
          },
        );
        return new Date();
      },
    };
    const res = await bulkUpdateSchedules(t.db, actor, {
      scheduleIds: [17],
      runsOnWeekly: ['FRIDAY'],
      baseVersions: [{ lineId: 7, version: loaded7 }],
    });
    await other;
    const [own] = res.changeIds;
    expect(res.changeIds).toHaveLength(1);
    // The page that made this save holds the version of its own write ...
    expect(res.versions).toEqual([{ lineId: 7, version: own }]);
    // ... and anna's save came after it, so saving from that page again is refused, not let through.
    expect(await version(7)).toBeGreaterThan(own as number);
    const stale = await bulk({
      scheduleIds: [17],
      runsOnWeekly: ['MONDAY'],
      baseVersions: res.versions,
    });
    expect(stale.status).toBe(409);
    expect(stale.details).toMatchObject({ reason: 'stale', username: 'anna' });
  });
});
