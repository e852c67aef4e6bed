import { isStoredId, SaveLineFields, type Stop } from '@bus/core';
import type { LineFullData, LineTemplateData } from '../admin-api.tsx';
import { distancesToSave, type RouteStops } from './route-stops.ts';
import { savedId, tempId } from './temp-ids.ts';

/** The line editor's model: texts as typed, temporary negative ids for new notes and routes. */
export interface LineDraft {
  info: {
    id: number | null;
    name: string;
    routeStart: string;
    routeEnd: string;
    routeType: string;
    operator: string;
    anykStationPlatform: string;
    price: string;
    enabledSeasonalYearlyRuleFilter: boolean;
  };
  notes: { id: number; noteKey: string; noteValue: string }[];
  routes: RouteDraft[];
}

export interface RouteDraft extends RouteStops<Stop> {
  id: number;
  routeNotes: string;
  /** Ids of the schedules with a trip on this route (a used route cannot be deleted). */
  usage: number[];
}

export function lineToDraft(data: LineFullData | LineTemplateData): LineDraft {
  const { info } = data;
  return {
    info: {
      id: info.id,
      name: info.name ?? '',
      routeStart: info.routeStart ?? '',
      routeEnd: info.routeEnd ?? '',
      routeType: info.routeType ?? '',
      operator: info.operator ?? '',
      anykStationPlatform: info.anykStationPlatform ?? '',
      price: info.price ?? '',
      enabledSeasonalYearlyRuleFilter: info.enabledSeasonalYearlyRuleFilter,
    },
    notes: info.customNotes.map((n) => ({ id: n.id, noteKey: n.noteKey, noteValue: n.noteValue })),
    routes: data.routes.map((route, index) => ({
      id: route.id,
      routeNotes: route.routeNotes ?? '',
      stops: [...route.stopsArr],
      distances: route.distanceMetersList.map((d) => (d === null ? '' : String(d))),
      usage: [...(data.routeUsage[index] ?? [])],
    })),
  };
}

/** A new route variation: one empty stop (spec section 2). */
export function newRoute(): RouteDraft {
  return { id: tempId(), routeNotes: '', stops: [null], distances: [], usage: [] };
}

/** A copy of a route with ' - copy' appended to its notes and a new temporary id. */
export function duplicateRoute(route: RouteDraft, copySuffix: string): RouteDraft {
  return {
    id: tempId(),
    routeNotes: `${route.routeNotes}${copySuffix}`,
    stops: [...route.stops],
    distances: [...route.distances],
    usage: [],
  };
}

/** What the save posts before validation: new ids null, an unchosen stop as id 0 (invalid). */
export function lineToInput(draft: LineDraft) {
  return {
    info: {
      ...draft.info,
      customNotes: draft.notes.map((n) => ({
        id: savedId(n.id),
        noteKey: n.noteKey,
        noteValue: n.noteValue,
      })),
    },
    routes: draft.routes.map((route) => ({
      id: savedId(route.id),
      routeNotes: route.routeNotes,
      // A new stop goes with its name: the line save creates it (temporary negative id).
      stopsArr: route.stops.map((stop) =>
        stop && !isStoredId(stop.id) ? { id: stop.id, name: stop.name } : { id: stop?.id ?? 0 },
      ),
      distanceMetersList: distancesToSave(route.distances),
    })),
  };
}

/** The line's save rules (spec section 5) with core's schema: the input to send, or the paths to outline. */
export function validateLine(draft: LineDraft) {
  const result = SaveLineFields.safeParse(lineToInput(draft));
  if (result.success) return { success: true as const, data: result.data };
  return { success: false as const, paths: result.error.issues.map((issue) => issue.path.join('.')) };
}

export interface RouteChange {
  /** The route variation's place in the editor (0-based). */
  index: number;
  /** Schedules with trips on it, whose times move with their stops. */
  schedules: number[];
  /** Names of the stops it gains: they get no time until staff give one. */
  newStops: string[];
}

/** Stored routes used by schedules whose stops the draft adds, removes or reorders. */
export function routeChanges(loaded: LineDraft, draft: LineDraft): RouteChange[] {
  const changes: RouteChange[] = [];
  draft.routes.forEach((route, index) => {
    const before = loaded.routes.find((r) => r.id === route.id);
    if (!before || before.usage.length === 0) return;
    const ids = (stops: RouteDraft['stops']) => stops.map((s) => s?.id ?? 0);
    const was = ids(before.stops);
    const now = ids(route.stops);
    if (was.length === now.length && was.every((id, i) => id === now[i])) return;
    const had = new Set(was);
    const newStops = route.stops.filter((s) => s !== null && !had.has(s.id)).map((s) => s?.name ?? '');
    changes.push({ index, schedules: [...before.usage], newStops });
  });
  return changes;
}
