import { type AdminStop, foldText, lithuanianSortKey, type Position, type Stop } from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type StopRow = { id: number; name: string; coords: string | null; default_option: number };

export function toStop(row: StopRow): Stop {
  return { id: row.id, name: row.name, coords: row.coords, defaultOption: row.default_option === 1 };
}

/** The stored form of a stop's extra search names: one text, line breaks between them. */
export function searchNamesColumn(names: readonly string[]): string {
  return names.join('\n');
}

export function parseSearchNames(column: string): string[] {
  return column === '' ? [] : column.split('\n');
}

type PositionColumns = { lat: number | null; lon: number | null };

export function toPosition(row: PositionColumns): Position | null {
  return row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon };
}

export function positionColumns(position: Position | null): PositionColumns {
  return { lat: position?.lat ?? null, lon: position?.lon ?? null };
}

export function toAdminStop(row: StopRow & PositionColumns & { search_names: string }): AdminStop {
  return { ...toStop(row), searchNames: parseSearchNames(row.search_names), position: toPosition(row) };
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
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('stop')
    .select(['id', 'name', 'coords', 'default_option'])
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) map.set(row.id, toStop(row));
  return map;
}
