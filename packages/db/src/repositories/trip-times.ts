import { remapTripTimes } from '@bus/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { chunksOf, rowsPerInsert, selectByIds } from './bound-lists.ts';

/**
 * Times follow their stops when a route's stops change (core remapTripTimes): every trip on
 * the route gets its times moved to where their stops now are, in travel order (reversed
 * trips included); a stop it did not have gets no time. Returns the ids of the schedules
 * whose trips changed.
 */
export async function remapRouteTripTimes(
  db: Kysely<Database>,
  routeId: number,
  previousStops: readonly number[],
  nextStops: readonly number[],
): Promise<number[]> {
  const trips = await db
    .selectFrom('trip')
    .select(['id', 'schedule_id', 'route_dir_reversed'])
    .where('route_id', '=', routeId)
    .orderBy('id')
    .execute();
  if (trips.length === 0) return [];
  const times = await listTripTimes(
    db,
    trips.map((t) => t.id),
  );
  const byTrip = new Map<number, (number | null)[]>();
  for (const row of times) {
    const list = byTrip.get(row.trip_id) ?? [];
    list[row.seq] = row.minute;
    byTrip.set(row.trip_id, list);
  }
  const changed = new Set<number>();
  for (const trip of trips) {
    // A stored list may be shorter than the old route (imported data): missing = no time.
    const stored = Array.from({ length: previousStops.length }, (_, i) => byTrip.get(trip.id)?.[i] ?? null);
    const { timeList } = remapTripTimes(previousStops, nextStops, stored, trip.route_dir_reversed === 1);
    const before = byTrip.get(trip.id) ?? [];
    if (timeList.length === before.length && timeList.every((m, i) => m === (before[i] ?? null))) continue;
    changed.add(trip.schedule_id);
    await db.deleteFrom('trip_time').where('trip_id', '=', trip.id).execute();
    const rows = timeList.map((minute, seq) => ({ trip_id: trip.id, seq, minute }));
    for (const part of chunksOf(rows, rowsPerInsert(3)))
      await db.insertInto('trip_time').values(part).execute();
  }
  return [...changed].sort((a, b) => a - b);
}

/** Stop ids of each route, in drawn order. */
export async function routeStopIds(
  db: Kysely<Database>,
  routeIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  const rows = await selectByIds(routeIds, (part) =>
    db
      .selectFrom('route_stop')
      .select(['route_id', 'stop_id'])
      .where('route_id', 'in', part)
      .orderBy('route_id')
      .orderBy('seq')
      .execute(),
  );
  for (const id of routeIds) result.set(id, []);
  for (const row of rows) result.get(row.route_id)?.push(row.stop_id);
  return result;
}

/** The stop times of these trips, trip by trip in stop order (minutes; null = no time). */
export async function listTripTimes(
  db: Kysely<Database>,
  tripIds: readonly number[],
): Promise<{ trip_id: number; seq: number; minute: number | null }[]> {
  return selectByIds(tripIds, (part) =>
    db
      .selectFrom('trip_time')
      .select(['trip_id', 'seq', 'minute'])
      .where('trip_id', 'in', part)
      .orderBy('trip_id')
      .orderBy('seq')
      .execute(),
  );
}

/** A trip's route and direction, and its planned minutes by timeList index (null = no time). */
export interface TripTimesRow {
  routeId: number;
  reversed: boolean;
  minutes: (number | null)[];
}

type Connection = SQLite.Database;

/** The two statements tripTimesOf reads with, prepared once per connection. */
const tripStatements = new WeakMap<Connection, { trip: SQLite.Statement; times: SQLite.Statement }>();

/**
 * One trip's route, direction and planned minutes, read synchronously through `connection` (a
 * read side's connection, possibly held at an older state during an import): what a retime
 * is applied to when a departures answer lays the date's service changes over it.
 */
export function tripTimesOf(connection: Connection, tripId: number): TripTimesRow | undefined {
  let statements = tripStatements.get(connection);
  if (statements === undefined) {
    statements = {
      trip: connection.prepare(
        'SELECT route_id AS routeId, route_dir_reversed AS reversed FROM trip WHERE id = ?',
      ),
      times: connection.prepare('SELECT seq, minute FROM trip_time WHERE trip_id = ? ORDER BY seq'),
    };
    tripStatements.set(connection, statements);
  }
  const trip = statements.trip.get(tripId) as { routeId: number; reversed: number } | undefined;
  if (trip === undefined) return undefined;
  const minutes: (number | null)[] = [];
  for (const row of statements.times.all(tripId) as { seq: number; minute: number | null }[])
    minutes[row.seq] = row.minute;
  return {
    routeId: trip.routeId,
    reversed: trip.reversed === 1,
    minutes: Array.from(minutes, (m) => m ?? null),
  };
}
