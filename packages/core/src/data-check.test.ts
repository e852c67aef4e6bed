import { describe, expect, it } from 'vitest';
import { checkDatasetReferences, dataQualityWarnings } from './data-check.ts';
import type { TimetableDataset } from './dataset.ts';

/** Two lines, three routes, two schedules: consistent and without anything to warn about. */
function dataset(): TimetableDataset {
  return {
    format: 'bus-timetable',
    version: 1,
    stops: [
      { id: 1, name: 'Anykščių AS', coords: null, defaultOption: true },
      { id: 2, name: 'Mokinių st. v.', coords: 'Prie Andrioniškių', defaultOption: false },
      { id: 3, name: 'Mokinių st. v.', coords: 'Prie Repšėnų', defaultOption: false },
      { id: 4, name: 'Dabužiai', coords: null, defaultOption: false },
    ],
    holidays: [{ id: 1, name: 'Naujieji metai', month: 1, day: 1 }],
    yearlyRules: [
      {
        id: 1,
        periodName: 'Apskritus metus',
        typeOfYearlyRule: null,
        otherRuleId: null,
        timePeriods: [{ id: 1, startMonth: 1, startDay: 1, endMonth: 12, endDay: 31 }],
        pattern1Params: [],
      },
      {
        id: 2,
        periodName: 'Moksleivių atostogos, 1 ir 3 Penkt',
        typeOfYearlyRule: null,
        otherRuleId: 1,
        timePeriods: [],
        pattern1Params: [{ id: 1, nthOccurenceEachMonth: 1, dayOfWeek: 'FRIDAY' }],
      },
    ],
    lines: [
      {
        id: 1,
        name: 'M35',
        routeStart: 'Anykščiai',
        routeEnd: 'Dabužiai',
        routeType: 'Regional Bus',
        operator: null,
        anykStationPlatform: null,
        price: null,
        via: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [{ id: 1, noteKey: 'Pastaba', noteValue: 'Tik darbo dienomis' }],
        routes: [
          { id: 1, routeNotes: 'Pagrindinis', stopIds: [1, 2, 4], distanceMeters: [1200, null] },
          { id: 2, routeNotes: null, stopIds: [1, 3], distanceMeters: [null] },
        ],
      },
      {
        id: 2,
        name: 'M5',
        routeStart: null,
        routeEnd: null,
        routeType: 'City Bus',
        operator: null,
        anykStationPlatform: null,
        price: null,
        via: null,
        enabledSeasonalYearlyRuleFilter: true,
        customNotes: [],
        routes: [{ id: 3, routeNotes: null, stopIds: [4, 1], distanceMeters: [null] }],
      },
    ],
    schedules: [
      {
        id: 1,
        lineId: 1,
        runsOnWeekly: ['MONDAY', 'FRIDAY'],
        runsOnYearlyId: 1,
        runsOnPublicHolidays: false,
        timeConstraintsDescription: 'Darbo dienomis',
        trips: [
          {
            id: 1,
            boundFor: 'Out bound',
            routeId: 1,
            routeDirReversed: false,
            timeList: ['06:40', '06:45', '06:50'],
          },
          {
            id: 2,
            boundFor: 'City bound',
            routeId: 1,
            routeDirReversed: true,
            timeList: ['07:00', '07:05', '07:10'],
          },
        ],
      },
      {
        id: 2,
        lineId: 2,
        runsOnWeekly: ['SUNDAY'],
        runsOnYearlyId: 2,
        runsOnPublicHolidays: true,
        timeConstraintsDescription: null,
        trips: [
          { id: 3, boundFor: 'One way', routeId: 3, routeDirReversed: false, timeList: ['12:00', '12:30'] },
        ],
      },
    ],
  };
}

type Mutation = (d: TimetableDataset) => void;

// Non-null access helpers keep the mutations short under noUncheckedIndexedAccess.
const stop = (d: TimetableDataset, i: number) => d.stops[i] as TimetableDataset['stops'][number];
const line = (d: TimetableDataset, i: number) => d.lines[i] as TimetableDataset['lines'][number];
const route = (d: TimetableDataset, l: number, r: number) =>
  line(d, l).routes[r] as TimetableDataset['lines'][number]['routes'][number];
