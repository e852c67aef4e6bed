import { describe, expect, it } from 'vitest';
import { formatMinutes, minutesOf, OFFSET_CHOICES, parseCellTime } from './grid-time.ts';

describe('parseCellTime', () => {
  it.each([
    ['6:15', '06:15'],
    ['06:15', '06:15'],
    ['615', '06:15'],
    ['0615', '06:15'],
    ['6.15', '06:15'],
    ['8.15', '08:15'],
    ['6,15', '06:15'],
    ['6h15', '06:15'],
    ['18:05', '18:05'],
    ['1805', '18:05'],
    ['6', '06:00'],
    ['18', '18:00'],
    ['0', '00:00'],
    ['000', '00:00'],
    ['23:59', '23:59'],
    ['2359', '23:59'],
    ['6:15:00', '06:15'],
    ['  7:05 ', '07:05'],
  ])('reads %j as %s', (text, value) => {
    expect(parseCellTime(text)).toEqual({ kind: 'time', value });
  });

  it.each([
    ['24:00'],
    ['2400'],
    ['6:60'],
    ['660'],
    ['25'],
    ['6:5'],
    ['6:15:30'],
    ['12345'],
    ['6:15 am'],
    ['abc'],
    ['-6:15'],
    ['6:'],
    [':15'],
    ['6..15'],
  ])('refuses %j', (text) => {
    expect(parseCellTime(text)).toEqual({ kind: 'invalid', text: text.trim() });
  });

  it('reads an empty cell as no time', () => {
    expect(parseCellTime('')).toEqual({ kind: 'empty' });
    expect(parseCellTime('   ')).toEqual({ kind: 'empty' });
  });
});

describe('minutes and offsets', () => {
  it.each([
    ['00:00', 0],
    ['06:15', 375],
    ['23:59', 1439],
    ['', null],
    ['6:15', null],
  ])('minutesOf(%j) is %j', (value, minutes) => {
    expect(minutesOf(value)).toBe(minutes);
  });

  it.each([
    [0, '00:00'],
    [120, '02:00'],
    [-90, '-01:30'],
    [1439, '23:59'],
  ])('formatMinutes(%i) is %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });

  it('offers every minute to 15, then coarser steps up to 12 hours, in order and without repeats', () => {
    expect(OFFSET_CHOICES.slice(0, 16)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20]);
    expect(OFFSET_CHOICES).toContain(120);
    expect(OFFSET_CHOICES).toContain(45);
    expect(OFFSET_CHOICES.at(-1)).toBe(720);
    expect([...OFFSET_CHOICES].sort((a, b) => a - b)).toEqual(OFFSET_CHOICES);
    expect(new Set(OFFSET_CHOICES).size).toBe(OFFSET_CHOICES.length);
  });
});
