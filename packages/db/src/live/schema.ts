import type { Generated } from 'kysely';

/**
 * The live database (issue 40): where buses are now. A file of its own beside the timetable's
 * (liveDatabasePath), so that a position written every few seconds never moves the timetable's
 * change stamp: the kept public answers, the read snapshot and the planner stay as they are, and
 * the live part is laid over them. Instants are milliseconds since 1970; dates 'YYYY-MM-DD'
 * (the trip's service date, Vilnius).
 */
export interface LiveDatabase {
  live_trip: LiveTripTable;
  live_position: LivePositionTable;
  live_observed: LiveObservedTable;
}

/** A trip being (or once) followed on a service date. */
export interface LiveTripTable {
  trip_id: number;
  service_date: string;
  /** 'phone': a driver on /drive; 'feed': a tracker's GTFS-Realtime feed. */
  source: 'phone' | 'feed';
  /** The driver's account (never shown to the public); null for a feed, and once the positions are deleted. */
  user_id: number | null;
  /** The feed's vehicle label or id; null for a phone. */
  vehicle: string | null;
  line_id: number;
  started_at: number;
  /** The last accepted report (or the start). */
  updated_at: number;
  /** Stopped by the driver, or the last stop reached; null while in service. */
  ended_at: number | null;
  /** core's LiveProgress as JSON; null until the first report. */
  progress: string | null;
  /** Moves on every write of the row, past every other row's (liveTripsChangedAfter). */
  changed: Generated<number>;
}

/** An accepted report: kept LIVE_KEEP_DAYS, then deleted. */
export interface LivePositionTable {
  id: Generated<number>;
  trip_id: number;
  service_date: string;
  /** When the device took it. */
  at: number;
  /** When the server took it. */
  received_at: number;
  lat: number;
  lon: number;
  accuracy: number | null;
  heading: number | null;
}

/** When a bus left a stop (the last stop: reached it), for predictions and the punctuality report. */
export interface LiveObservedTable {
  trip_id: number;
  service_date: string;
  /** Travel index of the stop in the trip (stop_sequence). */
  idx: number;
  stop_id: number;
  line_id: number;
  planned_at: number;
  observed_at: number;
}
