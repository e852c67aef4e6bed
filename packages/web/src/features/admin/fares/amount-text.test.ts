import { describe, expect, it } from 'vitest';
import {
  centsToText,
  eurosToCents,
  kilometresToMeters,
  metersToKilometres,
  wholeNumber,
} from './amount-text.ts';

describe('euros as typed, to whole cents', () => {
  it.each([
    ['1,20', 120],
    ['1.20', 120],
    ['1,2', 120],
    ['1', 100],
    ['0,05', 5],
    ['0.5', 50],
    [',5', 50],
    ['12', 1200],
    [' 1,20 ', 120],
    ['€1.20', 120],
    ['€ 1.20', 120],
    ['1,20 €', 120],
    ['1,20€', 120],
    ['1,20 EUR', 120],
    ['0', 0],
    ['1000', 100_000],
    // Float euros would make 1.15 * 100 = 114.99999999999999: the digits are added instead.
    ['1,15', 115],
    ['4.35', 435],
  ])('%j is %i ct', (text, cents) => {
    expect(eurosToCents(text)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    '€',
    'abc',
    '1,2x',
    '1,234',
    '1.',
    '1,,2',
    '1.2.3',
    '-1',
    '+1',
    '1e2',
    '1 000',
    '12345678',
    '1,20 $',
  ])('%j is no amount', (text) => {
    expect(eurosToCents(text)).toBeNull();
  });

  it('writes cents back as the field shows them, in each language', () => {
    expect(centsToText(120, 'lt')).toBe('1,20');
    expect(centsToText(120, 'en')).toBe('1.20');
    expect(centsToText(5, 'lt')).toBe('0,05');
    expect(centsToText(100_000, 'en')).toBe('1000.00');
    for (const cents of [0, 1, 9, 10, 99, 100, 115, 435, 100_000])
      for (const language of ['lt', 'en'] as const)
        expect(eurosToCents(centsToText(cents, language))).toBe(cents);
  });
});

describe('kilometres as typed, to metres', () => {
  it.each([
    ['3', 3000],
    ['2,5', 2500],
    ['2.25', 2250],
    ['0,8', 800],
    ['1,234', 1234],
    ['12 km', 12_000],
    ['6km', 6000],
    [' 4.1 ', 4100],
  ])('%j is %i m', (text, meters) => {
    expect(kilometresToMeters(text)).toBe(meters);
  });

  it.each(['', 'km', 'three', '2,5555', '-3', '3.', '1 000'])('%j is no distance', (text) => {
    expect(kilometresToMeters(text)).toBeNull();
  });

  it('writes metres back without trailing zeros', () => {
    expect(metersToKilometres(3000, 'lt')).toBe('3');
    expect(metersToKilometres(2500, 'lt')).toBe('2,5');
    expect(metersToKilometres(2500, 'en')).toBe('2.5');
    expect(metersToKilometres(1234, 'en')).toBe('1.234');
    expect(metersToKilometres(50, 'en')).toBe('0.05');
    for (const meters of [1, 50, 800, 1000, 2250, 123_456])
      expect(kilometresToMeters(metersToKilometres(meters, 'lt'))).toBe(meters);
  });
});

describe('a whole number as typed', () => {
  it('is the number, null when blank, NaN otherwise (the schema words the refusal)', () => {
    expect(wholeNumber('10')).toBe(10);
    expect(wholeNumber(' 5 ')).toBe(5);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('1,5')).toBeNaN();
    expect(wholeNumber('ten')).toBeNaN();
    expect(wholeNumber('-1')).toBeNaN();
  });
});
