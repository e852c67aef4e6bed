import { describe, expect, it } from 'vitest';
import { datedEn, datedLt } from './dated.ts';

describe("the line page's words for a schedule outside its window", () => {
  it.each([
    ['2026-12-07', null, 2026, 'valid from 7 December', 'galioja nuo gruodžio 7 d.'],
    [null, '2026-12-06', 2026, 'valid until 6 December', 'galioja iki gruodžio 6 d.'],
    ['2027-01-04', null, 2026, 'valid from 4 January 2027', 'galioja nuo 2027 m. sausio 4 d.'],
    ['2026-12-01', '2026-12-14', 2026, 'valid 1–14 December', 'galioja gruodžio 1–14 d.'],
  ] as const)('%s to %s (in %s)', (from, until, year, en, lt) => {
    expect(datedEn.outsideWindow(from, until, year)).toBe(en);
    expect(datedLt.outsideWindow(from, until, year)).toBe(lt);
  });
});

describe("a line's new timetable notice", () => {
  it('goes on after the line in small letters in Lithuanian, as the spec writes it in English', () => {
    expect(datedLt.ofLine('M35') + datedLt.newTimetableOfLine('2026-12-07')).toBe(
      'M35 linija: naujas tvarkaraštis nuo gruodžio 7 d.',
    );
    expect(datedEn.ofLine('M35') + datedEn.newTimetableOfLine('2026-12-07')).toBe(
      'Line M35: New timetable from 7 December',
    );
  });
});

describe("the comparison page's heading", () => {
  it('names the change date; without one in the address, the words alone (as the server titles it)', () => {
    expect(datedEn.heading('2026-12-07')).toBe('New timetable from 7 December');
    expect(datedLt.heading('2026-12-07')).toBe('Naujas tvarkaraštis nuo gruodžio 7 d.');
    expect(datedEn.heading('')).toBe('New timetable');
    expect(datedLt.heading('2026-13-40')).toBe('Naujas tvarkaraštis');
  });
});
