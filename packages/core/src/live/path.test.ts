import { describe, expect, it } from 'vitest';
import type { Position } from '../domain.ts';
import { distanceToPath, livePath, placeOnPath } from './path.ts';
import { ALONGS, offset, S0, S1, S3, S4, S5, TRIP, visit } from './test-trip.ts';

/** A trip of the given stops (null: not placed), at the given minutes. */
function trip(stops: (Position | null)[], minutes: number[]) {
  return stops.map((position, i) => visit(i + 1, minutes[i] ?? 0, position));
}

const EAST_900 = offset(S0, 0, 900);

describe('livePath', () => {
  it('puts the trip’s stops along its path, the unplaced one by its minute', () => {
    const path = livePath(TRIP);
    expect(path.placeable).toBe(true);
    expect(path.length).toBeCloseTo(3600, 0);
    expect(path.placed).toEqual([0, 1, 3, 4, 5]);
    expect(path.points).toEqual([S0, S1, null, S3, S4, S5]);
    path.alongs.forEach((along, i) => {
      expect(along).toBeCloseTo(ALONGS[i] ?? Number.NaN, 0);
    });
  });

  it.each([
    {
      name: 'an unplaced stop a quarter of the way in time is a quarter of the way along',
      stops: [S0, null, EAST_900],
      minutes: [480, 481, 484],
      alongs: [0, 225, 900],
    },
    {
      name: 'two unplaced stops at the same minute as their neighbours are spaced evenly by count',
      stops: [S0, null, null, EAST_900],
      minutes: [480, 480, 480, 480],
      alongs: [0, 300, 600, 900],
    },
    {
      name: 'leading unplaced stops take the first placed stop’s along',
      stops: [null, null, S0, EAST_900],
      minutes: [470, 475, 480, 484],
      alongs: [0, 0, 0, 900],
    },
    {
      name: 'trailing unplaced stops take the last placed stop’s along',
      stops: [S0, EAST_900, null, null],
      minutes: [480, 484, 490, 495],
      alongs: [0, 900, 900, 900],
    },
    {
      name: 'a minute out of order does not put a stop behind the one before it',
      stops: [S0, null, null, EAST_900],
      minutes: [480, 483, 481, 486],
      alongs: [0, 450, 450, 900],
    },
    {
      name: 'one placed stop: a path of one point, every stop at 0',
      stops: [null, S1, null],
      minutes: [480, 482, 484],
      alongs: [0, 0, 0],
    },
  ])('$name', ({ stops, minutes, alongs }) => {
    const path = livePath(trip(stops, minutes));
    expect(path.placeable).toBe(true);
    expect(path.alongs.map((a) => Math.round(a))).toEqual(alongs);
    expect(Math.round(path.length)).toBe(Math.max(...alongs));
  });

  it('is not placeable when no stop has a position', () => {
    const path = livePath(trip([null, null], [480, 485]));
    expect(path).toMatchObject({ placeable: false, length: 0, alongs: [0, 0], placed: [] });
    expect(placeOnPath(path, S0)).toBeUndefined();
    expect(distanceToPath(path, S0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('placeOnPath', () => {
  const path = livePath(TRIP);
  it.each([
    { name: 'on the first segment', p: offset(S0, 0, 300), along: 300, distance: 0 },
    { name: 'beside the first segment', p: offset(S0, -250, 400), along: 400, distance: 250 },
    { name: 'on the segment past the unplaced stop', p: offset(S1, 700, 0), along: 1500, distance: 0 },
    // Before the first stop and beyond the last the path ends at the stop.
    { name: 'before the first stop', p: offset(S0, 0, -300), along: 0, distance: 300 },
    { name: 'beyond the last stop', p: offset(S5, 200, 0), along: 3600, distance: 200 },
  ])('$name: $along m along, $distance m off', ({ p, along, distance }) => {
    const placement = placeOnPath(path, p);
    expect(placement?.along).toBeCloseTo(along, 0);
    expect(placement?.distance).toBeCloseTo(distance, 0);
    expect(distanceToPath(path, p)).toBeCloseTo(distance, 0);
  });

  it('never looks further back than it is told: a fix behind lands at the limit', () => {
    const placement = placeOnPath(path, offset(S0, 0, 300), 500);
    expect(placement?.along).toBeCloseTo(500, 0);
    expect(placement?.distance).toBeCloseTo(200, 0);
  });

  it('of two parts of the path about as near, takes the earlier', () => {
    // A loop: out east, up north, back west, down to the station again.
    const loop = livePath(trip([S0, S1, S3, offset(S0, 1200, 0), S0], [480, 482, 484, 486, 488]));
    const nearStation = offset(S0, 20, 20);
    expect(placeOnPath(loop, nearStation, Number.NEGATIVE_INFINITY, 50)?.along).toBeCloseTo(20, 0);
    // 5 m from the loop's last segment and 30 m from its first: with a 50 m tie the first wins,
    // without one the nearest (the loop is 4000 m round).
    const north = offset(S0, 30, 5);
    expect(placeOnPath(loop, north, Number.NEGATIVE_INFINITY, 50)?.along).toBeCloseTo(5, 0);
    expect(placeOnPath(loop, north, Number.NEGATIVE_INFINITY, 0)?.along).toBeCloseTo(3970, 0);
  });

  it('places a fix just past a corner at the corner: the earlier part of the path is as near', () => {
    // 30 m up the second segment is 30 m from the first one's end: within the 50 m tie.
    expect(placeOnPath(path, offset(S1, 30, 0), Number.NEGATIVE_INFINITY, 50)?.along).toBeCloseTo(800, 0);
    expect(placeOnPath(path, offset(S1, 30, 0), Number.NEGATIVE_INFINITY, 0)?.along).toBeCloseTo(830, 0);
  });

  it('with one placed stop measures to that point and places at 0', () => {
    const point = livePath(trip([null, S1, null], [480, 482, 484]));
    expect(placeOnPath(point, offset(S1, 300, 0))).toEqual({ along: 0, distance: expect.closeTo(300, 0) });
  });
});
