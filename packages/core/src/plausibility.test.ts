import { describe, expect, it } from 'vitest';
import { backwardSteps, directionContradicted, type TripToCheck, tripWarnings } from './plausibility.ts';

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

describe('directionContradicted (stop 1 is the home station)', () => {
  it.each<{ name: string; boundFor: TripToCheck['boundFor']; stops: number[]; contradicted: boolean }>([
    { name: 'city bound, from home outwards', boundFor: 'City bound', stops: [1, 2, 3], contradicted: true },
    { name: 'city bound, coming home', boundFor: 'City bound', stops: [3, 2, 1], contradicted: false },
    { name: 'out bound, ending at home', boundFor: 'Out bound', stops: [3, 2, 1], contradicted: true },
    { name: 'out bound, leaving home', boundFor: 'Out bound', stops: [1, 2, 3], contradicted: false },
    { name: 'one way, from home', boundFor: 'One way', stops: [1, 2, 3], contradicted: false },
    { name: 'one way, to home', boundFor: 'One way', stops: [3, 2, 1], contradicted: false },
    { name: 'city bound through home', boundFor: 'City bound', stops: [3, 1, 2], contradicted: false },
    { name: 'out bound through home', boundFor: 'Out bound', stops: [3, 1, 2], contradicted: false },
    { name: 'city bound loop home to home', boundFor: 'City bound', stops: [1, 2, 1], contradicted: false },
    { name: 'out bound loop home to home', boundFor: 'Out bound', stops: [1, 2, 1], contradicted: false },
    { name: 'never at home', boundFor: 'City bound', stops: [5, 6], contradicted: false },
    { name: 'a single stop', boundFor: 'City bound', stops: [1], contradicted: false },
    { name: 'no stops', boundFor: 'Out bound', stops: [], contradicted: false },
  ])('$name', ({ boundFor, stops, contradicted }) => {
    expect(directionContradicted(boundFor, stops[0], stops.at(-1))).toBe(contradicted);
  });
});
