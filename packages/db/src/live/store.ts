import type { LiveProgress } from '@bus/core';
import type SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { openSqliteFile } from '../connection.ts';
import { liveMigrationProvider } from './migrations.ts';
import type { LiveDatabase } from './schema.ts';

/** The live database: its query builder and raw handle (the report path prepares its own statements). */
export interface OpenedLive {
  kysely: Kysely<LiveDatabase>;
  sqlite: SQLite.Database;
}

/**
 * Where the live database of a timetable database lives: beside it, `-live` before its
 * extension ('data/timetable.sqlite' -> 'data/timetable-live.sqlite'); in memory for one in memory.
 */
export function liveDatabasePath(dbPath: string): string {
  if (dbPath === ':memory:' || dbPath === '') return ':memory:';
  const dot = dbPath.lastIndexOf('.');
  const slash = Math.max(dbPath.lastIndexOf('/'), dbPath.lastIndexOf('\\'));
  return dot > slash + 1 ? `${dbPath.slice(0, dot)}-live${dbPath.slice(dot)}` : `${dbPath}-live`;
}

/**
 * Opens (creating when missing) and migrates a live database. Private like the timetable's
 * (mode 0600): it says where drivers were. WAL, so that every serving process reads while one writes.
 */
export async function openLiveDatabase(path: string, busyTimeoutMs = 200): Promise<OpenedLive> {
  // Another process's report holds the lock for well under a millisecond: a short wait, as the
  // event loop waits with it.
  const sqlite = openSqliteFile(path, busyTimeoutMs);
  const kysely = new Kysely<LiveDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({
    db: kysely,
    provider: liveMigrationProvider,
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    sqlite.close();
    throw new Error(`Live database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
  return { kysely, sqlite };
}

/** A live trip as the server works with it. */
export interface LiveTrip {
  tripId: number;
  serviceDate: string;
  source: 'phone' | 'feed';
  userId: number | null;
  vehicle: string | null;
  lineId: number;
  startedAt: number;
  updatedAt: number;
  endedAt: number | null;
  progress: LiveProgress | null;
  /** The row's change counter (see liveTripsChangedAfter). */
  changed: number;
}

interface LiveTripRow {
  trip_id: number;
  service_date: string;
  source: 'phone' | 'feed';
  user_id: number | null;
  vehicle: string | null;
  line_id: number;
  started_at: number;
  updated_at: number;
  ended_at: number | null;
  progress: string | null;
  changed: number;
}

function fromRow(row: LiveTripRow): LiveTrip {
  return {
    tripId: row.trip_id,
    serviceDate: row.service_date,
    source: row.source,
    userId: row.user_id,
    vehicle: row.vehicle,
    lineId: row.line_id,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    endedAt: row.ended_at,
    progress: row.progress === null ? null : (JSON.parse(row.progress) as LiveProgress),
    changed: row.changed,
  };
}

/** An accepted report, as stored. */
export interface LivePositionWrite {
  at: number;
  receivedAt: number;
  lat: number;
  lon: number;
  accuracy: number | null;
  heading: number | null;
}

/** A stop the bus left (or, the last, reached). */
export interface LiveObservedWrite {
  idx: number;
  stopId: number;
  plannedAt: number;
  observedAt: number;
}

/** The statements of the hot paths, prepared once per connection. */
class Statements {
  readonly trip: SQLite.Statement;
  readonly openTripsOfUser: SQLite.Statement;
  readonly start: SQLite.Statement;
  readonly end: SQLite.Statement;
  readonly progress: SQLite.Statement;
  readonly position: SQLite.Statement;
  readonly observed: SQLite.Statement;
  readonly recent: SQLite.Statement;
  readonly changedAfter: SQLite.Statement;
  readonly bump: SQLite.Statement;
  readonly version: SQLite.Statement;
  readonly changes: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    this.trip = sqlite.prepare('SELECT * FROM live_trip WHERE trip_id = ? AND service_date = ?');
    this.openTripsOfUser = sqlite.prepare('SELECT * FROM live_trip WHERE user_id = ? AND ended_at IS NULL');
    this.start = sqlite.prepare(
      `INSERT INTO live_trip (trip_id, service_date, source, user_id, vehicle, line_id, started_at, updated_at, ended_at, progress)
       VALUES (@tripId, @serviceDate, @source, @userId, @vehicle, @lineId, @at, @at, NULL, NULL)
       ON CONFLICT (trip_id, service_date) DO UPDATE SET
         source = excluded.source, user_id = excluded.user_id, vehicle = excluded.vehicle,
         updated_at = excluded.updated_at, ended_at = NULL`,
    );
    this.bump = sqlite.prepare(
      `UPDATE live_trip SET changed = (SELECT ifnull(max(changed), 0) + 1 FROM live_trip) WHERE trip_id = @tripId AND service_date = @serviceDate`,
    );
    this.end = sqlite.prepare(
      `UPDATE live_trip SET ended_at = @at, updated_at = max(updated_at, @at), changed = (SELECT ifnull(max(changed), 0) + 1 FROM live_trip)
       WHERE trip_id = @tripId AND service_date = @serviceDate AND ended_at IS NULL`,
    );
    this.progress = sqlite.prepare(
      `UPDATE live_trip SET progress = @progress, updated_at = @updatedAt, ended_at = @endedAt,
         changed = (SELECT ifnull(max(changed), 0) + 1 FROM live_trip) WHERE trip_id = @tripId AND service_date = @serviceDate`,
    );
    this.position = sqlite.prepare(
      `INSERT INTO live_position (trip_id, service_date, at, received_at, lat, lon, accuracy, heading)
       VALUES (@tripId, @serviceDate, @at, @receivedAt, @lat, @lon, @accuracy, @heading)`,
    );
    this.observed = sqlite.prepare(
      `INSERT INTO live_observed (trip_id, service_date, idx, stop_id, line_id, planned_at, observed_at)
       VALUES (@tripId, @serviceDate, @idx, @stopId, @lineId, @plannedAt, @observedAt)
       ON CONFLICT (trip_id, service_date, idx) DO UPDATE SET observed_at = excluded.observed_at, planned_at = excluded.planned_at`,
    );
    this.recent = sqlite.prepare('SELECT * FROM live_trip WHERE updated_at >= ?');
    this.changedAfter = sqlite.prepare('SELECT * FROM live_trip WHERE changed > ? ORDER BY changed');
    this.version = sqlite.prepare('PRAGMA data_version').pluck();
    this.changes = sqlite.prepare('SELECT total_changes()').pluck();
  }
}

const prepared = new WeakMap<SQLite.Database, Statements>();
function statements(live: OpenedLive): Statements {
  let s = prepared.get(live.sqlite);
  if (s === undefined) {
    s = new Statements(live.sqlite);
    prepared.set(live.sqlite, s);
  }
  return s;
}

export function liveTripOf(live: OpenedLive, tripId: number, serviceDate: string): LiveTrip | undefined {
  const row = statements(live).trip.get(tripId, serviceDate) as LiveTripRow | undefined;
  return row === undefined ? undefined : fromRow(row);
}

/** The trips a driver has started and not ended (at most one, as startLiveTrip keeps it). */
export function openTripsOfUser(live: OpenedLive, userId: number): LiveTrip[] {
  return (statements(live).openTripsOfUser.all(userId) as LiveTripRow[]).map(fromRow);
}

/**
 * Starts following a trip (again: a trip started before keeps what it observed). A driver
 * drives one bus: any other trip they had started ends now. One transaction.
 */
export function startLiveTrip(
  live: OpenedLive,
  trip: {
    tripId: number;
    serviceDate: string;
    source: 'phone' | 'feed';
    userId: number | null;
    vehicle: string | null;
    lineId: number;
    at: number;
  },
): void {
  const s = statements(live);
  live.sqlite.transaction(() => {
    if (trip.userId !== null)
      for (const other of s.openTripsOfUser.all(trip.userId) as LiveTripRow[])
        if (other.trip_id !== trip.tripId || other.service_date !== trip.serviceDate)
          s.end.run({ tripId: other.trip_id, serviceDate: other.service_date, at: trip.at });
    s.start.run(trip);
    s.bump.run(trip);
  })();
}

/** Ends a trip (the driver's Stop); false when it was not in service. */
export function endLiveTrip(live: OpenedLive, tripId: number, serviceDate: string, at: number): boolean {
  return statements(live).end.run({ tripId, serviceDate, at }).changes > 0;
}

/** An accepted report: the trip's new progress, the position and the stops it left, in one transaction. */
export function recordLiveReport(
  live: OpenedLive,
  trip: { tripId: number; serviceDate: string; lineId: number },
  progress: LiveProgress,
  position: LivePositionWrite,
  observed: readonly LiveObservedWrite[],
): void {
  const s = statements(live);
  const key = { tripId: trip.tripId, serviceDate: trip.serviceDate };
  live.sqlite.transaction(() => {
    s.progress.run({
      ...key,
      progress: JSON.stringify(progress),
      updatedAt: position.receivedAt,
      endedAt: progress.ended ? position.receivedAt : null,
    });
    s.position.run({ ...key, ...position });
    for (const o of observed) s.observed.run({ ...key, lineId: trip.lineId, ...o });
  })();
}

/** The trips reported (or started, or ended) since `since`: what the live state is made of. */
export function liveTripsSince(live: OpenedLive, since: number): LiveTrip[] {
  return (statements(live).recent.all(since) as LiveTripRow[]).map(fromRow);
}

/** The trips written after change `after` (startLiveTrip, a report, an end), oldest change first. */
export function liveTripsChangedAfter(live: OpenedLive, after: number): LiveTrip[] {
  return (statements(live).changedAfter.all(after) as LiveTripRow[]).map(fromRow);
}

/** Moves whenever any connection commits to the live database (another process's report). */
export function liveStamp(live: OpenedLive): string {
  const s = statements(live);
  return `${s.version.get()}:${s.changes.get()}`;
}

/**
 * The privacy rule: positions older than `before` are deleted, and the trips last reported
 * before it forget who drove. The observed times (no person, no position) stay for the
 * punctuality report. Returns how many positions went.
 */
export function forgetLiveBefore(live: OpenedLive, before: number): number {
  return live.sqlite.transaction(() => {
    const gone = live.sqlite.prepare('DELETE FROM live_position WHERE received_at < ?').run(before).changes;
    // A new change number, so every process's live state takes the forgetting in.
    live.sqlite
      .prepare(
        `UPDATE live_trip SET user_id = NULL, changed = (SELECT ifnull(max(changed), 0) + 1 FROM live_trip)
         WHERE updated_at < ? AND user_id IS NOT NULL`,
      )
      .run(before);
    return gone;
  })();
}

/** One observed stop time, for the punctuality report. */
export interface ObservedStopTime {
  tripId: number;
  serviceDate: string;
  idx: number;
  stopId: number;
  lineId: number;
  plannedAt: number;
  observedAt: number;
}

/** The observed stop times planned within [from, until). */
export function observedBetween(live: OpenedLive, from: number, until: number): ObservedStopTime[] {
  return live.sqlite
    .prepare(
      `SELECT trip_id AS tripId, service_date AS serviceDate, idx, stop_id AS stopId, line_id AS lineId,
         planned_at AS plannedAt, observed_at AS observedAt
       FROM live_observed WHERE planned_at >= ? AND planned_at < ? ORDER BY planned_at`,
    )
    .all(from, until) as ObservedStopTime[];
}

/** The positions of one trip (tests, and a staff look at a trip's track). */
export function positionsOf(
  live: OpenedLive,
  tripId: number,
  serviceDate: string,
): (LivePositionWrite & { id: number })[] {
  return live.sqlite
    .prepare(
      `SELECT id, at, received_at AS receivedAt, lat, lon, accuracy, heading FROM live_position
       WHERE trip_id = ? AND service_date = ? ORDER BY at`,
    )
    .all(tripId, serviceDate) as (LivePositionWrite & { id: number })[];
}
