import { describe, expect, it } from 'vitest';
import {
  lineInfoContentKey,
  type RuleContent,
  routeContentKey,
  ruleContentKey,
  type ScheduleContent,
  scheduleContentKey,
} from './copy-keys.ts';
import { changedFromStored, findStaleCopies, type ItemChange } from './stale-copies.ts';

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

/** A schedule's history as changes (save n: states[n] -> states[n + 1]), as the history keeps them. */
function changesOf(states: ScheduleContent[]): ItemChange<ScheduleContent>[] {
  return states.slice(1).map((after, index) => ({
    save: index + 1,
    before: states[index] as ScheduleContent,
    after,
    username: 'anna',
    at: `2026-01-0${index + 1}T10:00:00.000Z`,
  }));
}

function staleSchedules(
  posted: (ScheduleContent & { id: number | null })[],
  current: Map<number, ScheduleContent>,
  history: Map<number, ItemChange<ScheduleContent>[]>,
) {
  const save = {
    posted: posted.map((s) => ({ id: s.id, content: s })),
    current,
    history,
    key: scheduleContentKey,
    omittedAreDeleted: false,
    by: 'boss',
  };
  return { stale: findStaleCopies(save).stale, changed: changedFromStored(save) };
}

describe('findStaleCopies with schedules: sent back as it was, but changed since', () => {
  const other = { ...V0, id: 71, trips: [{ ...trip0, id: 142 }] };
  const otherEdited = { ...other, runsOnPublicHolidays: true };
  const current = new Map<number, ScheduleContent>([
    [70, V1],
    [71, other],
  ]);
  /** The history of 70: one change, V0 -> V1. 71 was never changed. */
  const history = new Map([[70, changesOf([V0, V1])]]);

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
    expect(staleSchedules(list, current, history)).toEqual({ stale, changed });
  });

  it('an item put back to the state it had before (A -> B -> A) and sent as it is now is not stale', () => {
    const backToV0 = new Map<number, ScheduleContent>([[70, V0]]);
    const history = new Map([[70, changesOf([V0, V1, V0])]]);
    expect(staleSchedules([v0AsPosted], backToV0, history).stale).toEqual([]);
    // ... but V1, sent back from a page loaded in between, is.
    expect(staleSchedules([V1], backToV0, history).stale).toEqual([70]);
  });
});

describe('lineInfoContentKey, routeContentKey, ruleContentKey: the same item however the old client spells it', () => {
  const info = {
    name: 'M17 B',
    routeStart: 'Anykščiai',
    routeEnd: 'Svėdasai',
    routeType: 'Regional Bus',
    operator: null,
    anykStationPlatform: '3',
    price: null,
    enabledSeasonalYearlyRuleFilter: false,
    customNotes: [
      { id: 4, noteKey: 'a', noteValue: 'Tik darbo dienomis' },
      { id: 5, noteKey: 'b', noteValue: 'Per Vikonis' },
    ],
  };
  it.each([
    [
      'notes in another order, text with spaces, "" for none',
      { ...info, operator: '', name: ' M17 B ', customNotes: [...info.customNotes].reverse() },
      true,
    ],
    ['another price', { ...info, price: '1,20 €' }, false],
    [
      'a note changed',
      {
        ...info,
        customNotes: [
          { ...(info.customNotes[0] as (typeof info.customNotes)[number]), noteValue: 'x' },
          info.customNotes[1],
        ],
      },
      false,
    ],
    [
      'a new note',
      { ...info, customNotes: [...info.customNotes, { id: null, noteKey: 'c', noteValue: 'd' }] },
      false,
    ],
    ['the seasonal filter', { ...info, enabledSeasonalYearlyRuleFilter: true }, false],
  ])('line details, %s: equal %s', (_what, posted, equal) => {
    expect(lineInfoContentKey(posted as typeof info) === lineInfoContentKey(info)).toBe(equal);
  });

  const route = { routeNotes: 'per Vikonis', stopIds: [3, 8, 12], distanceMeters: [1200, null] };
  it.each([
    [
      'distances cut to one per gap, as the editor shows them',
      { ...route, distanceMeters: [1200, null, 500] },
      true,
    ],
    ['missing distances read as unknown', { ...route, distanceMeters: [1200] }, true],
    ['a stop more', { ...route, stopIds: [3, 8, 12, 14], distanceMeters: [1200, null, null] }, false],
    ['stops reordered', { ...route, stopIds: [8, 3, 12] }, false],
    ['a new stop (temporary id) in place of a stored one', { ...route, stopIds: [3, -1, 12] }, false],
    ['a distance given', { ...route, distanceMeters: [1200, 900] }, false],
    ['other notes', { ...route, routeNotes: 'tiesiai' }, false],
  ])('route, %s: equal %s', (_what, posted, equal) => {
    expect(routeContentKey(posted) === routeContentKey(route)).toBe(equal);
  });

  const rule: RuleContent = {
    periodName: 'Vasara',
    typeOfYearlyRule: null,
    otherRuleId: null,
    // Summer and Christmas: [id, from month, day, to month, day].
    timePeriods: (
      [
        [7, 6, 1, 8, 31],
        [8, 12, 24, 12, 26],
      ] as const
    ).map(([id, startMonth, startDay, endMonth, endDay]) => ({ id, startMonth, startDay, endMonth, endDay })),
    pattern1Params: [{ id: 2, nthOccurenceEachMonth: 1, dayOfWeek: 'MONDAY' }],
  };
  it.each([
    ['periods in another order', { ...rule, timePeriods: [...rule.timePeriods].reverse() }, true],
    [
      'a period ends a day later',
      {
        ...rule,
        timePeriods: [
          { ...(rule.timePeriods[0] as RuleContent['timePeriods'][number]), endDay: 30 },
          rule.timePeriods[1],
        ],
      },
      false,
    ],
    [
      'a new period',
      {
        ...rule,
        timePeriods: [...rule.timePeriods, { id: null, startMonth: 1, startDay: 1, endMonth: 1, endDay: 2 }],
      },
      false,
    ],
    ['borrowing another rule', { ...rule, otherRuleId: 3 }, false],
    [
      'another weekday',
      { ...rule, pattern1Params: [{ id: 2, nthOccurenceEachMonth: 1, dayOfWeek: 'TUESDAY' }] },
      false,
    ],
    ['renamed', { ...rule, periodName: 'Vasaros' }, false],
  ])('rule, %s: equal %s', (_what, posted, equal) => {
    expect(ruleContentKey(posted as RuleContent) === ruleContentKey(rule)).toBe(equal);
  });
});
