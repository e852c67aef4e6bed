import { describe, expect, it } from 'vitest';
import { firstDeparture, orderByFirstDeparture, type TimedSchedule } from './schedule-order.ts';

const schedule = (id: number, ...trips: (string | null)[][]): TimedSchedule => ({
  id,
  trips: trips.map((timeList) => ({ timeList })),
});

describe('firstDeparture', () => {
  it.each([
    [schedule(1, ['06:15', '06:20']), 6 * 60 + 15],
    [schedule(2, ['', '07:05', '07:10']), 7 * 60 + 5],
    [schedule(3, [null, '06:05']), 6 * 60 + 5],
    // Two trips: the earlier first time of the two.
    [schedule(4, ['14:00', '14:10'], ['08:30', '08:40']), 8 * 60 + 30],
    [schedule(5, ['', ''], ['']), null],
    [schedule(6), null],
    [schedule(7, ['06:15:00']), 6 * 60 + 15],
    [schedule(8, ['x', '09:00']), 9 * 60],
  ])('%j', (s, minutes) => {
    expect(firstDeparture(s)).toBe(minutes);
  });
});

describe('orderByFirstDeparture', () => {
  const stored = [
    schedule(14, ['08:55']),
    schedule(15, ['06:10'], ['17:00']),
    schedule(16, ['13:30']),
    schedule(17, ['']),
    schedule(18, ['06:10']),
    schedule(19, ['23:50']),
  ];
  const forms = (ids: number[]) => ids.map((id) => ({ id }));

  it('orders stored schedules by first departure, ties by id, the ones without a time after them', () => {
    expect(orderByFirstDeparture(forms([14, 15, 16, 17, 18, 19]), stored).map((f) => f.id)).toEqual([
      15, 18, 14, 16, 19, 17,
    ]);
  });

  it('keeps new schedules last in the order added', () => {
    expect(orderByFirstDeparture(forms([-3, 19, -1, 14, -2]), stored).map((f) => f.id)).toEqual([
      14, 19, -3, -1, -2,
    ]);
  });

  it('uses the times as stored, not as being typed', () => {
    const typed = [{ id: 19, trips: [{ timeList: ['05:00'] }] }, { id: 14 }];
    expect(orderByFirstDeparture(typed, stored).map((f) => f.id)).toEqual([14, 19]);
  });
});
