import {
  type AdminDeleteInput,
  DomainError,
  isStoredId,
  type LineInfo,
  lineStopsPreview,
  ROUTE_TYPES,
  type RouteStopRef,
  type RouteType,
  reconcileList,
  resizeDistances,
  type SaveLineFields,
  SaveLineInfoInput,
  type Stop,
  sameStopOrder,
  serverMessage,
  UNVERSIONED,
  type WithVersion,
} from '@bus/core';
import {
  type Db,
  deleteLineDeep,
  deleteLineNotes,
  deleteRoutes,
  findExistingStopIds,
  getLineInfo,
  insertLine,
  insertLineNote,
  insertRoute,
  insertStop,
  lineExists,
  listLineInfos,
  listLineNoteIds,
  listRouteRefsOfLine,
  listRoutes,
  type OpenedDatabase,
  type RouteWithStops,
  remapRouteTripTimes,
  routeScheduleUsage,
  routeStopIds,
  updateLine,
  updateLineNote,
  updateRoute,
} from '@bus/db';
import { type Actor, currentVersion, recordedWrite } from './recorded-write.ts';
import { refuseStaleLine } from './stale-copies.ts';
import { lineWithSchedulesStates, stopState } from './states.ts';

/** Lines table of the admin board (legacy /api/line/preview): stop names only. */
export interface AdminLinePreview {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
  mainStops: string[];
  extraStops: string[] | null;
}

export async function getAdminLinePreviews(db: OpenedDatabase): Promise<AdminLinePreview[]> {
  const [lines, routes] = await Promise.all([listLineInfos(db.kysely), listRoutes(db.kysely, 'all')]);
  const routesByLine = new Map<number, RouteWithStops[]>();
  for (const route of routes)
    routesByLine.set(route.lineId, [...(routesByLine.get(route.lineId) ?? []), route]);
  return lines.map((line) => {
    const preview = lineStopsPreview(routesByLine.get(line.id) ?? []);
    return {
      id: line.id,
      name: line.name,
      routeStart: line.routeStart,
      routeEnd: line.routeEnd,
      mainStops: preview.mainStops.map((s) => s.name),
      extraStops: preview.extraStops?.map((s) => s.name) ?? null,
    };
  });
}

/** A route variation as the line editor shows it. */
export interface AdminRoute {
  id: number;
  lineId: number;
  routeNotes: string | null;
  stopsArr: Stop[];
  /** Always one entry fewer than the stops (unknown distances are null). */
  distanceMetersList: (number | null)[];
}

function toAdminRoute(route: RouteWithStops): AdminRoute {
  return {
    id: route.id,
    lineId: route.lineId,
    routeNotes: route.routeNotes,
    stopsArr: route.stops,
    // Imported data often has no distances (or a list of another length): show one input per gap.
    distanceMetersList: resizeDistances(route.distanceMeters, route.stops.length),
  };
}

/** Line detail and editor (legacy get-line-full). */
export interface LineFull {
  info: LineInfo;
  routes: AdminRoute[];
  routeTypeOptions: RouteType[];
  /** Per route (same order as `routes`): ids of the schedules with a trip on it, ascending. */
  routeUsage: number[][];
  /** The version the line editor saves against. */
  version: number;
}

export async function getLineFull(db: OpenedDatabase, id: number): Promise<LineFull> {
  const info = await getLineInfo(db.kysely, id);
  if (!info) throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id }));
  const routes = await listRoutes(db.kysely, { lineIds: [id] });
  const usage = await routeScheduleUsage(
    db.kysely,
    routes.map((r) => r.id),
  );
  return {
    info,
    routes: routes.map(toAdminRoute),
    routeTypeOptions: [...ROUTE_TYPES],
    routeUsage: routes.map((r) => usage.get(r.id) ?? []),
    version: await currentVersion(db.kysely, { kind: 'line', lineId: id }),
  };
}

/** The new-line form's starting point (legacy get-empty). */
export interface LineTemplate {
  info: { [K in Exclude<keyof LineInfo, 'enabledSeasonalYearlyRuleFilter' | 'customNotes'>]: null } & {
    enabledSeasonalYearlyRuleFilter: false;
    customNotes: [];
  };
  routes: [];
  routeTypeOptions: RouteType[];
  routeUsage: [];
}

