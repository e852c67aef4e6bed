import { describe, expect, it } from 'vitest';
import {
  changedFromStored,
  findStaleCopies,
  type ScheduleContent,
  scheduleContentKey,
} from './schedule-copies.ts';

/** Schedule 70 as stored before anyone changed it (times as the database gives them). */
const V0: ScheduleContent & { id: number } = {
  id: 70,
  runsOnWeekly: ['MONDAY', 'FRIDAY'],
  runsOnYearlyId: 1,
  runsOnPublicHolidays: false,
  timeConstraintsDescription: null,
  trips: [
    {
      id: 140,
      boundFor: 'Out bound',
      routeId: 8,
      routeDirReversed: false,
      timeList: ['06:40', null, '07:05'],
    },
    {
      id: 141,
      boundFor: 'City bound',
      routeId: 8,
      routeDirReversed: true,
      timeList: ['08:00', '08:20', null],
    },
  ],
};
/** After someone else's save: the first trip leaves five minutes later. */
const V1 = {
  ...V0,
  trips: [
    { ...(V0.trips[0] as ScheduleContent['trips'][number]), timeList: ['06:45', null, '07:10'] },
    V0.trips[1],
  ],
} as typeof V0;

/** V0 as the old client sends it back untouched: 'HH:MM:SS', '' for no time, numbers as text read already. */
const v0AsPosted = {
  ...V0,
  runsOnWeekly: ['FRIDAY', 'MONDAY'],
  trips: [
    { ...(V0.trips[1] as ScheduleContent['trips'][number]), timeList: ['08:00:00', '08:20:00', ''] },
    { ...(V0.trips[0] as ScheduleContent['trips'][number]), timeList: ['06:40:00', null, '07:05:00'] },
  ],
};

const trip0 = V0.trips[0] as ScheduleContent['trips'][number];

describe('scheduleContentKey: the same schedule however the old client spells it', () => {
  it.each([
    ['weekdays and trips in another order, HH:MM:SS, "" for no time', v0AsPosted, true],
    ['a weekday given twice', { ...V0, runsOnWeekly: ['MONDAY', 'FRIDAY', 'MONDAY'] }, true],
    [
      'a time with seconds and a fraction, spaces around',
      { ...V0, trips: [{ ...trip0, timeList: [' 06:40:00.000 ', null, '07:05'] }, V0.trips[1]] },
      true,
    ],
    ['one time changed', V1, false],
    ['a time cleared', { ...V0, trips: [{ ...trip0, timeList: [null, null, '07:05'] }, V0.trips[1]] }, false],
    [
      'a time unreadable (never equal to a stored one)',
      { ...V0, trips: [{ ...trip0, timeList: ['6:4x', null, '07:05'] }, V0.trips[1]] },
      false,
    ],
    ['a weekday more', { ...V0, runsOnWeekly: ['MONDAY', 'FRIDAY', 'SUNDAY'] }, false],
    ['another rule', { ...V0, runsOnYearlyId: 2 }, false],
    ['holidays flag', { ...V0, runsOnPublicHolidays: true }, false],
    ['a description', { ...V0, timeConstraintsDescription: 'Tik mokslo metais' }, false],
    ['the direction of a trip', { ...V0, trips: [{ ...trip0, boundFor: 'One way' }, V0.trips[1]] }, false],
    ['another route', { ...V0, trips: [{ ...trip0, routeId: 9 }, V0.trips[1]] }, false],
    [
      'the route driven backwards',
      { ...V0, trips: [{ ...trip0, routeDirReversed: true }, V0.trips[1]] },
      false,
    ],
    ['a trip left out', { ...V0, trips: [trip0] }, false],
    [
      'a new trip (no id) in place of a stored one',
      { ...V0, trips: [{ ...trip0, id: null }, V0.trips[1]] },
      false,
    ],
    ['a temporary id in place of a stored one', { ...V0, trips: [{ ...trip0, id: -3 }, V0.trips[1]] }, false],
    [
      'a time more at the end',
      { ...V0, trips: [{ ...trip0, timeList: ['06:40', null, '07:05', null] }, V0.trips[1]] },
      false,
    ],
  ])('%s: equal %s', (_what, posted, equal) => {
    expect(scheduleContentKey(posted as ScheduleContent) === scheduleContentKey(V0)).toBe(equal);
  });
});

describe('findStaleCopies: sent back as it was, but changed since', () => {
  const other = { ...V0, id: 71, trips: [{ ...trip0, id: 142 }] };
  const otherEdited = { ...other, runsOnPublicHolidays: true };
  const current = new Map<number, ScheduleContent>([
    [70, V1],
    [71, other],
  ]);
  /** The history of 70: one change, V0 -> V1. 71 was never changed. */
  const earlier = new Map<number, ScheduleContent[]>([[70, [V0, V1]]]);

  it.each([
    ['70 as loaded before the change (stale)', [v0AsPosted, other], [70], [70]],
    ['70 as it is now (nothing to refuse)', [V1, other], [], []],
    ['70 edited by the user into something new (saved)', [{ ...V0, runsOnYearlyId: 3 }, other], [], [70]],
    ['71 edited, 70 stale', [V0, otherEdited], [70], [70, 71]],
    ['71 edited, 70 current', [V1, otherEdited], [], [71]],
    ['a new schedule only', [{ ...V0, id: null }], [], []],
    ['a temporary id', [{ ...V0, id: -1 }], [], []],
    ['an id not stored (the save refuses it itself)', [{ ...V0, id: 99 }], [], []],
  ])('%s', (_what, posted, stale, changed) => {
    const list = posted as (ScheduleContent & { id: number | null })[];
    expect(findStaleCopies(list, current, earlier)).toEqual(stale);
    expect(changedFromStored(list, current)).toEqual(changed);
  });

  it('an item put back to the state it had before (A -> B -> A) and sent as it is now is not stale', () => {
    const backToV0 = new Map<number, ScheduleContent>([[70, V0]]);
    const history = new Map<number, ScheduleContent[]>([[70, [V0, V1, V1, V0]]]);
    expect(findStaleCopies([v0AsPosted], backToV0, history)).toEqual([]);
    // ... but V1, sent back from a page loaded in between, is.
    expect(findStaleCopies([V1], backToV0, history)).toEqual([70]);
  });
});
