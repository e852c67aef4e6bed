import { describe, expect, it } from 'vitest';
import type { Weekday } from '../domain.ts';
import { dayChanges, NO_DAY_CHANGES } from '../service-changes/day-changes.ts';
import { aServiceChange } from '../service-changes/test-changes.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { type ScheduleRunsOn, scheduleRunsOn, serviceDayContext } from '../service-day.ts';
import { staticRule } from '../test-rules.ts';
import { dayRidesSteps } from './running-trips.ts';
import { runSteps } from './steps.ts';
import {
  NO_TIME,
  type PackedTimetable,
  PackedTimetableBuilder,
  runningScheduleIndexes,
} from './timetable.ts';

/**
 * The packed timetable asks the service-day rule once per way of running (schedules that read
 * the same to scheduleRunsOn share one), and the day's rides follow the service changes as
 * tripOnDay says: both checked against the rules themselves, case by case.
 */

const WEEKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const WEEKEND: Weekday[] = ['SATURDAY', 'SUNDAY'];
const rules = [staticRule(1, [[1, 1, 12, 31]]), staticRule(2, [[6, 1, 8, 31]])];
const holidays = [{ month: 12, day: 25 }];

const runsOn = (over: Partial<ScheduleRunsOn>): ScheduleRunsOn => ({
  runsOnWeekly: WEEKDAYS,
  runsOnYearlyId: 1,
  runsOnPublicHolidays: false,
  validFrom: null,
  validUntil: null,
  ...over,
});

// Schedule id -> how it runs; several read the same to scheduleRunsOn.
const schedules: [number, ScheduleRunsOn][] = [
  [1, runsOn({})],
  [2, runsOn({ runsOnWeekly: WEEKEND, runsOnYearlyId: 2 })],
  [3, runsOn({ runsOnWeekly: [...WEEKDAYS, ...WEEKEND], runsOnPublicHolidays: true })],
  [4, runsOn({ validFrom: '2026-06-10', validUntil: '2026-06-18' })],
  [5, runsOn({})],
  [6, runsOn({ runsOnWeekly: ['SATURDAY'], runsOnYearlyId: 2, validUntil: '2026-06-30' })],
  [7, runsOn({ runsOnWeekly: WEEKEND, runsOnYearlyId: 2 })],
  [8, runsOn({ runsOnYearlyId: 99 })],
];

function timetableOf(entries: readonly [number, ScheduleRunsOn][]): PackedTimetable {
  const builder = new PackedTimetableBuilder();
  for (const [id, schedule] of entries) builder.schedule(id, schedule);
  return runSteps(builder.done());
}

describe('the schedules running on a date, asked once per way of running', () => {
  const timetable = timetableOf(schedules);
  it('share a way of running only when scheduleRunsOn reads them the same', () => {
    expect(timetable.runsOn.length).toBe(6);
    expect(Array.from(timetable.scheduleRunsOn)).toEqual([0, 1, 2, 3, 0, 4, 1, 5]);
  });

  it.each([
    ['2026-06-17', 'a Wednesday in the summer and in schedule 4’s window', [1, 3, 4, 5]],
    ['2026-06-19', 'a Friday after schedule 4’s window', [1, 3, 5]],
    ['2026-06-20', 'a summer Saturday', [2, 3, 6, 7]],
    ['2026-07-04', 'a summer Saturday after schedule 6’s window', [2, 3, 7]],
    ['2026-06-21', 'a summer Sunday', [2, 3, 7]],
    ['2026-01-10', 'a winter Saturday', [3]],
    ['2026-12-25', 'a Friday holiday', [3]],
    ['2026-12-24', 'a Thursday before it', [1, 3, 5]],
  ])('%s (%s): %j', (date, _what, expected) => {
    const day = serviceDayContext(date, rules, holidays);
    const running = runningScheduleIndexes(timetable, day);
    const ids = Array.from(running.schedules, (s) => timetable.scheduleIds[s]);
    expect(ids).toEqual(expected);
    expect(ids).toEqual(schedules.filter(([, s]) => scheduleRunsOn(s, day)).map(([id]) => id));
  });

  it('name the same running schedules by the same key, and others by another', () => {
    const key = (date: string) =>
      runningScheduleIndexes(timetable, serviceDayContext(date, rules, holidays)).key;
    expect(key('2026-06-21')).toBe(key('2026-07-04'));
    expect(key('2026-12-25')).toBe(key('2026-01-10'));
    expect(key('2026-06-17')).not.toBe(key('2026-06-19'));
    expect(key('2026-06-20')).not.toBe(key('2026-07-04'));
  });
});

