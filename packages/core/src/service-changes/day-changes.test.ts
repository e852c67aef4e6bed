import { describe, expect, it } from 'vitest';
import { validationMessage } from '../admin-inputs/error-mapping.ts';
import { ServiceChangeFields } from '../admin-inputs/service-changes.ts';
import { MESSAGES } from '../messages.ts';
import {
  changeHoldsOn,
  changeOverlaps,
  changeStatus,
  concerns,
  dayChanges,
  noticeIn,
  retimedMinutes,
  retimeProblems,
  tripRetimeOn,
} from './day-changes.ts';
import { aServiceChange } from './test-changes.ts';
import type { ServiceChange } from './types.ts';

const base = aServiceChange();
const change = (over: Partial<ServiceChange>): ServiceChange => aServiceChange(over);

describe('when a change holds', () => {
  it.each([
    [null, null, '2026-12-03', true],
    ['2026-12-03', '2026-12-03', '2026-12-03', true],
    ['2026-12-03', '2026-12-03', '2026-12-02', false],
    ['2026-12-03', '2026-12-03', '2026-12-04', false],
    ['2026-12-01', null, '2027-06-01', true],
    [null, '2026-12-01', '2026-12-01', true],
    [null, '2026-12-01', '2026-12-02', false],
    ['2026-12-28', '2027-01-03', '2027-01-01', true],
  ])('from %s until %s on %s: %s', (from, until, date, holds) => {
    expect(changeHoldsOn({ from, until }, date)).toBe(holds);
  });

  it.each([
    ['2026-12-03', '2026-12-05', '2026-12-05', '2026-12-09', true],
    ['2026-12-03', '2026-12-05', '2026-12-06', '2026-12-09', false],
    [null, '2026-12-05', '2026-01-01', '2026-01-01', true],
    ['2026-12-10', null, '2026-12-01', '2026-12-09', false],
  ])('from %s until %s overlaps %s..%s: %s', (from, until, a, b, overlaps) => {
    expect(changeOverlaps({ from, until }, a, b)).toBe(overlaps);
  });

  it.each([
    ['2026-12-01', '2026-12-02', '2026-12-03', 'past'],
    ['2026-12-01', '2026-12-03', '2026-12-03', 'current'],
    ['2026-12-04', null, '2026-12-03', 'upcoming'],
    [null, null, '2026-12-03', 'current'],
  ] as const)('from %s until %s on %s is %s', (from, until, today, status) => {
    expect(changeStatus({ from, until }, today)).toBe(status);
  });
});

