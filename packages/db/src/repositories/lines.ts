import type { CustomNote, LineInfo, RouteType, Stop } from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database, LineNoteRow, LineRow } from '../schema.ts';
import { chunksOf, forEachIdChunk, rowsPerInsert, selectByIds } from './bound-lists.ts';
import { deleteFareRulesOfLine, deleteThroughFaresOfLine } from './fares.ts';
import { toStop } from './stops.ts';

/**
 * A line: its info and notes, and its routes (each with its stops and distances), read and
 * written. Its schedules are in schedules.ts.
 */

/** A line's own fields as a save gives them. */
export type LineFields = Omit<LineInfo, 'id' | 'via' | 'customNotes'> & {
  /** undefined keeps the stored value (the old client does not know this field). */
  via?: string | null;
};

export interface RouteWithStops {
  id: number;
  lineId: number;
  routeNotes: string | null;
  stops: Stop[];
  distanceMeters: (number | null)[];
}

export function toLineInfo(row: LineRow, notes: CustomNote[]): LineInfo {
  return {
    id: row.id,
    name: row.name,
    routeStart: row.route_start,
    routeEnd: row.route_end,
    routeType: row.route_type as RouteType,
    operator: row.operator,
    anykStationPlatform: row.anyk_station_platform,
    price: row.price,
    via: row.via,
    enabledSeasonalYearlyRuleFilter: row.enabled_seasonal_yearly_rule_filter === 1,
    customNotes: notes,
  };
}

export function toCustomNote(row: LineNoteRow): CustomNote {
  return { id: row.id, noteKey: row.note_key, noteValue: row.note_value };
}

export function lineColumns(line: LineFields) {
  return {
    name: line.name,
    route_start: line.routeStart,
    route_end: line.routeEnd,
    route_type: line.routeType,
    operator: line.operator,
    anyk_station_platform: line.anykStationPlatform,
    price: line.price,
    enabled_seasonal_yearly_rule_filter: line.enabledSeasonalYearlyRuleFilter ? 1 : 0,
    ...(line.via === undefined ? {} : { via: line.via }),
  };
}

/** Lines (by id) with their custom notes (by id); all lines when `ids` is omitted. */
export async function listLineInfos(db: Kysely<Database>, ids?: readonly number[]): Promise<LineInfo[]> {
  if (ids && ids.length === 0) return [];
  const lines = db.selectFrom('line').selectAll().orderBy('id');
  const notes = db.selectFrom('line_note').selectAll().orderBy('id');
  const [lineRows, noteRows] = ids
    ? await Promise.all([
        selectByIds(ids, (part) => lines.where('id', 'in', part).execute()),
        // By line in parts: each part's notes by id, so all of them by id again.
        selectByIds(ids, (part) => notes.where('line_id', 'in', part).execute()).then((rows) =>
          rows.sort((a, b) => a.id - b.id),
        ),
      ])
    : await Promise.all([lines.execute(), notes.execute()]);
  const notesByLine = new Map<number, LineInfo['customNotes']>();
  for (const n of noteRows) {
    const list = notesByLine.get(n.line_id) ?? [];
    list.push(toCustomNote(n));
    notesByLine.set(n.line_id, list);
  }
  return lineRows.map((row) => toLineInfo(row, notesByLine.get(row.id) ?? []));
}

export async function getLineInfo(db: Kysely<Database>, id: number): Promise<LineInfo | undefined> {
  return (await listLineInfos(db, [id]))[0];
}

