import { describe, expect, it } from 'vitest';
import { backwardSteps, type TripToCheck, tripWarnings } from './plausibility.ts';

describe('backwardSteps', () => {
  it.each([
    { times: ['06:30', '06:40', '06:46'], steps: [], comparisons: 2 },
    { times: ['06:30', '06:20', '06:46'], steps: [{ index: 1, from: '06:30', to: '06:20' }], comparisons: 2 },
    { times: ['06:30', null, '06:20'], steps: [{ index: 2, from: '06:30', to: '06:20' }], comparisons: 1 },
    { times: ['06:30', '', '06:40'], steps: [], comparisons: 1 },
    { times: [null, null], steps: [], comparisons: 0 },
    { times: ['23:50', '00:10'], steps: [{ index: 1, from: '23:50', to: '00:10' }], comparisons: 1 },
  ])('$times', ({ times, steps, comparisons }) => {
    expect(backwardSteps(times)).toEqual({ steps, comparisons });
  });
});

describe('tripWarnings', () => {
  const base: TripToCheck = {
    boundFor: 'Out bound',
    travelStopIds: [1, 2, 3],
    timeList: ['06:30', '06:40', '06:46'],
  };
  it.each<{ name: string; trip: TripToCheck; expected: ReturnType<typeof tripWarnings> }>([
    { name: 'a plausible out bound trip', trip: base, expected: [] },
    {
      name: 'time going backwards names the first place and how many',
      trip: { ...base, timeList: ['06:30', '06:20', '06:10'] },
      expected: [{ kind: 'backwards', index: 1, stopId: 2, from: '06:30', to: '06:20', count: 2 }],
    },
    {
      name: 'out bound trip ending at the home station',
      trip: { ...base, travelStopIds: [3, 2, 1] },
      expected: [{ kind: 'direction', boundFor: 'Out bound', stopId: 1 }],
    },
    {
      name: 'city bound trip starting at the home station',
      trip: { ...base, boundFor: 'City bound' },
      expected: [{ kind: 'direction', boundFor: 'City bound', stopId: 1 }],
    },
    {
      name: 'city bound trip ending at the home station',
      trip: { ...base, boundFor: 'City bound', travelStopIds: [3, 2, 1] },
      expected: [],
    },
    {
      name: 'one way trips have no direction to check',
      trip: { ...base, boundFor: 'One way', travelStopIds: [3, 2, 1] },
      expected: [],
    },
    {
      name: 'a loop from and to the home station fits both',
      trip: { ...base, travelStopIds: [1, 2, 1] },
      expected: [],
    },
    {
      name: 'a route without the home station',
      trip: { ...base, boundFor: 'City bound', travelStopIds: [5, 6] },
      expected: [],
    },
  ])('$name', ({ trip, expected }) => {
    expect(tripWarnings(trip)).toEqual(expected);
  });
});
