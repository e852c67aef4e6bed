import { describe, expect, it } from 'vitest';
import { ServiceChangeFields } from './admin-inputs/service-changes.ts';
import type { Holiday, Weekday, YearlyRule } from './domain.ts';
import {
  dayTypeOf,
  expandOccurrences,
  footnoteMark,
  groupLinePrint,
  groupStopPoster,
  localDateTime,
  occurrenceUid,
  type PrintDeparture,
  type PrintTrip,
  printNotices,
  runDates,
  serviceDays,
  windowDates,
} from './printed-timetable.ts';
import type { ServiceChange } from './service-changes/types.ts';
import { type ScheduleRunsOn, scheduleRunsOn, serviceDayContext } from './service-day.ts';
import { WHOLE_YEAR } from './test-dataset.ts';

const MON_FRI: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const EVERY_DAY: Weekday[] = [...MON_FRI, 'SATURDAY', 'SUNDAY'];

/** The rules of the real Anykščiai data that matter here (ids as there). */
const RULES: YearlyRule[] = [
  WHOLE_YEAR,
  {
    id: 3,
    periodName: 'Mokslo metu',
    typeOfYearlyRule: null,
    otherRuleId: null,
    timePeriods: [
      { id: 18, startMonth: 9, startDay: 1, endMonth: 10, endDay: 29 },
      { id: 19, startMonth: 11, startDay: 4, endMonth: 12, endDay: 26 },
      { id: 20, startMonth: 1, startDay: 6, endMonth: 2, endDay: 18 },
    ],
    pattern1Params: [],
  },
  {
    id: 6,
    periodName: '2 ir 4 mėnesio Antradienį',
    typeOfYearlyRule: null,
    otherRuleId: null,
    timePeriods: [],
    pattern1Params: [
      { id: 1, nthOccurenceEachMonth: 2, dayOfWeek: 'TUESDAY' },
      { id: 2, nthOccurenceEachMonth: 4, dayOfWeek: 'TUESDAY' },
    ],
  },
  {
    id: 16,
    periodName: 'Mokslo Metu, 1 ir 3 Penkt.',
    typeOfYearlyRule: null,
    otherRuleId: 3,
    timePeriods: [],
    pattern1Params: [
      { id: 14, nthOccurenceEachMonth: 1, dayOfWeek: 'FRIDAY' },
      { id: 15, nthOccurenceEachMonth: 3, dayOfWeek: 'FRIDAY' },
    ],
  },
];
const HOLIDAYS: Holiday[] = [
  { id: 11, name: 'Kūčios', month: 12, day: 24 },
  { id: 12, name: 'Kalėdos 1d', month: 12, day: 25 },
  { id: 13, name: 'Kalėdos 2d', month: 12, day: 26 },
];

const sched = (
  runsOnWeekly: Weekday[],
  runsOnYearlyId = 1,
  runsOnPublicHolidays = false,
): ScheduleRunsOn => ({
  runsOnWeekly,
  runsOnYearlyId,
  runsOnPublicHolidays,
});

let nextTrip = 1;
const dep = (
  minute: number,
  schedule: ScheduleRunsOn,
  lineName = 'M5',
  tripId = nextTrip++,
): PrintDeparture => ({
  tripId,
  schedId: tripId,
  lineId: Number(lineName.replace(/\D/g, '')) || 1,
  lineName,
  minute,
  destination: `to ${lineName}`,
  schedule,
});

const days = (start: string, count: number) => serviceDays(windowDates(start, count), RULES, HOLIDAYS);

describe('dayTypeOf', () => {
  it.each([
    ['2026-11-30', 'workdays'], // Monday
    ['2026-12-04', 'workdays'], // Friday
    ['2026-12-05', 'saturdays'],
    ['2026-12-06', 'sundays'],
    ['2026-12-24', 'sundays'], // Thursday, public holiday
    ['2026-12-26', 'sundays'], // Saturday, public holiday
    ['2027-03-29', 'sundays'], // Easter Monday
    ['2027-03-30', 'workdays'],
  ])('%s is %s', (date, type) => {
    expect(dayTypeOf(serviceDayContext(date, RULES, HOLIDAYS))).toBe(type);
  });
});

