import { MESSAGES } from '@bus/core';
import { describe, expect, it } from 'vitest';
import {
  isTripRuleMessage,
  type ScheduleForm,
  scheduleToForm,
  scheduleWarnings,
  secondTrip,
  switchTripRoute,
  type TripForm,
  toScheduleDraft,
  validateSchedule,
} from './schedule-form.ts';

const stopCounts = new Map([
  [10, 3],
  [11, 2],
]);
const stopCount = (routeId: number) => stopCounts.get(routeId);

const OUT: TripForm = {
  id: -2,
  boundFor: 'Out bound',
  routeId: 10,
  routeDirReversed: false,
  timeList: ['07:00', '07:10', '07:20'],
};
const CITY: TripForm = {
  id: 5,
  boundFor: 'City bound',
  routeId: 10,
  routeDirReversed: true,
  timeList: ['08:00', '08:10', '08:20'],
};

function form(overrides: Partial<ScheduleForm> = {}): ScheduleForm {
  return {
    id: -1,
    runsOnWeekly: ['WEDNESDAY', 'MONDAY'],
    runsOnYearlyId: 1,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: '  ',
    trips: [OUT, CITY],
    ...overrides,
  };
}

describe('trip time lists before a save', () => {
  it("pads a short list with '' up to the route's stop count", () => {
    const draft = toScheduleDraft(
      form({
        trips: [{ id: 3, boundFor: 'One way', routeId: 10, routeDirReversed: false, timeList: ['07:00'] }],
      }),
      stopCount,
    );
    expect(draft.trips[0]?.timeList).toEqual(['07:00', '', '']);
  });

  it("cuts a long list to the route's stop count", () => {
    const draft = toScheduleDraft(
      form({
        trips: [
          {
            id: 3,
            boundFor: 'One way',
            routeId: 11,
            routeDirReversed: false,
            timeList: ['07:00', '07:05', '07:10'],
          },
        ],
      }),
      stopCount,
    );
    expect(draft.trips[0]?.timeList).toEqual(['07:00', '07:05']);
  });

  it('leaves the list of a trip without a (known) route as it is', () => {
    const draft = toScheduleDraft(
      form({
        trips: [{ id: 3, boundFor: 'One way', routeId: null, routeDirReversed: false, timeList: ['07:00'] }],
      }),
      stopCount,
    );
    expect(draft.trips[0]?.timeList).toEqual(['07:00']);
  });

  it('turns temporary ids into null, orders the weekdays and blanks an empty description', () => {
    const draft = toScheduleDraft(form(), stopCount);
    expect(draft.id).toBeNull();
    expect(draft.trips.map((t) => t.id)).toEqual([null, 5]);
    expect(draft.runsOnWeekly).toEqual(['MONDAY', 'WEDNESDAY']);
    expect(draft.timeConstraintsDescription).toBeNull();
  });
});

describe('validateSchedule', () => {
  it('passes a complete two-trip schedule', () => {
    expect(validateSchedule(form(), stopCount).success).toBe(true);
  });

  it('needs a weekday, a yearly rule and every time (generic message)', () => {
    const fail = (f: ScheduleForm) => validateSchedule(f, stopCount);
    expect(fail(form({ runsOnWeekly: [] }))).toMatchObject({ success: false, message: MESSAGES.inputFailed });
    expect(fail(form({ runsOnYearlyId: null }))).toMatchObject({
      success: false,
      message: MESSAGES.inputFailed,
    });
    expect(fail(form({ trips: [{ ...OUT, timeList: ['07:00', ''] }, CITY] }))).toMatchObject({
      success: false,
      message: MESSAGES.inputFailed,
    });
  });

  it('reports the trip rules', () => {
    const single = form({ trips: [OUT] });
    expect(validateSchedule(single, stopCount)).toMatchObject({ message: MESSAGES.singleTripOneWay });
    const sameWay = form({ trips: [OUT, { ...CITY, boundFor: 'Out bound' }] });
    expect(validateSchedule(sameWay, stopCount)).toMatchObject({ message: MESSAGES.twoTripsDirections });
    expect(validateSchedule(form({ trips: [] }), stopCount)).toMatchObject({ message: MESSAGES.tripCount });
  });

  it('gives trip rule messages the long alert time', () => {
    expect(isTripRuleMessage(MESSAGES.tripCount)).toBe(true);
    expect(isTripRuleMessage(MESSAGES.singleTripOneWay)).toBe(true);
    expect(isTripRuleMessage(MESSAGES.twoTripsDirections)).toBe(true);
    expect(isTripRuleMessage(MESSAGES.inputFailed)).toBe(false);
  });
});

