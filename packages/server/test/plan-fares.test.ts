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

async function plan(): Promise<Answer> {
  const res = await trpcQuery<Answer>(file.t.app, 'timetable.plan', {
    from: KAVARSKAS,
    to: UTENA,
    date: WEDNESDAY,
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
    });
    // A journey on the first line alone costs its one ticket.
    for (const journey of after.journeys.filter((j) => j.legs.every((l) => l.lineId === first.lineId)))
      expect(journey.fare).toMatchObject({ kind: 'priced', cents: 125 });
  });
});
