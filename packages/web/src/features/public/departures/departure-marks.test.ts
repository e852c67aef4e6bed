import { describe, expect, it } from 'vitest';
import { changesEn } from '../../../i18n/changes-en.ts';
import { changesLt } from '../../../i18n/changes-lt.ts';
import { liveEn } from '../../../i18n/live-en.ts';
import { changeMark, liveMarkView } from './departure-marks.ts';

/** What the marks beside a departure say: the home's chips and the stop widget read the same. */
describe('a departure’s marks', () => {
  it('marks a cancelled departure and one from a closed stop, and no other', () => {
    expect(changeMark({ cancelled: true }, changesEn)).toBe('Cancelled');
    expect(changeMark({ notServed: true }, changesLt)).toBe(changesLt.notServed);
    expect(changeMark({}, changesEn)).toBeNull();
  });

  it('says a followed bus’s expected time, its delay and the age of its position', () => {
    const live = { expectedTime: '12:08', delayMinutes: 3, positionAge: 20, departed: false };
    expect(liveMarkView(live, liveEn)).toEqual({
      kind: 'followed',
      expected: 'expected at',
      time: '12:08',
      delay: '3 min late',
      late: true,
      age: 'live · 20 s ago',
    });
    expect(liveMarkView({ ...live, delayMinutes: -2 }, liveEn)).toMatchObject({
      delay: '2 min early',
      late: false,
    });
    expect(liveMarkView({ ...live, delayMinutes: null }, liveEn)).toMatchObject({
      delay: 'on time',
      late: false,
    });
  });

  it('says when the bus has left, or has not been heard from', () => {
    const live = { expectedTime: '12:08', delayMinutes: 3, positionAge: 20, departed: true };
    expect(liveMarkView(live, liveEn)).toEqual({ kind: 'gone', text: 'has left' });
    expect(liveMarkView({ ...live, departed: false, noLiveData: true }, liveEn)).toEqual({
      kind: 'none',
      text: 'no live data',
    });
  });
});
