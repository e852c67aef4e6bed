import { describe, expect, it } from 'vitest';
import { enPages } from './en-pages.ts';
import { ltPages } from './lt-pages.ts';

const DAY = 'Friday 25 December 2026';

describe("the line page's day summary agrees with its numbers", () => {
  it.each([
    [0, 12, `On ${DAY}, every schedule runs`],
    [1, 12, `On ${DAY}, 1 of 12 schedules does not run`],
    [2, 12, `On ${DAY}, 2 of 12 schedules do not run`],
    [1, 1, `On ${DAY}, 1 of 1 schedule does not run`],
    [11, 21, `On ${DAY}, 11 of 21 schedules do not run`],
  ])('English: %i of %i', (off, total, expected) => {
    expect(enPages.lineDay.summary(DAY, off, total)).toBe(expected);
  });

  it.each([
    [0, 12, 'D: kursuoja visi tvarkaraščiai'],
    [1, 12, 'D: nekursuoja 1 iš 12 tvarkaraščių'],
    [1, 1, 'D: nekursuoja 1 iš 1 tvarkaraščio'],
    [3, 21, 'D: nekursuoja 3 iš 21 tvarkaraščio'],
    [3, 11, 'D: nekursuoja 3 iš 11 tvarkaraščių'],
    [5, 30, 'D: nekursuoja 5 iš 30 tvarkaraščių'],
  ])('Lithuanian: %i of %i', (off, total, expected) => {
    expect(ltPages.lineDay.summary('D', off, total)).toBe(expected);
  });
});
