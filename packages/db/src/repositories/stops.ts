import {
  type AdminStop,
  foldText,
  lithuanianSortKey,
  type Position,
  type StepFree,
  type Stop,
  stepFreeCode,
  stepFreeOf,
} from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database, StopRow } from '../schema.ts';
import { selectByIds } from './bound-lists.ts';

/** Stops, read and written, and the stored forms of their search names and positions. */

export function toStop(row: Pick<StopRow, 'id' | 'name' | 'coords' | 'default_option'>): Stop {
  return { id: row.id, name: row.name, coords: row.coords, defaultOption: row.default_option === 1 };
}

/** The stored form of a stop's extra search names: one text, line breaks between them. */
export function searchNamesColumn(names: readonly string[]): string {
  return names.join('\n');
}

export function parseSearchNames(column: string): string[] {
  return column === '' ? [] : column.split('\n');
}

type PositionColumns = Pick<StopRow, 'lat' | 'lon'>;

export function toPosition(row: PositionColumns): Position | null {
  return row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon };
}

export function positionColumns(position: Position | null): PositionColumns {
  return { lat: position?.lat ?? null, lon: position?.lon ?? null };
}

export function toAdminStop(row: Omit<StopRow, 'name_folded' | 'name_sort'>): AdminStop {
  return {
    ...toStop(row),
    searchNames: parseSearchNames(row.search_names),
    position: toPosition(row),
    stepFree: stepFreeOf(row.wheelchair_boarding),
    bay: row.bay,
  };
}

/** The derived search columns of a stop row, always written together with its name. */
export function stopSearchColumns(name: string): { name_folded: string; name_sort: string } {
  return { name_folded: foldText(name), name_sort: lithuanianSortKey(name) };
}

export async function getStopsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Stop>> {
  const map = new Map<number, Stop>();
  const rows = await selectByIds(ids, (part) =>
    db
      .selectFrom('stop')
      .select(['id', 'name', 'coords', 'default_option'])
      .where('id', 'in', part)
      .execute(),
  );
  for (const row of rows) map.set(row.id, toStop(row));
  return map;
}

/** A line that has a route through a stop. */
export interface LineRef {
  id: number;
  name: string;
}

const STOP_COLUMNS = [
  'id',
  'name',
  'coords',
  'default_option',
  'search_names',
  'lat',
  'lon',
  'wheelchair_boarding',
  'bay',
] as const;

export async function listAllStops(db: Kysely<Database>): Promise<AdminStop[]> {
  const rows = await db.selectFrom('stop').select(STOP_COLUMNS).orderBy('id').execute();
  return rows.map(toAdminStop);
}

/** Stops whose folded name contains `folded` (already foldText-ed), by id; '' gives every stop. */
export async function listStopsByFoldedName(db: Kysely<Database>, folded: string): Promise<AdminStop[]> {
  let query = db.selectFrom('stop').select(STOP_COLUMNS).orderBy('id');
  // instr, not LIKE: '%' and '_' typed by an editor are plain characters.
  if (folded !== '') query = query.where((eb) => eb(eb.fn('instr', ['name_folded', eb.val(folded)]), '>', 0));
  return (await query.execute()).map(toAdminStop);
}

