import type { YearlyRule } from '@bus/core';
import { readTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import type { RulesWithUsage, SavedRules } from '../src/services/admin/rules.ts';
import type { RuleScheduleGroup } from '../src/services/admin/schedules.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';

const FAILED = "Input validation failed, check if everything's entered right";

let t: AdminTestApp;
let client: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await adminApp();
  client = adminClient(t.app, t.adminToken);
});
afterAll(() => t.app.close());

const allRules = async () => {
  const res = await client.query<RulesWithUsage>('admin.rules.allWithUsage');
  expect(res.message).toBeUndefined();
  return res.data;
};
/** A save as the yearly rules page makes it: against the rules' version as stored now. */
const saveAll = async (rules: unknown[]) =>
  client.mutate<SavedRules>('admin.rules.saveAll', {
    rules,
    baseVersion: await versionNow(t, { kind: 'rules' }),
  });

const period = (startMonth: number, startDay: number, endMonth: number, endDay: number) => ({
  id: null,
  startMonth,
  startDay,
  endMonth,
  endDay,
});
const newRule = (id: number | null, periodName: string, overrides: Record<string, unknown> = {}) => ({
  id,
  periodName,
  typeOfYearlyRule: null,
  otherRuleId: null,
  timePeriods: [period(6, 1, 8, 31)],
  pattern1Params: [],
  ...overrides,
});

describe('admin.rules.allWithUsage', () => {
  it('gives every rule by id with the schedules that run on it', async () => {
    const { rules, usage } = await allRules();
    expect(rules.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 16, 17, 18]);
    expect(usage.map((u) => u.ruleId)).toEqual(rules.map((r) => r.id));
    expect(usage[0]?.scheduleIds).toHaveLength(36);
    expect(usage.find((u) => u.ruleId === 2)?.scheduleIds).toEqual([9, 10, 14, 30]);
    expect(usage.find((u) => u.ruleId === 16)?.scheduleIds).toEqual([]);
    expect(rules.find((r) => r.id === 17)).toMatchObject({ otherRuleId: 2, timePeriods: [] });
  });
});

