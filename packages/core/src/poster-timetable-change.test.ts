import { describe, expect, it } from 'vitest';
import type { Weekday } from './domain.ts';
import { groupStopPosterParts, posterTimetableChange } from './poster-timetable-change.ts';
import { type PrintDeparture, type StopPoster, serviceDays, windowDates } from './printed-timetable.ts';
import type { ScheduleRunsOn } from './service-day.ts';
import { WHOLE_YEAR } from './test-dataset.ts';

const MON_FRI: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const EVERY_DAY: Weekday[] = [...MON_FRI, 'SATURDAY', 'SUNDAY'];
const HOLIDAYS = [
  { month: 12, day: 24 },
  { month: 12, day: 25 },
  { month: 12, day: 26 },
  { month: 1, day: 1 },
];
const days = (start: string) => serviceDays(windowDates(start, 28), [WHOLE_YEAR], HOLIDAYS);

const sched = (
  runsOnWeekly: Weekday[],
  validFrom: string | null,
  validUntil: string | null,
  runsOnPublicHolidays = false,
): ScheduleRunsOn => ({ runsOnWeekly, runsOnYearlyId: 1, runsOnPublicHolidays, validFrom, validUntil });

let nextTrip = 1;
const dep = (minute: number, schedule: ScheduleRunsOn): PrintDeparture => {
  const tripId = nextTrip++;
  return { tripId, schedId: tripId, lineId: 1, lineName: 'M35', minute, destination: 'Vilnius', schedule };
};

/** Each column's minutes with their footnote marks: 'HH:MM' or 'HH:MMa'. */
const times = (poster: StopPoster | undefined) =>
  Object.fromEntries(
    (poster?.columns ?? []).map((c) => [
      c.dayType,
      c.hours.flat().map((e) => {
        const hm = `${String(Math.floor(e.minute / 60)).padStart(2, '0')}:${String(e.minute % 60).padStart(2, '0')}`;
        return `${hm}${e.footnote ?? ''}`;
      }),
    ]),
  );

/** M35's timetable changing on `change`: 7:00 on working days becomes 7:10, 12:00 every day is dropped. */
const m35 = (change: string, dayBefore: string) => [
  dep(7 * 60, sched(MON_FRI, null, dayBefore)),
  dep(12 * 60, sched(EVERY_DAY, null, dayBefore, true)),
  dep(7 * 60 + 10, sched(MON_FRI, change, null)),
];

describe('posterTimetableChange', () => {
  it.each([
    // [poster start, schedule starts, expected]
    ['2026-12-14', [], null],
    ['2026-12-14', ['2027-01-01'], { from: '2027-01-01', split: true }],
    ['2026-12-14', ['2027-01-10'], { from: '2027-01-10', split: true }], // the window's last date
    ['2026-12-14', ['2027-01-11'], null], // the day after the window
    ['2026-12-14', ['2026-12-14'], { from: '2026-12-14', split: false }], // starts on the change date
    ['2027-01-28', ['2027-01-01'], { from: '2027-01-01', split: false }], // 27 days after it
    ['2027-01-29', ['2027-01-01'], null], // 28 days after: no longer noted
    ['2026-12-14', ['2026-12-20', '2027-01-01'], { from: '2026-12-20', split: true }], // the first inside
    ['2026-12-14', ['2026-12-01', '2027-01-01'], { from: '2027-01-01', split: true }], // inside wins
    ['2026-12-14', ['2026-11-20', '2026-12-01'], { from: '2026-12-01', split: false }], // the latest before
    ['2028-02-15', ['2028-02-29'], { from: '2028-02-29', split: true }], // Feb 29 of a leap year
  ] as const)('a poster from %s, schedules valid from %j: %j', (start, starts, expected) => {
    const departures = starts.map((from) => dep(600, sched(EVERY_DAY, from, null)));
    departures.push(dep(540, sched(EVERY_DAY, null, null)));
    expect(posterTimetableChange(departures, days(start))).toEqual(expected);
  });
});

describe('groupStopPosterParts', () => {
  it('a poster with no dated schedules is one part, as before', () => {
    const result = groupStopPosterParts([dep(420, sched(MON_FRI, null, null))], days('2026-12-14'), [
      WHOLE_YEAR,
    ]);
    expect(result.newTimetableFrom).toBeNull();
    expect(result.parts).toHaveLength(1);
    expect(result.parts[0]?.validFrom).toBe('2026-12-14');
    expect(result.parts[0]?.validTo).toBe('2027-01-10');
  });

  it('four weeks across 1 January: until 31 December the old times, from 1 January the new', () => {
    const result = groupStopPosterParts(m35('2027-01-01', '2026-12-31'), days('2026-12-14'), [WHOLE_YEAR]);
    expect(result.newTimetableFrom).toBe('2027-01-01');
    const [before, after] = result.parts;
    expect([before?.validFrom, before?.validTo, after?.validFrom, after?.validTo]).toEqual([
      '2026-12-14',
      '2026-12-31',
      '2027-01-01',
      '2027-01-10',
    ]);
    // Before: 24-26 December (Thu-Sat) are holidays, in the Sunday column (12:00 runs on them, 7:00 not).
    expect(times(before)).toEqual({
      workdays: ['07:00', '12:00'],
      saturdays: ['12:00'],
      sundays: ['12:00'],
    });
    expect(before?.columns.map((c) => c.dateCount)).toEqual([12, 1, 5]);
    expect(before?.footnotes).toEqual([]);
    // From 1 January (a Friday holiday, a Sunday on the poster): only the new 7:10 on working days.
    expect(times(after)).toEqual({ workdays: ['07:10'], saturdays: [], sundays: [] });
    expect(after?.hours).toEqual([7]);
  });

  it('a poster starting on the change date or later shows only the new times, with the change noted', () => {
    for (const start of ['2027-01-01', '2027-01-04', '2027-01-28']) {
      const result = groupStopPosterParts(m35('2027-01-01', '2026-12-31'), days(start), [WHOLE_YEAR]);
      expect(result.newTimetableFrom).toBe('2027-01-01');
      expect(result.parts).toHaveLength(1);
      expect(times(result.parts[0])).toEqual({ workdays: ['07:10'], saturdays: [], sundays: [] });
    }
  });

  it('a change at the end of February of a leap year splits at 29 February', () => {
    const result = groupStopPosterParts(m35('2028-02-29', '2028-02-28'), days('2028-02-15'), [WHOLE_YEAR]);
    expect(result.parts.map((p) => [p.validFrom, p.validTo])).toEqual([
      ['2028-02-15', '2028-02-28'],
      ['2028-02-29', '2028-03-13'],
    ]);
    expect(times(result.parts[0]).workdays).toEqual(['07:00', '12:00']);
    expect(times(result.parts[1]).workdays).toEqual(['07:10']);
  });

  it('a change on the last date of the window leaves a one-day new part', () => {
    const result = groupStopPosterParts(m35('2027-01-10', '2027-01-09'), days('2026-12-14'), [WHOLE_YEAR]);
    expect(result.parts.map((p) => [p.validFrom, p.validTo])).toEqual([
      ['2026-12-14', '2027-01-09'],
      ['2027-01-10', '2027-01-10'],
    ]);
    // 10 January 2027 is a Sunday: the new working-day times do not run on it.
    expect(times(result.parts[1])).toEqual({ workdays: [], saturdays: [], sundays: [] });
    expect(result.parts[1]?.columns.map((c) => c.dateCount)).toEqual([0, 0, 1]);
  });
});
