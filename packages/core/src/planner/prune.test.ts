import { describe, expect, it } from 'vitest';
import { buildDayNetwork, type DayNetwork } from './network.ts';
import { NEVER, reachFrom, search } from './raptor.ts';
import { referenceEarliestArrival } from './reference-planner.ts';
import type { ChangeRules, RideTrip } from './types.ts';

/**
 * The planner's pruning (plan.ts): a search from the source that leaves out what cannot reach the
 * target with the rides left (reachFrom, searched back from the target), and a search back that
 * leaves out what the search from the source could not be ready at, answer what the searches
 * without it answer: the same earliest arrival by rides, and the same latest departure for it.
 */

/**
 * A 32-bit generator taking its high bits. The days' first generator loses its low bits to
 * rounding (its days visit a few of their stops, and its picks of stops would go with the
 * marks): the step-free days, marks and queries use this one.
 */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

/**
 * A random day: `trips` trips over `stops` stops, with change times of their own and a change
 * place; about two buses in three low-floor and three stops in four step-free (issue 41). `even`:
 * picked by `generator` (every stop visited), else by the first generator (as it always was).
 */
function randomDay(
  seed: number,
  trips: number,
  stops: number,
  even = false,
): {
  network: DayNetwork;
  random: (n: number) => number;
  rides: RideTrip[];
  rules: ChangeRules;
  stepFreeStops: Set<number>;
} {
  let state = seed;
  const mark = generator(seed);
  const first = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const random = even ? generator(seed + 1) : first;
  const rides: RideTrip[] = [];
  for (let id = 1; id <= trips; id++) {
    const length = 2 + random(8);
    let minute = 300 + random(900);
    const visited: number[] = [];
    const minutes: number[] = [];
    for (let i = 0; i < length; i++) {
      visited.push(1 + random(stops));
      minutes.push(minute);
      minute += random(20);
    }
    rides.push({
      tripId: id,
      lineId: 1 + random(12),
      stops: visited,
      minutes,
      ...(mark(3) === 0 ? {} : { stepFree: true }),
    });
  }
  const stepFreeStops = new Set(Array.from({ length: stops }, (_, i) => i + 1).filter(() => mark(4) !== 0));
  const rules: ChangeRules = {
    defaultMinutes: 2,
    stopMinutes: new Map([
      [3, 0],
      [7, 9],
    ]),
    places: [
      { stopA: 4, stopB: 9, walkMinutes: 4 },
      { stopA: 11, stopB: 12, walkMinutes: 1 },
    ],
  };
  return { network: buildDayNetwork(rides, rules, [...stepFreeStops]), random, rides, rules, stepFreeStops };
}

describe('the planner’s pruning answers what the searches without it answer', () => {
  for (const [seed, trips, stops] of [
    [7, 300, 25],
    [11, 800, 40],
    [19, 1500, 60],
  ] as const) {
    it(`on a random day (${trips} trips over ${stops} stops, seed ${seed})`, () => {
      const { network, random } = randomDay(seed, trips, stops);
      const { forward, backward } = network;
      let compared = 0;
      for (let q = 0; q < 300; q++) {
        const from = 1 + random(stops);
        const to = 1 + random(stops);
        const time = 300 + random(1000);
        const plain = search(forward, from, to, time, 4);
        // Leaving out what cannot reach `to` with one or two rides left (as plan.ts does).
        for (const rides of [1, 2, 4]) {
          const toTarget = reachFrom(backward, to, -NEVER, rides, -time + 1);
          const pruned = search(forward, from, to, time, 4, [], toTarget);
          expect(pruned.arrivals, `${from} -> ${to} at ${time}, ${rides} rides back`).toEqual(plain.arrivals);
        }
        const toTarget = reachFrom(backward, to, -NEVER, 2, -time + 1);
        const first = search(forward, from, to, time, 4, [], toTarget);
        for (let k = 1; k <= 4; k++) {
          const reached = first.arrivals[k] as number;
          if (reached === NEVER || reached >= (first.arrivals[k - 1] as number)) continue;
          // Back from the arrival with k rides: the latest departure, with and without the first
          // search's reach, and every leg of it rideable from the one before.
          const bound = new Array<number>(k + 1).fill(-time + 1);
          const back = search(backward, to, from, -reached, k, bound).legs(k);
          const tight = search(backward, to, from, -reached, k, bound, first.reach).legs(k);
          expect(tight.length, `${from} -> ${to} at ${time}, ${k} rides`).toBe(k);
          expect(tight[0]?.depart).toBe(back[0]?.depart);
          expect(tight.at(-1)?.arrive).toBe(reached);
          for (let i = 1; i < tight.length; i++)
            expect(tight[i]?.depart as number).toBeGreaterThanOrEqual(tight[i - 1]?.arrive as number);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(50);
    });
  }
});

describe('step-free only (issue 41): the searches and their pruning', () => {
  it('answer the simple reference, pruned or not, on a random day', () => {
    const { network, rides, rules, stepFreeStops } = randomDay(23, 800, 40, true);
    const random = generator(41);
    const { forward, backward } = network;
    let reached = 0;
    let notStepFree = 0;
    for (let q = 0; q < 300; q++) {
      const from = 1 + random(40);
      const to = 1 + random(40);
      const time = 300 + random(1000);
      const plain = search(forward, from, to, time, 4, [], undefined, true);
      const where = `${from} -> ${to} at ${time}`;
      const expected = referenceEarliestArrival(rides, rules, from, to, time, 4, stepFreeStops);
      expect(plain.arrivals[4] === NEVER ? null : plain.arrivals[4], where).toBe(expected);
      const toTarget = reachFrom(backward, to, -NEVER, 2, -time + 1, true);
      const pruned = search(forward, from, to, time, 4, [], toTarget, true);
      expect(pruned.arrivals, where).toEqual(plain.arrivals);
      if (expected !== null) reached++;
      if (!stepFreeStops.has(from) || !stepFreeStops.has(to)) notStepFree++;
      // Every leg on a low-floor bus, from and to a step-free stop.
      for (const leg of plain.legs(4)) {
        expect(rides.find((r) => r.tripId === leg.tripId)?.stepFree, where).toBe(true);
        expect(stepFreeStops.has(leg.fromStopId) && stepFreeStops.has(leg.toStopId), where).toBe(true);
      }
    }
    expect(reached).toBeGreaterThan(50);
    expect(notStepFree).toBeGreaterThan(50);
  });
});