describe('admin.rules.saveAll', () => {
  it('saving the loaded rules unchanged changes nothing', async () => {
    const before = await readTimetable(t.db.kysely);
    const { rules } = await allRules();
    const res = await saveAll(rules);
    expect(res.status).toBe(200);
    expect(res.data.rules).toEqual(rules);
    expect(await readTimetable(t.db.kysely)).toEqual(before);
  });

  it('answers the new version: the one stored, which the next save sends and an older one cannot', async () => {
    const loaded = await allRules();
    const renamed = (name: string) => loaded.rules.map((r) => (r.id === 16 ? { ...r, periodName: name } : r));
    const save = (rules: unknown[], baseVersion: number) =>
      client.mutate<SavedRules>('admin.rules.saveAll', { rules, baseVersion });
    const first = await save(renamed('Pervadinta'), loaded.version);
    expect(first.status, first.message).toBe(200);
    expect(first.data.version).toBeGreaterThan(loaded.version);
    expect(first.data.version).toBe((await allRules()).version);
    expect(first.data.version).toBe(await versionNow(t, { kind: 'rules' }));
    // The rules page saves again against the answer alone, without reading the rules back.
    const second = await save(loaded.rules, first.data.version);
    expect(second.status, second.message).toBe(200);
    expect(second.data.rules).toEqual(loaded.rules);
    expect(second.data.version).toBeGreaterThan(first.data.version);
    expect(second.data.version).toBe((await allRules()).version);
    expect((await save(renamed('Pasenusi'), first.data.version)).status).toBe(409);
    // A save that changes nothing keeps the version.
    expect((await save(loaded.rules, second.data.version)).data.version).toBe(second.data.version);
  });

  it('creates rules with temporary ids, maps otherRuleId to the new real id, answers in request order', async () => {
    const { rules } = await allRules();
    const res = await saveAll([
      newRule(-2, 'Borrower', {
        timePeriods: [],
        otherRuleId: -1,
        pattern1Params: [{ dayOfWeek: 'FRIDAY', nthOccurenceEachMonth: '1' }],
      }),
      ...rules,
      newRule(-1, 'Lender', { timePeriods: [period(2, 1, 2, 29), period(12, 20, 1, 10)] }),
      newRule(null, 'Borrows a stored rule', { timePeriods: [], otherRuleId: '3' }),
    ]);
    expect(res.status).toBe(200);
    const borrower = res.data.rules[0] as YearlyRule;
    const lender = res.data.rules[rules.length + 1] as YearlyRule;
    const third = res.data.rules[rules.length + 2] as YearlyRule;
    expect(lender).toMatchObject({ periodName: 'Lender', otherRuleId: null });
    expect(lender.timePeriods.map((p) => [p.startMonth, p.startDay, p.endMonth, p.endDay])).toEqual([
      [2, 1, 2, 29],
      [12, 20, 1, 10],
    ]);
    expect(borrower).toMatchObject({ periodName: 'Borrower', otherRuleId: lender.id, timePeriods: [] });
    expect(borrower.pattern1Params).toEqual([
      { id: expect.any(Number), dayOfWeek: 'FRIDAY', nthOccurenceEachMonth: 1 },
    ]);
    expect(third.otherRuleId).toBe(3);
    expect(res.data.rules.slice(1, rules.length + 1)).toEqual(rules);
    expect((await allRules()).rules).toHaveLength(rules.length + 3);
    // Clean up: saving the old list deletes the three unused rules.
    expect((await saveAll(rules)).status).toBe(200);
    expect((await allRules()).rules).toEqual(rules);
  });

  it('updates a rule (period ids kept) and the departures follow at once', async () => {
    const query = { from: 1, dir: 'Out bound', date: '2026-03-04' };
    const before = (await client.query<DeparturesResult>('timetable.departures', query)).data.items;
    expect(before.some((i) => i.schedId === 14)).toBe(false);
    const { rules } = await allRules();
    const summer = rules.find((r) => r.id === 2) as YearlyRule;
    const changed = rules.map((r) =>
      r.id === 2
        ? {
            ...r,
            periodName: 'Kovas',
            timePeriods: [{ ...summer.timePeriods[0], startMonth: 3, startDay: 1, endMonth: 3, endDay: 31 }],
          }
        : r,
    );
    const res = await saveAll(changed);
    expect(res.status).toBe(200);
    const saved = res.data.rules.find((r) => r.id === 2);
    expect(saved?.periodName).toBe('Kovas');
    expect(saved?.timePeriods[0]?.id).toBe(summer.timePeriods[0]?.id);
    const after = (await client.query<DeparturesResult>('timetable.departures', query)).data.items;
    expect(after.some((i) => i.schedId === 14 && i.timeDepart === '08:55')).toBe(true);
    expect((await saveAll(rules)).status).toBe(200);
  });

  it('refuses to delete a rule schedules run on, or one a kept rule borrows from; nothing changes', async () => {
    const { rules } = await allRules();
    const before = await readTimetable(t.db.kysely);
    const used = await saveAll(rules.filter((r) => r.id !== 2 && r.id !== 6));
    expect(used.status).toBe(409);
    expect(used.code).toBe('CONFLICT');
    expect(used.message).toBe(
      "Yearly rules used by schedules cannot be deleted: 'Moksleivių vasaros atostogos' (rule 2) by schedules 9, 10, 14, 30; '2 ir 4 mėnesio Antradienį' (rule 6) by schedules 49, 50",
    );
    expect(await readTimetable(t.db.kysely)).toEqual(before);

    // Rule 16 (unused) borrows from rule 3; a new unused rule lends to another one.
    const withPair = await saveAll([
      ...rules,
      newRule(-1, 'Lender'),
      newRule(-2, 'Borrower', { timePeriods: [], otherRuleId: -1 }),
    ]);
    const lender = withPair.data.rules[rules.length] as YearlyRule;
    const borrower = withPair.data.rules[rules.length + 1] as YearlyRule;
    const snapshot = await readTimetable(t.db.kysely);
    const borrowed = await saveAll([...rules, borrower]);
    expect(borrowed.status).toBe(409);
    expect(borrowed.message).toBe(
      `Yearly rule 'Lender' (rule ${lender.id}) cannot be deleted: rule 'Borrower' borrows its periods`,
    );
    expect(await readTimetable(t.db.kysely)).toEqual(snapshot);
    // Deleting both together is fine; so is deleting the unused rule 16.
    expect((await saveAll(rules.filter((r) => r.id !== 16))).status).toBe(200);
    expect((await allRules()).rules.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 17, 18]);
  });

  it('refuses each broken rule of spec section 5 with the spec message and changes nothing', async () => {
    const { rules } = await allRules();
    const before = await readTimetable(t.db.kysely);
    const cases: [string, unknown[]][] = [
      ['no periodName', [newRule(null, '')]],
      ['a blank periodName', [newRule(null, '   ')]],
      ['April 31', [newRule(null, 'X', { timePeriods: [period(4, 1, 4, 31)] })]],
      ['February 30', [newRule(null, 'X', { timePeriods: [period(2, 30, 3, 1)] })]],
      ['month 13', [newRule(null, 'X', { timePeriods: [period(1, 1, 13, 1)] })]],
      [
        'a period without its end day',
        [newRule(null, 'X', { timePeriods: [{ startMonth: 1, startDay: 1, endMonth: 2 }] })],
      ],
      ['pattern without dayOfWeek', [newRule(null, 'X', { pattern1Params: [{ nthOccurenceEachMonth: 1 }] })]],
      [
        'pattern occurrence 0',
        [newRule(null, 'X', { pattern1Params: [{ dayOfWeek: 'MONDAY', nthOccurenceEachMonth: 0 }] })],
      ],
      [
        'pattern occurrence 6',
        [newRule(null, 'X', { pattern1Params: [{ dayOfWeek: 'MONDAY', nthOccurenceEachMonth: 6 }] })],
      ],
      ['otherRuleId with own periods', [newRule(null, 'X', { otherRuleId: 3 })]],
      ['otherRuleId naming itself', [newRule(-1, 'X', { timePeriods: [], otherRuleId: -1 })]],
      [
        'otherRuleId naming a stored rule that borrows (a chain)',
        [newRule(null, 'X', { timePeriods: [], otherRuleId: 17 })],
      ],
      [
        'a chain among new rules',
        [
          newRule(-1, 'A'),
          newRule(-2, 'B', { timePeriods: [], otherRuleId: -1 }),
          newRule(-3, 'C', { timePeriods: [], otherRuleId: -2 }),
        ],
      ],
      [
        'a temporary otherRuleId not in the list',
        [newRule(null, 'X', { timePeriods: [], otherRuleId: -99 })],
      ],
      ['otherRuleId of no rule at all', [newRule(null, 'X', { timePeriods: [], otherRuleId: 999 })]],
      ['the same temporary id twice', [newRule(-1, 'A'), newRule(-1, 'B')]],
    ];
    for (const [label, extra] of cases) {
      const res = await saveAll([...rules, ...extra]);
      expect(res.status, label).toBe(400);
      expect(res.code, label).toBe('BAD_REQUEST');
      expect(res.message, label).toBe(FAILED);
    }
    expect((await saveAll([...rules, newRule(999, 'Ghost')])).status).toBe(404);
    expect(await readTimetable(t.db.kysely)).toEqual(before);
    // February 29 is a valid day for a yearly period.
    const leap = await saveAll([...rules, newRule(null, 'Leap', { timePeriods: [period(2, 29, 2, 29)] })]);
    expect(leap.status).toBe(200);
    expect((await saveAll(rules)).status).toBe(200);
  });
});

