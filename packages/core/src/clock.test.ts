import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Clock, isTooLate, vilniusNow, vilniusTime } from './clock.ts';
import { formatTime, parseTime } from './time.ts';
import { vilniusInstant } from './vilnius-instant.ts';

const fixed =
  (iso: string): Clock =>
  () =>
    new Date(iso);

function minutes(hhmm: string): number {
  const m = parseTime(hhmm);
  if (m === null) throw new Error(`bad time fixture ${hhmm}`);
  return m;
}

// UTC is the server's zone; the others prove the process zone never leaks into the result.
describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])('process TZ=%s', (tz) => {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it('really runs in that zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
  });

  describe('vilniusNow', () => {
    it.each([
      // summer, UTC+3
      ['2026-07-01T20:59:00Z', '2026-07-01', '23:59'],
      ['2026-07-01T20:59:59.999Z', '2026-07-01', '23:59'],
      ['2026-07-01T21:00:00Z', '2026-07-02', '00:00'],
      ['2026-07-01T09:30:00Z', '2026-07-01', '12:30'],
      // winter, UTC+2
      ['2026-01-15T21:59:00Z', '2026-01-15', '23:59'],
      ['2026-01-15T22:00:00Z', '2026-01-16', '00:00'],
      ['2026-12-31T22:00:00Z', '2027-01-01', '00:00'],
      // spring forward on 2026-03-29: 03:00 EET becomes 04:00 EEST at 01:00Z
      ['2026-03-28T21:59:00Z', '2026-03-28', '23:59'],
      ['2026-03-28T22:00:00Z', '2026-03-29', '00:00'],
      ['2026-03-29T00:59:00Z', '2026-03-29', '02:59'],
      ['2026-03-29T01:00:00Z', '2026-03-29', '04:00'],
      ['2026-03-29T20:59:00Z', '2026-03-29', '23:59'],
      ['2026-03-29T21:00:00Z', '2026-03-30', '00:00'],
      // fall back on 2026-10-25: 04:00 EEST becomes 03:00 EET at 01:00Z
      ['2026-10-24T20:59:00Z', '2026-10-24', '23:59'],
      ['2026-10-24T21:00:00Z', '2026-10-25', '00:00'],
      ['2026-10-25T00:59:00Z', '2026-10-25', '03:59'],
      ['2026-10-25T01:00:00Z', '2026-10-25', '03:00'],
      ['2026-10-25T21:59:00Z', '2026-10-25', '23:59'],
      ['2026-10-25T22:00:00Z', '2026-10-26', '00:00'],
    ])('%s is %s %s in Vilnius', (instant, date, time) => {
      expect(vilniusNow(fixed(instant))).toEqual({ date, minutes: minutes(time) });
    });

    it('defaults to the system clock', () => {
      // The system clock (Date only) fixed at a moment, not read at whatever moment this runs.
      vi.setSystemTime(new Date('2026-12-31T21:58:00Z'));
      try {
        expect(vilniusNow()).toEqual({ date: '2026-12-31', minutes: minutes('23:58') });
      } finally {
        vi.useRealTimers();
      }
    });

    it('refuses a clock that returns an invalid Date', () => {
      expect(() => vilniusNow(() => new Date(Number.NaN))).toThrow(RangeError);
    });
  });

  describe('isTooLate', () => {
    it.each([
      // now 23:59 on 2026-07-01 (summer)
      ['2026-07-01T20:59:00Z', '2026-07-01', '23:59', false],
      ['2026-07-01T20:59:00Z', '2026-07-01', '23:58', true],
      ['2026-07-01T20:59:00Z', '2026-07-01', '00:00', true],
      ['2026-07-01T20:59:00Z', '2026-07-02', '00:00', false],
      ['2026-07-01T20:59:00Z', '2026-06-30', '23:59', true],
      // seconds do not count: the 23:59 bus is still shown at 23:59:59
      ['2026-07-01T20:59:59Z', '2026-07-01', '23:59', false],
      // now 00:00 on 2026-07-02: yesterday's 23:59 is gone, today's 00:00 is not
      ['2026-07-01T21:00:00Z', '2026-07-01', '23:59', true],
      ['2026-07-01T21:00:00Z', '2026-07-02', '00:00', false],
      ['2026-07-01T21:00:00Z', '2026-07-02', '23:59', false],
      ['2026-07-01T21:00:00Z', '2026-07-03', '00:00', false],
      // winter, UTC+2
      ['2026-01-15T21:59:00Z', '2026-01-15', '23:59', false],
      ['2026-01-15T21:59:00Z', '2026-01-15', '23:58', true],
      ['2026-01-15T21:59:00Z', '2026-01-16', '00:00', false],
      ['2026-01-15T22:00:00Z', '2026-01-15', '23:59', true],
      ['2026-01-15T22:00:00Z', '2026-01-16', '00:00', false],
      // UTC still says 2026-01-15 22:30, but Vilnius is already on the 16th
      ['2026-01-15T22:30:00Z', '2026-01-16', '00:29', true],
      ['2026-01-15T22:30:00Z', '2026-01-16', '00:30', false],
      // DST switch days
      ['2026-03-29T01:00:00Z', '2026-03-29', '03:30', true], // a time the clocks skipped is past
      ['2026-03-29T01:00:00Z', '2026-03-29', '04:00', false],
      ['2026-10-25T01:00:00Z', '2026-10-25', '03:00', false], // the repeated hour, second pass
      ['2026-10-25T01:00:00Z', '2026-10-25', '02:59', true],
    ])('now %s, departure %s %s: tooLate %s', (instant, date, time, expected) => {
      expect(isTooLate(date, minutes(time), vilniusNow(fixed(instant)))).toBe(expected);
    });
  });
});

describe('isTooLate with a plain VilniusNow', () => {
  it.each([
    [{ date: '2026-07-02', minutes: 0 }, '2026-07-02', 0, false],
    [{ date: '2026-07-02', minutes: 1 }, '2026-07-02', 0, true],
    [{ date: '2026-07-02', minutes: 1439 }, '2026-07-03', 0, false],
    [{ date: '2027-01-01', minutes: 0 }, '2026-12-31', 1439, true],
  ])('%j vs %s %i -> %s', (now, date, minute, expected) => {
    expect(isTooLate(date, minute, now)).toBe(expected);
  });

  it('formats the minutes it compares like the API does', () => {
    expect(formatTime(vilniusNow(fixed('2026-07-01T20:59:00Z')).minutes)).toBe('23:59');
  });
});

describe('vilniusInstant and vilniusTime: one clock both ways', () => {
  it.each([
    ['2026-11-23', '09:00', '2026-11-23T07:00:00.000Z'],
    ['2026-07-01', '09:00', '2026-07-01T06:00:00.000Z'],
    ['2026-10-25', '03:30', '2026-10-25T00:30:00.000Z'], // shown twice: the first
    ['2026-12-25', '00:00', '2026-12-24T22:00:00.000Z'],
  ])('%s %s is %s, and Vilnius shows it again there', (date, time, expected) => {
    const instant = vilniusInstant(date, minutes(time));
    expect(new Date(instant).toISOString()).toBe(expected);
    expect(vilniusTime(instant)).toEqual({ date, minutes: minutes(time) });
  });

  it('counts a minute the clock skips as winter time', () => {
    expect(new Date(vilniusInstant('2026-03-29', minutes('03:30'))).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});
