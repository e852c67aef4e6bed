import { type Clock, checkTimetable, type TimetableCheckReport, vilniusNow } from '@bus/core';
import { listServiceChanges, type OpenedDatabase, readTimetable } from '@bus/db';

/**
 * The whole-timetable check (the admin "Timetable check" page and `pnpm cli check`): core's
 * checks over the timetable as stored, read in one transaction (one state of the data, whatever
 * another process writes meanwhile) with the service changes stored beside it, and the 12 months
 * of running days starting today in Vilnius.
 */
export async function timetableCheck(db: OpenedDatabase, clock: Clock): Promise<TimetableCheckReport> {
  const [dataset, changes] = await db.kysely
    .transaction()
    .execute(async (trx) => [await readTimetable(trx), await listServiceChanges(trx)] as const);
  return checkTimetable(dataset, vilniusNow(clock).date, changes);
}
