import {
  DomainError,
  isNewId,
  type LineInfo,
  lineStopsPreview,
  MESSAGES,
  ROUTE_TYPES,
  type RouteType,
  resizeDistances,
  type SaveLineInput,
  type Stop,
} from '@bus/core';
import {
  deleteLineDeep,
  deleteLineNotes,
  deleteRoutes,
  findExistingStopIds,
  fitTripTimesToRoute,
  getLineInfo,
  insertLine,
  insertLineNote,
  insertRoute,
  lineExists,
  listLineInfos,
  listLineNoteIds,
  listRouteRefsOfLine,
  listRoutes,
  type OpenedDatabase,
  type RouteWithStops,
  routeScheduleUsage,
  updateLine,
  updateLineNote,
  updateRoute,
} from '@bus/db';

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
}

export async function getLineFull(db: OpenedDatabase, id: number): Promise<LineFull> {
  const info = await getLineInfo(db.kysely, id);
  if (!info) throw new DomainError('NOT_FOUND', `Line ${id} does not exist`);
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
  return {
    info: {
      id: null,
      name: null,
      routeStart: null,
      routeEnd: null,
      routeType: null,
      operator: null,
      anykStationPlatform: null,
      price: null,
      via: null,
      enabledSeasonalYearlyRuleFilter: false,
      customNotes: [],
    },
    routes: [],
    routeTypeOptions: [...ROUTE_TYPES],
    routeUsage: [],
  };
}

/** Route variations of a line (legacy /api/route/byline), for the schedule editor. */
export async function getRoutesOfLine(db: OpenedDatabase, lineId: number): Promise<AdminRoute[]> {
  if (!(await lineExists(db.kysely, lineId)))
    throw new DomainError('NOT_FOUND', `Line ${lineId} does not exist`);
  return (await listRoutes(db.kysely, { lineIds: [lineId] })).map(toAdminRoute);
}

function routeLabel(route: { id: number; routeNotes: string | null }): string {
  return route.routeNotes ? `'${route.routeNotes}' (route ${route.id})` : `route ${route.id}`;
}

/**
 * Saves a line with its notes and route variations in one transaction and returns its id.
 * New notes and routes have null or negative ids. The posted routes are the line's complete
 * set: a route left out is deleted, unless schedules use it, which refuses the whole save.
 * Trips on a route whose stop count changed get their time lists fitted to it.
 */
export async function saveLine(db: OpenedDatabase, input: SaveLineInput): Promise<{ id: number }> {
  const { info, routes } = input;
  return db.kysely.transaction().execute(async (trx) => {
    const existingId = info.id === null || isNewId(info.id) ? null : info.id;
    if (existingId !== null && !(await lineExists(trx, existingId))) {
      throw new DomainError('NOT_FOUND', `Line ${existingId} does not exist`);
    }

    const stopIds = routes.flatMap((r) => r.stopsArr.map((s) => s.id));
    const knownStops = await findExistingStopIds(trx, stopIds);
    if (stopIds.some((id) => !knownStops.has(id)))
      throw new DomainError('INVALID_INPUT', MESSAGES.inputFailed);

    const storedRoutes = existingId === null ? [] : await listRouteRefsOfLine(trx, existingId);
    const storedById = new Map(storedRoutes.map((r) => [r.id, r]));
    for (const route of routes) {
      if (route.id !== null && !isNewId(route.id) && !storedById.has(route.id)) {
        throw new DomainError('NOT_FOUND', `Route ${route.id} is not a route of this line`);
      }
    }
    const postedRouteIds = new Set(routes.map((r) => r.id));
    const removed = storedRoutes.filter((r) => !postedRouteIds.has(r.id));
    const usage = await routeScheduleUsage(
      trx,
      removed.map((r) => r.id),
    );
    const blocked = removed.filter((r) => (usage.get(r.id) ?? []).length > 0);
    if (blocked.length > 0) {
      const list = blocked.map((r) => `${routeLabel(r)} by schedules ${(usage.get(r.id) ?? []).join(', ')}`);
      throw new DomainError(
        'CONFLICT',
        `Route variations used by schedules cannot be removed: ${list.join('; ')}`,
      );
    }

    const storedNoteIds = existingId === null ? [] : await listLineNoteIds(trx, existingId);
    for (const note of info.customNotes) {
      if (note.id !== null && !isNewId(note.id) && !storedNoteIds.includes(note.id)) {
        throw new DomainError('NOT_FOUND', `Note ${note.id} is not a note of this line`);
      }
    }

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
    else {
      await updateLine(trx, existingId, fields);
      lineId = existingId;
    }

    const postedNoteIds = new Set(info.customNotes.map((n) => n.id));
    await deleteLineNotes(
      trx,
      storedNoteIds.filter((id) => !postedNoteIds.has(id)),
    );
    for (const note of info.customNotes) {
      if (note.id === null || isNewId(note.id)) await insertLineNote(trx, lineId, note);
      else await updateLineNote(trx, note.id, note);
    }

    await deleteRoutes(
      trx,
      removed.map((r) => r.id),
    );
    for (const route of routes) {
      const routeFields = {
        routeNotes: route.routeNotes,
        stopIds: route.stopsArr.map((s) => s.id),
        distanceMeters: route.distanceMetersList,
      };
      const stored = route.id === null ? undefined : storedById.get(route.id);
      if (!stored) {
        await insertRoute(trx, lineId, routeFields);
        continue;
      }
      await updateRoute(trx, stored.id, routeFields);
      if (stored.stopCount !== routeFields.stopIds.length) {
        await fitTripTimesToRoute(trx, stored.id, routeFields.stopIds.length);
      }
    }
    return { id: lineId };
  });
}

/** Deletes a line with its schedules, trips, routes and notes, all or nothing. */
export async function removeLine(db: OpenedDatabase, id: number): Promise<{ id: number }> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await deleteLineDeep(trx, id))) throw new DomainError('NOT_FOUND', `Line ${id} does not exist`);
    return { id };
  });
}
