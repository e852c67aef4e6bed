import { type Clock, checkTimetable, type TimetableCheckReport, vilniusNow } from '@bus/core';
import { type OpenedDatabase, readTimetable } from '@bus/db';

/**
 * The whole-timetable check (the admin "Timetable check" page and `pnpm cli check`): core's
 * checks over the timetable as stored, read in one transaction (one state of the data, whatever
 * another process writes meanwhile), with the 12 months of running days starting today in Vilnius.
 */
export async function timetableCheck(db: OpenedDatabase, clock: Clock): Promise<TimetableCheckReport> {
  const dataset = await db.kysely.transaction().execute((trx) => readTimetable(trx));
  return checkTimetable(dataset, vilniusNow(clock).date);
}
