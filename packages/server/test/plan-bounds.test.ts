import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '../src/app.ts';
import {
  type JourneysAnswer,
  LoopShare,
  PLAN_SHARE,
  PLAN_WINDOW,
  PLANS_AT_ONCE,
  PLANS_WAITING,
  pausePlannerBuildsWith,
  planLoad,
  planShareOf,
} from '../src/public-read/journeys.ts';
import { plannedCalls, REFUSAL_HOLD_MS } from '../src/public-read/plan-admission.ts';
import { fixedClock, realDataApp, type TestApp, trpcQuery } from './helpers.ts';

/**
 * Issue 37: planning is bounded. A date outside the planner's window is refused with 400; a
 * batch of more calls than the web sends is refused; and with PLANS_AT_ONCE planning and
 * PLANS_WAITING waiting, the next plan is refused at once with 503 and Retry-After.
 */

// 2026-11-29 12:00 in Vilnius.
const clock = fixedClock('2026-11-29T10:00:00Z');
const KAVARSKAS = 27;
const UTENA = 115;

let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock });
});
afterAll(() => t.app.close());

const plan = (date: string, time = '08:00', on: TestApp = t) =>
  trpcQuery<JourneysAnswer>(on.app, 'timetable.plan', { from: KAVARSKAS, to: UTENA, date, time });

describe('the dates a journey can be planned for', () => {
  it.each([
    ['a week back', '2026-11-22', 200],
    ['eight days back', '2026-11-21', 400],
    ['a year ahead', '2027-11-30', 200],
    ['a day after that', '2027-12-01', 400],
    ['year 1', '0001-01-01', 400],
    ['year 9999', '9999-12-31', 400],
    ['29 February 2100 (no such day)', '2100-02-29', 400],
  ])('%s (%s): %i', async (_what, date, status) => {
    const res = await plan(date);
    expect(res.status, JSON.stringify(res.error)).toBe(status);
    if (status === 400 && date !== '2100-02-29') {
      expect(res.error?.message).toBe('Journeys can be planned for dates from 2026-11-22 to 2027-11-30');
      expect(res.error?.data).toMatchObject({
        messageKey: 'planDateOutsideWindow',
        messageParams: { from: '2026-11-22', to: '2027-11-30' },
      });
    }
  });

  it('the window is a week back and a year ahead', () => {
    expect(PLAN_WINDOW).toEqual({ daysBefore: 7, daysAfter: 366 });
  });
});

describe('a batch of calls', () => {
  it(`takes ${TRPC_MAX_BATCH} calls and refuses more with 400`, async () => {
    const batch = (n: number) => {
      const paths = Array.from({ length: n }, () => 'timetable.searchStops').join(',');
      const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), { query: 'an' }]));
      return t.app.inject({
        method: 'GET',
        url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      });
    };
    expect((await batch(TRPC_MAX_BATCH)).statusCode).toBe(200);
    const refused = await batch(TRPC_MAX_BATCH + 1);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Batch call exceeds maximum size');
  });
});

describe('the planner’s queue', () => {
  it('plans a few at once, lets a few wait, and refuses the next with 503 and Retry-After', async () => {
    // A server of its own: no network of these dates is built yet (dates that run the same
    // schedules share one), so every plan waits for a build.
    const q = await realDataApp({ clock });
    // Every build step waits until the test opens the gate: the first plans stay in progress.
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      pausePlannerBuildsWith(q.db, () => opened.then(() => new Promise((resolve) => setImmediate(resolve))));
      const dates = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07'];
      const held = Array.from({ length: PLANS_AT_ONCE + PLANS_WAITING }, (_, i) =>
        plan(dates[i % dates.length] as string, `0${i % 10}:00`, q),
      );
      await expect
        .poll(() => planLoad(q.db), { timeout: 20_000 })
        .toEqual({ running: PLANS_AT_ONCE, waiting: PLANS_WAITING });

      const refused = await q.app.inject({
        method: 'GET',
        url: `/trpc/timetable.plan?input=${encodeURIComponent(
          JSON.stringify({ from: KAVARSKAS, to: UTENA, date: '2026-12-08', time: '08:00' }),
        )}`,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error).toMatchObject({
        message: 'Many journeys are being planned right now, try again in a few seconds',
        data: { code: 'SERVICE_UNAVAILABLE', messageKey: 'planBusy' },
      });
      // The departures are answered meanwhile.
      const departures = await trpcQuery(q.app, 'timetable.departures', { from: 1, date: '2026-12-01' });
      expect(departures.status).toBe(200);

      open();
      const answers = await Promise.all(held);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(planLoad(q.db)).toEqual({ running: 0, waiting: 0 });
      // With the queue empty again, and planning's share of the last second free again (the
      // held plans' builds and searches used it: on a loaded machine for longer), the refused
      // plan goes through.
      await expect.poll(() => planShareOf(q.db).full, { timeout: 20_000 }).toBe(false);
      expect((await plan('2026-12-08', '08:00', q)).status).toBe(200);
    } finally {
      open();
      pausePlannerBuildsWith(q.db, null);
      await q.app.close();
    }
  });
});

