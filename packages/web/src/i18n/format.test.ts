import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { type DateStyle, formatDate } from './format.ts';

/** The English catalogue's locale, and Lithuanian's for the catalogue that will come. */
const LT = 'lt-LT';
const EN = en.app.locale;

it('the English catalogue names the locale tested here', () => {
  expect(EN).toBe('en-GB');
});

/** A calendar day at noon where the test runs (the day styles use the device's time zone). */
const day = (year: number, month: number, date: number) => new Date(year, month - 1, date, 12);

describe('longDay: a calendar day in words', () => {
  it.each([
    // date, Lithuanian words in order, English words in order
    [day(2026, 12, 1), ['2026', 'gruodžio 1 d.', 'antradienis'], ['Tuesday', '1 December 2026']],
    [day(2026, 11, 1), ['2026', 'lapkričio 1 d.', 'sekmadienis'], ['Sunday', '1 November 2026']],
    [day(2027, 1, 15), ['2027', 'sausio 15 d.', 'penktadienis'], ['Friday', '15 January 2027']],
    [day(2026, 9, 28), ['2026', 'rugsėjo 28 d.', 'pirmadienis'], ['Monday', '28 September 2026']],
  ])('%s', (date, ltWords, enWords) => {
    const inLt = formatDate(LT, 'longDay', date);
    const inEn = formatDate(EN, 'longDay', date);
    const inOrder = (text: string, words: string[]) =>
      words
        .map((word) => text.indexOf(word))
        .every((at, i, all) => at >= 0 && (i === 0 || at > (all[i - 1] as number)));
    expect(inOrder(inLt, ltWords), inLt).toBe(true);
    expect(inOrder(inEn, enWords), inEn).toBe(true);
    // The month and weekday read as in Lithuanian prose: 'gruodžio 1 d., antradienis'.
    expect(inLt).toContain(`${ltWords[1]}, ${ltWords[2]}`);
  });
});

describe('dayMonth: a day of any year', () => {
  it.each([
    [day(2026, 12, 1), 'gruodžio 1 d.', '1 December'],
    [day(2026, 2, 16), 'vasario 16 d.', '16 February'],
    [day(2026, 7, 6), 'liepos 6 d.', '6 July'],
  ])('%s', (date, inLt, inEn) => {
    expect(formatDate(LT, 'dayMonth', date)).toBe(inLt);
    expect(formatDate(EN, 'dayMonth', date)).toBe(inEn);
  });
});

describe('time: 24-hour, in Vilnius, the same in both languages', () => {
  it.each([
    ['2026-07-01T10:05:00.000Z', '13:05'],
    ['2026-12-01T12:05:00.000Z', '14:05'],
    ['2026-01-01T22:30:00.000Z', '00:30'],
    ['2026-06-30T21:00:00.000Z', '00:00'],
    ['2026-03-29T01:00:00.000Z', '04:00'],
  ])('%s -> %s', (iso, shown) => {
    expect(formatDate(LT, 'time', new Date(iso))).toBe(shown);
    expect(formatDate(EN, 'time', new Date(iso))).toBe(shown);
  });
});

describe('timeSeconds: 24-hour with seconds, in Vilnius, the same in both languages', () => {
  it.each([
    ['2026-11-29T10:06:10.000Z', '12:06:10'],
    ['2026-01-01T22:30:05.000Z', '00:30:05'],
    ['2026-06-30T21:00:00.000Z', '00:00:00'],
    ['2026-07-01T10:05:59.900Z', '13:05:59'],
  ])('%s -> %s', (iso, shown) => {
    expect(formatDate(LT, 'timeSeconds', new Date(iso))).toBe(shown);
    expect(formatDate(EN, 'timeSeconds', new Date(iso))).toBe(shown);
  });
});

describe("dateTime: 'YYYY-MM-DD HH:MM' in Vilnius, whatever the locale's own order", () => {
  it.each([
    ['2026-07-01T10:05:00.000Z', '2026-07-01 13:05'],
    ['2026-01-01T22:30:00.000Z', '2026-01-02 00:30'],
    ['2026-03-29T00:59:00.000Z', '2026-03-29 02:59'],
    ['2026-03-29T01:00:00.000Z', '2026-03-29 04:00'],
    ['2026-12-01T11:59:00.000Z', '2026-12-01 13:59'],
  ])('%s -> %s', (iso, shown) => {
    expect(formatDate(LT, 'dateTime', new Date(iso))).toBe(shown);
    expect(formatDate(EN, 'dateTime', new Date(iso))).toBe(shown);
  });
});

it('asking in one language never changes the answer in the other (formatters are kept per locale)', () => {
  const date = day(2026, 12, 1);
  for (const style of ['longDay', 'dayMonth'] satisfies DateStyle[]) {
    expect(formatDate(LT, style, date)).toContain('gruodžio');
    expect(formatDate(EN, style, date)).toContain('December');
    expect(formatDate(LT, style, date)).not.toContain('December');
  }
});
