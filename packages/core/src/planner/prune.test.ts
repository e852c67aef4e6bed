import { describe, expect, it } from 'vitest';
import { buildDayNetwork, type DayNetwork } from './network.ts';
import { NEVER, reachFrom, search } from './raptor.ts';
import type { ChangeRules, RideTrip } from './types.ts';

/**
 * The planner's pruning (plan.ts): a search from the source that leaves out what cannot reach the
 * target with the rides left (reachFrom, searched back from the target), and a search back that
 * leaves out what the search from the source could not be ready at, answer what the searches
 * without it answer: the same earliest arrival by rides, and the same latest departure for it.
 */

/** A random day: `trips` trips over `stops` stops, with change times of their own and a change place. */
function randomDay(
  seed: number,
  trips: number,
  stops: number,
): { network: DayNetwork; random: (n: number) => number } {
  let state = seed;
  const random = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
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
    rides.push({ tripId: id, lineId: 1 + random(12), stops: visited, minutes });
  }
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
  return { network: buildDayNetwork(rides, rules), random };
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
