import type { TimetableDataset } from './dataset.ts';
import type { YearlyRule } from './domain.ts';

/** The real data's rule 1, 'Apskritus metus': one period from January 1 to December 31. */
export const WHOLE_YEAR: YearlyRule = {
  id: 1,
  periodName: 'Apskritus metus',
  typeOfYearlyRule: null,
  otherRuleId: null,
  timePeriods: [{ id: 1, startMonth: 1, startDay: 1, endMonth: 12, endDay: 31 }],
  pattern1Params: [],
};

/**
 * A small timetable for the data checks' tests: two lines, three routes, three schedules,
 * consistent and without anything to warn about (every stop, route, line and rule in use; every
 * schedule running in any 12 months).
 */
export function dataset(): TimetableDataset {
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
      structuredClone(WHOLE_YEAR), // a copy: tests change their dataset
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
        runsOnWeekly: ['FRIDAY', 'SUNDAY'],
        runsOnYearlyId: 2,
        runsOnPublicHolidays: true,
        timeConstraintsDescription: null,
        trips: [
          { id: 3, boundFor: 'One way', routeId: 3, routeDirReversed: false, timeList: ['12:00', '12:30'] },
        ],
      },
      {
        id: 3,
        lineId: 1,
        runsOnWeekly: ['SATURDAY'],
        runsOnYearlyId: 1,
        runsOnPublicHolidays: false,
        timeConstraintsDescription: 'Šeštadieniais ištisus metus',
        trips: [
          { id: 4, boundFor: 'One way', routeId: 2, routeDirReversed: false, timeList: ['09:00', '09:10'] },
        ],
      },
    ],
  };
}

export type Mutation = (d: TimetableDataset) => void;

// Non-null access helpers keep the mutations short under noUncheckedIndexedAccess.
export const stop = (d: TimetableDataset, i: number) => d.stops[i] as TimetableDataset['stops'][number];
export const line = (d: TimetableDataset, i: number) => d.lines[i] as TimetableDataset['lines'][number];
export const route = (d: TimetableDataset, l: number, r: number) =>
  line(d, l).routes[r] as TimetableDataset['lines'][number]['routes'][number];
export const schedule = (d: TimetableDataset, i: number) =>
  d.schedules[i] as TimetableDataset['schedules'][number];
export const trip = (d: TimetableDataset, s: number, t: number) =>
  schedule(d, s).trips[t] as TimetableDataset['schedules'][number]['trips'][number];
export const rule = (d: TimetableDataset, i: number) =>
  d.yearlyRules[i] as TimetableDataset['yearlyRules'][number];