/** Routes (by id) with their stops as drawn and their distances; by line ids or route ids. */
export async function listRoutes(
  db: Kysely<Database>,
  by: { lineIds: readonly number[] } | { routeIds: readonly number[] } | 'all',
): Promise<RouteWithStops[]> {
  const routesQuery = db.selectFrom('route').selectAll().orderBy('id');
  const routes =
    by === 'all'
      ? await routesQuery.execute()
      : // By line in parts: each part's routes by id, so all of them by id again.
        (
          await selectByIds('lineIds' in by ? by.lineIds : by.routeIds, (part) =>
            routesQuery.where('lineIds' in by ? 'line_id' : 'id', 'in', part).execute(),
          )
        ).sort((a, b) => a.id - b.id);
  if (routes.length === 0) return [];
  const routeIds = routes.map((r) => r.id);
  const [stopRows, distanceRows] = await Promise.all([
    selectByIds(routeIds, (part) =>
      db
        .selectFrom('route_stop as rs')
        .innerJoin('stop as s', 's.id', 'rs.stop_id')
        .select(['rs.route_id', 's.id', 's.name', 's.coords', 's.default_option'])
        .where('rs.route_id', 'in', part)
        .orderBy('rs.route_id')
        .orderBy('rs.seq')
        .execute(),
    ),
    selectByIds(routeIds, (part) =>
      db
        .selectFrom('route_distance')
        .selectAll()
        .where('route_id', 'in', part)
        .orderBy('route_id')
        .orderBy('seq')
        .execute(),
    ),
  ]);
  const byId = new Map<number, RouteWithStops>(
    routes.map((r) => [
      r.id,
      { id: r.id, lineId: r.line_id, routeNotes: r.route_notes, stops: [], distanceMeters: [] },
    ]),
  );
  for (const s of stopRows) byId.get(s.route_id)?.stops.push(toStop(s));
  for (const d of distanceRows) byId.get(d.route_id)?.distanceMeters.push(d.meters);
  return [...byId.values()];
}

