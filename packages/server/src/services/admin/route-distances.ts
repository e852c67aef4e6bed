import {
  byLine,
  checkRouteDistances,
  type LineProblem,
  type RouteDistanceLine,
  resizeDistances,
  UNVERSIONED,
  withRouteDistances,
} from '@bus/core';
import { type Db, listLineInfos, listRoutes, type OpenedDatabase, type RouteWithStops } from '@bus/db';
import { writeLine } from './lines.ts';
import { type Actor, type EntityState, recordedWrite } from './recorded-write.ts';
import { type LineState, lineInput, lineState, lineWithSchedulesStates } from './states.ts';

/** One distance the file changes: from the stop at `sequence` (1-based) to the next. */
export interface DistanceChange {
  sequence: number;
  from: number | null;
  to: number;
}

/** A route the file names, with what it changes there (nothing: the route is left as it was). */
export interface RouteDistancesOutcome {
  routeId: number;
  lineId: number;
  lineName: string;
  routeNotes: string | null;
  /** The route's stop names in order. */
  stops: string[];
  /** How many of its distances the file gives. */
  given: number;
  changes: DistanceChange[];
}

export type RouteDistancesImport =
  | { ok: false; problems: LineProblem[] }
  | {
      ok: true;
      routes: RouteDistancesOutcome[];
      /** The lines saved, each one history entry ('Line M35'), in the order of their ids. */
      savedLines: { id: number; name: string }[];
      changeIds: number[];
    };

async function routesOf(db: Db, lines: readonly RouteDistanceLine[]): Promise<RouteWithStops[]> {
  return listRoutes(db, { routeIds: [...new Set(lines.map((l) => l.routeId))] });
}

const stopCounts = (routes: readonly RouteWithStops[]) => new Map(routes.map((r) => [r.id, r.stops.length]));

/**
 * The problems of a file's lines against the stored routes (a route that does not exist, a stop
 * it does not have, its last stop given a distance), by line: for a file with problems of its
 * own, so that one run names them all.
 */
export async function routeDistanceProblems(
  db: Db,
  lines: readonly RouteDistanceLine[],
): Promise<LineProblem[]> {
  return checkRouteDistances(lines, stopCounts(await routesOf(db, lines)));
}

/** A line route's distances with the file's lines put in (one entry a gap). */
function newDistances(
  route: { distanceMeters: readonly (number | null)[]; stops: readonly unknown[] },
  given: readonly RouteDistanceLine[],
): (number | null)[] {
  return withRouteDistances(resizeDistances(route.distanceMeters, route.stops.length), given);
}

/**
 * Route distances from a file (`pnpm cli import-distances`, issue 41), checked against the
 * stored routes first: with any problem nothing is written and every problem is answered, by
 * line. Otherwise every line whose distances change is saved as staff save it in the line
 * editor (the line save itself, recorded in the history: one entry a line, restored from there
 * like any line edit), all in one transaction; a route whose distances are those stored already
 * is not written, nor is a line with no such route.
 */
export async function importRouteDistances(
  db: OpenedDatabase,
  actor: Actor,
  lines: readonly RouteDistanceLine[],
): Promise<RouteDistancesImport> {
  const routes = await routesOf(db.kysely, lines);
  const problems = checkRouteDistances(lines, stopCounts(routes));
  if (problems.length > 0) return { ok: false, problems: byLine(problems) };

  const givenOf = new Map<number, RouteDistanceLine[]>();
  for (const line of lines) givenOf.set(line.routeId, [...(givenOf.get(line.routeId) ?? []), line]);
  const lineInfos = new Map(
    (await listLineInfos(db.kysely, [...new Set(routes.map((r) => r.lineId))])).map((l) => [l.id, l]),
  );
  const outcomes = routes.map((route): RouteDistancesOutcome => {
    const given = givenOf.get(route.id) ?? [];
    const before = resizeDistances(route.distanceMeters, route.stops.length);
    const after = newDistances(route, given);
    const changes = after.flatMap((to, i) =>
      to !== null && to !== before[i] ? [{ sequence: i + 1, from: before[i] ?? null, to }] : [],
    );
    return {
      routeId: route.id,
      lineId: route.lineId,
      lineName: lineInfos.get(route.lineId)?.name ?? `line ${route.lineId}`,
      routeNotes: route.routeNotes,
      stops: route.stops.map((s) => s.name),
      given: given.length,
      changes,
    };
  });
  const changed = outcomes.filter((o) => o.changes.length > 0);
  const lineIds = [...new Set(changed.map((o) => o.lineId))].sort((a, b) => a - b);
  const [firstLine] = lineIds;
  if (firstLine === undefined) return { ok: true, routes: outcomes, savedLines: [], changeIds: [] };
  const changedRoutes = new Set(changed.map((o) => o.routeId));

  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'line', lineId: firstLine },
    // The command line: a file of distances, not an editor's copy of the line.
    baseVersion: UNVERSIONED,
    what: async () => ({ kind: 'line', id: firstLine, name: lineInfos.get(firstLine)?.name ?? null }),
    states: async (trx) => {
      const states: EntityState[] = [];
      for (const lineId of lineIds) states.push(...(await lineWithSchedulesStates(trx, lineId)));
      return states;
    },
    write: async (trx) => {
      for (const lineId of lineIds) {
        // The line as stored now, in this transaction: the line save writes all of it back.
        const [stored] = await lineState(trx, lineId);
        const state = stored?.state as LineState | undefined;
        if (!state)
          throw new Error(`line ${lineId} was deleted while the file was read; nothing was changed`);
        const input = lineInput(state);
        input.routes = input.routes.map((route, i) => {
          const storedRoute = state.routes[i];
          if (storedRoute === undefined || !changedRoutes.has(storedRoute.id)) return route;
          return {
            ...route,
            distanceMetersList: newDistances(storedRoute, givenOf.get(storedRoute.id) ?? []),
          };
        });
        for (const routeId of changedRoutes) {
          const route = routes.find((r) => r.id === routeId);
          const now = state.routes.find((r) => r.id === routeId);
          if (route?.lineId === lineId && now?.stops.length !== route.stops.length)
            throw new Error(`route ${routeId} was changed while the file was read; nothing was changed`);
        }
        await writeLine(trx, input, lineId);
      }
    },
  });
  return {
    ok: true,
    routes: outcomes,
    savedLines: lineIds.map((id) => ({ id, name: lineInfos.get(id)?.name ?? `line ${id}` })),
    changeIds,
  };
}