const schedule = (d: TimetableDataset, i: number) => d.schedules[i] as TimetableDataset['schedules'][number];
const trip = (d: TimetableDataset, s: number, t: number) =>
  schedule(d, s).trips[t] as TimetableDataset['schedules'][number]['trips'][number];
const rule = (d: TimetableDataset, i: number) => d.yearlyRules[i] as TimetableDataset['yearlyRules'][number];

describe('checkDatasetReferences', () => {
  it('accepts a consistent dataset', () => {
    expect(checkDatasetReferences(dataset())).toEqual([]);
  });

  const cases: [string, Mutation, string][] = [
    [
      'duplicate stop id',
      (d) => d.stops.push({ id: 1, name: 'Kopija', coords: null, defaultOption: false }),
      'stop 1: the id is used more than once',
    ],
    [
      'duplicate holiday id',
      (d) => d.holidays.push({ id: 1, name: 'x', month: 2, day: 2 }),
      'holiday 1: the id',
    ],
    [
      'duplicate rule id',
      (d) => d.yearlyRules.push({ ...rule(d, 0), timePeriods: [] }),
      'yearly rule 1: the id',
    ],
    [
      'duplicate time period id across rules',
      (d) =>
        d.yearlyRules.push({
          ...rule(d, 0),
          id: 3,
          timePeriods: [{ id: 1, startMonth: 1, startDay: 1, endMonth: 2, endDay: 1 }],
        }),
      'time period 1: the id',
    ],
    [
      'duplicate pattern item id',
      (d) => rule(d, 0).pattern1Params.push({ id: 1, nthOccurenceEachMonth: 2, dayOfWeek: 'MONDAY' }),
      'pattern item 1: the id',
    ],
    [
      'duplicate line id',
      (d) => d.lines.push({ ...line(d, 1), id: 1, customNotes: [], routes: [] }),
      'line 1: the id',
    ],
    [
      'duplicate note id across lines',
      (d) => line(d, 1).customNotes.push({ id: 1, noteKey: 'a', noteValue: 'b' }),
      'line note 1: the id',
    ],
    [
      'duplicate route id across lines',
      (d) => line(d, 1).routes.push({ ...route(d, 1, 0), id: 1 }),
      'route 1: the id',
    ],
    ['duplicate schedule id', (d) => (schedule(d, 1).id = 1), 'schedule 1: the id'],
    ['duplicate trip id across schedules', (d) => (trip(d, 1, 0).id = 2), 'trip 2: the id'],
    ['blank stop name', (d) => (stop(d, 0).name = '  '), 'stop 1: the name is blank'],
    [
      'route with a missing stop',
      (d) => (route(d, 0, 0).stopIds[1] = 99),
      'route 1: stop 99 (position 2) does not exist',
    ],
    [
      'distance list of the wrong length',
      (d) => (route(d, 0, 0).distanceMeters = [1, 2, 3]),
      'route 1: 3 distances for 3 stops (expected 2, null where unknown)',
    ],
    ['schedule of a missing line', (d) => (schedule(d, 1).lineId = 7), 'schedule 2: line 7 does not exist'],
    [
      'schedule of a missing rule',
      (d) => (schedule(d, 1).runsOnYearlyId = 9),
      'schedule 2: yearly rule 9 does not exist',
    ],
    ['trip on a missing route', (d) => (trip(d, 0, 0).routeId = 99), 'trip 1: route 99 does not exist'],
    [
      "trip on another line's route",
      (d) => (trip(d, 0, 0).routeId = 3),
      'trip 1: route 3 belongs to line 2, not to line 1 of schedule 1',
    ],
    [
      'rule borrowing from itself',
      (d) => (rule(d, 1).otherRuleId = 2),
      'yearly rule 2: otherRuleId points to the rule itself',
    ],
    [
      'rule borrowing from a missing rule',
      (d) => (rule(d, 1).otherRuleId = 5),
      'yearly rule 2: otherRuleId 5 does not exist',
    ],
    [
      'chain of borrowed periods',
      (d) => {
        d.yearlyRules.push({ ...rule(d, 1), id: 3, otherRuleId: 2, pattern1Params: [] });
      },
      'yearly rule 3: otherRuleId 2 borrows from rule 1 itself (chains are not allowed)',
    ],
    [
      'own periods and a borrowed rule',
      (d) => rule(d, 1).timePeriods.push({ id: 5, startMonth: 6, startDay: 1, endMonth: 8, endDay: 31 }),
      'yearly rule 2: has its own time periods and otherRuleId 1',
    ],
  ];

  it.each(cases)('reports %s', (_name, mutate, expected) => {
    const d = dataset();
    mutate(d);
    const errors = checkDatasetReferences(d);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it('does not report a line mismatch when the route itself is missing', () => {
    const d = dataset();
    schedule(d, 0).lineId = 42;
    expect(checkDatasetReferences(d)).toEqual(['schedule 1: line 42 does not exist']);
  });
});

describe('dataQualityWarnings', () => {
  it('has nothing to say about clean data', () => {
    expect(dataQualityWarnings(dataset())).toEqual([]);
  });

  const cases: [string, Mutation, string[]][] = [
    [
      'a typo that makes time go backwards',
      (d) => (trip(d, 0, 0).timeList = ['06:40', '06:55', '06:50']),
      ['trip 1: time goes backwards at stop 3 of 3 "Dabužiai" (06:55 -> 06:50)'],
    ],
    [
      'a reversed trip names its stops in travel order',
      (d) => (trip(d, 0, 1).timeList = ['07:00', '07:10', '07:05']),
      ['trip 2: time goes backwards at stop 3 of 3 "Anykščių AS" (07:10 -> 07:05)'],
    ],
    [
      'times entered in route order instead of travel order',
      (d) => (trip(d, 0, 1).timeList = ['07:10', '07:05', '07:00']),
      [
        'trip 2: time goes backwards 2 times, first at stop 2 of 3 "Mokinių st. v." (07:10 -> 07:05); the times look entered in route order instead of travel order',
      ],
    ],
    [
      'missing times are skipped when comparing, but reported',
      (d) => (trip(d, 0, 0).timeList = ['06:40', null, '06:50']),
      ['trip 1: 1 of 3 stops have no time'],
    ],
    [
      'a time list shorter than the route',
      (d) => (trip(d, 0, 0).timeList = ['06:40', '06:45']),
      ['trip 1: 2 times for the 3 stops of route 1'],
    ],
    ['a schedule without trips', (d) => (schedule(d, 1).trips = []), ['schedule 2: has no trips']],
    [
      'a schedule without weekdays',
      (d) => (schedule(d, 0).runsOnWeekly = []),
      ['schedule 1: runs on no weekday'],
    ],
    [
      'a weekday listed twice',
      (d) => (schedule(d, 0).runsOnWeekly = ['MONDAY', 'MONDAY']),
      ['schedule 1: weekday listed more than once (MONDAY)'],
    ],
    [
      'same-named stops without a note to tell them apart',
      (d) => (stop(d, 2).coords = 'prie andrioniškių'),
      ['stops 2, 3: same name "Mokinių st. v." and no coords note to tell them apart'],
    ],
    [
      'an unused stop',
      (d) => d.stops.push({ id: 9, name: 'Niekur', coords: null, defaultOption: false }),
      ['stop 9: not used by any route'],
    ],
    [
      'trailing spaces',
      (d) => {
        stop(d, 0).coords = 'Biržinė > Utena ';
        route(d, 0, 1).routeNotes = 'Be Elmininkų ';
      },
      [
        'stop 1: coords "Biržinė > Utena " has leading or trailing spaces',
        'route 2: routeNotes "Be Elmininkų " has leading or trailing spaces',
      ],
    ],
    [
      'impossible and leap-year-only dates',
      (d) => {
        d.holidays.push({ id: 2, name: 'x', month: 4, day: 31 });
        rule(d, 0).timePeriods.push({ id: 7, startMonth: 2, startDay: 29, endMonth: 3, endDay: 1 });
      },
      [
        'holiday 2: day 31 does not exist in month 4',
        'yearly rule 1: time period 7 start: February 29 exists only in leap years',
      ],
    ],
  ];

  it.each(cases)('warns about %s', (_name, mutate, expected) => {
    const d = dataset();
    mutate(d);
    expect(dataQualityWarnings(d)).toEqual(expected);
  });
});
