import { describe, expect, it } from 'vitest';
import { comparedDates, markTimetableChange } from './timetable-compare.ts';

const d = (lineId: number, time: string) => ({ lineId, lineName: `L${lineId}`, time });

describe('markTimetableChange', () => {
  it('marks the same, new, removed and moved departures', () => {
    const { before, after } = markTimetableChange(
      [d(1, '06:40'), d(1, '10:20'), d(2, '12:00'), d(1, '17:40')],
      [d(1, '06:50'), d(1, '10:20'), d(3, '14:00'), d(1, '19:45')],
    );
    expect(before.map((r) => [r.time, r.mark, r.otherTime])).toEqual([
      ['06:40', 'moved', '06:50'],
      ['10:20', 'same', undefined],
      ['12:00', 'removed', undefined],
      ['17:40', 'removed', undefined], // 19:45 is more than an hour later: removed and new
    ]);
    expect(after.map((r) => [r.time, r.mark, r.otherTime])).toEqual([
      ['06:50', 'moved', '06:40'],
      ['10:20', 'same', undefined],
      ['14:00', 'new', undefined],
      ['19:45', 'new', undefined],
    ]);
  });

  it('pairs twice the same time only once', () => {
    const { after } = markTimetableChange([d(1, '08:00')], [d(1, '08:00'), d(1, '08:00')]);
    expect(after.map((r) => r.mark)).toEqual(['same', 'new']);
  });

  it('compares the day before the change with the same weekday from it, across a year end', () => {
    expect(comparedDates('2027-01-01')).toEqual({ before: '2026-12-31', after: '2027-01-07' });
    expect(comparedDates('2028-03-01')).toEqual({ before: '2028-02-29', after: '2028-03-07' });
  });
});
