import { describe, expect, it } from 'vitest';
import { parseMonthDay } from './month-day.ts';

describe('parseMonthDay', () => {
  it.each([
    ['02-16', { kind: 'ok', month: 2, day: 16 }],
    ['2-16', { kind: 'ok', month: 2, day: 16 }],
    ['12-31', { kind: 'ok', month: 12, day: 31 }],
    ['01-01', { kind: 'ok', month: 1, day: 1 }],
    [' 03-11 ', { kind: 'ok', month: 3, day: 11 }],
    ['3-1', { kind: 'ok', month: 3, day: 1 }],
    ['03.11', { kind: 'ok', month: 3, day: 11 }],
    ['03/11', { kind: 'ok', month: 3, day: 11 }],
    ['03 - 11', { kind: 'ok', month: 3, day: 11 }],
    ['0311', { kind: 'ok', month: 3, day: 11 }],
    ['02-29', { kind: 'ok', month: 2, day: 29 }],
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['02-30', { kind: 'day', month: 2, day: 30, days: 29 }],
    ['04-31', { kind: 'day', month: 4, day: 31, days: 30 }],
    ['06-00', { kind: 'day', month: 6, day: 0, days: 30 }],
    ['13-01', { kind: 'month', month: 13 }],
    ['00-10', { kind: 'month', month: 0 }],
    ['2026-02-16', { kind: 'format' }],
    ['16', { kind: 'format' }],
    ['311', { kind: 'format' }],
    ['02-', { kind: 'format' }],
    ['-16', { kind: 'format' }],
    ['ab-cd', { kind: 'format' }],
    ['02-16x', { kind: 'format' }],
    ['123-4', { kind: 'format' }],
  ])('%j', (text, expected) => {
    expect(parseMonthDay(text)).toEqual(expected);
  });
});
