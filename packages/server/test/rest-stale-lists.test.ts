import { readTimetable } from '@bus/db';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp, adminClient, createTestUser, tokenFor } from './admin-helpers.ts';
import { expectError, rest } from './rest-helpers.ts';

/**
 * The old REST whole-list saves of a line with its routes (POST /api/line/post-line-full-dto,
 * rest-contract §1.17, §2.13) and of every yearly rule (POST /api/yearly-rules/post-combo-list,
 * §1.26, §2.15) have no version. An item sent back exactly as it was at an earlier time, but not
 * as it is now, was changed by someone else since the page was loaded: the whole save is refused
 * with 409 in the legacy error shape, nothing written. Routes and rules the list leaves out are
 * deleted by these saves, so those added after the page was loaded are named too. Two people on
 * the real Anykščiai data: anna loads, boss saves a change, anna's stale page is refused.
 */

interface LineFull {
  info: Record<string, unknown> & { price: string | null };
  routes: {
    id: number;
    routeNotes: string | null;
    stopsArr: { id: number }[];
    distanceMetersList: unknown[];
  }[];
}
interface Rule {
  id: number | null;
  periodName: string;
  timePeriods: {
    id: number | null;
    startMonth: number;
    startDay: number;
    endMonth: number;
    endDay: number;
  }[];
  pattern1Params: unknown[];
  otherRuleId: number | null;
  typeOfYearlyRule: string | null;
}

const LINE = 7;
let t: AdminTestApp;
let anna: string;
let boss: string;

beforeEach(async () => {
  await t?.app.close();
  t = await adminApp();
  boss = t.adminToken;
  await createTestUser(t, 'anna', ['ROLE_ADMIN']);
  anna = await tokenFor(t.db, 'anna', ['ROLE_ADMIN']);
});
afterAll(() => t.app.close());

async function get<T>(token: string, url: string): Promise<T> {
  const res = await rest(t.app, 'GET', url, { token });
  expect(res.status, res.body).toBe(200);
  return res.json<T>();
}

/** Everything a save could change, the history included. */
const stored = async () => ({
  timetable: await readTimetable(t.db.kysely),
  changes: t.db.sqlite.prepare('SELECT count(*) FROM change_log').pluck().get(),
});

