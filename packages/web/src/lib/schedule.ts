import type { Direction } from '@bus/core';
import { parseTime } from './core.ts';
import type { PublicOutput } from './public-api.ts';

/** Shapes of the public line and trip answers, and the helpers both pages share. */

export type LineTimetableData = Extract<PublicOutput<'lineTimetable'>, { nothingFound: false }>;
export type PublicSchedule = LineTimetableData['schedules'][number];
export type PublicTrip = PublicSchedule['trips'][number];
export type PublicStop = PublicTrip['route']['stopsArr'][number];

export interface StopTime {
  stop: PublicStop;
  /** 'HH:MM', or null where the trip has no time (legacy data). */
  time: string | null;
}

/** The stops a trip reaches, in travel order, with its time at each (domain rules, Directions). */
export function travelStops(trip: PublicTrip): StopTime[] {
  const stops = trip.routeDirReversed ? [...trip.route.stopsArr].reverse() : trip.route.stopsArr;
  return stops.map((stop, index) => {
    const time = trip.timeList[index];
    return { stop, time: time ? time.slice(0, 5) : null };
  });
}

/** Minutes after midnight of the trip's first time; null when it has none. */
export function firstDeparture(trip: PublicTrip): number | null {
  for (const time of trip.timeList) {
    const minutes = time ? parseTime(time) : null;
    if (minutes !== null) return minutes;
  }
  return null;
}

/** The schedule's trip going the given way; a one-way schedule's only trip serves both ways. */
export function tripInDirection(schedule: PublicSchedule, dir: Direction): PublicTrip | undefined {
  return (
    schedule.trips.find((t) => t.boundFor === dir) ??
    schedule.trips.find((t) => t.boundFor === 'One way') ??
    schedule.trips[0]
  );
}

/** How many different directions the schedule's trips go (the swap needs two). */
export function directionCount(schedule: PublicSchedule): number {
  return new Set(schedule.trips.map((t) => t.boundFor)).size;
}
