import { DomainError, foldText, isNewId, type SaveStopInput, type Stop } from '@bus/core';
import {
  deleteStop,
  getStop,
  insertStop,
  type LineRef,
  listAllStops,
  listStopsByFoldedName,
  listStopUsage,
  type OpenedDatabase,
  updateStop,
} from '@bus/db';

/** A stop with the lines that have a route through it (legacy get-all-with-usage). */
export interface StopWithUsage {
  stop: Stop;
  usedInLines: LineRef[];
}

export function getAllStops(db: OpenedDatabase): Promise<Stop[]> {
  return listAllStops(db.kysely);
}

async function withUsage(db: OpenedDatabase, stops: Stop[]): Promise<StopWithUsage[]> {
  const usage = await listStopUsage(db.kysely);
  return stops.map((stop) => ({ stop, usedInLines: usage.get(stop.id) ?? [] }));
}

export async function getStopsWithUsage(db: OpenedDatabase): Promise<StopWithUsage[]> {
  return withUsage(db, await listAllStops(db.kysely));
}

/** Stops whose name contains the query, ignoring case and diacritics ('siau' finds 'Šiauliai'); by id. */
export async function searchStopsWithUsage(db: OpenedDatabase, query: string): Promise<StopWithUsage[]> {
  return withUsage(db, await listStopsByFoldedName(db.kysely, foldText(query)));
}

/** Creates (id null or negative) or updates a stop; returns it as stored. */
export async function saveStop(db: OpenedDatabase, input: SaveStopInput): Promise<Stop> {
  const fields = { name: input.name, coords: input.coords, defaultOption: input.defaultOption };
  if (input.id === null || isNewId(input.id)) return insertStop(db.kysely, fields);
  if (!(await updateStop(db.kysely, input.id, fields)))
    throw new DomainError('NOT_FOUND', `Bus stop ${input.id} does not exist`);
  return { id: input.id, ...fields };
}

/** Deletes a stop no route uses; a used stop is refused with the lines that use it. */
export async function removeStop(db: OpenedDatabase, id: number): Promise<{ id: number }> {
  return db.kysely.transaction().execute(async (trx) => {
    const stop = await getStop(trx, id);
    if (!stop) throw new DomainError('NOT_FOUND', `Bus stop ${id} does not exist`);
    const lines = (await listStopUsage(trx, [id])).get(id) ?? [];
    if (lines.length > 0) {
      throw new DomainError(
        'CONFLICT',
        `Bus stop ${stop.name} is used by lines: ${lines.map((l) => l.name).join(', ')}`,
      );
    }
    await deleteStop(trx, id);
    return { id };
  });
}
