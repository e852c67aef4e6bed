import { type RawBuilder, sql } from 'kysely';

/**
 * SQLite binds at most 32,766 values in one statement (SQLITE_MAX_VARIABLE_NUMBER): a longer
 * `IN (?, ?, ...)` list, or a multi-row INSERT of more values, fails with "too many SQL
 * variables". The lists a request or a file brings (a positions file of a million stop ids, a
 * schedule save naming many trips) are therefore never bound a value each:
 * - a list of ids is bound as one JSON array, read by json_each (`id IN (SELECT value FROM
 *   json_each(?))`, which SQLite answers with the same index lookups as a list), at most
 *   IDS_PER_STATEMENT ids a statement so that no one statement holds an unbounded text;
 * - the rows of an INSERT go in parts of at most VALUES_PER_STATEMENT values.
 */

/** Ids in one statement's JSON array. */
export const IDS_PER_STATEMENT = 10_000;

/** Values bound in one multi-row INSERT: well below SQLite's limit, and quick to prepare. */
export const VALUES_PER_STATEMENT = 1000;

/** `items` in parts of at most `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}

/** How many rows of `columns` values one INSERT takes. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns));
}

/** The ids as the right-hand side of an `in`: one bound value, whatever their number. */
export function idList(ids: readonly number[]): RawBuilder<number> {
  return sql<number>`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * The rows `query` gives for the ids (an `in` operand, idList), run on parts of them: the ids
 * distinct and ascending, so a query that orders by the id first gives its rows in that order
 * overall too.
 */
export async function selectByIds<R>(
  ids: readonly number[],
  query: (part: RawBuilder<number>) => Promise<R[]>,
): Promise<R[]> {
  const distinct = [...new Set(ids)].sort((a, b) => a - b);
  const rows: R[] = [];
  for (const part of chunksOf(distinct, IDS_PER_STATEMENT))
    for (const row of await query(idList(part))) rows.push(row);
  return rows;
}

/** Runs `statement` on parts of the ids in turn (deletes and updates of many rows). */
export async function forEachIdChunk(
  ids: readonly number[],
  statement: (part: RawBuilder<number>) => Promise<unknown>,
): Promise<void> {
  for (const part of chunksOf([...new Set(ids)], IDS_PER_STATEMENT)) await statement(idList(part));
}
