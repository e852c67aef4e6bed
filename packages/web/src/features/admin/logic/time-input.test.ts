import { describe, expect, it } from 'vitest';
import { storedTime, timeInput } from './time-input.ts';

/** Types `keys` one at a time into an empty field, as the browser would. */
function type(keys: string): { text: string; value: string } {
  let state = { text: '', value: '' };
  for (const key of keys) state = timeInput(state.text + key, state.text);
  return state;
}

describe('timeInput (keystrokes)', () => {
  it('inserts the colon after the hours and stores a whole time', () => {
    expect(timeInput('1', '')).toEqual({ text: '1', value: '' });
    expect(timeInput('12', '1')).toEqual({ text: '12:', value: '' });
    expect(timeInput('12:3', '12:')).toEqual({ text: '12:3', value: '' });
    expect(timeInput('12:30', '12:3')).toEqual({ text: '12:30', value: '12:30' });
    expect(type('0745')).toEqual({ text: '07:45', value: '07:45' });
  });

  it('accepts a typed colon without doubling it', () => {
    expect(type('12:30')).toEqual({ text: '12:30', value: '12:30' });
    expect(type('9:05')).toEqual({ text: '09:05', value: '09:05' });
  });

  it('goes to the minutes after a first hour digit above 2', () => {
    expect(timeInput('7', '')).toEqual({ text: '07:', value: '' });
    expect(type('715')).toEqual({ text: '07:15', value: '07:15' });
  });

  it('keeps digits and the colon only', () => {
    expect(type('a1b2c3d4')).toEqual({ text: '12:34', value: '12:34' });
    expect(timeInput('12.30', '')).toEqual({ text: '12:30', value: '12:30' });
    expect(timeInput('x', '')).toEqual({ text: '', value: '' });
  });

  it('is at most 5 characters', () => {
    expect(type('123456')).toEqual({ text: '12:34', value: '12:34' });
    expect(timeInput('12:345', '12:34')).toEqual({ text: '12:34', value: '12:34' });
  });

  it('caps the hours at 23 and the minutes at 59', () => {
    expect(timeInput('25', '2')).toEqual({ text: '23:', value: '' });
    expect(type('2599')).toEqual({ text: '23:59', value: '23:59' });
    expect(timeInput('12:75', '12:7')).toEqual({ text: '12:59', value: '12:59' });
    expect(type('2400')).toEqual({ text: '23:00', value: '23:00' });
  });

  it('treats typing over a selected time as a new time', () => {
    expect(timeInput('8', '07:10')).toEqual({ text: '08:', value: '' });
    expect(timeInput('1', '07:10')).toEqual({ text: '1', value: '' });
  });

  it('does not add the colon back while deleting', () => {
    expect(timeInput('12:', '12:3')).toEqual({ text: '12:', value: '' });
    expect(timeInput('12', '12:')).toEqual({ text: '12', value: '' });
    expect(timeInput('1', '12')).toEqual({ text: '1', value: '' });
    expect(timeInput('', '1')).toEqual({ text: '', value: '' });
    expect(timeInput('0', '07')).toEqual({ text: '0', value: '' });
  });
});

describe('timeInput (paste)', () => {
  it.each([
    ['1230', '12:30', '12:30'],
    ['9:30', '09:30', '09:30'],
    ['25:99', '23:59', '23:59'],
    ['07:45:00', '07:45', '07:45'],
    [' 6 : 05 ', '06:05', '06:05'],
    [':45', '23:', ''], // a leading colon is dropped; 45 as hours is capped to 23
    [':15', '15:', ''],
    ['123', '12:3', ''],
    ['hello', '', ''],
  ])('%j shows %j and stores %j', (pasted, text, value) => {
    expect(timeInput(pasted, '')).toEqual({ text, value });
  });
});

describe('storedTime', () => {
  it('stores a whole HH:MM and nothing else', () => {
    expect(storedTime('00:00')).toBe('00:00');
    expect(storedTime('23:59')).toBe('23:59');
    expect(storedTime('24:00')).toBe('');
    expect(storedTime('7:00')).toBe('');
    expect(storedTime('07:0')).toBe('');
    expect(storedTime('')).toBe('');
  });
});
