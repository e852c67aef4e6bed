import {
  type AlertCause,
  type AlertEffect,
  type ServiceChange,
  type StopTimeChange,
  storedDate,
} from '@bus/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ServiceChangeRow, ServiceChangeTable } from '../schema.ts';

/** Service changes (cancelled trips, changed times, closed stops, notices), read and written. */

const ids = (json: string): number[] => JSON.parse(json) as number[];

/**
 * A stored change as every read sees it. Its dates are read inside STORED_DATES (storedDate):
 * one saved before dates were bounded ("until 9999-12-31") must not make a feed's date
 * arithmetic throw for everyone.
 */
export function toServiceChange(row: ServiceChangeRow): ServiceChange {
  return {
    id: row.id,
    kind: row.kind,
    from: storedDate(row.from_date),
    until: storedDate(row.until_date),
    lineIds: ids(row.line_ids),
    stopIds: ids(row.stop_ids),
    tripIds: ids(row.trip_ids),
    shiftMinutes: row.shift_minutes,
    stopTimes: JSON.parse(row.stop_times) as StopTimeChange[],
    insteadStopId: row.instead_stop_id,
    reason: row.reason,
    titleLt: row.title_lt,
    textLt: row.text_lt,
    titleEn: row.title_en,
    textEn: row.text_en,
    cause: row.cause as AlertCause,
    effect: row.effect as AlertEffect,
    url: row.url,
  };
}

export function serviceChangeColumns(
  c: Omit<ServiceChange, 'id'>,
): Omit<Insertable<ServiceChangeTable>, 'id'> {
  return {
    kind: c.kind,
    from_date: c.from,
    until_date: c.until,
    line_ids: JSON.stringify(c.lineIds),
    stop_ids: JSON.stringify(c.stopIds),
    trip_ids: JSON.stringify(c.tripIds),
    shift_minutes: c.shiftMinutes,
    stop_times: JSON.stringify(c.stopTimes),
    instead_stop_id: c.insteadStopId,
    reason: c.reason,
    title_lt: c.titleLt,
    text_lt: c.textLt,
    title_en: c.titleEn,
    text_en: c.textEn,
    cause: c.cause,
    effect: c.effect,
    url: c.url,
  };
}

/** Every service change, oldest first. */
export async function listServiceChanges(db: Kysely<Database>): Promise<ServiceChange[]> {
  const rows = await db.selectFrom('service_change').selectAll().orderBy('id').execute();
  return rows.map(toServiceChange);
}

export async function getServiceChange(db: Kysely<Database>, id: number): Promise<ServiceChange | undefined> {
  const row = await db.selectFrom('service_change').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toServiceChange(row);
}

export async function insertServiceChange(
  db: Kysely<Database>,
  change: Omit<ServiceChange, 'id'>,
): Promise<ServiceChange> {
  const row = await db
    .insertInto('service_change')
    .values(serviceChangeColumns(change))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toServiceChange(row);
}

/** Returns false when there is no such change. */
export async function updateServiceChange(db: Kysely<Database>, change: ServiceChange): Promise<boolean> {
  const result = await db
    .updateTable('service_change')
    .set(serviceChangeColumns(change))
    .where('id', '=', change.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns false when there is no such change. */
export async function deleteServiceChange(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('service_change').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A recorded state put back with its own id (the history's restore), whether or not it still exists. */
export async function restoreServiceChangeRow(db: Kysely<Database>, change: ServiceChange): Promise<void> {
  const columns = serviceChangeColumns(change);
  await db
    .insertInto('service_change')
    .values({ id: change.id, ...columns })
    .onConflict((oc) => oc.column('id').doUpdateSet(columns))
    .execute();
}