describe('windowDates and runDates', () => {
  it('counts whole days across a month and year end', () => {
    expect(windowDates('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(windowDates('2026-12-30', 0)).toEqual([]);
  });
  it.each([
    ['whole year, Mon-Fri', sched(MON_FRI), ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-28']],
    ['school term, Mon-Fri (term ends 12-26)', sched(MON_FRI, 3), ['2026-12-21', '2026-12-22', '2026-12-23']],
    ['every day with holidays', sched(EVERY_DAY, 1, true), windowDates('2026-12-21', 8)],
    ['2nd and 4th Tuesday', sched(['TUESDAY'], 6), ['2026-12-22']],
  ])('%s', (_name, schedule, expected) => {
    expect(runDates(schedule, days('2026-12-21', 8))).toEqual(expected);
  });
});

describe('groupStopPoster', () => {
  // 2026-12-07 (Mon) .. 2027-01-03 (Sun): four weeks with 24, 25 and 26 December as holidays and
  // the school term ending on 12-26.
  const christmasWindow = days('2026-12-07', 28);
  // 2026-11-09 .. 2026-12-06: no holiday, inside the school term.
  const novemberWindow = days('2026-11-09', 28);

  type Case = {
    name: string;
    window: typeof christmasWindow;
    departure: PrintDeparture;
    /** Per column: absent, plain, or footnoted with these parts. */
    expected: Record<'workdays' | 'saturdays' | 'sundays', 'absent' | 'plain' | Record<string, unknown>>;
  };
  const cases: Case[] = [
    {
      name: 'Mon-Fri whole year: plain working days (holidays are not working days)',
      window: christmasWindow,
      departure: dep(6 * 60 + 40, sched(MON_FRI)),
      expected: { workdays: 'plain', saturdays: 'absent', sundays: 'absent' },
    },
    {
      name: 'Mon-Fri school term: footnoted on working days when the term ends inside the window',
      window: christmasWindow,
      departure: dep(7 * 60, sched(MON_FRI, 3)),
      expected: {
        workdays: { weekdays: [], periods: expect.any(Array), ruleName: 'Mokslo metu', notOnHolidays: false },
        saturdays: 'absent',
        sundays: 'absent',
      },
    },
    {
      name: 'Mon-Fri school term: plain when the window lies inside the term',
      window: novemberWindow,
      departure: dep(7 * 60, sched(MON_FRI, 3)),
      expected: { workdays: 'plain', saturdays: 'absent', sundays: 'absent' },
    },
    {
      name: 'Wednesdays only: footnoted with the weekday',
      window: novemberWindow,
      departure: dep(9 * 60, sched(['WEDNESDAY'])),
      expected: {
        workdays: { weekdays: ['WEDNESDAY'], patterns: [], periods: [], ruleName: null },
        saturdays: 'absent',
        sundays: 'absent',
      },
    },
    {
      name: '2nd and 4th Tuesday: footnoted with the pattern and its two dates',
      window: novemberWindow,
      departure: dep(10 * 60, sched(['TUESDAY'], 6)),
      expected: {
        workdays: {
          weekdays: [],
          patterns: [
            { nthOccurenceEachMonth: 2, dayOfWeek: 'TUESDAY' },
            { nthOccurenceEachMonth: 4, dayOfWeek: 'TUESDAY' },
          ],
          ruleName: '2 ir 4 mėnesio Antradienį',
          dates: ['2026-11-10', '2026-11-24'],
        },
        saturdays: 'absent',
        sundays: 'absent',
      },
    },
    {
      name: '1st and 3rd Friday in school term (borrowed periods, own patterns)',
      window: novemberWindow,
      departure: dep(15 * 60, sched(['FRIDAY'], 16)),
      expected: {
        workdays: {
          patterns: [
            { nthOccurenceEachMonth: 1, dayOfWeek: 'FRIDAY' },
            { nthOccurenceEachMonth: 3, dayOfWeek: 'FRIDAY' },
          ],
          periods: [
            { startMonth: 9, startDay: 1, endMonth: 10, endDay: 29 },
            { startMonth: 11, startDay: 4, endMonth: 12, endDay: 26 },
            { startMonth: 1, startDay: 6, endMonth: 2, endDay: 18 },
          ],
          dates: ['2026-11-20', '2026-12-04'],
        },
        saturdays: 'absent',
        sundays: 'absent',
      },
    },
    {
      name: 'Sundays without holidays: footnoted in the Sunday column when a holiday falls in the window',
      window: christmasWindow,
      departure: dep(18 * 60, sched(['SUNDAY'])),
      expected: {
        workdays: 'absent',
        saturdays: 'absent',
        // Judged on the dates that are no holiday (all Sundays): it is the holidays it skips.
        sundays: {
          weekdays: [],
          notOnHolidays: true,
          dates: ['2026-12-13', '2026-12-20', '2026-12-27', '2027-01-03'],
        },
      },
    },
    {
      name: 'Sundays and holidays: in a window with weekday holidays, only their Sundays',
      window: christmasWindow,
      departure: dep(18 * 60 + 5, sched(['SUNDAY'], 1, true)),
      expected: {
        workdays: 'absent',
        saturdays: 'absent',
        sundays: { weekdays: ['SUNDAY'], notOnHolidays: false },
      },
    },
    {
      name: 'Sundays and holidays, no holiday in the window: plain',
      window: novemberWindow,
      departure: dep(18 * 60, sched(['SUNDAY'], 1, true)),
      expected: { workdays: 'absent', saturdays: 'absent', sundays: 'plain' },
    },
    {
      name: 'Every day with holidays: plain in all three columns',
      window: christmasWindow,
      departure: dep(12 * 60, sched(EVERY_DAY, 1, true)),
      expected: { workdays: 'plain', saturdays: 'plain', sundays: 'plain' },
    },
    {
      name: 'Every day without holidays: the Sunday column names the holidays it skips',
      window: christmasWindow,
      departure: dep(12 * 60, sched(EVERY_DAY)),
      expected: {
        workdays: 'plain',
        saturdays: 'plain',
        sundays: {
          weekdays: [],
          notOnHolidays: true,
          dates: ['2026-12-13', '2026-12-20', '2026-12-27', '2027-01-03'],
        },
      },
    },
  ];

  it.each(cases)('$name', ({ window, departure, expected }) => {
    const poster = groupStopPoster([departure], window, RULES);
    for (const column of poster.columns) {
      const entries = column.hours.flat();
      const want = expected[column.dayType];
      if (want === 'absent') {
        expect(entries).toEqual([]);
        continue;
      }
      expect(entries).toHaveLength(1);
      const entry = entries[0];
      if (want === 'plain') {
        expect(entry?.footnote).toBeNull();
        continue;
      }
      const footnote = poster.footnotes.find((f) => f.mark === entry?.footnote);
      expect(footnote).toMatchObject(want);
    }
  });

  it('is exact: a plain entry runs on every date of its column, a footnoted one on the dates its note lists', () => {
    const all = [
      dep(6 * 60 + 40, sched(MON_FRI)),
      dep(7 * 60, sched(MON_FRI, 3)),
      dep(9 * 60, sched(['WEDNESDAY'])),
      dep(10 * 60, sched(['TUESDAY'], 6)),
      dep(15 * 60, sched(['FRIDAY'], 16)),
      dep(18 * 60, sched(['SUNDAY'])),
      dep(12 * 60, sched(EVERY_DAY)),
      dep(12 * 60 + 5, sched(EVERY_DAY, 1, true)),
    ];
    for (const window of [christmasWindow, novemberWindow]) {
      const poster = groupStopPoster(all, window, RULES);
      for (const column of poster.columns) {
        const typeDays = window.filter((d) => dayTypeOf(d) === column.dayType);
        expect(column.dateCount).toBe(typeDays.length);
        for (const entry of column.hours.flat()) {
          const d = all.find((x) => x.tripId === entry.tripId) as PrintDeparture;
          const ran = typeDays.filter((day) => scheduleRunsOn(d.schedule, day)).map((day) => day.date);
          if (entry.footnote === null) expect(ran).toHaveLength(typeDays.length);
          else expect(poster.footnotes.find((f) => f.mark === entry.footnote)?.dates).toEqual(ran);
        }
        // Nothing that runs on a date of the column is missing from it.
        const listed = new Set(column.hours.flat().map((e) => e.tripId));
        for (const d of all)
          if (typeDays.some((day) => scheduleRunsOn(d.schedule, day)))
            expect(listed.has(d.tripId)).toBe(true);
      }
    }
  });

  it('orders by hour and minute, shares one footnote between equal notes, counts a trip and minute once', () => {
    const wed = sched(['WEDNESDAY']);
    const a = dep(9 * 60 + 30, wed, 'M27');
    const b = dep(9 * 60 + 5, wed, 'M5');
    const c = dep(9 * 60 + 5, sched(MON_FRI), 'M35');
    const poster = groupStopPoster([a, b, c, { ...c }], novemberWindow, RULES);
    const nine = poster.columns[0]?.hours[9] ?? [];
    expect(nine.map((e) => [e.minute % 60, e.lineName, e.footnote])).toEqual([
      [5, 'M5', 'a'],
      [5, 'M35', null],
      [30, 'M27', 'a'],
    ]);
    expect(poster.footnotes).toHaveLength(1);
    expect(poster.hours).toEqual([9]);
    expect(poster.lines.map((l) => l.lineName)).toEqual(['M5', 'M27', 'M35']);
    expect([poster.validFrom, poster.validTo]).toEqual(['2026-11-09', '2026-12-06']);
  });

  it('leaves out what runs on no date of the window', () => {
    const poster = groupStopPoster([dep(8 * 60, sched(MON_FRI, 3))], days('2026-12-28', 7), RULES);
    expect(poster.columns.flatMap((c) => c.hours.flat())).toEqual([]);
    expect(poster.hours).toEqual([]);
  });
});

describe('footnoteMark', () => {
  it.each([
    [0, 'a'],
    [25, 'z'],
    [26, 'aa'],
    [27, 'ab'],
  ])('%i is %s', (index, mark) => expect(footnoteMark(index)).toBe(mark));
});

describe('expandOccurrences', () => {
  it('yields, date by date, exactly the departures whose schedule runs on it', () => {
    const window = days('2026-12-20', 10);
    const all = [
      dep(7 * 60, sched(MON_FRI, 3)),
      dep(6 * 60, sched(EVERY_DAY, 1, true)),
      dep(10 * 60, sched(['TUESDAY'], 6)),
    ];
    const events = expandOccurrences(all, window);
    for (const day of window) {
      const got = events.filter((e) => e.date === day.date).map((e) => e.departure.tripId);
      const want = all
        .filter((d) => scheduleRunsOn(d.schedule, day))
        .sort((a, b) => a.minute - b.minute)
        .map((d) => d.tripId);
      expect(got).toEqual(want);
    }
    expect(events.filter((e) => e.departure === all[2]).map((e) => e.date)).toEqual(['2026-12-22']);
  });
});

describe('localDateTime and occurrenceUid', () => {
  it.each([
    ['2026-12-01', 0, '2026-12-01T00:00:00'],
    ['2026-12-01', 7 * 60 + 5, '2026-12-01T07:05:00'],
    ['2026-12-31', 24 * 60 + 10, '2027-01-01T00:10:00'],
  ])('%s + %i minutes is %s', (date, minute, text) => expect(localDateTime(date, minute)).toBe(text));

  it('names the trip, date, stop and time', () => {
    expect(occurrenceUid(12, '2026-12-01', 1, 7 * 60 + 5)).toBe(
      'trip12-20261201-s1-0705@anyksciai-bus-timetable',
    );
    expect(occurrenceUid(12, '2026-12-01', null, 0)).toBe('trip12-20261201@anyksciai-bus-timetable');
  });
});

describe('groupLinePrint', () => {
  const stops = (ids: number[], times: (string | null)[]) =>
    ids.map((id, i) => ({ id, name: `S${id}`, time: times[i] ?? null }));
  const trip = (
    tripId: number,
    boundFor: PrintTrip['boundFor'],
    s: PrintTrip['stops'],
    schedule: ScheduleRunsOn,
  ): PrintTrip => ({ tripId, schedId: tripId, boundFor, stops: s, schedule });

  it('merges the stops of a direction, orders trips by first time, footnotes limited rules', () => {
    const window = days('2026-11-09', 28);
    const trips = [
      trip(1, 'Out bound', stops([1, 2, 3, 4], ['08:00', '08:05', '08:10', '08:20']), sched(MON_FRI)),
      trip(2, 'Out bound', stops([1, 3, 5], ['06:00', '06:10', '06:30']), sched(['TUESDAY'], 6)),
      trip(3, 'City bound', stops([4, 3, 2, 1], ['09:00', null, '09:10', '09:20']), sched(MON_FRI)),
      // Runs on no date of the window (school term only, in the summer... here: a rule with no dates).
      trip(4, 'Out bound', stops([1, 2], ['05:00', '05:10']), sched([], 1)),
    ];
    const print = groupLinePrint(trips, window, RULES);
    expect(print.directions.map((d) => d.boundFor)).toEqual(['Out bound', 'City bound']);
    const out = print.directions[0];
    expect(out?.stops.map((s) => s.id)).toEqual([1, 2, 3, 5, 4]);
    expect(out?.columns.map((c) => c.tripId)).toEqual([2, 1]);
    expect(out?.columns[0]?.times).toEqual(['06:00', null, '06:10', '06:30', null]);
    expect(out?.columns[0]?.footnote).toBe('a');
    expect(out?.columns[1]?.footnote).toBeNull();
    expect(print.footnotes[0]).toMatchObject({
      patterns: [
        { nthOccurenceEachMonth: 2, dayOfWeek: 'TUESDAY' },
        { nthOccurenceEachMonth: 4, dayOfWeek: 'TUESDAY' },
      ],
    });
    expect(print.directions[1]?.columns[0]?.times).toEqual(['09:00', null, '09:10', '09:20']);
  });

  it('gives a loop that passes a stop twice two rows', () => {
    const window = days('2026-11-09', 7);
    const loop = trip(
      9,
      'One way',
      stops([1, 7, 8, 1], ['10:00', '10:05', '10:10', '10:20']),
      sched(EVERY_DAY, 1, true),
    );
    const print = groupLinePrint([loop], window, RULES);
    expect(print.directions[0]?.stops.map((s) => s.id)).toEqual([1, 7, 8, 1]);
    expect(print.directions[0]?.columns[0]?.times).toEqual(['10:00', '10:05', '10:10', '10:20']);
  });
});

describe('printNotices', () => {
  /** A notice as staff save it (the admin input's defaults), with its id. */
  const notice = (id: number, from: string | null, until: string | null, over: object = {}) =>
    ({
      ...ServiceChangeFields.parse({ kind: 'notice', from, until, titleLt: `Pranešimas ${id}`, ...over }),
      id,
    }) as ServiceChange;
  const window = { validFrom: '2026-12-01', validTo: '2026-12-28' };
  it.each([
    ['network, inside', notice(1, '2026-12-03', '2026-12-05'), {}, true],
    ['network, ends on the first day', notice(2, null, '2026-12-01'), {}, true],
    ['network, starts on the last day', notice(3, '2026-12-28', null), {}, true],
    ['network, over before', notice(4, '2026-11-01', '2026-11-30'), {}, false],
    ['network, after', notice(5, '2026-12-29', null), {}, false],
    ['another line', notice(6, '2026-12-03', null, { lineIds: [9] }), { lineIds: [3] }, false],
    ['its line', notice(7, '2026-12-03', null, { lineIds: [3] }), { lineIds: [3] }, true],
    ['its stop', notice(8, '2026-12-03', null, { stopIds: [7] }), { lineIds: [3], stopIds: [7] }, true],
  ] as const)('%s: %s', (_name, change, scope, printed) => {
    expect(printNotices([change], window, scope).map((c) => c.id)).toEqual(printed ? [change.id] : []);
  });
});
