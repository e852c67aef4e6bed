import { describe, expect, it } from 'vitest';
import type { Position } from '../domain.ts';
import { rankTripsToStart } from './rank.ts';
import { offset, STATION } from './test-trip.ts';

const NOW = Date.parse('2025-06-02T05:00:00Z');
const MIN = 60_000;

function trip(tripId: number, firstStop: Position | null, minutes: number) {
  return { tripId, firstStop, departure: NOW + minutes * MIN };
}

describe('rankTripsToStart', () => {
  it.each([
    { name: '16 minutes ago', minutes: -16, kept: false },
    { name: '15 minutes ago', minutes: -15, kept: true },
    { name: 'now', minutes: 0, kept: true },
    { name: 'in 60 minutes', minutes: 60, kept: true },
    { name: 'in 61 minutes', minutes: 61, kept: false },
  ])('a departure $name is kept: $kept', ({ minutes, kept }) => {
    const ranked = rankTripsToStart([trip(1, STATION, minutes)], STATION, NOW);
    expect(ranked.map((t) => t.tripId)).toEqual(kept ? [1] : []);
  });

  it.each([
    {
      name: 'the nearer stop first at the same time',
      trips: [trip(1, offset(STATION, 0, 3000), 10), trip(2, offset(STATION, 0, 200), 10)],
      order: [2, 1],
    },
    {
      name: 'the sooner departure first at the same stop, whether past or ahead',
      trips: [trip(1, STATION, 20), trip(2, STATION, -5), trip(3, STATION, 8)],
      order: [2, 3, 1],
    },
    {
      // 1000 m further weighs 2 minutes: 1000 m and 5 min (7) beats here and 8 min (8)...
      name: '500 m weighs a minute: further but sooner first',
      trips: [trip(1, STATION, 8), trip(2, offset(STATION, 1000, 0), 5)],
      order: [2, 1],
    },
    {
      // ...and loses to here and 6 min (6).
      name: '500 m weighs a minute: nearer but later first',
      trips: [trip(1, STATION, 6), trip(2, offset(STATION, 1000, 0), 5)],
      order: [1, 2],
    },
    {
      // An unplaced first stop counts as 2 km (4 min): 4 + 3 = 7 against 1 km (2) + 4 = 6 and
      // 3 km (6) + 0 = 6 (the same score: the sooner first).
      name: 'a first stop without a position counts as 2 km away',
      trips: [trip(1, offset(STATION, 1000, 0), 4), trip(2, null, 3), trip(3, offset(STATION, 3000, 0), 0)],
      order: [3, 1, 2],
    },
  ])('$name', ({ trips, order }) => {
    expect(rankTripsToStart(trips, STATION, NOW).map((t) => t.tripId)).toEqual(order);
  });

  it('without the phone’s position ranks by time alone and gives no metres', () => {
    const ranked = rankTripsToStart(
      [trip(1, offset(STATION, 0, 5000), 9), trip(2, STATION, 3), trip(3, null, -2)],
      null,
      NOW,
    );
    expect(ranked.map((t) => [t.tripId, t.metres])).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);
  });

  it('gives the whole metres to the first stop', () => {
    const [ranked] = rankTripsToStart([trip(7, offset(STATION, 0, 1234), 0)], STATION, NOW);
    expect(ranked).toEqual({ tripId: 7, firstStop: offset(STATION, 0, 1234), departure: NOW, metres: 1234 });
  });

  it.each([
    { limit: undefined, count: 8 },
    { limit: 3, count: 3 },
    { limit: 0, count: 0 },
  ])('returns at most $limit (8 unless told)', ({ limit, count }) => {
    const many = Array.from({ length: 12 }, (_, i) => trip(i + 1, STATION, i));
    const ranked = rankTripsToStart(many, STATION, NOW, limit);
    expect(ranked.map((t) => t.tripId)).toEqual(many.slice(0, count).map((t) => t.tripId));
  });

  it('keeps the fields its caller gave', () => {
    const [ranked] = rankTripsToStart([{ ...trip(1, STATION, 0), line: '7A' }], STATION, NOW);
    expect(ranked?.line).toBe('7A');
  });
});