describe('admin.rules.schedulesByRule', () => {
  it("groups the rule's own schedules by line, with each trip's first time and direction", async () => {
    const res = await client.query<RuleScheduleGroup[]>('admin.rules.schedulesByRule', { ruleId: 3 });
    expect(res.status).toBe(200);
    expect(res.data.map((g) => g.line.id)).toEqual([1, 6, 7, 8, 11, 12, 16, 18, 21]);
    const line7 = res.data.find((g) => g.line.id === 7);
    expect(line7?.line).toMatchObject({
      id: 7,
      name: 'M17 B',
      routeStart: 'Anykščiai',
      routeEnd: 'Staškūniškis',
    });
    expect(line7?.schedules.map((s) => s.id)).toEqual([16, 17, 18]);
    expect(line7?.schedules[1]).toEqual({
      id: 17,
      runsOnWeekly: expect.any(Array),
      tripsFirstEntryAndDir: [
        { time: '06:25', dir: 'Out bound' },
        { time: expect.stringMatching(/^\d\d:\d\d$/), dir: 'City bound' },
      ],
    });
    // Rule 17 borrows rule 2's periods: its schedule 68 is not one of rule 2's.
    const summer = await client.query<RuleScheduleGroup[]>('admin.rules.schedulesByRule', { ruleId: 2 });
    expect(summer.data.flatMap((g) => g.schedules.map((s) => s.id))).toEqual([9, 10, 14, 30]);
    expect((await client.query('admin.rules.schedulesByRule', { ruleId: 999 })).status).toBe(404);
  });
});