describe('a day’s rides from the packed timetable', () => {
  // Stops 1-4 one way; schedules given 20 then 10, trips by id, so the rides come by schedule.
  const builder = new PackedTimetableBuilder();
  builder.schedule(20, runsOn({}));
  builder.schedule(10, runsOn({}));
  const travel = builder.travel([1, 2, 3, 4]);
  const trips: [number, number, number[]][] = [
    [1, 10, [480, 490, 500, 510]],
    [2, 20, [600, NO_TIME, 620, 615]],
    [3, 10, [700, 705, NO_TIME, NO_TIME]],
    [4, 20, [800, 810, 820, 830]],
  ];
  for (const [id, schedule, minutes] of trips) {
    const at = builder.trip(id, schedule, 7, travel);
    builder.plannedChunk.set(minutes, at);
  }
  const unknownSchedule = builder.trip(5, 30, 7, travel);
  const timetable = runSteps(builder.done());

  const change = (over: Partial<ServiceChange>) =>
    aServiceChange({ from: '2026-06-01', until: '2026-06-30', ...over });

  it('leaves out a trip of a schedule not given, and puts the others by schedule', () => {
    expect(unknownSchedule).toBe(-1);
    expect(Array.from(timetable.tripIds)).toEqual([2, 4, 1, 3]);
  });

  it.each([
    [
      'no changes',
      [],
      ['2: 1@600 3@620', '4: 1@800 2@810 3@820 4@830', '1: 1@480 2@490 3@500 4@510', '3: 1@700 2@705'],
    ],
    [
      'trip 4 cancelled',
      [change({ kind: 'cancel', tripIds: [4] })],
      ['2: 1@600 3@620', '1: 1@480 2@490 3@500 4@510', '3: 1@700 2@705'],
    ],
    [
      'trip 1 five minutes later',
      [change({ kind: 'retime', tripIds: [1], shiftMinutes: 5 })],
      ['2: 1@600 3@620', '4: 1@800 2@810 3@820 4@830', '1: 1@485 2@495 3@505 4@515', '3: 1@700 2@705'],
    ],
    [
      'stop 2 closed (trip 3 is left one visit: no ride)',
      [change({ kind: 'closure', stopIds: [2] })],
      ['2: 1@600 3@620', '4: 1@800 3@820 4@830', '1: 1@480 3@500 4@510'],
    ],
    [
      'a change of another month',
      [change({ kind: 'cancel', tripIds: [1, 2, 3, 4], from: '2026-07-01', until: '2026-07-31' })],
      ['2: 1@600 3@620', '4: 1@800 2@810 3@820 4@830', '1: 1@480 2@490 3@500 4@510', '3: 1@700 2@705'],
    ],
  ])('%s', (_what, changes, expected) => {
    const day = changes.length === 0 ? NO_DAY_CHANGES : dayChanges(changes, '2026-06-17');
    const rides = runSteps(dayRidesSteps(timetable, Int32Array.from([0, 1]), day));
    const text = Array.from({ length: rides.count }, (_, r) => {
      const visits = [];
      for (let i = rides.start[r] as number; i < (rides.start[r + 1] as number); i++)
        visits.push(`${rides.stops[i]}@${rides.minutes[i]}`);
      return `${rides.tripIds[r]}: ${visits.join(' ')}`;
    });
    expect(text).toEqual(expected);
    expect(Array.from(rides.lineIds.subarray(0, rides.count))).toEqual(expected.map(() => 7));
  });
});

describe('the step-free marks (issue 41)', () => {
  it('are kept per schedule and stop, "yes" only, and each day’s ride carries its bus’s', () => {
    const builder = new PackedTimetableBuilder();
    builder.schedule(1, { ...runsOn({}), stepFree: 'yes' });
    builder.schedule(2, { ...runsOn({}), stepFree: 'no' });
    builder.schedule(3, { ...runsOn({}), stepFree: 'unknown' });
    builder.schedule(4, runsOn({}));
    for (const id of [9, 2, 5]) builder.stepFreeStop(id);
    const travel = builder.travel([1, 2]);
    for (const [trip, schedule] of [
      [11, 1],
      [12, 2],
      [13, 3],
      [14, 4],
      [15, 1],
    ] as const) {
      const at = builder.trip(trip, schedule, 7, travel);
      builder.plannedChunk.set([480 + trip, 490 + trip], at);
    }
    const timetable = runSteps(builder.done());
    expect(Array.from(timetable.scheduleStepFree)).toEqual([1, 0, 0, 0]);
    expect(Array.from(timetable.stepFreeStops)).toEqual([2, 5, 9]);
    const rides = runSteps(dayRidesSteps(timetable, Int32Array.from([0, 1, 2, 3]), NO_DAY_CHANGES));
    const marked = Array.from({ length: rides.count }, (_, r) => `${rides.tripIds[r]}:${rides.stepFree[r]}`);
    expect(marked).toEqual(['11:1', '15:1', '12:0', '13:0', '14:0']);
  });
});
