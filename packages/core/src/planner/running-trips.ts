import type { StepFree } from '../domain.ts';
import { tripOnDay } from '../gtfs/trip-days.ts';
import { changesNothing, type DayChanges } from '../service-changes/day-changes.ts';
import { type ScheduleRunsOn, type ServiceDayContext, scheduleRunsOn } from '../service-day.ts';
import { PIECES_PER_YIELD, runSteps, type Steps } from './steps.ts';
import {
  NO_TIME,
  type PackedTimetable,
  PackedTimetableBuilder,
  PLANNED_CHUNK,
  PLANNED_CHUNK_BITS,
} from './timetable.ts';
import type { RideTrip } from './types.ts';

/**
 * The trips that run on a date, as the planner rides them: the schedules the service-day rule
 * runs on the date (scheduleRunsOn, the rule of the departures), then the date's service changes
 * (tripOnDay: cancelled trips left out, changed times, closed stops not served). Nothing here
 * decides what runs; it only asks the two rules.
 */

/**
 * A trip of the timetable as objects: its stops in travel order and its planned minutes
 * (NO_TIME where the trip has no time). The server keeps the timetable packed (timetable.ts);
 * runningTrips packs these first.
 */
export interface TimetableRideTrip {
  id: number;
  lineId: number;
  travel: readonly number[];
  planned: Int16Array;
}

export { NO_TIME };