describe('what runs on a date', () => {
  const cancel = change({
    id: 2,
    kind: 'cancel',
    from: '2026-12-03',
    until: '2026-12-03',
    tripIds: [10, 11],
  });
  const laterCancel = change({
    id: 5,
    kind: 'cancel',
    from: '2026-12-01',
    until: '2026-12-31',
    tripIds: [11],
  });
  const retime = change({
    id: 3,
    kind: 'retime',
    from: '2026-12-03',
    until: '2026-12-04',
    tripIds: [12],
    shiftMinutes: 15,
  });
  const newerRetime = change({
    id: 6,
    kind: 'retime',
    from: '2026-12-04',
    until: '2026-12-04',
    tripIds: [12],
    shiftMinutes: 0,
    stopTimes: [{ tripId: 12, index: 1, time: '08:00' }],
  });
  const closure = change({
    id: 4,
    kind: 'closure',
    from: '2026-12-01',
    until: null,
    stopIds: [7],
    insteadStopId: 8,
  });
  const all = [newerRetime, closure, laterCancel, retime, cancel];

  it.each([
    ['2026-12-02', [[11, 5]], [], [[7, 4]]],
    [
      '2026-12-03',
      [
        [10, 2],
        [11, 2],
      ],
      [[12, 3]],
      [[7, 4]],
    ],
    ['2026-12-04', [[11, 5]], [[12, 6]], [[7, 4]]],
    ['2026-11-30', [], [], []],
  ] as const)('on %s: cancelled %j, retimed %j, closed %j', (date, cancelled, retimed, closed) => {
    const day = dayChanges(all, date);
    expect([...day.cancelled].map(([t, c]) => [t, c.id])).toEqual(cancelled);
    expect([...day.retimed].map(([t, c]) => [t, c.id])).toEqual(retimed);
    expect([...day.closed].map(([s, c]) => [s, c.id])).toEqual(closed);
    expect(day.holding.map((c) => c.id)).toEqual([...day.holding.map((c) => c.id)].sort((a, b) => a - b));
  });

  it.each([
    [15, [], [420, 430, null], [435, 445, null]],
    [-5, [], [420, 430, 440], [415, 425, 435]],
    [0, [{ tripId: 12, index: 2, time: '07:50' }], [420, 430, null], [420, 430, 470]],
    [10, [{ tripId: 12, index: 0, time: '07:00' }], [420, 430], [420, 440]],
    [10, [{ tripId: 99, index: 0, time: '05:00' }], [420], [430]],
    [60, [], [23 * 60 + 30], [null]],
  ])('shift %i with typed %j moves %j to %j', (shiftMinutes, stopTimes, planned, moved) => {
    expect(retimedMinutes({ shiftMinutes, stopTimes }, 12, planned)).toEqual(moved);
  });

  it('marks which times changed', () => {
    const day = dayChanges(all, '2026-12-04');
    expect(tripRetimeOn(day, 12, [470, 475, 480])).toMatchObject({
      minutes: [470, 480, 480],
      changed: [false, true, false],
    });
    expect(tripRetimeOn(day, 13, [470])).toBeUndefined();
  });

  it.each([
    [{ shiftMinutes: 60, stopTimes: [] }, [1300, 1400], { outOfDay: [1], backwards: [], badIndex: [] }],
    [{ shiftMinutes: -30, stopTimes: [] }, [10, 60], { outOfDay: [0], backwards: [], badIndex: [] }],
    [
      { shiftMinutes: 0, stopTimes: [{ tripId: 12, index: 1, time: '06:00' }] },
      [420, 430],
      { outOfDay: [], backwards: [1], badIndex: [] },
    ],
    [
      { shiftMinutes: 0, stopTimes: [{ tripId: 12, index: 5, time: '06:00' }] },
      [420, 430],
      { outOfDay: [], backwards: [], badIndex: [5] },
    ],
    [
      { shiftMinutes: 60, stopTimes: [{ tripId: 12, index: 1, time: '23:59' }] },
      [1300, 1400],
      { outOfDay: [], backwards: [], badIndex: [] },
    ],
  ])('%j on %j has problems %j', (retime, planned, problems) => {
    expect(retimeProblems(retime, 12, planned)).toEqual(problems);
  });
});

describe('which notices concern a page', () => {
  const network = change({});
  const ofLine = change({ lineIds: [3] });
  const ofStop = change({ kind: 'closure', stopIds: [7], insteadStopId: 8 });
  const ofTrip = change({ tripIds: [40] });
  it.each([
    [network, {}, true],
    [ofLine, { lineIds: [3] }, true],
    [ofLine, { lineIds: [4], stopIds: [3] }, false],
    [ofStop, { stopIds: [7] }, true],
    [ofStop, { stopIds: [8] }, true],
    [ofStop, { lineIds: [7] }, false],
    [ofTrip, { tripIds: [40, 41] }, true],
    [ofTrip, { tripIds: [41] }, false],
  ])('%j concerns %j: %s', (notice, scope, yes) => {
    expect(concerns(notice, scope)).toBe(yes);
  });

  it.each([
    [
      { titleLt: 'Lt', textLt: 'lt tekstas', titleEn: null, textEn: null },
      'en',
      { title: 'Lt', text: 'lt tekstas' },
    ],
    [
      { titleLt: 'Lt', textLt: 'lt tekstas', titleEn: 'En', textEn: 'en text' },
      'en',
      { title: 'En', text: 'en text' },
    ],
    [
      { titleLt: 'Lt', textLt: 'lt tekstas', titleEn: 'En', textEn: 'en text' },
      'lt',
      { title: 'Lt', text: 'lt tekstas' },
    ],
  ] as const)('%j in %s reads %j', (texts, lang, read) => {
    expect(noticeIn({ ...base, ...texts }, lang)).toEqual(read);
  });
});

