import { describe, expect, it } from 'vitest';
import { NO_DAY_CHANGES } from '../service-changes/day-changes.ts';
import { buildDayNetwork, dayNetworkSteps } from './network.ts';
import { NO_TIME, runningTrips, runningTripsSteps } from './running-trips.ts';
import { runSteps, runStepsInSlices, type Steps } from './steps.ts';
import { NO_CHANGE_RULES, type RideTrip } from './types.ts';

/** A build of `n` pieces that yields after each: the sum of 1..n. */
function* sum(n: number): Steps<number> {
  let total = 0;
  for (let i = 1; i <= n; i++) {
    total += i;
    yield;
  }
  return total;
}

describe('builds in steps', () => {
  it('run at once or in slices to the same result, pausing only when a slice is due', async () => {
    expect(runSteps(sum(10))).toBe(55);
    let pauses = 0;
    let looks = 0;
    const everyThird = { due: () => ++looks % 3 === 0, pause: async () => void pauses++ };
    expect(await runStepsInSlices(sum(10), everyThird)).toBe(55);
    expect([looks, pauses]).toEqual([10, 3]);
    expect(await runStepsInSlices(sum(0), everyThird)).toBe(0);
  });

  it('build the same day network in slices as at once', async () => {
    const trips: RideTrip[] = Array.from({ length: 700 }, (_, i) => ({
      tripId: i + 1,
      lineId: 1 + (i % 7),
      stops: [1 + (i % 11), 12 + (i % 5), 20 + (i % 3)],
      minutes: [300 + i, 310 + i, 330 + i],
    }));
    const always = { due: () => true, pause: () => Promise.resolve() };
    const sliced = await runStepsInSlices(dayNetworkSteps(trips, NO_CHANGE_RULES), always);
    expect(sliced).toEqual(buildDayNetwork(trips, NO_CHANGE_RULES));
  });

  it('make the same day’s rides in slices as at once, from the packed minutes', async () => {
    // Stops 1..4; trip 2 has no time at stop 2 and a time going back at stop 4 (left out).
    const schedules = [
      {
        id: 1,
        schedule: {} as never,
        trips: [
          { id: 1, lineId: 5, travel: [1, 2, 3], planned: Int16Array.from([480, 490, 500]) },
          { id: 2, lineId: 5, travel: [1, 2, 3, 4], planned: Int16Array.from([600, NO_TIME, 620, 615]) },
          { id: 3, lineId: 5, travel: [1, 2], planned: Int16Array.from([NO_TIME, 700]) },
        ],
      },
    ];
    const always = { due: () => true, pause: () => Promise.resolve() };
    const sliced = await runStepsInSlices(runningTripsSteps(schedules, NO_DAY_CHANGES), always);
    expect(sliced).toEqual(runningTrips(schedules, NO_DAY_CHANGES));
    expect(sliced).toEqual([
      { tripId: 1, lineId: 5, stops: [1, 2, 3], minutes: [480, 490, 500] },
      { tripId: 2, lineId: 5, stops: [1, 3], minutes: [600, 620] },
    ]);
  });
});
