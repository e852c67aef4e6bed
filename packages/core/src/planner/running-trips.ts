import { tripOnDay } from '../gtfs/trip-days.ts';
import { changesNothing, type DayChanges } from '../service-changes/day-changes.ts';
import { type ScheduleRunsOn, type ServiceDayContext, scheduleRunsOn } from '../service-day.ts';
import { PIECES_PER_YIELD, runSteps, type Steps } from './steps.ts';
import type { RideTrip } from './types.ts';

/**
 * The trips that run on a date, as the planner rides them: the schedules the service-day rule
 * runs on the date (scheduleRunsOn, the rule of the departures), then the date's service changes
 * (tripOnDay: cancelled trips left out, changed times, closed stops not served). Nothing here
 * decides what runs; it only asks the two rules.
 */

/**
 * A trip of the timetable: its stops in travel order and its planned minutes, packed (a whole
 * national timetable is kept in memory): NO_TIME where the trip has no time.
 */
export interface TimetableRideTrip {
  id: number;
  lineId: number;
  travel: readonly number[];
  planned: Int16Array;
}

/** A stop of a trip without a time, in TimetableRideTrip.planned. */
export const NO_TIME = -1;

/** A schedule with its trips, as the planner reads the timetable. */
export interface PlannerSchedule {
  id: number;
  /** The schedule as its mapper gives it: scheduleRunsOn reads what it needs of it. */
  schedule: ScheduleRunsOn;
  trips: readonly TimetableRideTrip[];
}

/** The schedules that run on the service day. */
export function runningSchedules<S extends PlannerSchedule>(
  schedules: readonly S[],
  day: ServiceDayContext,
): S[] {
  return schedules.filter((s) => scheduleRunsOn(s.schedule, day));
}

/**
 * The visits of a trip that can be ridden: a visit whose time is earlier than one before it
 * (a slip in the timetable: 15:26 then 15:25) is not served, so a ride never goes back in time.
 */
export function rideVisits<V extends { minute: number }>(visits: readonly V[]): V[] {
  const kept: V[] = [];
  let latest = -1;
  for (const visit of visits)
    if (visit.minute >= latest) {
      kept.push(visit);
      latest = visit.minute;
    }
  return kept;
}

/** The rides of the running schedules' trips on a date with its service changes. */
export function runningTrips(running: readonly PlannerSchedule[], changes: DayChanges): RideTrip[] {
  return runSteps(runningTripsSteps(running, changes));
}

/** runningTrips as a build that yields now and then (see steps.ts). */
export function* runningTripsSteps(
  running: readonly PlannerSchedule[],
  changes: DayChanges,
): Steps<RideTrip[]> {
  const plain = changesNothing(changes);
  const rides: RideTrip[] = [];
  let pieces = 0;
  for (const { trips } of running)
    for (const trip of trips) {
      if (++pieces % PIECES_PER_YIELD === 0) yield;
      if (plain) {
        const ride = plannedRide(trip);
        if (ride !== null) rides.push(ride);
        continue;
      }
      const planned = Array.from(trip.planned, (m) => (m === NO_TIME ? null : m));
      const on = tripOnDay(changes, trip.id, trip.travel, planned);
      if (!on.runs) continue;
      const visits = rideVisits(on.visits);
      if (visits.length < 2) continue;
      rides.push({
        tripId: trip.id,
        lineId: trip.lineId,
        stops: visits.map((v) => v.stopId),
        minutes: visits.map((v) => v.minute),
      });
    }
  return rides;
}

/**
 * A trip's ride by its planned times on a day that changes nothing: what plannedVisits then
 * rideVisits give (every stop with a time, a time earlier than one before it left out), made
 * straight from the packed minutes (a national day has 140,000 trips and 4 million visits).
 */
function plannedRide(trip: TimetableRideTrip): RideTrip | null {
  const stops: number[] = [];
  const minutes: number[] = [];
  let latest = -1;
  for (let i = 0; i < trip.travel.length; i++) {
    const minute = trip.planned[i];
    if (minute === undefined || minute === NO_TIME || minute < latest) continue;
    stops.push(trip.travel[i] as number);
    minutes.push(minute);
    latest = minute;
  }
  return stops.length < 2 ? null : { tripId: trip.id, lineId: trip.lineId, stops, minutes };
}
