import { describe, expect, it } from 'vitest';
import { dayChanges } from '../service-changes/day-changes.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { change } from './test-town.ts';
import { plannedMinutes, tripOnDay, tripVariants, variantTripId } from './trip-days.ts';

// Trip 1 of stops 1, 4, 2, 3 in travel order, 07:00, (no time), 07:20, 07:30.
const TRAVEL = [1, 4, 2, 3];
const PLANNED = plannedMinutes({ timeList: ['07:00', null, '07:20', '07:30'] }, TRAVEL);
const CHANGES: ServiceChange[] = [
  change({ id: 1, kind: 'cancel', from: '2026-12-01', until: '2026-12-01', tripIds: [1] }),
  change({ id: 2, kind: 'retime', from: '2026-12-02', until: '2026-12-03', tripIds: [1], shiftMinutes: -5 }),
  change({ id: 3, kind: 'closure', from: '2026-12-03', until: '2026-12-04', stopIds: [2] }),
  change({ id: 4, kind: 'closure', from: '2026-12-05', until: '2026-12-05', stopIds: [1, 3] }),
  // A typed time where none was planned: the trip stops there that day.
  change({
    id: 5,
    kind: 'retime',
    from: '2026-12-06',
    until: '2026-12-06',
    tripIds: [1],
    stopTimes: [{ tripId: 1, index: 1, time: '07:10' }],
  }),
];

describe('tripOnDay', () => {
  it.each([
    ['2026-11-30', '', ['1 07:00', '2 07:20', '3 07:30'], []],
    ['2026-12-02', 'r2', ['1 06:55', '2 07:15', '3 07:25'], []],
    ['2026-12-03', 'r2-x2', ['1 06:55', '3 07:25'], [2]],
    ['2026-12-04', 'x2', ['1 07:00', '3 07:30'], [2]],
    ['2026-12-05', 'x1-x3', ['2 07:20'], [0, 3]],
    ['2026-12-06', 'r5', ['1 07:00', '4 07:10', '2 07:20', '3 07:30'], []],
  ])('on %s: variant "%s"', (date, variant, visits, skipped) => {
    const on = tripOnDay(dayChanges(CHANGES, date), 1, TRAVEL, PLANNED);
    if (!on.runs) throw new Error('cancelled');
    expect(on.variant).toBe(variant);
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    expect(on.visits.map((v) => `${v.stopId} ${hhmm(v.minute)}`)).toEqual(visits);
    expect([...on.skipped]).toEqual(skipped);
  });

  it('is cancelled by a cancel', () => {
    expect(tripOnDay(dayChanges(CHANGES, '2026-12-01'), 1, TRAVEL, PLANNED)).toEqual({
      runs: false,
      cancel: CHANGES[0],
    });
  });
});

describe('tripVariants', () => {
  it('groups the dates by variant, the regular one first; cancelled and one-stop days in none', () => {
    const dates = [
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-07',
    ];
    const variants = tripVariants(1, TRAVEL, PLANNED, dates, (date) => dayChanges(CHANGES, date));
    expect(variants.map((v) => [v.tripId, v.dates])).toEqual([
      ['1', ['2026-11-30', '2026-12-07']],
      ['1-r2', ['2026-12-02']],
      ['1-r2-x2', ['2026-12-03']],
      ['1-x2', ['2026-12-04']],
    ]);
    expect(variantTripId(7, '')).toBe('7');
  });
});
