import type { AdminStop, Schedule } from '@bus/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import { type JourneysAnswer, planShareOf } from '../src/public-read/journeys.ts';
import type { LineSchedules } from '../src/services/admin/schedules.ts';
import { adminAppPerFile, versionNow } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

/**
 * Step-free only journeys (issue 41) through timetable.plan on the real data, the marks set as
 * staff set them (admin.stops.save, admin.schedules.saveList): only buses marked low-floor, only
 * stops marked step-free ("no" and "not known" alike are not), and an answer that says when no
 * step-free journey exists and which of its stops is not marked.
 */

const clock = fixedClock('2026-11-27T10:00:00Z');
const WEDNESDAY = '2026-12-02';
const ANYKSCIAI_AS = 1;
const VIKONYS = 8;
const KAVARSKAS = 27;
const UTENA = 115;
/** The lines of Vikonys -> Utenos AS's journeys: M5, Panevėžys, Utena, M38. */
const LINES = [2, 9, 10, 13];

const file = adminAppPerFile({ clock });
// What a plan answers, not when the server refuses to plan (plan.test.ts says why): planning's
// share is forgotten before each plan (each mark is a new generation, whose planner is built anew).
async function plan(input: Record<string, unknown>): Promise<JourneysAnswer> {
  planShareOf(file.t.db).clear();
  const res = await trpcQuery<JourneysAnswer>(file.t.app, 'timetable.plan', input);
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  return res.data;
}

const vikonysToUtena = { from: VIKONYS, to: UTENA, date: WEDNESDAY, time: '09:00' };

/** Journeys as short text: "10:04-13:00 42:8>1 51:1>115" (trip:from>to per leg). */
const text = (answer: JourneysAnswer) =>
  answer.journeys.map(
    (j) =>
      `${j.depart}-${j.arrive} ${j.legs.map((l) => `${l.tripId}:${l.fromStopId}>${l.toStopId}`).join(' ')}`,
  );

const saved = async (path: string, input: unknown) => {
  const res = await file.client.mutate(path, input);
  expect(res.status, res.message).toBe(200);
};

/** The stops marked as staff mark them on the stops page (each saved with its other fields). */
async function markStops(ids: Iterable<number>, stepFree: AdminStop['stepFree']) {
  const stops = new Map(
    (await file.client.query<AdminStop[]>('admin.stops.list')).data.map((s) => [s.id, s]),
  );
  for (const id of ids) {
    const stop = stops.get(id);
    if (!stop) throw new Error(`no stop ${id}`);
    await saved('admin.stops.save', {
      id,
      name: stop.name,
      coords: stop.coords,
      defaultOption: stop.defaultOption,
      stepFree,
      // Some of the real stops share a name (their notes tell them apart).
      confirmDuplicateName: true,
      baseVersion: await versionNow(file.t, { kind: 'stop', id }),
    });
  }
}

/** Every schedule of the line: its bus low-floor with a ramp. */
async function markLine(lineId: number) {
  const { schedules } = (await file.client.query<LineSchedules>('admin.schedules.byLine', { lineId })).data;
  await saved('admin.schedules.saveList', {
    lineId,
    schedules: schedules.map(({ lineId: _line, ...s }: Schedule) => ({ ...s, stepFree: 'yes' })),
    baseVersion: await versionNow(file.t, { kind: 'schedules', lineId }),
  });
}

describe('step-free only journeys', () => {
  let normal: JourneysAnswer;
  beforeAll(async () => {
    normal = await plan(vikonysToUtena);
  });

  it('are none while staff have marked nothing (not known is not step-free), and the answer says so', async () => {
    expect(text(normal)[0]).toBe('10:04-13:00 42:8>1 51:1>115');
    expect(normal.stepFree).toBeUndefined();
    const answer = await plan({ ...vikonysToUtena, stepFree: true });
    expect(answer.journeys).toEqual([]);
    expect(answer.stepFree).toEqual({ from: false, to: false });
  });

  it('are the journeys of the low-floor buses between step-free stops', async () => {
    const dataset = await loadDefaultDataset();
    const stops = new Set(
      dataset.lines.filter((l) => LINES.includes(l.id)).flatMap((l) => l.routes.flatMap((r) => r.stopIds)),
    );
    await markStops(stops, 'yes');
    // The stops alone: still no bus is marked.
    const stopsOnly = await plan({ ...vikonysToUtena, stepFree: true });
    expect(stopsOnly.journeys).toEqual([]);
    expect(stopsOnly.stepFree).toEqual({ from: true, to: true });

    for (const lineId of LINES) await markLine(lineId);
    const answer = await plan({ ...vikonysToUtena, stepFree: true });
    // Every journey of the plan without the option rides those lines between those stops.
    expect(text(answer)).toEqual(text(normal));
    expect(answer.stepFree).toEqual({ from: true, to: true });
  });

  it('never board or alight at a stop marked "no": the change at Anykščių AS is refused', async () => {
    await markStops([ANYKSCIAI_AS], 'no');
    const answer = await plan({ ...vikonysToUtena, stepFree: true });
    expect(answer.journeys.length).toBeGreaterThan(0);
    for (const journey of answer.journeys)
      for (const leg of journey.legs) {
        expect(leg.fromStopId).not.toBe(ANYKSCIAI_AS);
        expect(leg.toStopId).not.toBe(ANYKSCIAI_AS);
        expect(LINES).toContain(leg.lineId);
      }
    // The same arrival by two changes elsewhere: onto Utena's bus 51 at A. Vienuolio prog., which
    // it rides past Anykščių AS.
    expect(text(answer)).toEqual(['10:25-13:00 43:8>84 77:84>69 51:69>115']);
    // The plan without the option still changes there (its answer is not the one kept for it).
    expect(text(await plan(vikonysToUtena))).toEqual(text(normal));
  });

  it('are none from a stop not marked step-free, and the answer names which end is not', async () => {
    expect((await plan({ from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '06:00' })).journeys.length).toBe(
      2,
    );
    const answer = await plan({ from: KAVARSKAS, to: UTENA, date: WEDNESDAY, time: '06:00', stepFree: true });
    expect(answer.journeys).toEqual([]);
    expect(answer.stepFree).toEqual({ from: false, to: true });
    const back = await plan({
      from: UTENA,
      to: ANYKSCIAI_AS,
      date: WEDNESDAY,
      time: '06:00',
      stepFree: true,
    });
    expect(back.journeys).toEqual([]);
    expect(back.stepFree).toEqual({ from: true, to: false });
  });

  it('refuses a stepFree that is not true or false', async () => {
    planShareOf(file.t.db).clear();
    const res = await trpcQuery(file.t.app, 'timetable.plan', { ...vikonysToUtena, stepFree: 'yes' });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('stepFree: stepFree must be true or false');
  });
});
