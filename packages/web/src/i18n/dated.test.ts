import { describe, expect, it } from 'vitest';
import { datedEn, datedLt } from './dated.ts';

describe('the new timetable notice (issue 28)', () => {
  it('says the first date as a public notice does, in both languages', () => {
    expect(datedEn.newTimetable('2027-01-01')).toBe('New timetable from 1 January');
    expect(datedLt.newTimetable('2027-01-01')).toBe('Naujas tvarkaraštis nuo sausio 1 d.');
    expect(datedLt.newTimetable('2026-12-14')).toBe('Naujas tvarkaraštis nuo gruodžio 14 d.');
  });
});
