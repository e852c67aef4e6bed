import { readFileSync } from 'node:fs';
import type { TimetableDataset } from '@bus/core';
import { describe, expect, it } from 'vitest';
import type { PublicTrip } from '../../../lib/schedule.ts';
import { stop, trip } from '../../../test/fixtures.ts';
import { buildTripView, shownTimes, type TripView } from './trip-table.ts';

/** The view as text: one string per row, 'stop: time | time', or per direction. */
function show(view: TripView): string[] {
  if (view.kind === 'combined')
    return view.rows.map((row) => `${row.stop.id}: ${row.times.map((t) => t ?? '').join(' | ')}`);
  return view.directions.map(
    (d) => `${d.tripId}: ${d.stops.map((s) => `${s.stop.id}=${s.time ?? ''}`).join(' ')}`,
  );
}

describe('trip view', () => {
  const out = trip(1, 'Out bound', 7, [1, 2, 3], ['06:40', '06:45', '06:53']);
  const back = trip(2, 'City bound', 7, [1, 2, 3], ['07:00', '07:05', '07:10'], true);

  it('combines an out-and-back pair on one route: the named trip leads, the other reversed beside it', () => {
    const view = buildTripView([back, out], 1);
    expect(view.kind).toBe('combined');
    expect(show(view)).toEqual(['1: 06:40 | 07:10', '2: 06:45 | 07:05', '3: 06:53 | 07:00']);
    // Opened from the return trip, the return trip leads.
    expect(show(buildTripView([back, out], 2))).toEqual([
      '3: 07:00 | 06:53',
      '2: 07:05 | 06:45',
      '1: 07:10 | 06:40',
    ]);
  });

  it('flips the combined table: the other trip leads, read in its own travel order', () => {
    const view = buildTripView([out, back], 1, true);
    expect(view.kind === 'combined' && view.columns.map((c) => c.tripId)).toEqual([2, 1]);
    expect(show(view)).toEqual(['3: 07:00 | 06:53', '2: 07:05 | 06:45', '1: 07:10 | 06:40']);
  });

  it('shows both directions in full when the routes differ', () => {
    const via4 = trip(3, 'City bound', 8, [1, 4, 3], ['07:00', '07:06', '07:12'], true);
    const view = buildTripView([out, via4], 1);
    expect(view.kind).toBe('directions');
    expect(show(view)).toEqual(['1: 1=06:40 2=06:45 3=06:53', '3: 3=07:00 4=07:06 1=07:12']);
    expect(show(buildTripView([out, via4], 3))).toEqual([
      '3: 3=07:00 4=07:06 1=07:12',
      '1: 1=06:40 2=06:45 3=06:53',
    ]);
  });

  it('handles a one-way schedule (a single trip) and a schedule without trips', () => {
    const loop = trip(9, 'One way', 5, [1, 2, 1], ['08:00', null, '08:30']);
    expect(show(buildTripView([loop], 9))).toEqual(['1: 08:00', '2: ', '1: 08:30']);
    expect(buildTripView([], null)).toEqual({ kind: 'directions', directions: [] });
  });
});

describe('trip view on the real schedules', () => {
  const dataset = JSON.parse(
    readFileSync(new URL('../../../../../../data/anyksciai.json', import.meta.url), 'utf8'),
  ) as TimetableDataset;
  const stops = new Map(dataset.stops.map((s) => [s.id, s]));
  const routes = new Map(dataset.lines.flatMap((l) => l.routes).map((r) => [r.id, r]));
  /** The schedule holding trip `id`, as the public trip answer gives its trips. */
  const tripsWith = (id: number): PublicTrip[] => {
    const schedule = dataset.schedules.find((s) => s.trips.some((t) => t.id === id));
    if (!schedule) throw new Error(`no trip ${id}`);
    return schedule.trips.map((t) => {
      const route = routes.get(t.routeId);
      if (!route) throw new Error(`no route ${t.routeId}`);
      const routeStops = route.stopIds.map((stopId) => {
        const found = stops.get(stopId);
        if (!found) throw new Error(`no stop ${stopId}`);
        return stop(found.id, found.name);
      });
      return trip(t.id, t.boundFor, route.id, routeStops, t.timeList, t.routeDirReversed);
    });
  };
  const allTimes = (trips: PublicTrip[]) =>
    trips
      .flatMap((t) => t.timeList)
      .filter((t): t is string => t !== null)
      .sort();

  it.each([
    ['/trip/17 (M17: 15 stops out, 13 back on another route)', 17, 18],
    ['/trip/121 (18 stops out, 34 back)', 121, 120],
  ])('%s shows every time of both trips, the named one first, in travel order', (_what, id, otherId) => {
    const trips = tripsWith(id);
    const view = buildTripView(trips, id);
    expect(view.kind).toBe('directions');
    expect(shownTimes(view).sort()).toEqual(allTimes(trips));
    if (view.kind !== 'directions') return;
    expect(view.directions.map((d) => d.tripId)).toEqual([id, otherId]);
    for (const direction of view.directions) {
      const source = trips.find((t) => t.id === direction.tripId) as PublicTrip;
      const drawn = source.route.stopsArr.map((s) => s.id);
      expect(direction.stops.map((s) => s.stop.id)).toEqual(
        source.routeDirReversed ? drawn.reverse() : drawn,
      );
    }
  });

  it('trip 121 includes the 07:50 departure at Troškūnai that the home page offers', () => {
    const view = buildTripView(tripsWith(121), 121);
    const back = view.kind === 'directions' ? view.directions[0] : undefined;
    expect(back?.stops.some((s) => s.stop.name.startsWith('Troškūn') && s.time === '07:50')).toBe(true);
  });

  it('every schedule of the real data shows all its times', () => {
    for (const schedule of dataset.schedules) {
      const first = schedule.trips[0];
      if (!first) continue;
      const trips = tripsWith(first.id);
      expect(shownTimes(buildTripView(trips, first.id)).sort(), `schedule ${schedule.id}`).toEqual(
        allTimes(trips),
      );
    }
  });
});
