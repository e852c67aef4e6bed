import { describe, expect, it } from 'vitest';
import { csvFileName, defaultForm, minutesText, punctualityInput, shareText } from './live-view.ts';

describe('the Live page’s plain parts', () => {
  it('opens on the last 7 days with −1 to +5 minutes', () => {
    expect(defaultForm('2026-11-29')).toEqual({
      from: '2026-11-23',
      until: '2026-11-29',
      early: '1',
      late: '5',
    });
    expect(defaultForm('2027-03-01').from).toBe('2027-02-23');
  });

  it.each([
    ['numbers', { early: '2', late: ' 10 ' }, 2, 10],
    ['a fraction goes as it is (the server refuses it)', { early: '0.5', late: '5' }, 0.5, 5],
    ['an empty field goes as text (the server says what is wrong)', { early: '', late: 'x' }, '', 'x'],
  ])('the input from the form: %s', (_name, bounds, earlyMinutes, lateMinutes) => {
    expect(punctualityInput({ from: '2026-11-23', until: '2026-11-29', ...bounds })).toEqual({
      from: '2026-11-23',
      until: '2026-11-29',
      earlyMinutes,
      lateMinutes,
    });
  });

  it.each([
    ['en-GB', 0.875, '88%'],
    ['en-GB', 1, '100%'],
    ['en-GB', null, '–'],
    ['lt', 0.5, '50\u00a0%'],
  ])('shares in %s: %s is %s', (locale, share, text) => {
    expect(shareText(locale, share)).toBe(text);
  });

  it.each([
    ['en-GB', 1.25, '1.3'],
    ['en-GB', -0.5, '-0.5'],
    ['lt', 4, '4,0'],
    ['lt', -2.5, '−2,5'],
    ['en-GB', null, '–'],
  ])('minutes in %s: %s is %s', (locale, minutes, text) => {
    expect(minutesText(locale, minutes)).toBe(text);
  });

  it('names the CSV by its period', () => {
    expect(csvFileName({ from: '2026-11-23', until: '2026-11-29' })).toBe(
      'punctuality-2026-11-23-2026-11-29.csv',
    );
  });
});