describe('a change as staff give it', () => {
  const parse = (input: unknown) => {
    const result = ServiceChangeFields.safeParse(input);
    return result.success
      ? ({ success: true, data: result.data } as const)
      : ({ success: false, message: validationMessage(result.error) } as const);
  };
  it.each([
    [{ kind: 'cancel', from: '2026-12-03', tripIds: [1] }, null],
    [{ kind: 'cancel', tripIds: [1] }, 'Choose the first date of the change'],
    [
      { kind: 'cancel', from: '2026-12-03', until: '2026-12-01', tripIds: [1] },
      'The last date is before the first date',
    ],
    [
      { kind: 'cancel', from: '2026-12-03', until: '2028-12-01', tripIds: [1] },
      'A change to the service lasts at most 366 days',
    ],
    [{ kind: 'cancel', from: '2026-12-03' }, 'Choose at least one trip'],
    [{ kind: 'cancel', from: '2026-13-03', tripIds: [1] }, 'date must be a calendar date written YYYY-MM-DD'],
    [
      { kind: 'retime', from: '2026-12-03', tripIds: [1] },
      'Give a shift in minutes or a new time for a stop',
    ],
    [
      { kind: 'retime', from: '2026-12-03', tripIds: [1], shiftMinutes: 900 },
      'A shift is at most 720 minutes either way',
    ],
    [
      {
        kind: 'retime',
        from: '2026-12-03',
        tripIds: [1],
        stopTimes: [{ tripId: 1, index: 0, time: '25:00' }],
      },
      'A new time must be written HH:MM (00:00-23:59)',
    ],
    [
      {
        kind: 'retime',
        from: '2026-12-03',
        tripIds: [1],
        stopTimes: [{ tripId: 2, index: 0, time: '07:00' }],
      },
      'A new time is given for a trip that is not chosen',
    ],
    [
      { kind: 'cancel', from: '2026-12-03', tripIds: [1], shiftMinutes: 5 },
      'Only a time change shifts times',
    ],
    [{ kind: 'closure', from: '2026-12-03', stopIds: [1, 2] }, 'Choose the one stop that is closed'],
    [
      { kind: 'closure', from: '2026-12-03', stopIds: [1], insteadStopId: 1 },
      'The stop to use instead must be another stop',
    ],
    [{ kind: 'notice', insteadStopId: 1, titleLt: 'x' }, 'Only a closed stop has a stop to use instead'],
    [{ kind: 'notice' }, 'A notice needs a title in Lithuanian'],
    [{ kind: 'notice', titleLt: 'x', textEn: 'y' }, 'An English text needs an English title'],
    [
      { kind: 'notice', titleLt: 'x', url: 'javascript:alert(1)' },
      'The link must be a web address (https://...)',
    ],
    [{ kind: 'notice', titleLt: 'x', cause: 'ALIENS' }, MESSAGES.inputFailed],
  ])('%j: %s', (input, message) => {
    const result = parse(input);
    if (message === null) expect(result.success).toBe(true);
    else expect(result.success ? null : result.message).toBe(message);
  });

  it('fills in the end of a one-day cancel and the effect of its kind', () => {
    const result = parse({ kind: 'cancel', from: '2026-12-03', tripIds: [5, 1, 5] });
    expect(result.success && result.data).toMatchObject({
      until: '2026-12-03',
      tripIds: [1, 5],
      cause: 'UNKNOWN_CAUSE',
      effect: 'NO_SERVICE',
    });
  });
});
