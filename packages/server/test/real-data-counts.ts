import type { TimetableCounts } from '@bus/db';

/** What the real Anykščiai data holds: the old system's dump (fixtures/anyksciai-mysql-dump.sql) once imported. */
export const REAL_DATA_COUNTS: TimetableCounts = {
  stops: 195,
  holidays: 12,
  yearlyRules: 10,
  timePeriods: 11,
  patternItems: 8,
  lines: 21,
  routes: 40,
  schedules: 75,
  trips: 138,
  stopTimes: 2195,
};
