import type { BoundFor } from '@bus/core';
import { firstDeparture, type PublicStop, type PublicTrip, travelStops } from '../../../lib/schedule.ts';

/**
 * The trip page's stop-by-stop table (spec section 2, "Trip page"), without React.
 *
 * One trip: its stops and times. Two trips: one table whose rows are the first trip's stops in
 * travel order; the first column is that trip's times, the second the other trip's times read
 * backwards (it travels the other way), so a row shows when each bus is at that stop. When
 * the trips use different routes, the second column follows the first trip's stops only while
 * they agree: the first differing stop shows '...', the rows after it stay blank. Flipping
 * swaps which trip leads, so each trip can be read in full.
 */

export type TripCell = { kind: 'time'; time: string | null } | { kind: 'divergence' } | { kind: 'blank' };

export interface TripColumn {
  tripId: number;
  boundFor: BoundFor;
}

export interface TripRow {
  stop: PublicStop;
  cells: TripCell[];
}

export interface TripTable {
  columns: TripColumn[];
  rows: TripRow[];
  /** Whether the two trips run on different routes (the table may then diverge). */
  differentRoutes: boolean;
}

/** The schedule's trips, earlier first departure first (a trip without times goes last). */
export function tripsByDeparture(trips: readonly PublicTrip[]): PublicTrip[] {
  const key = (t: PublicTrip) => firstDeparture(t) ?? Number.POSITIVE_INFINITY;
  return [...trips].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

export function buildTripTable(trips: readonly PublicTrip[], flipped: boolean): TripTable {
  const ordered = tripsByDeparture(trips).slice(0, 2);
  const [first, second] = flipped ? [...ordered].reverse() : ordered;
  if (!first) return { columns: [], rows: [], differentRoutes: false };
  const lead = travelStops(first);
  const columns: TripColumn[] = [{ tripId: first.id, boundFor: first.boundFor }];
  if (!second) {
    return {
      columns,
      rows: lead.map((s) => ({ stop: s.stop, cells: [{ kind: 'time', time: s.time }] })),
      differentRoutes: false,
    };
  }
  columns.push({ tripId: second.id, boundFor: second.boundFor });
  const other = travelStops(second).reverse();
  let diverged = false;
  const rows = lead.map((s, index): TripRow => {
    let cell: TripCell;
    if (diverged) cell = { kind: 'blank' };
    else if (other[index]?.stop.id === s.stop.id) cell = { kind: 'time', time: other[index]?.time ?? null };
    else {
      diverged = true;
      cell = { kind: 'divergence' };
    }
    return { stop: s.stop, cells: [{ kind: 'time', time: s.time }, cell] };
  });
  return { columns, rows, differentRoutes: first.route.id !== second.route.id };
}
