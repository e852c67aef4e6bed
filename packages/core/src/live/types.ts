import type { Position } from '../domain.ts';

/**
 * Live buses (issue 40): a trip followed from the positions its bus reports (a driver's phone
 * on /drive, or a tracker's GTFS-Realtime feed). Pure rules: the server keeps a trip's
 * LiveProgress between reports and asks these rules what a report changes and what riders see.
 *
 * Instants are milliseconds since 1970 (UTC); planned times are Vilnius wall-clock minutes of the
 * trip's service date, turned into instants with vilniusInstant(serviceDate, minute).
 */

/** One stop a trip makes that day, in travel order (core's TripVisit with its stop's map position). */
export interface LiveVisit {
  /** Travel index (the trip's stop_sequence in /gtfs.zip). */
  index: number;
  stopId: number;
  /** Planned minute after midnight of the service date, with the day's changed times. */
  minute: number;
  /** The stop's map position; null when staff have not placed it. */
  position: Position | null;
}

/** A position as the bus reports it. */
export interface LiveReport {
  /** When the position was taken (the phone's or tracker's clock), ms. */
  at: number;
  lat: number;
  lon: number;
  /** Metres, as the Geolocation API gives it; null when unknown. */
  accuracy: number | null;
  /** Degrees clockwise from north, as the device gives it; null when unknown. */
  heading: number | null;
}

/** Where a followed trip stands: kept by the server between reports (JSON-safe). */
export interface LiveProgress {
  /** Metres along the trip's path (see livePath), never moving backwards. */
  along: number;
  /** Per visit (array position in the visits): the observed departure instant, or null. */
  observed: (number | null)[];
  /** How many visits the bus has left behind (visits[0..passed-1] departed). */
  passed: number;
  /** The visit the bus is at (within 60 m, not left yet), or -1. */
  at: number;
  /** The last accepted report. */
  lastAt: number;
  lat: number;
  lon: number;
  /** Degrees clockwise from north (from the device, or from the last two positions); null: unknown. */
  bearing: number | null;
  /** The bus reached its last stop: the trip is over. */
  ended: boolean;
}

/** Why a report is refused (nothing is stored). */
export type LiveRefusal =
  /** The report's time is more than 2 minutes off the server clock. */
  | 'clockOff'
  /** Less than a second after the trip's previous report. */
  | 'tooOften'
  /** The move from the previous report implies more than 150 km/h. */
  | 'tooFast'
  /** More than 2 km from the trip's path. */
  | 'tooFar'
  /** None of the trip's stops has a map position: nothing to place the bus by. */
  | 'noPositions';

/** One stop of a live trip as riders see it. */
export interface LiveStopState {
  index: number;
  stopId: number;
  /** 'passed': the bus has left it; 'at': standing there; 'next': the next stop; 'ahead': later. */
  status: 'passed' | 'at' | 'next' | 'ahead';
  /** Planned instant (with the day's changed times). */
  planned: number;
  /** Observed departure instant (passed stops; the last stop: arrival). */
  observed: number | null;
  /** Expected instant: observed for passed stops, the prediction for the others, planned when stale. */
  expected: number;
}

/** What riders see of a live trip at an instant. */
export interface LivePrediction {
  /** Seconds late (negative: early) at the next stop; null when stale. */
  delaySeconds: number | null;
  /** No report for 3 minutes: planned times again, "no live data". */
  stale: boolean;
  /** Seconds since the last report. */
  positionAge: number;
  ended: boolean;
  stops: LiveStopState[];
}
