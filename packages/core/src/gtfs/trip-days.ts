import type { TimetableDataset } from '../dataset.ts';
import {
  changesNothing,
  type DayChanges,
  type TripRetime,
  tripRetimeOn,
} from '../service-changes/day-changes.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { parseTime } from '../time.ts';

/**
 * What a trip of the regular timetable is on one date once the service changes are applied, in
 * the terms both GTFS feeds write: whether it runs, and at which stops and minutes. The changes
 * come from core's one rule (dayChanges, tripRetimeOn); this only says what they make of a trip.
 *
 * A trip that runs differently on some dates becomes a trip variant in the static feed, named by
 * what changes it: `<tripId>-r<retime change id>` for changed times, `-x<stopId>` for each of its
 * stops that is closed; the regular trip keeps its own id. The same changes give the same times,
 * so every date with the same changes shares one variant (and one trip_id).
 */

/** A trip of the dataset. */
type TimetableTripRow = TimetableDataset['schedules'][number]['trips'][number];

/** A stop_times row of a trip: travel index (stop_sequence), stop, minute after midnight. */
export interface TripVisit {
  index: number;
  stopId: number;
  minute: number;
}

/** The trip's stops in travel order (a reversed trip drives its route backwards). */
export function travelStops(
  trip: Pick<TimetableTripRow, 'routeDirReversed'>,
  routeStops: readonly number[],
): number[] {
  return trip.routeDirReversed ? [...routeStops].reverse() : [...routeStops];
}

/** The planned minute of each travel index (null: no time there, or not a time). */
export function plannedMinutes(
  trip: Pick<TimetableTripRow, 'timeList'>,
  travel: readonly number[],
): (number | null)[] {
  return travel.map((_, index) => {
    const time = trip.timeList[index];
    return time === null || time === undefined ? null : parseTime(time);
  });
}

/** The visits a trip makes by its planned times: every stop of travel order with a time. */
export function plannedVisits(travel: readonly number[], planned: readonly (number | null)[]): TripVisit[] {
  const visits: TripVisit[] = [];
  travel.forEach((stopId, index) => {
    const minute = planned[index];
    if (minute !== null && minute !== undefined) visits.push({ index, stopId, minute });
  });
  return visits;
}

export type TripOnDay =
  | { runs: false; cancel: ServiceChange }
  | {
      runs: true;
      /** '' for the regular trip, else what changes it ('r7', 'r7-x12', 'x12'). */
      variant: string;
      /** The visits it makes that day (changed times, closed stops left out). */
      visits: TripVisit[];
      retime: TripRetime | undefined;
      /** Travel indexes of its planned visits at stops closed that day. */
      skipped: ReadonlySet<number>;
    };

/**
 * The trip on a date it runs by the regular timetable: cancelled, or running with the day's
 * changed times (tripRetimeOn) and without its visits at the day's closed stops.
 */
export function tripOnDay(
  day: DayChanges,
  tripId: number,
  travel: readonly number[],
  planned: readonly (number | null)[],
): TripOnDay {
  const cancel = day.cancelled.get(tripId);
  if (cancel !== undefined) return { runs: false, cancel };
  const retime = tripRetimeOn(day, tripId, planned);
  const minutes = retime?.minutes ?? planned;
  const skipped = new Set<number>();
  const visits: TripVisit[] = [];
  const closedStops: number[] = [];
  travel.forEach((stopId, index) => {
    const minute = minutes[index] ?? null;
    if (day.closed.has(stopId)) {
      if (planned[index] !== null) skipped.add(index);
      if (minute !== null || planned[index] !== null) closedStops.push(stopId);
      return;
    }
    if (minute !== null) visits.push({ index, stopId, minute });
  });
  const parts = [
    ...(retime === undefined ? [] : [`r${retime.change.id}`]),
    ...[...new Set(closedStops)].map((id) => `x${id}`),
  ];
  return { runs: true, variant: parts.join('-'), visits, retime, skipped };
}

/** A trip variant's trip_id in the static feed (the regular trip: its own id). */
export function variantTripId(tripId: number, variant: string): string {
  return variant === '' ? String(tripId) : `${tripId}-${variant}`;
}

/** One trip_id of the static feed: the visits it makes and the dates it makes them. */
export interface TripVariant {
  tripId: string;
  variant: string;
  visits: TripVisit[];
  dates: string[];
}

/**
 * The trip's variants over the dates it runs by the regular timetable (ascending): the regular
 * one first, then the others by name. A cancelled date is in none; a variant the changes leave
 * with fewer than two stops carries nobody anywhere, so it is left out too.
 */
export function tripVariants(
  tripId: number,
  travel: readonly number[],
  planned: readonly (number | null)[],
  dates: readonly string[],
  dayOf: (date: string) => DayChanges,
): TripVariant[] {
  const byName = new Map<string, TripVariant>();
  const regular = plannedVisits(travel, planned);
  for (const date of dates) {
    const day = dayOf(date);
    // Most dates change nothing: the regular trip, without working it out again.
    const on = changesNothing(day)
      ? ({ runs: true, variant: '', visits: regular } as const)
      : tripOnDay(day, tripId, travel, planned);
    // A trip the changes leave with one stop carries nobody anywhere (the regular trip is as staff made it).
    if (!on.runs || on.visits.length === 0 || (on.variant !== '' && on.visits.length < 2)) continue;
    let variant = byName.get(on.variant);
    if (variant === undefined) {
      variant = {
        tripId: variantTripId(tripId, on.variant),
        variant: on.variant,
        visits: on.visits,
        dates: [],
      };
      byName.set(on.variant, variant);
    }
    variant.dates.push(date);
  }
  return [...byName.values()].sort((a, b) =>
    a.variant === b.variant
      ? 0
      : a.variant === ''
        ? -1
        : b.variant === ''
          ? 1
          : a.variant < b.variant
            ? -1
            : 1,
  );
}
