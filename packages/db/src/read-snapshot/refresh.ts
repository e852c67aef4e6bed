import { type RouteType, shareSearchIndex } from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { OpenedDatabase } from '../connection.ts';
import { listHolidays } from '../repositories/holidays.ts';
import { listYearlyRules } from '../repositories/rules.ts';
import { listWindows } from '../repositories/schedules.ts';
import { listServiceChanges } from '../repositories/service-changes.ts';
import { type DataBasis, dataBasis, dataStamp } from './change-stamp.ts';
import {
  listLowFloorSchedules,
  type ReadSnapshot,
  readSnapshot,
  routeWeeklyOf,
  type SearchStop,
  type SnapshotStopRow,
  STOP_SELECT,
  searchStop,
} from './snapshot.ts';
import {
  LINE_TRIP_FACTS_SELECT,
  longestRoute,
  PACKED_MAX_STOPS,
  type TripFactsRow,
  tripFactsOf,
} from './trip-facts.ts';

/**
 * The snapshot of the data as it is now, from an older one: only what the history says has
 * changed since (the lines and schedules of a line, a stop, the rules, the holidays, the service changes) is read
 * again, so the first answer after an admin save does not wait for the whole timetable to be
 * read. An import or a restore (or more changes than are worth following) reads it all. The
 * older snapshot is left as it was: requests still using it see no change under them.
 */
export async function refreshSnapshot(opened: OpenedDatabase, previous: ReadSnapshot): Promise<ReadSnapshot> {
  const { sqlite } = opened;
  const stamp = dataStamp(sqlite);
  const basis = dataBasis(sqlite);
  const plan = planOf(sqlite, previous, basis);
  if (plan === 'whole') return readSnapshot(opened);
  if (plan === 'same') return { ...previous, stamp, basis };
  const changes = sqlite
    .prepare('SELECT kind, entity_id, line_id FROM change_log WHERE id > ? AND id <= ?')
    .all(previous.basis.changeId, basis.changeId) as {
    kind: string;
    entity_id: number | null;
    line_id: number | null;
  }[];

  const lineIds = new Set<number>();
  const stopIds = new Set<number>();
  let rules = false;
  let holidays = false;
  let serviceChanges = false;
  for (const c of changes) {
    if ((c.kind === 'line' || c.kind === 'schedule') && c.line_id !== null) lineIds.add(c.line_id);
    else if (c.kind === 'stop' && c.entity_id !== null) stopIds.add(c.entity_id);
    else if (c.kind === 'rules') rules = true;
    else if (c.kind === 'holiday') holidays = true;
    else if (c.kind === 'service_change') serviceChanges = true;
  }

  const routeStops = new Map(previous.routeStops);
  const routeLines = new Map(previous.routeLines);
  const routeWeekly = new Map(previous.routeWeekly);
  const lines = new Map(previous.lines);
  // Busyness of the stops the changed routes pass, before and after.
  const weeklyDelta = new Map<number, number>();
  const addWeekly = (routeId: number, stops: readonly number[] | undefined, sign: 1 | -1) => {
    const perWeek = routeWeekly.get(routeId) ?? 0;
    if (perWeek === 0) return;
    for (const stopId of stops ?? [])
      weeklyDelta.set(stopId, (weeklyDelta.get(stopId) ?? 0) + sign * perWeek);
  };
  if (lineIds.size > 0) {
    for (const [routeId, lineId] of previous.routeLines) {
      if (!lineIds.has(lineId)) continue;
      addWeekly(routeId, routeStops.get(routeId), -1);
      routeStops.delete(routeId);
      routeLines.delete(routeId);
      routeWeekly.delete(routeId);
    }
    const ids = [...lineIds];
    for (const id of ids) lines.delete(id);
    const list = ids.map(Number).join(',');
    for (const l of sqlite.prepare(`SELECT id, name, route_type FROM line WHERE id IN (${list})`).all() as {
      id: number;
      name: string;
      route_type: RouteType;
    }[])
      lines.set(l.id, { name: l.name, routeType: l.route_type });
    const rows = sqlite
      .prepare(
        `SELECT r.id, r.line_id, rs.stop_id FROM route r LEFT JOIN route_stop rs ON rs.route_id = r.id
         WHERE r.line_id IN (${list}) ORDER BY r.id, rs.seq`,
      )
      .raw()
      .all() as [number, number, number | null][];
    for (const [routeId, lineId, stopId] of rows) {
      routeLines.set(routeId, lineId);
      let stops = routeStops.get(routeId);
      if (!stops) {
        stops = [];
        routeStops.set(routeId, stops);
      }
      if (stopId !== null) stops.push(stopId);
    }
    // A line save may have created stops (the route editor's new stops): read those too.
    for (const [, , stopId] of rows)
      if (stopId !== null && !previous.stopNames.has(stopId)) stopIds.add(stopId);
    const changedRoutes = rows.map(([routeId]) => routeId);
    if (changedRoutes.length > 0) {
      for (const [routeId, perWeek] of routeWeeklyOf(sqlite, [...new Set(changedRoutes)]))
        routeWeekly.set(routeId, perWeek);
    }
    for (const routeId of new Set(changedRoutes)) addWeekly(routeId, routeStops.get(routeId), 1);
  }

  // Copied only when a stop itself changed (15,000 entries at national scale).
  const stopSortKeys = stopIds.size === 0 ? previous.stopSortKeys : new Map(previous.stopSortKeys);
  let stopsSorted = previous.stopsSorted;
  const changedStops = new Set([
    ...stopIds,
    ...[...weeklyDelta].filter(([, d]) => d !== 0).map(([id]) => id),
  ]);
  if (changedStops.size > 0) {
    const reread = new Map<number, SnapshotStopRow>();
    if (stopIds.size > 0) {
      for (const row of sqlite
        .prepare(`${STOP_SELECT} WHERE id IN (${[...stopIds].map(Number).join(',')})`)
        .all() as SnapshotStopRow[])
        reread.set(row.id, row);
    }
    // The stops read again, as they were (for their busyness): a map only when there are some.
    const byId =
      reread.size === 0 ? null : new Map(stopsSorted.filter((s) => reread.has(s.id)).map((s) => [s.id, s]));
    const kept = stopIds.size === 0 ? stopsSorted : stopsSorted.filter((s) => !stopIds.has(s.id));
    // Stops whose name stayed: only their busyness may have moved (a new object, same place).
    const next: SearchStop[] = kept.map((s) => {
      const delta = weeklyDelta.get(s.id) ?? 0;
      return delta === 0 ? s : { ...s, weeklyDepartures: s.weeklyDepartures + delta };
    });
    for (const id of stopIds) stopSortKeys.delete(id);
    for (const row of reread.values()) {
      const old = byId?.get(row.id);
      const weekly = (old?.weeklyDepartures ?? 0) + (weeklyDelta.get(row.id) ?? 0);
      stopSortKeys.set(row.id, row.name_sort);
      // Binary search for the place by (sort key, id), the order readSnapshot reads them in.
      let lo = 0;
      let hi = next.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const other = next[mid] as SearchStop;
        const key = stopSortKeys.get(other.id) ?? '';
        if (key < row.name_sort || (key === row.name_sort && other.id < row.id)) lo = mid + 1;
        else hi = mid;
      }
      next.splice(lo, 0, searchStop(row, weekly, lo));
    }
    stopsSorted = next.map((s, order) => (s.order === order ? s : { ...s, order }));
    // The same names in the same places: the stop search's index stays good.
    if (stopIds.size === 0) shareSearchIndex(previous.stopsSorted, stopsSorted);
  }

  let trips = previous.trips;
  if (lineIds.size > 0 && trips !== null) {
    const rows = sqlite
      .prepare(`${LINE_TRIP_FACTS_SELECT} WHERE s.line_id IN (${[...lineIds].map(Number).join(',')})`)
      .raw()
      .all() as TripFactsRow[];
    trips = longestRoute(routeStops) >= PACKED_MAX_STOPS ? null : tripFactsOf(rows, trips);
  }

  const [newRules, newHolidays, newServiceChanges] = await Promise.all([
    rules ? listYearlyRules(opened.kysely) : previous.rules,
    holidays ? listHolidays(opened.kysely) : previous.holidays,
    serviceChanges ? listServiceChanges(opened.kysely) : previous.serviceChanges,
  ]);
  return {
    stamp,
    basis,
    routeLines,
    routeWeekly,
    stopSortKeys,
    routeStops,
    stopNames: stopIds.size === 0 ? previous.stopNames : new Map(stopsSorted.map((s) => [s.id, s.name])),
    stopsSorted,
    lines,
    trips,
    rules: newRules,
    holidays: newHolidays,
    serviceChanges: newServiceChanges,
    // A few rows (the windowed schedules): read again rather than followed change by change.
    windows: lineIds.size > 0 ? listWindows(sqlite) : previous.windows,
    // Likewise the low-floor schedules (a schedule's save names its line).
    lowFloorSchedules: lineIds.size > 0 ? listLowFloorSchedules(sqlite) : previous.lowFloorSchedules,
  };
}

