import {
  type AdminDeleteInput,
  type ChangeSubject,
  DomainError,
  type Holiday,
  isNewId,
  type SaveHolidayFields,
  serverMessage,
  UNVERSIONED,
  type WithVersion,
} from '@bus/core';
import { deleteHoliday, insertHoliday, listHolidays, type OpenedDatabase, updateHoliday } from '@bus/db';
import { type Actor, entityVersions, recordedWrite } from './recorded-write.ts';
import { holidayState } from './states.ts';

/** A holiday with the version the editor saves against. */
export type VersionedHoliday = Holiday & { version: number };

/** Public holidays (legacy /api/holidays/*), by id. */
export async function getHolidays(db: OpenedDatabase): Promise<VersionedHoliday[]> {
  const [holidays, versions] = await Promise.all([
    listHolidays(db.kysely),
    entityVersions(db.kysely, 'holiday'),
  ]);
  return holidays.map((h) => ({ ...h, version: versions.get(h.id) ?? 0 }));
}

const label = async (db: Parameters<typeof holidayState>[0], id: number): Promise<ChangeSubject> => {
  const holiday = (await holidayState(db, id))[0]?.state as Holiday | undefined;
  return { kind: 'holiday', id, name: holiday?.name ?? null };
};

/** Creates (id null or negative) or updates a holiday; returns it as stored, with its new version. */
export async function saveHoliday(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveHolidayFields>,
): Promise<VersionedHoliday> {
  const fields = { name: input.name, month: input.month, day: input.day };
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const { result, version } = await recordedWrite<Holiday>(db, actor, {
    scope: (saved) => ({ kind: 'holiday', id: saved?.id ?? existingId ?? 0 }),
    // A new holiday has no version yet: nothing to check.
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => label(trx, existingId ?? 0),
    states: (trx, saved) => holidayState(trx, saved?.id ?? existingId),
    write: async (trx) => {
      if (existingId === null) return insertHoliday(trx, fields);
      const holiday = { id: existingId, ...fields };
      if (!(await updateHoliday(trx, holiday)))
        throw new DomainError('NOT_FOUND', serverMessage('holidayNotFound', { id: existingId }));
      return holiday;
    },
  });
  return { ...result, version };
}

export async function removeHoliday(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: 'holiday', id },
    baseVersion,
    what: (trx) => label(trx, id),
    states: (trx) => holidayState(trx, id),
    write: async (trx) => {
      if (!(await deleteHoliday(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('holidayNotFound', { id }));
    },
  });
  return { id };
}
