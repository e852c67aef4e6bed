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
  neverRuns: 'Schedules that do not run in the next 12 months',
  seasonMismatch: 'Descriptions that name another season than their rule',
  periodMismatch: 'Descriptions whose dates differ from their rule’s periods',
  weekdayRepeated: 'Schedules listing a weekday twice',
  lineNoSchedules: 'Lines without schedules',
  unusedRoute: 'Route variations no schedule uses',
  unusedStop: 'Stops no line uses',
  sameNameStops: 'Stops with the same name and no note to tell them apart',
  unusedRule: 'Yearly rules nothing uses',
  duplicateHoliday: 'Public holidays on the same date twice',
  impossibleDate: 'Dates that do not exist every year',
  edgeSpaces: 'Texts with spaces at an end',
  changeNamesMissing: 'Service changes naming trips, lines or stops the timetable no longer has',
};
