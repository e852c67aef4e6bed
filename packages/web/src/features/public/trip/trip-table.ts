import type { BoundFor } from '@bus/core';
import {
  firstDeparture,
  type PublicStop,
  type PublicTrip,
  type StopTime,
  travelStops,
} from '../../../lib/schedule.ts';
import { type DayMarks, type TimeCell, tripCells } from '../changes/day-marks.ts';

/**
 * The trip page's times (spec section 2, "Trip page"), without React. No time of the schedule
 * is ever hidden:
 *
 * - one trip: its stops and times;
 * - two trips that run the same stops in opposite directions (the usual out-and-back pair on
 *   one route): the spec's combined table, whose rows are the leading trip's stops in travel
 *   order, with the other trip's times read backwards beside them, so a row shows when each
 *   bus is at that stop; flipping swaps which trip leads;
 * - two trips on different routes (or not simply reversed): the two-direction view, each
 *   trip's full stop list with every time, in its own travel order.
 *
 * The trip named in the address leads.
 */

export interface TripColumn {
  tripId: number;
  boundFor: BoundFor;
}

export interface CombinedRow {
  stop: PublicStop;
  /** One time per column ('HH:MM', or null where the trip has no time). */
  times: (string | null)[];
}

export interface DirectionList {
  tripId: number;
  boundFor: BoundFor;
  stops: StopTime[];
}

export type TripView =
  | { kind: 'combined'; columns: TripColumn[]; rows: CombinedRow[] }
  | { kind: 'directions'; directions: DirectionList[] };

/** The schedule's trips, earlier first departure first (a trip without times goes last). */
export function tripsByDeparture(trips: readonly PublicTrip[]): PublicTrip[] {
  const key = (t: PublicTrip) => firstDeparture(t) ?? Number.POSITIVE_INFINITY;
  return [...trips].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

/** The trips in reading order: the one named in the address first, then by departure. */
function leadFirst(trips: readonly PublicTrip[], leadTripId: number | null): PublicTrip[] {
  const ordered = tripsByDeparture(trips);
  const lead = ordered.find((t) => t.id === leadTripId);
  return lead ? [lead, ...ordered.filter((t) => t !== lead)] : ordered;
}

/** True when `other` passes exactly the stops of `lead`, the other way round. */
function runsBackAlong(lead: readonly StopTime[], other: readonly StopTime[]): boolean {
  return (
    lead.length === other.length && lead.every((s, i) => s.stop.id === other[other.length - 1 - i]?.stop.id)
  );
}

export function buildTripView(
  trips: readonly PublicTrip[],
  leadTripId: number | null,
  flipped = false,
): TripView {
  const ordered = leadFirst(trips, leadTripId);
  const [lead, other] = ordered;
  if (!lead) return { kind: 'directions', directions: [] };
  const leadStops = travelStops(lead);
  const otherStops = other ? travelStops(other) : null;
  if (other && otherStops && ordered.length === 2 && runsBackAlong(leadStops, otherStops)) {
    const [first, second] = flipped ? [other, lead] : [lead, other];
    const firstStops = travelStops(first);
    const secondBack = travelStops(second).reverse();
    return {
      kind: 'combined',
      columns: [first, second].map((t) => ({ tripId: t.id, boundFor: t.boundFor })),
      rows: firstStops.map((s, i) => ({ stop: s.stop, times: [s.time, secondBack[i]?.time ?? null] })),
    };
  }
  if (!other)
    return {
      kind: 'combined',
      columns: [{ tripId: lead.id, boundFor: lead.boundFor }],
      rows: leadStops.map((s) => ({ stop: s.stop, times: [s.time] })),
    };
  return {
    kind: 'directions',
    directions: ordered.map((t) => ({ tripId: t.id, boundFor: t.boundFor, stops: travelStops(t) })),
  };
}

/** Every time the view shows, for checks: the schedule's times must all be there. */
export function shownTimes(view: TripView): string[] {
  if (view.kind === 'combined')
    return view.rows.flatMap((r) => r.times.filter((t): t is string => t !== null));
  return view.directions.flatMap((d) => d.stops.flatMap((s) => (s.time === null ? [] : [s.time])));
}

/** No time: a cell the view leaves blank. */
const BLANK: TimeCell = { time: null, planned: null, cancelled: false, notServed: false };

/**
 * The view's times under the date's service changes (issue 27): for the combined table one
 * cell per row and column (the second column read backwards, as its times are), for the
 * two-direction view one per stop of each direction.
 */
export function viewCells(view: TripView, trips: readonly PublicTrip[], marks: DayMarks): TimeCell[][] {
  const cellsOf = (tripId: number) => {
    const trip = trips.find((t) => t.id === tripId);
    return trip
      ? tripCells(
          trip,
          travelStops(trip).map((s) => s.stop.id),
          marks,
        )
      : [];
  };
  if (view.kind === 'directions') return view.directions.map((d) => cellsOf(d.tripId));
  const columns = view.columns.map((c, i) => (i === 0 ? cellsOf(c.tripId) : cellsOf(c.tripId).reverse()));
  return view.rows.map((_, row) => columns.map((cells) => cells[row] ?? BLANK));
}
