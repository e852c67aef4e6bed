import { addDays } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import { changesNothing, dayChanges } from '../service-changes/day-changes.ts';
import type { AlertCause, AlertEffect, ServiceChange } from '../service-changes/types.ts';
import { scheduleRunsOn, serviceDayContext } from '../service-day.ts';
import { vilniusInstant } from '../vilnius-instant.ts';
import { type FeedIds, gtfsDate } from './feed.ts';
import { plannedMinutes, travelStops, tripOnDay } from './trip-days.ts';

/**
 * The GTFS-Realtime feeds (https://gtfs.org/realtime/reference/) of the service changes, as
 * plain objects in the field names of gtfs-realtime.proto's JavaScript bindings (camelCase,
 * enums by name): the server encodes them as protobuf or JSON. Built from the same data and the
 * same rules (dayChanges, tripOnDay) as the static feed, and naming only ids the static feed
 * holds (`ids`), so every route_id, stop_id, trip_id and agency_id matches /gtfs.zip.
 */

export interface RtTranslatedString {
  translation: { text: string; language?: string }[];
}

export interface RtTripDescriptor {
  tripId: string;
  routeId: string;
  /** YYYYMMDD */
  startDate?: string;
  scheduleRelationship?: 'SCHEDULED' | 'CANCELED';
}

export interface RtEntitySelector {
  agencyId?: string;
  routeId?: string;
  stopId?: string;
  trip?: RtTripDescriptor;
}

export interface RtStopTimeUpdate {
  stopSequence: number;
  stopId: string;
  /** POSIX seconds; `delay`: seconds late against the static feed (live buses). */
  arrival?: { time: number; delay?: number };
  departure?: { time: number; delay?: number };
  scheduleRelationship: 'SCHEDULED' | 'SKIPPED';
}

export interface RtTripUpdate {
  trip: RtTripDescriptor;
  stopTimeUpdate: RtStopTimeUpdate[];
  timestamp: number;
}

export interface RtAlert {
  activePeriod: { start?: number; end?: number }[];
  informedEntity: RtEntitySelector[];
  cause: AlertCause;
  effect: AlertEffect;
  url?: RtTranslatedString;
  headerText: RtTranslatedString;
  descriptionText?: RtTranslatedString;
}

/** Where a followed bus is (issue 40). */
export interface RtVehiclePosition {
  trip: RtTripDescriptor;
  vehicle: { id: string; label?: string };
  position: { latitude: number; longitude: number; bearing?: number };
  currentStopSequence?: number;
  stopId?: string;
  currentStatus?: 'INCOMING_AT' | 'STOPPED_AT' | 'IN_TRANSIT_TO';
  /** POSIX seconds of the position. */
  timestamp: number;
}

export interface RtEntity {
  id: string;
  tripUpdate?: RtTripUpdate;
  alert?: RtAlert;
  vehicle?: RtVehiclePosition;
}

export interface RtFeedMessage {
  header: { gtfsRealtimeVersion: '2.0'; incrementality: 'FULL_DATASET'; timestamp: number };
  entity: RtEntity[];
}

/** What both feeds are made of. */
export interface RtSources {
  dataset: TimetableDataset;
  changes: readonly ServiceChange[];
  /** The ids the static feed holds. */
  ids: FeedIds;
  /** Today in Vilnius, YYYY-MM-DD. */
  today: string;
  /** The static feed's last date: dated trips of an alert are listed up to it. */
  windowEnd: string;
  /** The header's timestamp, POSIX seconds. */
  timestamp: number;
}

export function rtFeedMessage(timestamp: number, entity: RtEntity[]): RtFeedMessage {
  return { header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp }, entity };
}

/** POSIX seconds of a Vilnius date's minute. */
export function posixSeconds(date: string, minute: number): number {
  return Math.round(vilniusInstant(date, minute) / 1000);
}

/** A regular trip with what the feeds need of it. */
export interface TimetableTrip {
  tripId: number;
  lineId: number;
  schedule: TimetableDataset['schedules'][number];
  travel: number[];
  planned: (number | null)[];
}

/** Every trip of the timetable with its travel order and planned minutes, by schedule then trip id. */
export function timetableTrips(dataset: TimetableDataset): TimetableTrip[] {
  const routeStops = new Map(dataset.lines.flatMap((l) => l.routes.map((r) => [r.id, r.stopIds] as const)));
  const trips: TimetableTrip[] = [];
  for (const schedule of [...dataset.schedules].sort((a, b) => a.id - b.id)) {
    for (const trip of [...schedule.trips].sort((a, b) => a.id - b.id)) {
      const stops = routeStops.get(trip.routeId);
      if (stops === undefined) continue;
      const travel = travelStops(trip, stops);
      trips.push({
        tripId: trip.id,
        lineId: schedule.lineId,
        schedule,
        travel,
        planned: plannedMinutes(trip, travel),
      });
    }
  }
  return trips;
}

/**
 * Today's and tomorrow's trip updates of the service changes: a trip that runs that date by the
 * regular timetable (and that the static feed holds) but is cancelled, or that the changes leave
 * carrying nobody (fewer than two stops: /gtfs.zip leaves that day's variant out), is CANCELED,
 * named by its own trip_id with the date and the route. A trip that runs with changed times or
 * without a closed stop needs nothing here: that day /gtfs.zip runs its variant
 * (`<tripId>-r<change>`, `-x<stop>`) with those very times and stops, and an update naming the
 * regular trip, which /gtfs.zip does not run that day, would be missed by consumers (issue 40).
 * Live buses add their own updates, naming the trip as that day's static feed does.
 */
export function tripUpdatesFeed(sources: RtSources): RtFeedMessage {
  const { dataset, changes, ids, today, timestamp } = sources;
  const entities: RtEntity[] = [];
  const trips = timetableTrips(dataset);
  for (const date of [today, addDays(today, 1)]) {
    const day = dayChanges(changes, date);
    if (changesNothing(day)) continue;
    const context = serviceDayContext(date, dataset.yearlyRules, dataset.holidays);
    for (const trip of trips) {
      const tripId = String(trip.tripId);
      if (!ids.trips.has(tripId) || !scheduleRunsOn(trip.schedule, context)) continue;
      const on = tripOnDay(day, trip.tripId, trip.travel, trip.planned);
      if (on.runs && (on.variant === '' || on.visits.length >= 2)) continue;
      entities.push({
        id: `${gtfsDate(date)}-${tripId}`,
        tripUpdate: {
          trip: {
            tripId,
            routeId: String(trip.lineId),
            startDate: gtfsDate(date),
            scheduleRelationship: 'CANCELED',
          },
          stopTimeUpdate: [],
          timestamp,
        },
      });
    }
  }
  return rtFeedMessage(timestamp, entities);
}
