import { DomainError, type Holiday, isNewId, type SaveHolidayInput } from '@bus/core';
import { deleteHoliday, insertHoliday, listHolidays, type OpenedDatabase, updateHoliday } from '@bus/db';

/** Public holidays (legacy /api/holidays/*), by id. */
export function getHolidays(db: OpenedDatabase): Promise<Holiday[]> {
  return listHolidays(db.kysely);
}

/** Creates (id null or negative) or updates a holiday; returns it as stored. */
export async function saveHoliday(db: OpenedDatabase, input: SaveHolidayInput): Promise<Holiday> {
  const fields = { name: input.name, month: input.month, day: input.day };
  if (input.id === null || isNewId(input.id)) return insertHoliday(db.kysely, fields);
  const holiday = { id: input.id, ...fields };
  if (!(await updateHoliday(db.kysely, holiday)))
    throw new DomainError('NOT_FOUND', `Holiday ${input.id} does not exist`);
  return holiday;
}

export async function removeHoliday(db: OpenedDatabase, id: number): Promise<{ id: number }> {
  if (!(await deleteHoliday(db.kysely, id)))
    throw new DomainError('NOT_FOUND', `Holiday ${id} does not exist`);
  return { id };
}
