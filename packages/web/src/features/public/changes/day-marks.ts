import type { LineTimetableData, PublicTrip } from '../../../lib/schedule.ts';

/**
 * What a date's service changes do to the times the line and trip pages show (issue 27), without
 * React. The server works the changes out with core's rules (cancelled trips, changed times,
 * closed stops of the date); this only lays them over a trip's stops in travel order.
 */

export type TripDayChange = NonNullable<LineTimetableData['tripChanges']>[number];
export type ClosedStop = NonNullable<LineTimetableData['closedStops']>[number];

/** The changes of a page's date, as its answer carries them. */
export interface DayMarks {
  tripChanges?: readonly TripDayChange[] | undefined;
  closedStops?: readonly ClosedStop[] | undefined;
}

/** One time as a page shows it on the date. */
export interface TimeCell {
  /** The time on the date ('HH:MM'), or null where there is none. */
  time: string | null;
  /** The planned time when the date's differs (shown struck through); else null. */
  planned: string | null;
  /** The trip does not run on the date: the time is struck through. */
  cancelled: boolean;
  /** The stop is closed on the date: the bus does not call there. */
  notServed: boolean;
}

const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : null);

/** The change of a trip on the date, if any. */
export function changeOf(marks: DayMarks, tripId: number): TripDayChange | undefined {
  return marks.tripChanges?.find((c) => c.tripId === tripId);
}

/** A trip's times on the date, one per stop in travel order (its timeList's order). */
export function tripCells(
  trip: Pick<PublicTrip, 'id' | 'timeList'>,
  stopIds: readonly number[],
  marks: DayMarks,
): TimeCell[] {
  const change = changeOf(marks, trip.id);
  const closed = new Set(marks.closedStops?.map((c) => c.stopId));
  return stopIds.map((stopId, index) => {
    const planned = hhmm(trip.timeList[index]);
    const changed = change?.times ? hhmm(change.times[index]) : planned;
    const notServed = closed.has(stopId) && planned !== null;
    return {
      time: changed,
      planned: changed !== planned ? planned : null,
      cancelled: change?.cancelled === true,
      notServed,
    };
  });
}

/** The first time of a trip on the date, and its planned one when it changed (the line page's cards). */
export function firstCell(cells: readonly TimeCell[]): TimeCell | undefined {
  return cells.find((c) => c.time !== null || c.planned !== null);
}
