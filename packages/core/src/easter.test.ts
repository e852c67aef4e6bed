import { describe, expect, it } from 'vitest';
import { easterSunday } from './easter.ts';

describe('easterSunday', () => {
  it.each([
    [2024, 3, 31],
    [2025, 4, 20],
    [2026, 4, 5],
    [2027, 3, 28],
    [2000, 4, 23],
    [2008, 3, 23],
    [2011, 4, 24],
    [2016, 3, 27],
    [2019, 4, 21],
    [2028, 4, 16],
    [1943, 4, 25], // latest possible date
    [2038, 4, 25],
    [1818, 3, 22], // earliest possible date
    [2285, 3, 22],
    [1583, 4, 10], // first full Gregorian year
  ])('Easter %i is %i-%i', (year, month, day) => {
    expect(easterSunday(year)).toEqual({ month, day });
  });

  it('always falls between March 22 and April 25', () => {
    for (let year = 1583; year <= 3000; year++) {
      const { month, day } = easterSunday(year);
      const key = month * 100 + day;
      expect(key).toBeGreaterThanOrEqual(322);
      expect(key).toBeLessThanOrEqual(425);
    }
  });

  it.each([1582, 2026.5, Number.NaN])('refuses non-Gregorian year %s', (year) => {
    expect(() => easterSunday(year)).toThrow(RangeError);
  });
});
