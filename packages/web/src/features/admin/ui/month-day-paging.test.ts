import { describe, expect, it } from 'vitest';
import { pickerPageStart } from './month-day-paging.ts';

describe('pickerPageStart', () => {
  it.each([
    // month picked (1-12, null = none), months shown, first month of the page (0 = January)
    [null, 3, 0],
    [1, 3, 0],
    [3, 3, 0],
    [4, 3, 3],
    [9, 3, 6],
    [10, 3, 9],
    [11, 3, 9],
    [12, 3, 9],
    [12, 1, 11],
    [7, 1, 6],
    [12, 2, 10],
    [11, 5, 7],
    [12, 12, 0],
    [0, 3, 0],
    [13, 3, 0],
  ])('month %s with %i shown starts at %i', (month, shown, start) => {
    expect(pickerPageStart(month, shown)).toBe(start);
  });

  it('never opens on a page that runs past December or holds December alone', () => {
    for (const shown of [1, 2, 3, 4, 5, 6, 12])
      for (let month = 1; month <= 12; month++) {
        const start = pickerPageStart(month, shown);
        expect(start + shown).toBeLessThanOrEqual(12);
        expect(start).toBeLessThanOrEqual(month - 1);
        expect(start + shown).toBeGreaterThan(month - 1);
      }
  });

  it('pages of 3 step through January to December in four full pages', () => {
    const starts = [...new Set(Array.from({ length: 12 }, (_, i) => pickerPageStart(i + 1, 3)))];
    expect(starts.map((start) => [start, start + 2])).toEqual([
      [0, 2],
      [3, 5],
      [6, 8],
      [9, 11],
    ]);
  });
});