/** What a snapshot needs to catch up with the data: nothing, the changed lines' part, or all. */
export type RefreshPlan = 'same' | 'changes' | 'whole';

/** At most this many history entries are followed one by one; more: read it all (refreshSnapshot). */
const MAX_FOLLOWED_CHANGES = 200;

/**
 * refreshSnapshot's choice, found with one or two small reads: an import or a restore (or more
 * changes than are worth following) reads it all.
 */
export function refreshPlan(sqlite: SQLite.Database, previous: ReadSnapshot): RefreshPlan {
  return planOf(sqlite, previous, dataBasis(sqlite));
}

function planOf(sqlite: SQLite.Database, previous: ReadSnapshot, basis: DataBasis): RefreshPlan {
  const reloaded = basis.imported !== previous.basis.imported || basis.restored !== previous.basis.restored;
  if (reloaded || basis.changeId < previous.basis.changeId) return 'whole';
  if (basis.changeId === previous.basis.changeId) return 'same';
  const followed = sqlite
    .prepare('SELECT count(*) FROM (SELECT 1 FROM change_log WHERE id > ? AND id <= ? LIMIT ?)')
    .pluck()
    .get(previous.basis.changeId, basis.changeId, MAX_FOLLOWED_CHANGES + 1) as number;
  return followed > MAX_FOLLOWED_CHANGES ? 'whole' : 'changes';
}
