import { formatTime, parseTime } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { HistoryPage } from '../src/services/admin/history.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The timetable grid's save on the real Anykščiai data: what the grid posts after "copy, 02:00
 * later" and an edit (the changed schedule and whole new schedules, in one saveList call) is
 * written at once, recorded per schedule and seen by visitors; one broken copy refuses it all.
 */
let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;

beforeAll(async () => {
  // Wednesday 4 March 2026, school term ("Mokslo metu" runs).
  t = await adminApp({ clock: fixedClock('2026-03-04T07:30:00Z') });
  client = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

type Schedule = LineSchedules['schedules'][number];

const byLine = async (lineId: number) =>
  (await client.query<LineSchedules>('admin.schedules.byLine', { lineId })).data;
const shift = (list: (string | null)[], minutes: number) =>
  list.map((time) => (time === null ? null : formatTime((parseTime(time) as number) + minutes)));
/** A stored schedule as the grid posts it: a copy gets temporary (negative) ids. */
const posted = (s: Schedule, minutes: number, copy: number | null) => ({
  id: copy ?? s.id,
  runsOnWeekly: s.runsOnWeekly,
  runsOnYearlyId: s.runsOnYearlyId,
  runsOnPublicHolidays: s.runsOnPublicHolidays,
  timeConstraintsDescription: s.timeConstraintsDescription,
  trips: s.trips.map((trip, i) => ({
    id: copy === null ? trip.id : copy * 10 - i,
    boundFor: trip.boundFor,
    routeId: trip.routeId,
    routeDirReversed: trip.routeDirReversed,
    timeList: shift(trip.timeList, minutes),
  })),
});

describe('the timetable grid save (admin.schedules.saveList with copies)', () => {
  it('writes an edit and two shifted copies of M35 schedule 3 in one call, records each, visitors see them', async () => {
    const before = await byLine(1);
    const s3 = before.schedules.find((s) => s.id === 3) as Schedule;
    const s4 = before.schedules.find((s) => s.id === 4) as Schedule;
    const edited = posted(s4, 0, null);
    edited.trips[0]?.timeList.splice(1, 1, '17:43');
    const res = await client.mutate<{ schedules: Schedule[] }>('admin.schedules.saveList', {
      lineId: 1,
      baseVersion: before.version,
      schedules: [edited, posted(s3, 120, -1), posted(s3, 240, -2)],
    });
    expect(res.status).toBe(200);
    const [four, copy1, copy2] = res.data.schedules as [Schedule, Schedule, Schedule];
    expect(four.id).toBe(4);
    expect(four.trips[0]?.timeList[1]).toBe('17:43');
    for (const [copy, first] of [
      [copy1, ['17:30', '17:45']],
      [copy2, ['19:30', '19:45']],
    ] as const) {
      expect(copy.id).toBeGreaterThan(76);
      expect(copy.trips.map((trip) => trip.timeList[0])).toEqual(first);
      expect([copy.runsOnWeekly, copy.runsOnYearlyId, copy.runsOnPublicHolidays]).toEqual([
        s3.runsOnWeekly,
        s3.runsOnYearlyId,
        s3.runsOnPublicHolidays,
      ]);
      expect(copy.trips.map((trip) => [trip.boundFor, trip.routeId, trip.routeDirReversed])).toEqual(
        s3.trips.map((trip) => [trip.boundFor, trip.routeId, trip.routeDirReversed]),
      );
    }
    expect((await byLine(1)).schedules.map((s) => s.id)).toEqual([1, 2, 3, 4, copy1.id, copy2.id]);

    // One history entry per schedule, all by the person who saved.
    const history = (await client.query<HistoryPage>('admin.history.list', { kind: 'schedule', lineId: 1 }))
      .data;
    const recent = history.items.slice(0, 3);
    expect(recent.map((e) => [e.entityId, e.action, e.username]).sort()).toEqual(
      [
        [4, 'update', 'boss'],
        [copy1.id, 'create', 'boss'],
        [copy2.id, 'create', 'boss'],
      ].sort(),
    );

    // Visitors see the copies at once: M35 leaves Anykščių AS at 17:30 and 19:30.
    const departures = await client.query<DeparturesResult>('timetable.departures', {
      from: 1,
      to: 6,
      dir: 'Out bound',
      date: '2026-03-04',
    });
    const m35 = departures.data.items
      .filter((i) => i.lineId === 1)
      .map((i) => [i.timeDepart.slice(0, 5), i.schedId]);
    expect(m35).toContainEqual(['17:30', copy1.id]);
    expect(m35).toContainEqual(['19:30', copy2.id]);
  });

  it('refuses the whole save when one copy breaks a rule, with the spec message; nothing is written', async () => {
    const before = await byLine(1);
    const s1 = before.schedules.find((s) => s.id === 1) as Schedule;
    const broken = posted(s1, 60, -5);
    broken.trips[1]?.timeList.splice(2, 1, null);
    const res = await client.mutate('admin.schedules.saveList', {
      lineId: 1,
      baseVersion: before.version,
      schedules: [posted(s1, 30, -4), broken],
    });
    expect(res.status).toBe(400);
    expect(res.message).toBe("Input validation failed, check if everything's entered right");
    expect(await byLine(1)).toEqual(before);
  });
});
