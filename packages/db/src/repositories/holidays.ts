import type { Holiday } from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** The public holidays, read and written. */

export async function listHolidays(db: Kysely<Database>): Promise<Holiday[]> {
  return db.selectFrom('holiday').select(['id', 'name', 'month', 'day']).orderBy('id').execute();
}

export async function insertHoliday(db: Kysely<Database>, holiday: Omit<Holiday, 'id'>): Promise<Holiday> {
  return db
    .insertInto('holiday')
    .values({ name: holiday.name, month: holiday.month, day: holiday.day })
    .returning(['id', 'name', 'month', 'day'])
    .executeTakeFirstOrThrow();
}

/** Returns false when there is no such holiday. */
export async function updateHoliday(db: Kysely<Database>, holiday: Holiday): Promise<boolean> {
  const result = await db
    .updateTable('holiday')
    .set({ name: holiday.name, month: holiday.month, day: holiday.day })
    .where('id', '=', holiday.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns false when there is no such holiday. */
export async function deleteHoliday(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('holiday').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