export async function lineExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('line').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** `id`: only when a restore puts a deleted line back under its old id. */
export async function insertLine(db: Kysely<Database>, line: LineFields, id?: number): Promise<number> {
  const row = await db
    .insertInto('line')
    .values({ via: null, ...lineColumns(line), ...(id === undefined ? {} : { id }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLine(db: Kysely<Database>, id: number, line: LineFields): Promise<boolean> {
  const result = await db.updateTable('line').set(lineColumns(line)).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface NoteFields {
  noteKey: string;
  noteValue: string;
}

export async function listLineNoteIds(db: Kysely<Database>, lineId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('line_note')
    .select('id')
    .where('line_id', '=', lineId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertLineNote(
  db: Kysely<Database>,
  lineId: number,
  note: NoteFields,
  id?: number,
): Promise<number> {
  const row = await db
    .insertInto('line_note')
    .values({
      line_id: lineId,
      note_key: note.noteKey,
      note_value: note.noteValue,
      ...(id === undefined ? {} : { id }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLineNote(db: Kysely<Database>, id: number, note: NoteFields): Promise<void> {
  await db
    .updateTable('line_note')
    .set({ note_key: note.noteKey, note_value: note.noteValue })
    .where('id', '=', id)
    .execute();
}

export async function deleteLineNotes(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await forEachIdChunk(ids, (part) => db.deleteFrom('line_note').where('id', 'in', part).execute());
}

export interface StoredRouteRef {
  id: number;
  lineId: number;
  routeNotes: string | null;
  stopCount: number;
}

export async function listRouteRefsOfLine(db: Kysely<Database>, lineId: number): Promise<StoredRouteRef[]> {
  const rows = await db
    .selectFrom('route')
    .select(['id', 'line_id', 'route_notes', 'stop_count'])
    .where('line_id', '=', lineId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    lineId: r.line_id,
    routeNotes: r.route_notes,
    stopCount: r.stop_count,
  }));
}

/** For each route, the distinct ids (ascending) of schedules with a trip on it; unused routes map to []. */
export async function routeScheduleUsage(
  db: Kysely<Database>,
  routeIds: readonly number[],
): Promise<Map<number, number[]>> {
  const usage = new Map<number, number[]>(routeIds.map((id) => [id, []]));
  const rows = await selectByIds(routeIds, (part) =>
    db
      .selectFrom('trip')
      .select(['route_id', 'schedule_id'])
      .distinct()
      .where('route_id', 'in', part)
      .orderBy('route_id')
      .orderBy('schedule_id')
      .execute(),
  );
  for (const row of rows) usage.get(row.route_id)?.push(row.schedule_id);
  return usage;
}

export interface RouteFields {
  routeNotes: string | null;
  /** Stop ids in the order the route is drawn. */
  stopIds: readonly number[];
  /** Metres to the next stop (null = unknown), one fewer than the stops. */
  distanceMeters: readonly (number | null)[];
}

/** Replaces a route's stops and distances and keeps route.stop_count equal to its route_stop rows. */
async function writeRouteStops(db: Kysely<Database>, routeId: number, route: RouteFields): Promise<void> {
  await db.deleteFrom('route_stop').where('route_id', '=', routeId).execute();
  await db.deleteFrom('route_distance').where('route_id', '=', routeId).execute();
  const stops = route.stopIds.map((stopId, seq) => ({ route_id: routeId, seq, stop_id: stopId }));
  for (const part of chunksOf(stops, rowsPerInsert(3)))
    await db.insertInto('route_stop').values(part).execute();
  // One row per gap, null where unknown, as imported data has it.
  const gaps = route.distanceMeters.map((meters, seq) => ({ route_id: routeId, seq, meters }));
  for (const part of chunksOf(gaps, rowsPerInsert(3)))
    await db.insertInto('route_distance').values(part).execute();
  await db.updateTable('route').set({ stop_count: route.stopIds.length }).where('id', '=', routeId).execute();
}

export async function insertRoute(
  db: Kysely<Database>,
  lineId: number,
  route: RouteFields,
  id?: number,
): Promise<number> {
  const row = await db
    .insertInto('route')
    .values({
      line_id: lineId,
      route_notes: route.routeNotes,
      stop_count: 0,
      ...(id === undefined ? {} : { id }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeRouteStops(db, row.id, route);
  return row.id;
}

export async function updateRoute(db: Kysely<Database>, id: number, route: RouteFields): Promise<void> {
  await db.updateTable('route').set({ route_notes: route.routeNotes }).where('id', '=', id).execute();
  await writeRouteStops(db, id, route);
}

/** Deletes routes with their stops and distances; a route a trip still uses fails on its foreign key. */
export async function deleteRoutes(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await forEachIdChunk(ids, (part) =>
    db.deleteFrom('route_distance').where('route_id', 'in', part).execute(),
  );
  await forEachIdChunk(ids, (part) => db.deleteFrom('route_stop').where('route_id', 'in', part).execute());
  await forEachIdChunk(ids, (part) => db.deleteFrom('route').where('id', 'in', part).execute());
}

/** Deletes a line with its schedules, trips, times, routes, notes and fare rules; false when there is no such line. */
export async function deleteLineDeep(db: Kysely<Database>, id: number): Promise<boolean> {
  await deleteFareRulesOfLine(db, id);
  await deleteThroughFaresOfLine(db, id);
  const scheduleIds = db.selectFrom('schedule').select('id').where('line_id', '=', id);
  const tripIds = db.selectFrom('trip').select('id').where('schedule_id', 'in', scheduleIds);
  const routeIds = db.selectFrom('route').select('id').where('line_id', '=', id);
  await db.deleteFrom('trip_time').where('trip_id', 'in', tripIds).execute();
  await db.deleteFrom('trip').where('schedule_id', 'in', scheduleIds).execute();
  await db.deleteFrom('schedule').where('line_id', '=', id).execute();
  await db.deleteFrom('route_distance').where('route_id', 'in', routeIds).execute();
  await db.deleteFrom('route_stop').where('route_id', 'in', routeIds).execute();
  await db.deleteFrom('route').where('line_id', '=', id).execute();
  await db.deleteFrom('line_note').where('line_id', '=', id).execute();
  const result = await db.deleteFrom('line').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Each line's platform at Anykščių AS (anyk_station_platform, the old system's field) among
 * `lineIds`, for the lines that have one, read synchronously through `connection` (a read side's
 * connection): the departure board shows it at the home station when the stop has no bay.
 */
export function linePlatformsOf(
  connection: SQLite.Database,
  lineIds: readonly number[],
): Map<number, string> {
  const platforms = new Map<number, string>();
  const wanted = [...new Set(lineIds)].filter((id) => Number.isSafeInteger(id));
  for (const part of chunksOf(wanted, 500)) {
    const rows = connection
      .prepare(
        `SELECT id, anyk_station_platform AS platform FROM line
           WHERE anyk_station_platform IS NOT NULL AND trim(anyk_station_platform) != ''
             AND id IN (${part.map(() => '?').join(',')})`,
      )
      .all(...part) as { id: number; platform: string }[];
    for (const row of rows) platforms.set(row.id, row.platform);
  }
  return platforms;
}
