import { addDays } from '@bus/core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JourneyFare } from '../src/public-read/fares.ts';
import { type JourneysAnswer, planShareOf } from '../src/public-read/journeys.ts';
import { adminAppPerFile } from './admin-helpers.ts';
import { fixedClock, trpcQuery } from './helpers.ts';

/**
 * The journey planner's fares (issue 41) on the real data, through timetable.plan: nothing is
 * said of fares while no price list is stored; with flat fares on the lines of a journey, its
 * fare is the sum of its legs' (each leg its own ticket) and each concession pays its share of
 * each ticket; a journey with a leg on a line without a price list says so, never a number.
 * A through fare staff set for Kavarskas -> Utenos AS (changing from "Kavarskas m27?" to "Utena")
 * makes the journey one ticket at its price while the change is within its minutes, from its
 * first day, with each concession's share of it; a leg whose fare is not set keeps the journey
 * not set.
 */

const clock = fixedClock('2026-11-27T10:00:00Z');
const WEDNESDAY = '2026-12-02';
const KAVARSKAS = 27;
const UTENA = 115;

const file = adminAppPerFile({ clock });
// What a plan answers, not when the server refuses to plan (plan.test.ts says why).
beforeEach(() => planShareOf(file.t.db).clear());

type Answer = Omit<JourneysAnswer, 'journeys'> & {
  journeys: (JourneysAnswer['journeys'][number] & { fare: JourneyFare | null })[];
};

async function plan(date = WEDNESDAY): Promise<Answer> {
  const res = await trpcQuery<Answer>(file.t.app, 'timetable.plan', {
    from: KAVARSKAS,
    to: UTENA,
    date,
    time: '06:00',
  });
  expect(res.error, JSON.stringify(res.error)).toBeUndefined();
  return res.data;
}

const saved = async (path: string, input: unknown) => {
  const res = await file.client.mutate<{ id: number }>(path, input);
  expect(res.status, res.message).toBe(200);
  return res.data;
};

describe('journey fares', () => {
  it('says nothing of fares while no price list is stored', async () => {
    const answer = await plan();
    expect(answer.journeys.length).toBeGreaterThan(0);
    expect(answer.journeys.map((j) => j.fare)).toEqual(answer.journeys.map(() => null));
  });

  it('sums the legs’ flat fares, each concession its share of each ticket; a leg with no price list: not set', async () => {
    const before = await plan();
    const withChange = before.journeys.find((j) => j.legs.length === 2);
    if (!withChange) throw new Error('a journey with a change was expected');
    const [first, second] = withChange.legs;
    if (!first || !second || first.lineId === second.lineId) throw new Error('two lines were expected');
    await saved('admin.concessions.save', {
      id: null,
      nameLt: 'Moksleiviai',
      nameEn: 'Pupils',
      percent: 50,
      baseVersion: 0,
    });
    // The first leg's line only: the journey has no fare yet.
    await saved('admin.fares.save', {
      id: null,
      lineId: first.lineId,
      validFrom: '2026-11-01',
      method: { kind: 'flat', cents: 125 },
      baseVersion: 0,
    });
    const half = (await plan()).journeys.find(
      (j) => j.legs.map((l) => l.tripId).join() === withChange.legs.map((l) => l.tripId).join(),
    );
    expect(half?.fare).toEqual({ kind: 'notSet', reason: 'noRule' });

    await saved('admin.fares.save', {
      id: null,
      lineId: second.lineId,
      validFrom: '2026-11-01',
      method: { kind: 'flat', cents: 210 },
      baseVersion: 0,
    });
    const after = await plan();
    const priced = after.journeys.find(
      (j) => j.legs.map((l) => l.tripId).join() === withChange.legs.map((l) => l.tripId).join(),
    );
    expect(priced?.fare).toEqual({
      kind: 'priced',
      cents: 335,
      // 63 + 105: each ticket's half, to the cent.
      concessions: [expect.objectContaining({ nameEn: 'Pupils', percent: 50, cents: 168 })],
      tickets: [
        { kind: 'leg', legs: [0], cents: 125 },
        { kind: 'leg', legs: [1], cents: 210 },
      ],
    });
    // A journey on the first line alone costs its one ticket.
    for (const journey of after.journeys.filter((j) => j.legs.every((l) => l.lineId === first.lineId)))
      expect(journey.fare).toMatchObject({ kind: 'priced', cents: 125 });
  });
});

describe('through fares', () => {
  type Journey = Answer['journeys'][number];
  const key = (j: Journey) => j.legs.map((l) => l.tripId).join();
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  let journey: Journey;
  let wait: number;
  const fareOf = async (date = WEDNESDAY) =>
    (await plan(date)).journeys.find((j) => key(j) === key(journey))?.fare;
  const through = (validFrom: string, cents: number, changeMinutes: number) =>
    saved('admin.throughFares.save', {
      id: null,
      fromLineId: journey.legs[0]?.lineId,
      fromStopId: KAVARSKAS,
      toLineId: journey.legs[1]?.lineId,
      toStopId: UTENA,
      validFrom,
      cents,
      changeMinutes,
      baseVersion: 0,
    });

  it('one ticket at the through fare for the journey across the two lines, each concession its share', async () => {
    // The lines' flat fares (125 and 210) and Pupils (50 %) are the test above's.
    const found = (await plan()).journeys.find((j) => j.legs.length === 2);
    if (!found?.legs[0] || !found.legs[1]) throw new Error('a journey with a change was expected');
    journey = found;
    wait = minutes(found.legs[1].depart) - minutes(found.legs[0].arrive);
    expect(found.fare).toMatchObject({ kind: 'priced', cents: 335 });
    await through('2026-11-01', 285, wait);
    expect(await fareOf()).toEqual({
      kind: 'priced',
      cents: 285,
      // Half of the one ticket, to the cent (142.5 up).
      concessions: [expect.objectContaining({ nameEn: 'Pupils', percent: 50, cents: 143 })],
      tickets: [{ kind: 'through', legs: [0, 1], cents: 285, throughFareId: expect.any(Number) }],
    });
  });

  it('from its first day: a later price of the journey takes over on its date; a change longer than its minutes is two tickets', async () => {
    // From the day after the Wednesday: 300, and a change of a minute less than this one takes.
    await through(addDays(WEDNESDAY, 1), 300, wait - 1);
    expect(await fareOf()).toMatchObject({ cents: 285 });
    expect(await fareOf(addDays(WEDNESDAY, 7))).toMatchObject({
      kind: 'priced',
      cents: 335,
      tickets: [
        { kind: 'leg', cents: 125 },
        { kind: 'leg', cents: 210 },
      ],
    });
  });

  it('a leg whose fare is not set keeps the journey not set, through fare or not', async () => {
    const rules = await file.client.query<{ id: number; lineId: number; version: number }[]>(
      'admin.fares.list',
      { lineId: journey.legs[1]?.lineId },
    );
    for (const rule of rules.data)
      await saved('admin.fares.delete', { id: rule.id, baseVersion: rule.version });
    expect(await fareOf()).toEqual({ kind: 'notSet', reason: 'noRule' });
  });
});