describe("planning's share of the event loop", () => {
  it.each([
    ['nothing spent', [], 0, 0, false],
    ['half the share', [[0, 100]], 500, 100, false],
    ['the share in one span', [[0, 200]], 500, 200, true],
    [
      'the share in many spans',
      [
        [0, 50],
        [100, 50],
        [200, 50],
        [300, 50],
      ],
      900,
      200,
      true,
    ],
    [
      'spans older than a second no longer count',
      [
        [0, 150],
        [600, 100],
      ],
      1100,
      100,
      false,
    ],
    ['all gone after a second', [[0, 1000]], 1001, 0, false],
  ] as const)('%s', (_what, spans, at, used, full) => {
    let now = 0;
    const share = new LoopShare(PLAN_SHARE, () => now);
    for (const [time, ms] of spans) {
      now = time;
      share.add(ms);
    }
    now = at;
    expect(share.used).toBe(used);
    expect(share.full).toBe(full);
  });

  it('refuses a plan with 503 once planning has had its share (held a second first), and plans again after', async () => {
    const q = await realDataApp({ clock });
    try {
      expect((await plan('2026-12-01', '08:00', q)).status).toBe(200);
      planShareOf(q.db).add(PLAN_SHARE * 1000);
      const asked = performance.now();
      const refused = await plan('2026-12-01', '09:00', q);
      // Held before it is sent: a flood's client asks once a second, not thousands of times.
      expect(performance.now() - asked).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 5);
      expect(refused.status).toBe(503);
      expect(refused.error?.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', messageKey: 'planBusy' });
      // Batched as the web app sends it: one refusal per call, in tRPC's batch shape (the share
      // spent again: the hold let a second pass).
      planShareOf(q.db).add(PLAN_SHARE * 1000);
      const batch = await q.app.inject({
        method: 'GET',
        url: `/trpc/timetable.plan,timetable.plan?batch=1&input=${encodeURIComponent(
          JSON.stringify({
            0: { from: KAVARSKAS, to: UTENA, date: '2026-12-01', time: '10:00' },
            1: { from: UTENA, to: KAVARSKAS, date: '2026-12-01', time: '10:00' },
          }),
        )}`,
      });
      expect(batch.statusCode).toBe(503);
      expect(batch.headers['retry-after']).toBe('5');
      expect(batch.json()).toHaveLength(2);
      expect(batch.json()[1].error.message).toBe(
        'Many journeys are being planned right now, try again in a few seconds',
      );
      // The departures are not planning: answered.
      expect((await trpcQuery(q.app, 'timetable.departures', { from: 1, date: '2026-12-01' })).status).toBe(
        200,
      );
      // A second after the share was spent, it is free again.
      await new Promise((resolve) => setTimeout(resolve, 1050 - REFUSAL_HOLD_MS + 50));
      expect((await plan('2026-12-01', '09:00', q)).status).toBe(200);
    } finally {
      await q.app.close();
    }
  });
});

describe('which requests are plans, at the door', () => {
  it.each([
    ['/trpc/timetable.plan?input=%7B%7D', 1],
    ['/trpc/timetable.plan,timetable.departures?batch=1&input=%7B%7D', 2],
    ['/trpc/timetable.departures,timetable.plan,timetable.plan?batch=1', 3],
    ['/trpc/timetable%2Eplan?input=%7B%7D', 1],
    ['/trpc/timetable.departures?input=%7B%7D', 0],
    ['/trpc/timetable.planner?input=%7B%7D', 0],
    ['/api/timetable.plan', 0],
    ['/trpc/%E0%A4%A?x', 0],
  ])('%s: %i', (url, calls) => {
    expect(plannedCalls(url)).toBe(calls);
  });
});