describe('POST /api/line/post-line-full-dto from a stale page', () => {
  const load = (token: string) => get<LineFull>(token, `/api/line/get-line-full?id=${LINE}`);
  const save = (token: string, line: LineFull) =>
    rest(t.app, 'POST', '/api/line/post-line-full-dto', { token, body: line });
  const withPrice = (line: LineFull, price: string) => ({
    ...structuredClone(line),
    info: { ...line.info, price },
  });
  /** The first route with a new note, as the old route editor sends it. */
  const withNotes = (line: LineFull, routeNotes: string) => {
    const copy = structuredClone(line);
    (copy.routes[0] as LineFull['routes'][number]).routeNotes = routeNotes;
    return copy;
  };

  it("refuses anna's stale copy of a route boss changed since (409, legacy shape), keeps boss's change", async () => {
    const loadedByAnna = await load(anna);
    const loadedByBoss = await load(boss);
    const route = loadedByBoss.routes[0] as LineFull['routes'][number];
    expect((await save(boss, withNotes(loadedByBoss, 'per Vikonis (boss)'))).status).toBe(200);
    const afterBoss = await stored();

    const res = await save(anna, withPrice(loadedByAnna, '2,10 €'));
    expectError(
      res,
      409,
      new RegExp(
        `^Line M17 B was changed after this page was loaded: route ${route.id} \\(last by boss at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\)\\. Nothing was saved: reload the page`,
      ),
    );
    expect(res.json()).toMatchObject({ status: 409, error: 'Conflict' });
    expect(await stored()).toEqual(afterBoss);
    expect((await load(boss)).routes[0]?.routeNotes).toBe('per Vikonis (boss)');
  });

  it('names the line details when those are the stale copy', async () => {
    const loadedByAnna = await load(anna);
    expect((await save(boss, withPrice(await load(boss), '1,99 €'))).status).toBe(200);
    const before = await stored();
    expectError(
      await save(anna, withNotes(loadedByAnna, 'anna’s note')),
      409,
      /^Line M17 B was changed after this page was loaded: its details \(last by boss at /,
    );
    expect(await stored()).toEqual(before);
  });

  it("anna's own edits save once her page shows boss's change (reloaded), and boss's change stays", async () => {
    expect((await save(boss, withNotes(await load(boss), 'per Vikonis (boss)'))).status).toBe(200);
    const reloaded = await load(anna);
    const res = await save(anna, withPrice(reloaded, '2,10 €'));
    expect(res.status, res.body).toBe(200);
    const now = await load(boss);
    expect(now.info.price).toBe('2,10 €');
    expect(now.routes[0]?.routeNotes).toBe('per Vikonis (boss)');
  });

  it('a route boss added with his change, which the stale page would delete, is named too and kept', async () => {
    const loadedByAnna = await load(anna);
    const bosses = withNotes(await load(boss), 'per Vikonis (boss)');
    const first = bosses.routes[0] as LineFull['routes'][number];
    bosses.routes.push({ ...structuredClone(first), id: -1, routeNotes: 'naujas variantas' });
    expect((await save(boss, bosses)).status).toBe(200);
    const added = (await load(boss)).routes.find((r) => r.routeNotes === 'naujas variantas');
    expect(added).toBeDefined();
    const before = await stored();
    expectError(
      await save(anna, loadedByAnna),
      409,
      new RegExp(
        `: route ${first.id} \\(last by boss at [^)]+\\); route ${added?.id} was added since, and saving this page would delete it\\. Nothing was saved`,
      ),
    );
    expect(await stored()).toEqual(before);
  });

  it('a change made on the admin board (tRPC) is protected the same way', async () => {
    const loadedByAnna = await load(anna);
    const admin = adminClient(t.app, boss);
    const line = (await admin.query<LineFull & { version: number }>('admin.lines.getFull', { id: LINE }))
      .data;
    const saved = await admin.mutate('admin.lines.saveFull', {
      info: { ...line.info, price: '3,00 €' },
      routes: line.routes,
      baseVersion: line.version,
    });
    expect(saved.status, saved.message).toBe(200);
    expectError(await save(anna, withNotes(loadedByAnna, 'x')), 409, /its details \(last by boss/);
  });

  it('saving the page as loaded, or with edits only, works as before', async () => {
    const line = await load(boss);
    const before = await stored();
    expect((await save(boss, line)).status).toBe(200);
    expect((await stored()).timetable).toEqual(before.timetable);
    expect((await save(boss, withPrice(line, '0,50 €'))).status).toBe(200);
    // The old client navigates to the line after its save: its next save is from that page.
    expect((await save(boss, withNotes(await load(boss), 'per Vikonis'))).status).toBe(200);
    expect((await load(boss)).info.price).toBe('0,50 €');
  });

  it('documented limit: a route added since, left out of a page whose other copies are all still true, is deleted', async () => {
    const loadedByAnna = await load(anna);
    const bosses = await load(boss);
    bosses.routes.push({
      ...structuredClone(bosses.routes[0] as LineFull['routes'][number]),
      id: -1,
      routeNotes: 'naujas',
    });
    expect((await save(boss, bosses)).status).toBe(200);
    // Indistinguishable from anna deleting boss's new route on purpose: the old server's semantics.
    expect((await save(anna, withPrice(loadedByAnna, '2,10 €'))).status).toBe(200);
    expect((await load(boss)).routes.some((r) => r.routeNotes === 'naujas')).toBe(false);
  });
});

describe('POST /api/yearly-rules/post-combo-list from a stale page', () => {
  const load = async (token: string) =>
    (await get<{ rules: Rule[] }>(token, '/api/yearly-rules/get-all')).rules;
  const save = (token: string, rules: Rule[]) =>
    rest(t.app, 'POST', '/api/yearly-rules/post-combo-list', { token, body: rules });
  const renamed = (rules: Rule[], index: number, periodName: string) =>
    rules.map((r, i) => (i === index ? { ...structuredClone(r), periodName } : r));

  it("refuses anna's stale copy of a rule boss changed since (409, legacy shape), keeps boss's change", async () => {
    const loadedByAnna = await load(anna);
    const rule = loadedByAnna[0] as Rule;
    expect((await save(boss, renamed(await load(boss), 0, 'Vasaros sezonas'))).status).toBe(200);
    // The message names each rule as it is now (what a reload shows).
    const afterBoss = await stored();

    const res = await save(anna, renamed(loadedByAnna, 1, 'anna pervadino'));
    expectError(
      res,
      409,
      new RegExp(
        `^Yearly rule 'Vasaros sezonas' \\(rule ${rule.id}\\) was changed after this page was loaded \\(last by boss at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\)\\. Nothing was saved: reload the page to see the current rules`,
      ),
    );
    expect(res.json()).toMatchObject({ status: 409, error: 'Conflict' });
    expect(await stored()).toEqual(afterBoss);
    expect((await load(boss))[0]?.periodName).toBe('Vasaros sezonas');
  });

  it('a period changed counts as well as a name', async () => {
    const loadedByAnna = await load(anna);
    const bosses = await load(boss);
    const index = bosses.findIndex((r) => r.timePeriods.length > 0);
    const rule = bosses[index] as Rule;
    const period = rule.timePeriods[0] as Rule['timePeriods'][number];
    rule.timePeriods[0] = { ...period, endDay: period.endDay === 1 ? 2 : 1 };
    expect((await save(boss, bosses)).status).toBe(200);
    expectError(
      await save(anna, renamed(loadedByAnna, index === 0 ? 1 : 0, 'anna')),
      409,
      new RegExp(`\\(rule ${rule.id}\\) was changed after this page was loaded \\(last by boss`),
    );
  });

  it('a rule boss added with his change, which the stale page would delete, is named too and kept', async () => {
    const loadedByAnna = await load(anna);
    const bosses = renamed(await load(boss), 0, 'Vasaros sezonas');
    bosses.push({
      ...structuredClone(bosses[0] as Rule),
      id: null,
      periodName: 'Žiemos atostogos',
      timePeriods: [],
      pattern1Params: [],
    });
    expect((await save(boss, bosses)).status).toBe(200);
    const added = (await load(boss)).find((r) => r.periodName === 'Žiemos atostogos') as Rule;
    const before = await stored();
    expectError(
      await save(anna, loadedByAnna),
      409,
      new RegExp(
        `\\(last by boss at [^)]+\\); rule 'Žiemos atostogos' \\(rule ${added.id}\\) was added since, and saving this page would delete it\\.`,
      ),
    );
    expect(await stored()).toEqual(before);
  });

  it("anna's own edit saves from a reloaded page, and boss's change stays", async () => {
    expect((await save(boss, renamed(await load(boss), 0, 'Vasaros sezonas'))).status).toBe(200);
    const res = await save(anna, renamed(await load(anna), 1, 'anna pervadino'));
    expect(res.status, res.body).toBe(200);
    const now = await load(boss);
    expect([now[0]?.periodName, now[1]?.periodName]).toEqual(['Vasaros sezonas', 'anna pervadino']);
  });

  it('only another person’s work is protected: boss may put back his own change from his older page', async () => {
    const loaded = await load(boss);
    expect((await save(boss, renamed(loaded, 0, 'Vasaros sezonas'))).status).toBe(200);
    const res = await save(boss, loaded);
    expect(res.status, res.body).toBe(200);
    expect((await load(anna))[0]?.periodName).toBe(loaded[0]?.periodName);
  });

  it('saving the list as loaded works as before and changes nothing', async () => {
    const before = await stored();
    expect((await save(boss, await load(boss))).status).toBe(200);
    expect((await stored()).timetable).toEqual(before.timetable);
  });
});
