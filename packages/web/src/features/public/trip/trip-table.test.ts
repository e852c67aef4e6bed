import { describe, expect, it } from 'vitest';
import { trip } from '../../../test/fixtures.ts';
import { buildTripTable, type TripTable } from './trip-table.ts';

/** The table as text: one string per row, 'stop: cell | cell'. */
function show(table: TripTable): string[] {
  return table.rows.map(
    (row) =>
      `${row.stop.id}: ${row.cells
        .map((c) => (c.kind === 'time' ? (c.time ?? '') : c.kind === 'divergence' ? '...' : ''))
        .join(' | ')}`,
  );
}

describe('trip table', () => {
  const out = trip(1, 'Out bound', 7, [1, 2, 3], ['06:40', '06:45', '06:53']);
  const back = trip(2, 'City bound', 7, [1, 2, 3], ['07:00', '07:05', '07:10'], true);

  it('combines a same-route pair: earlier trip first, the later one reversed beside it', () => {
    const table = buildTripTable([back, out], false);
    expect(table.columns.map((c) => c.boundFor)).toEqual(['Out bound', 'City bound']);
    expect(table.differentRoutes).toBe(false);
    expect(show(table)).toEqual(['1: 06:40 | 07:10', '2: 06:45 | 07:05', '3: 06:53 | 07:00']);
  });

  it('flips: the other trip leads, read in its own travel order', () => {
    const table = buildTripTable([out, back], true);
    expect(table.columns.map((c) => c.tripId)).toEqual([2, 1]);
    expect(show(table)).toEqual(['3: 07:00 | 06:53', '2: 07:05 | 06:45', '1: 07:10 | 06:40']);
  });

  it('marks where two different routes part with ... and leaves the rest blank', () => {
    const via4 = trip(3, 'City bound', 8, [1, 4, 3], ['07:00', '07:06', '07:12'], true);
    const table = buildTripTable([out, via4], false);
    expect(table.differentRoutes).toBe(true);
    expect(show(table)).toEqual(['1: 06:40 | 07:12', '2: 06:45 | ...', '3: 06:53 | ']);
    // Flipped, the other trip is shown in full.
    expect(show(buildTripTable([out, via4], true))).toEqual([
      '3: 07:00 | 06:53',
      '4: 07:06 | ...',
      '1: 07:12 | ',
    ]);
  });

  it('handles a one-way schedule (a single trip) without a second column', () => {
    const loop = trip(9, 'One way', 5, [1, 2, 1], ['08:00', null, '08:30']);
    const table = buildTripTable([loop], false);
    expect(table.columns).toHaveLength(1);
    expect(show(table)).toEqual(['1: 08:00', '2: ', '1: 08:30']);
    expect(show(buildTripTable([loop], true))).toEqual(show(table));
  });

  it('is empty for a schedule without trips', () => {
    expect(buildTripTable([], false)).toEqual({ columns: [], rows: [], differentRoutes: false });
  });
});