/** A schedule with its trips, as objects. */
export interface PlannerSchedule {
  id: number;
  /**
   * The schedule as its mapper gives it: scheduleRunsOn reads what it needs of it, the
   * step-free plans its bus's mark (issue 41).
   */
  schedule: ScheduleRunsOn & { stepFree?: StepFree };
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

/**
 * A day's rides packed: ride r is trip tripIds[r] of line lineIds[r], at stops[start[r] ..
 * start[r + 1]) and minutes at the same places, in the order of the running schedules and their
 * trips; stepFree[r] is 1 when its bus is marked low-floor with a ramp (issue 41).
 */
export interface DayRides {
  count: number;
  tripIds: Int32Array;
  lineIds: Int32Array;
  stepFree: Uint8Array;
  start: Int32Array;
  stops: Int32Array;
  minutes: Int32Array;
}

/** The rides of the running schedules' trips on a date with its service changes. */
export function runningTrips(running: readonly PlannerSchedule[], changes: DayChanges): RideTrip[] {
  return runSteps(runningTripsSteps(running, changes));
}

/** runningTrips as a build that yields now and then (see steps.ts): the packed build, unpacked. */
export function* runningTripsSteps(
  running: readonly PlannerSchedule[],
  changes: DayChanges,
): Steps<RideTrip[]> {
  const timetable = yield* packedSteps(running);
  const all = Int32Array.from(timetable.scheduleIds, (_, s) => s);
  const day = yield* dayRidesSteps(timetable, all, changes);
  const rides: RideTrip[] = [];
  for (let r = 0; r < day.count; r++) {
    if ((r + 1) % PIECES_PER_YIELD === 0) yield;
    const from = day.start[r] as number;
    const to = day.start[r + 1] as number;
    rides.push({
      tripId: day.tripIds[r] as number,
      lineId: day.lineIds[r] as number,
      stops: Array.from(day.stops.subarray(from, to)),
      minutes: Array.from(day.minutes.subarray(from, to)),
      ...(day.stepFree[r] === 1 ? { stepFree: true } : {}),
    });
  }
  return rides;
}

/** Schedules as objects packed (each trip's travel order once per array it shares). */
function* packedSteps(schedules: readonly PlannerSchedule[]): Steps<PackedTimetable> {
  const builder = new PackedTimetableBuilder();
  const travels = new Map<readonly number[], number>();
  let pieces = 0;
  for (const { id, schedule } of schedules) builder.schedule(id, schedule);
  for (const { id: scheduleId, trips } of schedules)
    for (const trip of trips) {
      if (++pieces % PIECES_PER_YIELD === 0) yield;
      let travel = travels.get(trip.travel);
      if (travel === undefined) {
        travel = builder.travel(trip.travel);
        travels.set(trip.travel, travel);
      }
      const at = builder.trip(trip.id, scheduleId, trip.lineId, travel);
      if (at !== -1)
        builder.plannedChunk.set(
          trip.planned.subarray(0, Math.min(trip.planned.length, trip.travel.length)),
          at,
        );
    }
  return yield* builder.done();
}

/**
 * The rides of the running schedules (indexes into the timetable's schedules, in order) on a
 * date with its service changes: cancelled trips left out, changed times, closed stops not
 * served (tripOnDay), then what rideVisits keeps; a ride needs two visits.
 */
export function* dayRidesSteps(
  timetable: PackedTimetable,
  running: Int32Array,
  changes: DayChanges,
): Steps<DayRides> {
  const {
    scheduleTripStart,
    scheduleStepFree,
    tripIds,
    tripLines,
    tripTravel,
    tripPlanned,
    planned,
    travelStart,
    travelStops,
  } = timetable;
  // At most every stop of every running trip.
  let trips = 0;
  let visits = 0;
  for (let i = 0; i < running.length; i++) {
    if ((i + 1) % (PIECES_PER_YIELD * 16) === 0) yield;
    const s = running[i] as number;
    for (let t = scheduleTripStart[s] as number; t < (scheduleTripStart[s + 1] as number); t++) {
      const r = tripTravel[t] as number;
      visits += (travelStart[r + 1] as number) - (travelStart[r] as number);
    }
    trips += (scheduleTripStart[s + 1] as number) - (scheduleTripStart[s] as number);
  }
  yield;
  const rides: DayRides = {
    count: 0,
    tripIds: new Int32Array(trips),
    lineIds: new Int32Array(trips),
    stepFree: new Uint8Array(trips),
    start: new Int32Array(trips + 1),
    stops: new Int32Array(visits),
    minutes: new Int32Array(visits),
  };
  const plain = changesNothing(changes);
  const travels = new Map<number, number[]>();
  let length = 0;
  let pieces = 0;
  for (let i = 0; i < running.length; i++) {
    const s = running[i] as number;
    for (let t = scheduleTripStart[s] as number; t < (scheduleTripStart[s + 1] as number); t++) {
      if (++pieces % PIECES_PER_YIELD === 0) yield;
      const r = tripTravel[t] as number;
      const first = travelStart[r] as number;
      const stops = (travelStart[r + 1] as number) - first;
      const chunk = planned[(tripPlanned[t] as number) >>> PLANNED_CHUNK_BITS] as Int16Array;
      const at = (tripPlanned[t] as number) & (PLANNED_CHUNK - 1);
      const from = length;
      if (plain) {
        // What plannedVisits then rideVisits give (every stop with a time, a time earlier than
        // one before it left out), straight from the packed minutes (a national day has
        // 140,000 trips and 4 million visits).
        let latest = -1;
        for (let v = 0; v < stops; v++) {
          const minute = chunk[at + v] as number;
          if (minute === NO_TIME || minute < latest) continue;
          rides.stops[length] = travelStops[first + v] as number;
          rides.minutes[length] = minute;
          length++;
          latest = minute;
        }
      } else {
        let travel = travels.get(r);
        if (travel === undefined) {
          travel = Array.from(travelStops.subarray(first, first + stops));
          travels.set(r, travel);
        }
        const minutes = Array.from(chunk.subarray(at, at + stops), (m) => (m === NO_TIME ? null : m));
        const on = tripOnDay(changes, tripIds[t] as number, travel, minutes);
        if (on.runs)
          for (const visit of rideVisits(on.visits)) {
            rides.stops[length] = visit.stopId;
            rides.minutes[length] = visit.minute;
            length++;
          }
      }
      if (length - from < 2) {
        length = from;
        continue;
      }
      rides.tripIds[rides.count] = tripIds[t] as number;
      rides.lineIds[rides.count] = tripLines[t] as number;
      rides.stepFree[rides.count] = scheduleStepFree[s] as number;
      rides.count++;
      rides.start[rides.count] = length;
    }
  }
  return rides;
}
