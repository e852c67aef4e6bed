import type { CheckFinding, Holiday, TimetableCheckReport } from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { adminAppPerFile, createTestUser, tokenFor, trpc, versionNow } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

// 10:00 in Vilnius on 2026-11-26: the 12 months of running days start that day.
const clock = fixedClock('2026-11-26T08:00:00Z');
const file = adminAppPerFile({ clock });

const run = async () => {
  const res = await file.client.query<TimetableCheckReport>('admin.check.run');
  expect(res.status).toBe(200);
  return res.data;
};
const kinds = (findings: CheckFinding[]) => findings.map((f) => f.check);

describe('admin.check.run on the real data', () => {
  it('finds the three trips whose times go backwards, with where to fix them', async () => {
    const report = await run();
    expect(report.window).toEqual({ start: '2026-11-26', end: '2027-11-25' });
    expect(report.counts).toEqual({
      stops: 195,
      lines: 21,
      routes: 40,
      schedules: 75,
      trips: 138,
      rules: 10,
      holidays: 12,
    });
    const backwards = report.findings.filter((f) => f.check === 'timesBackwards');
    expect(backwards.map((f) => [f.severity, f.params.tripId, f.params.stopName, f.params.steps])).toEqual([
      ['error', 25, 'Repšėnai', 1],
      ['error', 104, 'Vosgėliai', 1],
      ['error', 131, 'Aknystų kr.', 17],
    ]);
    // Each names its schedule's editor.
    for (const f of backwards) {
      expect(f.targets).toEqual([
        {
          kind: 'schedule',
          lineId: f.params.lineId,
          scheduleId: f.params.scheduleId,
          name: f.params.lineName,
        },
      ]);
    }
    expect(backwards.find((f) => f.params.tripId === 131)?.params.routeOrder).toBe(true);
  });

  it('finds trips 18 and 20: City bound, yet they leave Anykščių AS; each names its schedule editor', async () => {
    const report = await run();
    const wrongWay = report.findings.filter((f) => f.check === 'directionMismatch');
    expect(wrongWay).toEqual(
      [
        [18, 9, '09:32', '10:05'],
        [20, 10, '14:03', '14:35'],
      ].map(([tripId, scheduleId, start, end]) => ({
        check: 'directionMismatch',
        severity: 'error',
        params: {
          tripId,
          scheduleId,
          lineId: 4,
          lineName: 'M17',
          boundFor: 'City bound',
          routeId: 5,
          reversed: true,
          first: { stopId: 1, stopName: 'Anykščių AS', time: start },
          last: { stopId: 45, stopName: 'Kurkliai II k', time: end },
        },
        targets: [{ kind: 'schedule', lineId: 4, scheduleId, name: 'M17' }],
      })),
    );
  });

  it('finds the rule nothing uses and the description that names another season', async () => {
    const report = await run();
    expect(kinds(report.findings)).toEqual([
      'timesBackwards',
      'timesBackwards',
      'timesBackwards',
      'directionMismatch',
      'directionMismatch',
      'seasonMismatch',
      'unusedRule',
    ]);
    expect([report.errors, report.warnings]).toEqual([5, 2]);
    expect(report.findings[5]).toMatchObject({
      severity: 'warning',
      params: {
        scheduleId: 67,
        ruleId: 18,
        mentioned: ['schoolYear'],
        ruleSeasons: ['wholeYear'],
      },
      targets: [
        { kind: 'schedule', scheduleId: 67 },
        { kind: 'rule', ruleId: 18 },
      ],
    });
    expect(report.findings[6]).toEqual({
      check: 'unusedRule',
      severity: 'warning',
      params: { ruleId: 16, ruleName: 'Mokslo Metu, 1 ir 3 Penkt.' },
      targets: [{ kind: 'rule', ruleId: 16, name: 'Mokslo Metu, 1 ir 3 Penkt.' }],
    });
  });

  it('sees a change at once: a holiday saved twice on one date, then deleted', async () => {
    const saved = await file.client.mutate<Holiday>('admin.holidays.save', {
      id: null,
      name: 'Naujųjų metų diena',
      month: 1,
      day: 1,
      baseVersion: 0,
    });
    expect(saved.status).toBe(200);
    const duplicate = (await run()).findings.find((f) => f.check === 'duplicateHoliday');
    expect(duplicate).toEqual({
      check: 'duplicateHoliday',
      severity: 'warning',
      params: {
        month: 1,
        day: 1,
        holidays: [
          { holidayId: 1, name: 'Naujieji metai' },
          { holidayId: saved.data.id, name: 'Naujųjų metų diena' },
        ],
      },
      targets: [{ kind: 'holidays' }],
    });
    const version = await versionNow(file.t, { kind: 'holiday', id: saved.data.id });
    expect(
      (await file.client.mutate('admin.holidays.delete', { id: saved.data.id, baseVersion: version })).status,
    ).toBe(200);
    expect(kinds((await run()).findings)).not.toContain('duplicateHoliday');
  });
});

describe('admin.check.run after trips 18 and 20 are put right in the schedule editor', () => {
  it('no longer finds them once they drive route 5 as it is drawn, from Kurkliai II k to Anykščių AS', async () => {
    const loaded = await file.client.query<LineSchedules>('admin.schedules.byLine', { lineId: 4 });
    expect(loaded.status).toBe(200);
    const schedules = loaded.data.schedules.map((schedule) => ({
      ...schedule,
      trips: schedule.trips.map((trip) =>
        trip.id === 18 || trip.id === 20 ? { ...trip, routeDirReversed: false } : trip,
      ),
    }));
    const saved = await file.client.mutate('admin.schedules.saveList', {
      lineId: 4,
      schedules,
      baseVersion: loaded.data.version,
    });
    expect(saved.status).toBe(200);
    const report = await run();
    expect(kinds(report.findings)).not.toContain('directionMismatch');
    expect(report.errors).toBe(3);
  });
});

describe('admin.check.run is for admins only', () => {
  it('answers 401 without a token and 403 without ROLE_ADMIN', async () => {
    expect((await trpc(file.t.app, 'query', 'admin.check.run')).status).toBe(401);
    await createTestUser(file.t, 'clerk', ['ROLE_USER']);
    // Issued at the app's clock: a token of the real today is expired or not yet valid there.
    const user = await tokenFor(file.t.db, 'clerk', ['ROLE_USER'], clock());
    expect((await trpc(file.t.app, 'query', 'admin.check.run', undefined, user)).status).toBe(403);
  });
});