describe('schedule forms', () => {
  it('takes the server template with temporary ids and empty times as text', () => {
    const f = scheduleToForm({
      id: null,
      runsOnWeekly: [],
      runsOnYearlyId: null,
      runsOnPublicHolidays: false,
      timeConstraintsDescription: null,
      trips: [
        { id: null, boundFor: 'One way', routeId: 10, routeDirReversed: false, timeList: [null, '07:05:00'] },
      ],
    });
    expect(f.id).toBeLessThan(0);
    expect(f.trips[0]?.id).toBeLessThan(0);
    expect(f.trips[0]?.timeList).toEqual(['', '07:05']);
    expect(f.timeConstraintsDescription).toBe('');
  });

  it('adds the second trip the other way on the same route', () => {
    const first = OUT;
    expect(secondTrip(first)).toMatchObject({ boundFor: 'City bound', routeId: 10, routeDirReversed: true });
    expect(secondTrip({ ...first, boundFor: 'City bound' }).boundFor).toBe('Out bound');
  });
});

describe('a trip moved to another route keeps the times of the stops both share', () => {
  const stops = (...ids: number[]) => ({ stopsArr: ids.map((id) => ({ id, name: `S${id}` })) });
  const A = { id: 1, ...stops(1, 2, 3, 4) };
  const B = { id: 2, ...stops(1, 3, 5, 4) };
  const trip = (reversed: boolean, timeList: string[]): TripForm => ({
    id: 9,
    boundFor: 'Out bound',
    routeId: 1,
    routeDirReversed: reversed,
    timeList,
  });
  it.each([
    ['forward', false, ['07:00', '07:05', '07:10', '07:20'], ['07:00', '07:10', '', '07:20'], 3, 1, 1],
    ['reversed', true, ['07:00', '07:10', '07:15', '07:20'], ['07:00', '', '07:10', '07:20'], 3, 1, 1],
    ['no times yet', false, ['', '', '', ''], ['', '', '', ''], 0, 4, 0],
  ] as const)('%s', (_name, reversed, before, after, kept, empty, dropped) => {
    expect(switchTripRoute(trip(reversed, [...before]), A, B)).toEqual({
      timeList: after,
      kept,
      empty,
      dropped,
    });
  });
  it('from no route: every stop empty', () => {
    expect(switchTripRoute(trip(false, []), undefined, B).timeList).toEqual(['', '', '', '']);
  });
});

describe('plausibility warnings before a schedule save', () => {
  const route = { id: 10, stopsArr: [1, 7, 8].map((id) => ({ id, name: `S${id}` })) };
  const form = (trips: Partial<TripForm>[]): ScheduleForm => ({
    id: 3,
    runsOnWeekly: ['MONDAY'],
    runsOnYearlyId: null,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: '',
    trips: trips.map((t, i) => ({ ...OUT, id: i + 1, ...t })),
  });
  it.each([
    ['times in order', [{ timeList: ['07:00', '07:10', '07:20'] }], []],
    ['a time going backwards', [{ timeList: ['07:00', '06:50', '07:20'] }], ['1:backwards:S7']],
    [
      'an Out bound trip ending at the home station',
      [{ routeDirReversed: true, timeList: ['07:00', '07:10', '07:20'] }],
      ['1:direction:S1'],
    ],
    [
      'a City bound trip starting at the home station',
      [{ boundFor: 'City bound' as const, timeList: ['07:00', '07:10', '07:20'] }],
      ['1:direction:S1'],
    ],
  ])('%s', (_name, trips, expected) => {
    const found = scheduleWarnings(form(trips), [route]).map(
      (w) => `${w.trip}:${w.warning.kind}:${w.stopName}`,
    );
    expect(found).toEqual(expected);
  });
});