export function emptyLine(): LineTemplate {
  // Every field the line form posts starts unset: null, but the filter is off and there are no notes.
  const unset = Object.fromEntries(Object.keys(SaveLineInfoInput.shape).map((key) => [key, null]));
  return {
    info: { ...unset, enabledSeasonalYearlyRuleFilter: false, customNotes: [] } as LineTemplate['info'],
    routes: [],
    routeTypeOptions: [...ROUTE_TYPES],
    routeUsage: [],
  };
}

/** Route variations of a line (legacy /api/route/byline), for the schedule editor. */
export async function getRoutesOfLine(db: OpenedDatabase, lineId: number): Promise<AdminRoute[]> {
  if (!(await lineExists(db.kysely, lineId)))
    throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  return (await listRoutes(db.kysely, { lineIds: [lineId] })).map(toAdminRoute);
}

export interface SavedLine {
  id: number;
  /** The line's version after the save (what the editor saves against next). */
  version: number;
  /** Schedules whose times moved with their stops because a route's stops changed. */
  affectedSchedules: number[];
  /** Stops the save created for the route editor's new stops (ids in order of first use). */
  createdStops: number[];
}

type WrittenLine = Omit<SavedLine, 'version'>;

/**
 * Saves a line with its notes and route variations in one transaction and returns its id.
 * New notes and routes have null or negative ids. The posted routes are the line's complete
 * set: a route left out is deleted, unless schedules use it, which refuses the whole save.
 * When a route's stops change (added, removed, reordered), every trip on it keeps each time
 * at its stop (core remapTripTimes); a new stop has no time until staff give one. A save
 * from an older version than the stored one is refused (CONFLICT); every change is recorded.
 * The old REST path has no version (UNVERSIONED): its save of a stored line is refused instead
 * when it sends back a stale copy of the details or a route (see refuseStaleLine).
 */
export async function saveLine(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveLineFields>,
): Promise<SavedLine> {
  const existingId = isStoredId(input.info.id) ? input.info.id : null;
  const { result, version } = await recordedWrite<WrittenLine>(db, actor, {
    scope: (saved) => ({ kind: 'line', lineId: saved?.id ?? existingId ?? 0 }),
    // A new line has no version yet: nothing to check.
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: async (trx) => ({
      kind: 'line',
      id: existingId ?? 0,
      name: (await getLineInfo(trx, existingId ?? 0))?.name ?? null,
    }),
    states: async (trx, saved) => {
      const id = saved?.id ?? existingId;
      const line = id === null ? [] : await lineWithSchedulesStates(trx, id);
      // New stops are recorded too: each as a stop of its own, created by this save.
      const stops = await Promise.all((saved?.createdStops ?? []).map((stopId) => stopState(trx, stopId)));
      return [...line, ...stops.flat()];
    },
    write: async (trx) => {
      if (input.baseVersion === UNVERSIONED && existingId !== null)
        await refuseStaleLine(trx, input, existingId, actor.username);
      return writeLine(trx, input, existingId);
    },
  });
  return { ...result, version };
}

/**
 * The line save itself. `restore` (the history's restore): ids that are not stored are the
 * line's own deleted things coming back, inserted under their old ids, not unknown ids.
 */