/** The stops with these ids, in the order of `ids` (ids of no stop are left out). */
export async function getAdminStopsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<AdminStop[]> {
  const rows = await selectByIds(ids, (part) =>
    db.selectFrom('stop').select(STOP_COLUMNS).where('id', 'in', part).execute(),
  );
  const byId = new Map(rows.map((row) => [row.id, toAdminStop(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getStop(db: Kysely<Database>, id: number): Promise<AdminStop | undefined> {
  const row = await db.selectFrom('stop').select(STOP_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toAdminStop(row) : undefined;
}

/** The distinct lines (by id) with a route through each stop; stops no route uses are absent. */
export async function listStopUsage(
  db: Kysely<Database>,
  stopIds?: readonly number[],
): Promise<Map<number, LineRef[]>> {
  const usage = new Map<number, LineRef[]>();
  const query = db
    .selectFrom('route_stop as rs')
    .innerJoin('route as r', 'r.id', 'rs.route_id')
    .innerJoin('line as l', 'l.id', 'r.line_id')
    .select(['rs.stop_id as stopId', 'l.id as lineId', 'l.name as lineName'])
    .distinct()
    .orderBy('rs.stop_id')
    .orderBy('l.id');
  const rows = stopIds
    ? await selectByIds(stopIds, (part) => query.where('rs.stop_id', 'in', part).execute())
    : await query.execute();
  for (const row of rows) {
    const lines = usage.get(row.stopId) ?? [];
    lines.push({ id: row.lineId, name: row.lineName });
    usage.set(row.stopId, lines);
  }
  return usage;
}

/** Which of `ids` name a stored stop. */
export async function findExistingStopIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await selectByIds(ids, (part) =>
    db.selectFrom('stop').select('id').where('id', 'in', part).execute(),
  );
  return new Set(rows.map((r) => r.id));
}

export interface StopFields {
  name: string;
  coords: string | null;
  defaultOption: boolean;
  /** Absent: none for a new stop, the stored ones kept on an update. */
  searchNames?: readonly string[];
  /** Absent: none for a new stop, the stored one kept on an update (the old REST path knows none). */
  position?: Position | null;
  /** Absent: not known for a new stop, the stored one kept on an update (the old REST path knows none). */
  stepFree?: StepFree;
  /** The bay or platform (issue 42). Absent: none for a new stop, the stored one kept on an update. */
  bay?: string | null;
}

export function stopColumns(stop: StopFields) {
  return {
    name: stop.name,
    coords: stop.coords,
    default_option: stop.defaultOption ? 1 : 0,
    ...stopSearchColumns(stop.name),
    ...(stop.searchNames === undefined ? {} : { search_names: searchNamesColumn(stop.searchNames) }),
    ...(stop.position === undefined ? {} : positionColumns(stop.position)),
    ...(stop.stepFree === undefined ? {} : { wheelchair_boarding: stepFreeCode(stop.stepFree) }),
    ...(stop.bay === undefined ? {} : { bay: stop.bay }),
  };
}

export async function insertStop(db: Kysely<Database>, stop: StopFields): Promise<AdminStop> {
  const row = await db
    .insertInto('stop')
    .values(stopColumns(stop))
    .returning(STOP_COLUMNS)
    .executeTakeFirstOrThrow();
  return toAdminStop(row);
}

/** Returns false when there is no such stop. */
export async function updateStop(db: Kysely<Database>, id: number, stop: StopFields): Promise<boolean> {
  const result = await db.updateTable('stop').set(stopColumns(stop)).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns false when there is no such stop; a stop a route uses fails on its foreign key. */
export async function deleteStop(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('stop').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The stops among `ids` staff have marked for step-free boarding (issue 41): yes or no, by id. */
export async function listStopStepFree(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<{ stopId: number; stepFree: 'yes' | 'no' }[]> {
  const rows = await selectByIds(ids, (part) =>
    db
      .selectFrom('stop')
      .select(['id', 'wheelchair_boarding'])
      .where('id', 'in', part)
      .where('wheelchair_boarding', '!=', 0)
      .execute(),
  );
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ stopId: r.id, stepFree: stepFreeOf(r.wheelchair_boarding) as 'yes' | 'no' }));
}

/**
 * The bays (issue 42) of the stops among `ids` that have one, by id, read synchronously through
 * `connection` (a read side's connection: the departure board reads them beside its snapshot).
 */
export function stopBaysOf(connection: SQLite.Database, ids: readonly number[]): Map<number, string> {
  const bays = new Map<number, string>();
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (wanted.length === 0) return bays;
  const rows = connection
    .prepare(`SELECT id, bay FROM stop WHERE bay IS NOT NULL AND id IN (${wanted.map(() => '?').join(',')})`)
    .all(...wanted) as { id: number; bay: string }[];
  for (const row of rows) bays.set(row.id, row.bay);
  return bays;
}
