import { type Holiday, type Position, type StepFree, type Stop, stepFreeCode } from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { positionColumns, searchNamesColumn, stopSearchColumns } from './stops.ts';

/**
 * Writes that put a recorded state back (the admin history's restore): the row gets exactly its
 * old id and values, whether it still exists or was deleted since. Ids are never reused
 * (AUTOINCREMENT), so an old id is free for its own thing only.
 */

export async function restoreHolidayRow(db: Kysely<Database>, holiday: Holiday): Promise<void> {
  await db
    .insertInto('holiday')
    .values({ id: holiday.id, name: holiday.name, month: holiday.month, day: holiday.day })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ name: holiday.name, month: holiday.month, day: holiday.day }),
    )
    .execute();
}

/** A state recorded before stops had extra search names or positions has none. */
export async function restoreStopRow(
  db: Kysely<Database>,
  stop: Stop & {
    searchNames?: readonly string[];
    position?: Position | null;
    stepFree?: StepFree;
    bay?: string | null;
  },
): Promise<void> {
  const columns = {
    name: stop.name,
    coords: stop.coords,
    default_option: stop.defaultOption ? 1 : 0,
    ...stopSearchColumns(stop.name),
    search_names: searchNamesColumn(stop.searchNames ?? []),
  };
  // A state recorded before stops had positions says nothing about one: the stored one stays.
  const position = stop.position === undefined ? {} : positionColumns(stop.position);
  // Nor one recorded before stops had step-free marks (issue 41): the stored mark stays.
  const stepFree = stop.stepFree === undefined ? {} : { wheelchair_boarding: stepFreeCode(stop.stepFree) };
  // Nor one recorded before stops had bays (issue 42): the stored bay stays.
  const bay = stop.bay === undefined ? {} : { bay: stop.bay };
  await db
    .insertInto('stop')
    .values({ id: stop.id, ...columns, ...positionColumns(stop.position ?? null), ...stepFree, ...bay })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...columns, ...position, ...stepFree, ...bay }))
    .execute();
}
