import { type Kysely, sql } from 'kysely';
import type { ChangeAction, ChangeKind, Database } from '../schema.ts';
import { selectByIds } from './bound-lists.ts';

/** History of admin writes (table change_log). Reads and writes only; what a state is, is the services' business. */

export interface ChangeEntry {
  id: number;
  at: string;
  username: string;
  via: 'admin' | 'rest';
  kind: ChangeKind;
  entityId: number | null;
  lineId: number | null;
  action: ChangeAction;
  summary: string;
  before: unknown;
  after: unknown;
  restoredFrom: number | null;
  /** The first entry id of the save that wrote this entry (entries of one save share it). */
  batch: number;
}

export type NewChange = Omit<ChangeEntry, 'id' | 'batch'>;

/** Who last changed a thing: its version for the editors. */
export interface ChangeStamp {
  id: number;
  at: string;
  username: string;
}

/** Which entries make the version of what an editor shows. */
export type VersionScope =
  | { kind: 'line'; lineId: number }
  /** The schedule editor of a line: its schedules and the line itself (its routes). */
  | { kind: 'schedules'; lineId: number }
  | { kind: 'rules' }
  | { kind: 'holiday'; id: number }
  | { kind: 'stop'; id: number }
  /** Every stop at once (issue 29: the positions import from a GTFS stops.txt saves against it). */
  | { kind: 'stops' }
  | { kind: 'service_change'; id: number }
  // The changes between buses (one set).
  | { kind: 'change_rules' }
  // Issue 41: one fare rule, one concession.
  | { kind: 'fare_rule'; id: number }
  | { kind: 'concession'; id: number }
  | { kind: 'through_fare'; id: number };

/** Records the entries of one save, in order, as one batch; returns their ids. */
export async function recordChanges(db: Kysely<Database>, changes: readonly NewChange[]): Promise<number[]> {
  const ids: number[] = [];
  for (const change of changes) ids.push(await recordChange(db, change, ids[0]));
  if (ids.length > 0)
    await db
      .updateTable('change_log')
      .set({ batch: ids[0] })
      .where('id', '=', ids[0] as number)
      .execute();
  return ids;
}

async function recordChange(
  db: Kysely<Database>,
  change: NewChange,
  batch: number | undefined,
): Promise<number> {
  const row = await db
    .insertInto('change_log')
    .values({
      at: change.at,
      username: change.username,
      via: change.via,
      kind: change.kind,
      entity_id: change.entityId,
      line_id: change.lineId,
      action: change.action,
      summary: change.summary,
      before_json:
        change.before === null || change.before === undefined ? null : JSON.stringify(change.before),
      after_json: change.after === null || change.after === undefined ? null : JSON.stringify(change.after),
      restored_from: change.restoredFrom,
      batch: batch ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest change within a scope; undefined when nothing was ever recorded there. */
export async function latestChange(
  db: Kysely<Database>,
  scope: VersionScope,
): Promise<ChangeStamp | undefined> {
  let query = db.selectFrom('change_log').select(['id', 'at', 'username']);
  switch (scope.kind) {
    case 'line':
      query = query.where('kind', '=', 'line').where('entity_id', '=', scope.lineId);
      break;
    case 'schedules':
      query = query.where('line_id', '=', scope.lineId).where('kind', 'in', ['line', 'schedule']);
      break;
    case 'rules':
      query = query.where('kind', '=', 'rules');
      break;
    case 'stops':
      query = query.where('kind', '=', 'stop');
      break;
    case 'change_rules':
      query = query.where('kind', '=', 'change_rules');
      break;
    case 'holiday':
    case 'stop':
    case 'service_change':
    case 'fare_rule':
    case 'concession':
    case 'through_fare':
      query = query.where('kind', '=', scope.kind).where('entity_id', '=', scope.id);
      break;
  }
  return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The newest entry id of every thing of a kind that has entries. */
export async function latestChangeIds(db: Kysely<Database>, kind: ChangeKind): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('change_log')
    .select(['entity_id', (eb) => eb.fn.max('id').as('version')])
    .where('kind', '=', kind)
    .where('entity_id', 'is not', null)
    .groupBy('entity_id')
    .execute();
  return new Map(rows.map((r) => [r.entity_id as number, Number(r.version)]));
}

export interface ChangeFilter {
  kind?: ChangeKind | undefined;
  lineId?: number | undefined;
  username?: string | undefined;
  /** Only entries older than this id (paging, newest first). */
  beforeId?: number | undefined;
  limit: number;
}

type ChangeRow = Database['change_log'] & { id: number };

function toEntry(row: ChangeRow): ChangeEntry {
  return {
    id: row.id,
    at: row.at,
    username: row.username,
    via: row.via,
    kind: row.kind,
    entityId: row.entity_id,
    lineId: row.line_id,
    action: row.action,
    summary: row.summary,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as unknown),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as unknown),
    restoredFrom: row.restored_from,
    batch: row.batch ?? row.id,
  };
}

/** Newest first. */
export async function listChanges(db: Kysely<Database>, filter: ChangeFilter): Promise<ChangeEntry[]> {
  let query = db.selectFrom('change_log').selectAll();
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.lineId !== undefined) query = query.where('line_id', '=', filter.lineId);
  if (filter.username !== undefined) query = query.where('username', '=', filter.username);
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => toEntry(row as ChangeRow));
}

