import type { CheckFinding, Holiday, TimetableCheckReport } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestApp,
  adminApp,
  adminClient,
  createTestUser,
  tokenFor,
  trpc,
  versionNow,
} from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;

beforeAll(async () => {
  // 10:00 in Vilnius on 2026-11-26: the 12 months of running days start that day.
  t = await adminApp({ clock: fixedClock('2026-11-26T08:00:00Z') });
  client = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const run = async () => {
  const res = await client.query<TimetableCheckReport>('admin.check.run');
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

  it('finds the rule nothing uses and the description that names another season', async () => {
    const report = await run();
    expect(kinds(report.findings)).toEqual([
      'timesBackwards',
      'timesBackwards',
      'timesBackwards',
      'seasonMismatch',
      'unusedRule',
    ]);
    expect([report.errors, report.warnings]).toEqual([3, 2]);
    expect(report.findings[3]).toMatchObject({
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
    expect(report.findings[4]).toEqual({
      check: 'unusedRule',
      severity: 'warning',
      params: { ruleId: 16, ruleName: 'Mokslo Metu, 1 ir 3 Penkt.' },
      targets: [{ kind: 'rule', ruleId: 16, name: 'Mokslo Metu, 1 ir 3 Penkt.' }],
    });
  });

  it('sees a change at once: a holiday saved twice on one date, then deleted', async () => {
    const saved = await client.mutate<Holiday>('admin.holidays.save', {
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
    const version = await versionNow(t, { kind: 'holiday', id: saved.data.id });
    expect(
      (await client.mutate('admin.holidays.delete', { id: saved.data.id, baseVersion: version })).status,
    ).toBe(200);
    expect(kinds((await run()).findings)).not.toContain('duplicateHoliday');
  });
});

describe('admin.check.run is for admins only', () => {
  it('answers 401 without a token and 403 without ROLE_ADMIN', async () => {
    expect((await trpc(t.app, 'query', 'admin.check.run')).status).toBe(401);
    await createTestUser(t, 'clerk', ['ROLE_USER']);
    const user = await tokenFor(t.db, 'clerk', ['ROLE_USER']);
    expect((await trpc(t.app, 'query', 'admin.check.run', undefined, user)).status).toBe(403);
  });
});