export async function writeLine(
  trx: Db,
  { info, routes }: SaveLineFields,
  existingId: number | null,
  { restore = false }: { restore?: boolean } = {},
): Promise<WrittenLine> {
  const exists = existingId !== null && (await lineExists(trx, existingId));
  if (existingId !== null && !exists && !restore) {
    throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: existingId }));
  }

  const stopIds = routes.flatMap((r) => r.stopsArr.map((s) => s.id)).filter(isStoredId);
  const knownStops = await findExistingStopIds(trx, stopIds);
  if (stopIds.some((id) => !knownStops.has(id)))
    throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
  const newStops = await createRouteStops(trx, routes);
  const stopIdOf = (ref: RouteStopRef) => newStops.get(ref.id)?.id ?? ref.id;

  const storedRoutes = existingId === null ? [] : await listRouteRefsOfLine(trx, existingId);
  const routePlan = reconcileList(
    storedRoutes.map((r) => r.id),
    routes,
  );
  const unknownRoute = restore ? undefined : routePlan.unknownIds[0];
  if (unknownRoute !== undefined)
    throw new DomainError('NOT_FOUND', serverMessage('routeNotOnLine', { id: unknownRoute }));
  const removed = storedRoutes.filter((r) => routePlan.deletes.includes(r.id));
  const usage = await routeScheduleUsage(
    trx,
    removed.map((r) => r.id),
  );
  const blocked = removed.filter((r) => (usage.get(r.id) ?? []).length > 0);
  if (blocked.length > 0) {
    const list = blocked.map((r) => ({ id: r.id, notes: r.routeNotes, schedules: usage.get(r.id) ?? [] }));
    throw new DomainError('CONFLICT', serverMessage('routesUsedBySchedules', { routes: list }));
  }

  const notePlan = reconcileList(
    existingId === null ? [] : await listLineNoteIds(trx, existingId),
    info.customNotes,
  );
  const unknownNote = restore ? undefined : notePlan.unknownIds[0];
  if (unknownNote !== undefined)
    throw new DomainError('NOT_FOUND', serverMessage('noteNotOnLine', { id: unknownNote }));

  const fields = {
    name: info.name,
    routeStart: info.routeStart,
    routeEnd: info.routeEnd,
    routeType: info.routeType,
    operator: info.operator,
    anykStationPlatform: info.anykStationPlatform,
    price: info.price,
    via: info.via,
    enabledSeasonalYearlyRuleFilter: info.enabledSeasonalYearlyRuleFilter,
  };
  let lineId: number;
  if (existingId === null) lineId = await insertLine(trx, fields);
  else if (!exists) lineId = await insertLine(trx, fields, existingId);
  else {
    await updateLine(trx, existingId, fields);
    lineId = existingId;
  }

  await deleteLineNotes(trx, notePlan.deletes);
  for (const note of info.customNotes) {
    if (!isStoredId(note.id)) await insertLineNote(trx, lineId, note);
    else if (notePlan.unknownIds.includes(note.id)) await insertLineNote(trx, lineId, note, note.id);
    else await updateLineNote(trx, note.id, note);
  }

  await deleteRoutes(trx, routePlan.deletes);
  const previousStops = await routeStopIds(
    trx,
    routePlan.updates.map((r) => r.id),
  );
  const affected = new Set<number>();
  for (const route of routes) {
    const routeFields = {
      routeNotes: route.routeNotes,
      stopIds: route.stopsArr.map(stopIdOf),
      distanceMeters: route.distanceMetersList,
    };
    if (!isStoredId(route.id)) {
      await insertRoute(trx, lineId, routeFields);
      continue;
    }
    if (routePlan.unknownIds.includes(route.id)) {
      await insertRoute(trx, lineId, routeFields, route.id);
      continue;
    }
    await updateRoute(trx, route.id, routeFields);
    const before = previousStops.get(route.id) ?? [];
    if (!sameStopOrder(before, routeFields.stopIds)) {
      for (const scheduleId of await remapRouteTripTimes(trx, route.id, before, routeFields.stopIds))
        affected.add(scheduleId);
    }
  }
  return {
    id: lineId,
    affectedSchedules: [...affected].sort((a, b) => a - b),
    createdStops: [...newStops.values()].map((stop) => stop.id),
  };
}

/**
 * Creates the new stops the route editor chose to create (temporary negative ids with a name),
 * one per temporary id, and answers them by temporary id. A temporary id given two different
 * names is refused.
 */
async function createRouteStops(trx: Db, routes: SaveLineFields['routes']): Promise<Map<number, Stop>> {
  const names = new Map<number, string>();
  for (const ref of routes.flatMap((r) => r.stopsArr)) {
    if (!('name' in ref)) continue;
    const known = names.get(ref.id);
    if (known !== undefined && known !== ref.name)
      throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
    names.set(ref.id, ref.name);
  }
  const created = new Map<number, Stop>();
  for (const [tempId, name] of names)
    created.set(tempId, await insertStop(trx, { name, coords: null, defaultOption: false }));
  return created;
}

/** Deletes a line with its schedules, trips, routes and notes, all or nothing (recorded, so it can be restored). */
export async function removeLine(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: 'line', lineId: id },
    baseVersion,
    what: async (trx) => ({ kind: 'line', id, name: (await getLineInfo(trx, id))?.name ?? null }),
    states: (trx) => lineWithSchedulesStates(trx, id),
    write: async (trx) => {
      if (!(await deleteLineDeep(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id }));
    },
  });
  return { id };
}
