import { describe, expect, it } from 'vitest';
import { matchStopVisits, remapTripTimes, sameStopOrder } from './route-times.ts';

// Stops of line M35's route as in the issue: 1 Anykščių AS, 2 Dabužiai, 3 Ažuožeriai, 4 ...
const ROUTE = [1, 2, 3, 4, 5];
const OUT = ['06:30', '06:40', '06:46', '06:52', '07:00'];

describe('matchStopVisits', () => {
  it.each([
    ['same order', [1, 2, 3], [1, 2, 3], [0, 1, 2]],
    ['stop inserted after the 2nd', [1, 2, 3], [1, 2, 9, 3], [0, 1, null, 2]],
    ['stop removed', [1, 2, 3], [1, 3], [0, 2]],
    ['reordered', [1, 2, 3], [1, 3, 2], [0, 2, 1]],
    ['all new', [1, 2], [7, 8], [null, null]],
    ['empty before', [], [1, 2], [null, null]],
    ['empty after', [1, 2], [], []],
    ['a loop: the k-th visit maps to the k-th visit', [1, 2, 1], [1, 9, 2, 1], [0, null, 1, 2]],
    ['a loop gains a third visit', [1, 2, 1], [1, 2, 1, 1], [0, 1, 2, null]],
  ])('%s', (_name, previous, next, expected) => {
    expect(matchStopVisits(previous, next)).toEqual(expected);
  });
});

describe('remapTripTimes: times stay with their stops', () => {
  it.each([
    {
      name: 'insert after the 3rd stop (out bound): the new stop has no time, the rest keep theirs',
      next: [1, 2, 3, 9, 4, 5],
      reversed: false,
      times: OUT,
      expected: ['06:30', '06:40', '06:46', null, '06:52', '07:00'],
      emptied: [3],
      dropped: [],
    },
    {
      name: 'insert after the 3rd stop, reversed trip (travel order is the route reversed)',
      next: [1, 2, 3, 9, 4, 5],
      reversed: true,
      // travel order 5,4,3,2,1
      times: ['07:30', '07:38', '07:44', '07:50', '08:00'],
      // new travel order 5,4,9,3,2,1
      expected: ['07:30', '07:38', null, '07:44', '07:50', '08:00'],
      emptied: [2],
      dropped: [],
    },
    {
      name: 'remove the 2nd stop: its time is dropped, nobody else moves',
      next: [1, 3, 4, 5],
      reversed: false,
      times: OUT,
      expected: ['06:30', '06:46', '06:52', '07:00'],
      emptied: [],
      dropped: ['06:40'],
    },
    {
      name: 'remove the 2nd stop, reversed trip',
      next: [1, 3, 4, 5],
      reversed: true,
      times: ['07:30', '07:38', '07:44', '07:50', '08:00'],
      expected: ['07:30', '07:38', '07:44', '08:00'],
      emptied: [],
      dropped: ['07:50'],
    },
    {
      name: 'reorder two stops: each time goes with its stop',
      next: [1, 3, 2, 4, 5],
      reversed: false,
      times: OUT,
      expected: ['06:30', '06:46', '06:40', '06:52', '07:00'],
      emptied: [],
      dropped: [],
    },
    {
      name: 'stops without a time stay without one',
      next: [1, 2, 9, 3, 4, 5],
      reversed: false,
      times: ['06:30', null, '06:46', null, '07:00'],
      expected: ['06:30', null, null, '06:46', null, '07:00'],
      emptied: [2],
      dropped: [],
    },
    {
      name: 'another route sharing only the ends keeps the shared stops, the rest empty',
      next: [1, 7, 8, 5],
      reversed: false,
      times: OUT,
      expected: ['06:30', null, null, '07:00'],
      emptied: [1, 2],
      dropped: ['06:40', '06:46', '06:52'],
    },
  ])('$name', ({ next, reversed, times, expected, emptied, dropped }) => {
    const result = remapTripTimes(ROUTE, next, times, reversed);
    expect(result).toEqual({ timeList: expected, emptied, dropped });
  });

  it('works on minutes as well as on HH:MM texts', () => {
    expect(remapTripTimes([1, 2], [2, 1], [390, 400], false).timeList).toEqual([400, 390]);
  });
});

describe('sameStopOrder', () => {
  it.each([
    [[1, 2, 3], [1, 2, 3], true],
    [[1, 2, 3], [1, 2], false],
    [[1, 2, 3], [1, 3, 2], false],
    [[], [], true],
  ])('%j vs %j -> %s', (a, b, expected) => {
    expect(sameStopOrder(a, b)).toBe(expected);
  });
});
