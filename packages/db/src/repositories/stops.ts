import { foldText, lithuanianSortKey, type Stop, type StopSearchMode } from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type StopRow = { id: number; name: string; coords: string | null; default_option: number };

export function toStop(row: StopRow): Stop {
  return { id: row.id, name: row.name, coords: row.coords, defaultOption: row.default_option === 1 };
}

/** The derived search columns of a stop row, always written together with its name. */
export function stopSearchColumns(name: string): { name_folded: string; name_sort: string } {
  return { name_folded: foldText(name), name_sort: lithuanianSortKey(name) };
}

// Matching runs on the folded name with instr() (no LIKE, so '%' and '_' are plain text).
// Names that start with the query come first, then the rest, each in Lithuanian order.
const SEARCH_SQL: Record<StopSearchMode | 'defaults-by-id', string> = {
  defaults: `SELECT id, name, coords, default_option FROM stop WHERE default_option = 1
             ORDER BY name_sort, id LIMIT @limit`,
  'defaults-by-id': `SELECT id, name, coords, default_option FROM stop WHERE default_option = 1
             ORDER BY id LIMIT @limit`,
  'word-prefix': `SELECT id, name, coords, default_option FROM stop
             WHERE instr(' ' || name_folded, ' ' || @q) > 0
             ORDER BY substr(name_folded, 1, length(@q)) = @q DESC, name_sort, id LIMIT @limit`,
  substring: `SELECT id, name, coords, default_option FROM stop
             WHERE instr(name_folded, @q) > 0
             ORDER BY substr(name_folded, 1, length(@q)) = @q DESC, name_sort, id LIMIT @limit`,
};

const searchStatements = new WeakMap<SQLite.Database, Map<keyof typeof SEARCH_SQL, SQLite.Statement>>();

/**
 * `defaultsOrder: 'id'` lists the default stops by id (the legacy API's order, which puts
 * the home station first); otherwise by name as the domain rules say.
 */
export function searchStops(
  sqlite: SQLite.Database,
  plan: { mode: StopSearchMode; folded: string },
  limit: number,
  defaultsOrder: 'name' | 'id' = 'name',
): Stop[] {
  let byMode = searchStatements.get(sqlite);
  if (!byMode) {
    byMode = new Map();
    searchStatements.set(sqlite, byMode);
  }
  const key = plan.mode === 'defaults' && defaultsOrder === 'id' ? 'defaults-by-id' : plan.mode;
  let statement = byMode.get(key);
  if (!statement) {
    statement = sqlite.prepare(SEARCH_SQL[key]);
    byMode.set(key, statement);
  }
  const params = plan.mode === 'defaults' ? { limit } : { q: plan.folded, limit };
  return (statement.all(params) as StopRow[]).map(toStop);
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
