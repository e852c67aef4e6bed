import type { CheckKind } from './findings.ts';

/**
 * What each check looks for, in English: the heading of its group in `pnpm cli check` and on the
 * admin page in English (the web's admin-en.ts takes them from here; Lithuanian in admin-lt.ts).
 */
export const CHECK_TITLES_EN: { readonly [K in CheckKind]: string } = {
  timesBackwards: 'Times going backwards along a trip',
  missingTimes: 'Trips with missing times',
  timeCount: 'Trips whose times do not match their route',
  directionMismatch: 'Trips whose direction contradicts their stop order',
  scheduleNoTrips: 'Schedules without trips',
  scheduleNoWeekdays: 'Schedules that run on no weekday',
  windowOutOfOrder: 'Schedules valid until a date before the one they are valid from',
  neverRuns: 'Schedules that do not run in the next 12 months',
  windowPast: 'Schedules whose validity ended in the past (delete them from their card)',
  unchangedCopy: 'New timetables’ copies still the same as the schedule they were copied from',
  seasonMismatch: 'Descriptions that name another season than their rule',
  periodMismatch: 'Descriptions whose dates differ from their rule’s periods',
  weekdayRepeated: 'Schedules listing a weekday twice',
  lineNoSchedules: 'Lines without schedules',
  timetableGap: 'Lines with days between an old timetable’s end and the new one’s start',
  unusedRoute: 'Route variations no schedule uses',
  unusedStop: 'Stops no line uses',
  sameNameStops: 'Stops with the same name and no note to tell them apart',
  unusedRule: 'Yearly rules nothing uses',
  duplicateHoliday: 'Public holidays on the same date twice',
  impossibleDate: 'Dates that do not exist every year',
  edgeSpaces: 'Texts with spaces at an end',
  changeNamesMissing: 'Service changes naming trips, lines or stops the timetable no longer has',
  fareNoDistances: 'Lines priced by distance whose routes lack distances (riders see “fare not set”)',
  fareFalls: 'Fares where a longer ride costs less than a shorter one',
};
