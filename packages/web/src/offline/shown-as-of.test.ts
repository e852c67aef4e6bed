import { describe, expect, it } from 'vitest';
import { offlineEn } from '../i18n/offline-en.ts';
import { offlineLt } from '../i18n/offline-lt.ts';
import { shownAsOf } from './shown-as-of.ts';

const at = (iso: string) => Date.parse(iso);

describe('shownAsOf: when the kept answer was fetched, in Vilnius', () => {
  it.each([
    // Fetched today (in Vilnius): the time alone.
    ['2026-11-26T12:05:00Z', '2026-11-26T12:40:00Z', '14:05'],
    ['2026-11-26T06:00:00Z', '2026-11-26T21:59:00Z', '08:00'],
    // 23:30 in Vilnius on the 25th is the day before 00:10 on the 26th, though UTC says the same day.
    ['2026-11-25T21:30:00Z', '2026-11-25T22:10:00Z', '2026-11-25 23:30'],
    // 00:30 Vilnius on the 26th is "today" at 23:00 Vilnius on the 26th, though UTC says the 25th.
    ['2026-11-25T22:30:00Z', '2026-11-26T21:00:00Z', '00:30'],
    // Yesterday, last week, last summer (summer time, UTC+3): with the date.
    ['2026-11-25T12:05:00Z', '2026-11-26T07:00:00Z', '2026-11-25 14:05'],
    ['2026-07-01T10:05:00Z', '2026-11-26T07:00:00Z', '2026-07-01 13:05'],
  ])('fetched %s, now %s -> %s', (fetched, now, shown) => {
    expect(shownAsOf(at(fetched), at(now), offlineEn.locale)).toBe(shown);
    expect(shownAsOf(at(fetched), at(now), offlineLt.locale)).toBe(shown);
  });

  it('says it in words, in each language', () => {
    const time = shownAsOf(at('2026-11-26T12:05:00Z'), at('2026-11-26T12:40:00Z'), offlineEn.locale);
    expect(offlineEn.shownAsOf(time)).toBe('You are offline. Showing the timetable as of 14:05.');
    expect(offlineLt.shownAsOf(time)).toBe('Nėra interneto ryšio. Rodomas tvarkaraštis, koks buvo 14:05.');
  });
});