export async function getChange(db: Kysely<Database>, id: number): Promise<ChangeEntry | undefined> {
  const row = await db.selectFrom('change_log').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row as ChangeRow) : undefined;
}

/** Every entry of these things of one kind (the states each has had, before and after), oldest first. */
export async function listEntityChanges(
  db: Kysely<Database>,
  kind: ChangeKind,
  entityIds: readonly number[],
): Promise<ChangeEntry[]> {
  const rows = await selectByIds(entityIds, (part) =>
    db.selectFrom('change_log').selectAll().where('kind', '=', kind).where('entity_id', 'in', part).execute(),
  );
  // Each part's entries are in order; together, by id again.
  return rows.sort((a, b) => a.id - b.id).map((row) => toEntry(row as ChangeRow));
}

/** The entries written by one save (see recordChanges), in order. */
export async function listBatch(db: Kysely<Database>, batch: number): Promise<ChangeEntry[]> {
  const rows = await db
    .selectFrom('change_log')
    .selectAll()
    .where((eb) => eb.or([eb('batch', '=', batch), eb('id', '=', batch)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => toEntry(row as ChangeRow));
}

/** What the history shows of a save that wrote several entries (see recordChanges). */
export interface BatchSummary {
  /** How many entries the save wrote. */
  size: number;
  /** Its newest entry (listed first in the history). */
  lastId: number;
  /** Every entry is a schedule's (a bulk move, a grid or schedule editor save). */
  schedulesOnly: boolean;
  /** Every entry changed a stop that stays (the positions import, issue 29). */
  stopUpdatesOnly: boolean;
}

/** The size, newest entry and kinds of these batches (their first entry ids). */
export async function summarizeBatches(
  db: Kysely<Database>,
  batches: readonly number[],
): Promise<Map<number, BatchSummary>> {
  if (batches.length === 0) return new Map();
  const list = sql.join([...new Set(batches)]);
  const { rows } = await sql<{
    batch: number;
    size: number;
    lastId: number;
    others: number;
    notStopUpdates: number;
  }>`
    SELECT coalesce(batch, id) AS batch, count(*) AS size, max(id) AS lastId,
           sum(kind <> 'schedule') AS others,
           sum(kind <> 'stop' OR action <> 'update') AS notStopUpdates
      FROM change_log
     WHERE batch IN (${list}) OR id IN (${list})
     GROUP BY coalesce(batch, id)`.execute(db);
  return new Map(
    rows.map((r) => [
      Number(r.batch),
      {
        size: Number(r.size),
        lastId: Number(r.lastId),
        schedulesOnly: Number(r.others) === 0,
        stopUpdatesOnly: Number(r.notStopUpdates) === 0,
      },
    ]),
  );
}

/** Everyone who has changed something, for the history's person filter. */
export async function listChangeAuthors(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('change_log').select('username').distinct().orderBy('username').execute();
  return rows.map((r) => r.username);
}
