import { type CheckFinding, formatCheckReport, type TimetableCheckReport } from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { NewTimetableResult } from '../src/services/admin/new-timetable.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { adminAppPerFile } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The timetable check's findings about validity windows (issue 28) on the real data, after
 * "New timetable from 2027-01-04" for M35 (line 1): what the admin screen gets and what
 * `pnpm cli check` prints (formatCheckReport over the same report).
 */

const M35 = 1;
const FROM = '2027-01-04';

// 10:00 in Vilnius on 2026-11-26.
const file = adminAppPerFile({ clock: fixedClock('2026-11-26T08:00:00Z') });

const run = async () => {
  const res = await file.client.query<TimetableCheckReport>('admin.check.run');
  expect(res.status).toBe(200);
  return res.data;
};
const windowFindings = (report: TimetableCheckReport): CheckFinding[] =>
  report.findings.filter((f) =>
    ['windowOutOfOrder', 'windowPast', 'unchangedCopy', 'timetableGap'].includes(f.check),
  );
/** 'HH:MM' five minutes later (the real data's times are far from midnight). */
const fiveLater = (time: string) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 5;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};
const loaded = async () =>
  (await file.client.query<LineSchedules>('admin.schedules.byLine', { lineId: M35 })).data;

describe('admin.check.run after "New timetable from" on M35', () => {
  let copies: NewTimetableResult['copies'];

  it('finds nothing about windows in the real data', async () => {
    expect(windowFindings(await run())).toEqual([]);
  });

  it('lists every copy nobody has changed yet, with the copy and its original to open', async () => {
    const before = await loaded();
    const res = await file.client.mutate<NewTimetableResult>('admin.schedules.newTimetableFrom', {
      from: FROM,
      baseVersions: [{ lineId: M35, version: before.version }],
    });
    expect(res.status).toBe(200);
    copies = res.data.copies;
    expect(copies.length).toBeGreaterThan(0);
    const report = await run();
    expect(windowFindings(report)).toEqual(
      copies.map(({ originalId, copyId }) => ({
        check: 'unchangedCopy',
        severity: 'warning',
        params: { scheduleId: copyId, lineId: M35, lineName: 'M35', originalId, from: FROM },
        targets: [
          { kind: 'schedule', lineId: M35, scheduleId: copyId, name: 'M35' },
          { kind: 'schedule', lineId: M35, scheduleId: originalId, name: 'M35' },
        ],
      })),
    );
    const printed = formatCheckReport(report);
    expect(printed).toContain(
      `warning: New timetables’ copies still the same as the schedule they were copied from (${copies.length})`,
    );
    const first = copies[0] as (typeof copies)[number];
    expect(printed).toContain(
      `  schedule ${first.copyId} (line M35): valid from ${FROM}, the same days and trips as schedule ${first.originalId}, which ends the day before`,
    );
  });

  it('drops a copy once edited, and finds the days between when the copies start later', async () => {
    const now = await loaded();
    const first = copies[0] as (typeof copies)[number];
    const copyIds = new Set(copies.map((c) => c.copyId));
    const schedules = now.schedules.map((s) => {
      if (!copyIds.has(s.id)) return s;
      // Every copy starts two days later; the first one's trips 5 minutes later too.
      const moved = { ...s, validFrom: '2027-01-06' };
      if (s.id !== first.copyId) return moved;
      return {
        ...moved,
        trips: s.trips.map((trip) => ({
          ...trip,
          timeList: trip.timeList.map((time) => (time === null ? null : fiveLater(time))),
        })),
      };
    });
    const saved = await file.client.mutate('admin.schedules.saveList', {
      lineId: M35,
      schedules,
      baseVersion: now.version,
    });
    expect(saved.message).toBeUndefined();
    expect(saved.status).toBe(200);
    const report = await run();
    expect(windowFindings(report)).toEqual([
      {
        check: 'timetableGap',
        severity: 'warning',
        params: { lineId: M35, lineName: 'M35', lastDay: '2027-01-03', nextFrom: '2027-01-06', days: 2 },
        targets: [{ kind: 'lineSchedules', lineId: M35, name: 'M35' }],
      },
    ]);
    expect(formatCheckReport(report)).toContain(
      '  line 1 "M35": no schedule valid between 2027-01-03 and 2027-01-06 (2 days)',
    );
  });
});
