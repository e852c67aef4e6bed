import { describe, expect, it } from 'vitest';
import { changeValueText, diffStates } from './change-diff.ts';

const schedule = {
  id: 70,
  runsOnWeekly: ['MONDAY', 'TUESDAY'],
  runsOnYearlyId: 3,
  trips: [
    { id: 130, routeId: 40, timeList: ['06:30', '06:40', '06:46'] },
    { id: 131, routeId: 40, timeList: ['07:30', null, '07:46'] },
  ],
};

describe('diffStates', () => {
  it.each([
    { name: 'nothing changed', before: schedule, after: structuredClone(schedule), expected: [] },
    {
      name: 'one time changed: the path names the trip by id and the stop by position',
      before: schedule,
      after: {
        ...schedule,
        trips: [schedule.trips[0], { ...schedule.trips[1], timeList: ['07:30', '07:38', '07:46'] }],
      },
      expected: [{ path: 'trips[id=131].timeList[1]', before: '—', after: '07:38' }],
    },
    {
      name: 'a trip removed lists its fields; the other trip does not shift',
      before: schedule,
      after: { ...schedule, trips: [schedule.trips[1]] },
      expected: [
        { path: 'trips[id=130].routeId', before: '40', after: null },
        { path: 'trips[id=130].timeList', before: '06:30, 06:40, 06:46', after: null },
      ],
    },
    {
      name: 'a scalar field',
      before: { id: 1, name: 'Kalėdos', month: 12, day: 25 },
      after: { id: 1, name: 'Kalėdos', month: 12, day: 26 },
      expected: [{ path: 'day', before: '25', after: '26' }],
    },
    {
      name: 'weekdays of another length are one change of the list',
      before: schedule,
      after: { ...schedule, runsOnWeekly: ['MONDAY'] },
      expected: [{ path: 'runsOnWeekly', before: 'MONDAY, TUESDAY', after: 'MONDAY' }],
    },
    {
      name: 'a stop inserted into a route: the time list grows, compared as a whole',
      before: { timeList: ['06:30', '06:40'] },
      after: { timeList: ['06:30', null, '06:40'] },
      expected: [{ path: 'timeList', before: '06:30, 06:40', after: '06:30, —, 06:40' }],
    },
    {
      name: 'created',
      before: null,
      after: { id: 9, name: 'Vikonys' },
      expected: [
        { path: 'id', before: null, after: '9' },
        { path: 'name', before: null, after: 'Vikonys' },
      ],
    },
    {
      name: 'deleted',
      before: { id: 9, name: 'Vikonys' },
      after: null,
      expected: [
        { path: 'id', before: '9', after: null },
        { path: 'name', before: 'Vikonys', after: null },
      ],
    },
    {
      name: 'a field that appears',
      before: { info: { name: 'M35' } },
      after: { info: { name: 'M35', price: '1.20' } },
      expected: [{ path: 'info.price', before: null, after: '1.20' }],
    },
    {
      name: 'a list of rules matched by id, a new one added',
      before: [{ id: 1, periodName: 'Vasara' }],
      after: [
        { id: 1, periodName: 'Vasara' },
        { id: 2, periodName: 'Žiema' },
      ],
      expected: [{ path: '[id=2].periodName', before: null, after: 'Žiema' }],
    },
  ])('$name', ({ before, after, expected }) => {
    expect(diffStates(before, after)).toEqual(expected);
  });
});

describe('changeValueText', () => {
  it.each([
    [null, '—'],
    ['06:46', '06:46'],
    [true, 'true'],
    [[], '(none)'],
    [{ id: 3, name: 'Dabužiai' }, 'Dabužiai (3)'],
    [{ a: 1 }, '{"a":1}'],
  ])('%j -> %s', (value, text) => {
    expect(changeValueText(value)).toBe(text);
  });
});
