import type { RouteType } from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Writes of lines, their notes and route variations. Reads are in lines.ts. */

export interface LineFields {
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
  routeType: RouteType;
  operator: string | null;
  anykStationPlatform: string | null;
  price: string | null;
  /** undefined keeps the stored value (the old client does not know this field). */
  via?: string | null;
  enabledSeasonalYearlyRuleFilter: boolean;
}

function lineColumns(line: LineFields) {
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
  if (ids.length === 0) return;
  await db
    .deleteFrom('line_note')
    .where('id', 'in', [...ids])
    .execute();
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
  if (routeIds.length === 0) return usage;
  const rows = await db
    .selectFrom('trip')
    .select(['route_id', 'schedule_id'])
    .distinct()
    .where('route_id', 'in', [...routeIds])
    .orderBy('route_id')
    .orderBy('schedule_id')
    .execute();
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
  if (route.stopIds.length > 0) {
    await db
      .insertInto('route_stop')
      .values(route.stopIds.map((stopId, seq) => ({ route_id: routeId, seq, stop_id: stopId })))
      .execute();
  }
  // One row per gap, null where unknown, as imported data has it.
  if (route.distanceMeters.length > 0) {
    await db
      .insertInto('route_distance')
      .values(route.distanceMeters.map((meters, seq) => ({ route_id: routeId, seq, meters })))
      .execute();
  }
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
  if (ids.length === 0) return;
  const list = [...ids];
  await db.deleteFrom('route_distance').where('route_id', 'in', list).execute();
  await db.deleteFrom('route_stop').where('route_id', 'in', list).execute();
  await db.deleteFrom('route').where('id', 'in', list).execute();
}

/** Deletes a line with its schedules, trips, times, routes and notes; false when there is no such line. */
export async function deleteLineDeep(db: Kysely<Database>, id: number): Promise<boolean> {
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
