import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeparturesResult } from '../src/public-read/departures.ts';
import {
  type JourneysAnswer,
  pausePlannerBuildsWith,
  plannerBuildsStarted,
} from '../src/public-read/journeys.ts';
import { fixedClock, realDataApp, type TestApp, trpcQuery } from './helpers.ts';

/**
 * The journey planner's first query builds its data (the timetable as the planner reads it, then
 * the day's network): seconds at national scale, in slices that let the event loop answer others.
 * Here every step of the build waits at a gate the test opens.
 */

const clock = fixedClock('2026-11-27T10:00:00Z');
const WEDNESDAY = '2026-12-02';
const ANYKSCIAI = 1;
const KAVARSKAS = 27;
const UTENA = 115;

let t: TestApp;
beforeAll(async () => {
  t = await realDataApp({ clock });
});
afterAll(() => t.app.close());

/** Gates a test left closed (it failed halfway): opened after it, so no build waits forever. */
const gates: (() => void)[] = [];
afterEach(() => {
  for (const open of gates.splice(0)) open();
  pausePlannerBuildsWith(t.db, null);
});

/** The planner's builds wait at a gate between their steps; `reached` resolves at the first wait. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  gates.push(open);
  let arrived = () => {};
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let waits = 0;
  pausePlannerBuildsWith(t.db, () => {
    waits++;
    arrived();
    return opened.then(() => new Promise((resolve) => setImmediate(resolve)));
  });
  return { open, reached, waits: () => waits };
}

const text = (answer: JourneysAnswer) =>
  answer.journeys.map(
    (j) =>
      `${j.depart}-${j.arrive} ${j.legs.map((l) => `${l.tripId}:${l.fromStopId}>${l.toStopId}`).join(' ')}`,
  );

describe('the planner’s data is built without holding up other requests', () => {
  it('answers departures while the first journey queries wait for the build, which they share', async () => {
    const { open, reached, waits } = gate();
    let planned = 0;
    const ask = (time: string) =>
      trpcQuery<JourneysAnswer>(t.app, 'timetable.plan', {
        from: KAVARSKAS,
        to: UTENA,
        date: WEDNESDAY,
        time,
      }).then((res) => {
        planned++;
        return res;
      });
    const first = ask('06:00');
    const second = ask('11:00');
    await reached;

    const departures = await trpcQuery<DeparturesResult>(t.app, 'timetable.departures', {
      from: ANYKSCIAI,
      date: WEDNESDAY,
    });
    expect(departures.status).toBe(200);
    expect(departures.data.items.length).toBeGreaterThan(10);
    expect(planned).toBe(0);
    expect(waits()).toBeGreaterThan(0);

    open();
    const [early, late] = await Promise.all([first, second]);
    expect(text(early.data)).toEqual(['10:40-13:00 113:27>1 51:1>115', '15:15-18:10 84:27>1 53:1>115']);
    expect(text(late.data)).toEqual(['15:15-18:10 84:27>1 53:1>115']);
    // One build for both queries (and none more for the next one).
    expect(plannerBuildsStarted(t.db)).toBe(1);
    await ask('06:00');
    expect(plannerBuildsStarted(t.db)).toBe(1);
  });
});
