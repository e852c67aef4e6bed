import { describe, expect, it } from 'vitest';
import {
  distancesToSave,
  emptyGapEstimates,
  fillEstimates,
  insertStopAfter,
  MAX_ROUTE_STOPS,
  removeStopAt,
  resizeRouteStops,
  resolveStopCount,
  stopCountText,
} from './route-stops.ts';

describe('stop count input', () => {
  it('keeps digits only while typing (at most 3)', () => {
    expect(stopCountText('12')).toBe('12');
    expect(stopCountText('1a2-')).toBe('12');
    expect(stopCountText('-3')).toBe('3');
    expect(stopCountText('2.5')).toBe('25');
    expect(stopCountText('12345')).toBe('123');
    expect(stopCountText('abc')).toBe('');
  });

  it('is never lower than the stops already chosen, nor than 1', () => {
    expect(resolveStopCount('5', 2, 3)).toBe(5);
    expect(resolveStopCount('1', 3, 4)).toBe(3);
    expect(resolveStopCount('0', 0, 2)).toBe(1);
    expect(resolveStopCount('2', 2, 5)).toBe(2);
  });

  it('keeps the current count for an empty field and caps a huge one', () => {
    expect(resolveStopCount('', 1, 4)).toBe(4);
    expect(resolveStopCount('x', 0, 3)).toBe(3);
    expect(resolveStopCount('999', 0, 3)).toBe(MAX_ROUTE_STOPS);
  });
});

describe('route stops and distances', () => {
  const a = { id: 1 };
  const b = { id: 2 };
  const c = { id: 3 };

  it('grows with empty stops and unknown distances', () => {
    expect(resizeRouteStops({ stops: [a], distances: [] }, 3)).toEqual({
      stops: [a, null, null],
      distances: ['', ''],
    });
    expect(resizeRouteStops({ stops: [], distances: [] }, 1)).toEqual({ stops: [null], distances: [] });
  });

  it('shrinks by dropping empty stops from the end, never a chosen one', () => {
    const route = { stops: [a, null, b, null], distances: ['100', '200', '300'] };
    expect(resizeRouteStops(route, 3)).toEqual({ stops: [a, null, b], distances: ['100', '200'] });
    expect(resizeRouteStops(route, 2)).toEqual({ stops: [a, b], distances: ['300'] });
    expect(resizeRouteStops(route, 1)).toEqual({ stops: [a, b], distances: ['300'] });
    expect(resizeRouteStops({ stops: [null], distances: [] }, 0)).toEqual({ stops: [null], distances: [] });
  });

  it('removes a stop, joining the gaps around it', () => {
    const route = { stops: [a, b, c], distances: ['100', '250'] };
    expect(removeStopAt(route, 1)).toEqual({ stops: [a, c], distances: ['350'] });
    expect(removeStopAt(route, 0)).toEqual({ stops: [b, c], distances: ['250'] });
    expect(removeStopAt(route, 2)).toEqual({ stops: [a, b], distances: ['100'] });
    expect(removeStopAt({ stops: [a, b, c], distances: ['', '250'] }, 1).distances).toEqual(['']);
    expect(removeStopAt({ stops: [a], distances: [] }, 0)).toEqual({ stops: [a], distances: [] });
  });

  it('inserts an empty stop, splitting the gap into two unknown ones', () => {
    const route = { stops: [a, b], distances: ['100'] };
    expect(insertStopAfter(route, 0)).toEqual({ stops: [a, null, b], distances: ['', ''] });
    expect(insertStopAfter(route, 1)).toEqual({ stops: [a, b, null], distances: ['100', ''] });
    expect(insertStopAfter(route, -1)).toEqual({ stops: [null, a, b], distances: ['', '100'] });
  });

  it('sends distances as metres or null', () => {
    expect(distancesToSave(['120', '', '0'])).toEqual([120, null, 0]);
  });
});

describe('distance estimates (issue 41)', () => {
  // Stops 1 km apart along a meridian: 1 300 m by the road factor.
  const north = (km: number) => ({ lat: 55.5262 + (km * 1000) / 111_195, lon: 25.104 });
  const places = new Map([
    [1, north(0)],
    [2, north(1)],
    [3, north(2)],
    [5, north(4)],
  ]);
  const positionOf = (id: number) => places.get(id);
  const stop = (id: number) => ({ id });

  it('estimates the empty gaps whose two stops have positions, none where a distance is entered', () => {
    const route = {
      stops: [stop(1), stop(2), stop(3), stop(4), stop(5), null, stop(1)],
      distances: ['', '900', '', '', '', ''],
    };
    // 1-2 empty: estimated; 2-3 entered; 3-4 and 4-5: stop 4 has no position; 5-? and ?-1: no stop chosen.
    expect(emptyGapEstimates(route, positionOf)).toEqual([1300, null, null, null, null, null]);
    expect(emptyGapEstimates({ stops: [stop(5), stop(1)], distances: [''] }, positionOf)).toEqual([5200]);
    expect(emptyGapEstimates({ stops: [stop(1)], distances: [] }, positionOf)).toEqual([]);
  });

  it('fills only the empty gaps that have an estimate, never an entered distance', () => {
    const route = { id: 7, stops: [stop(1), stop(2), stop(3), stop(4)], distances: ['', '900', ''] };
    expect(fillEstimates(route, [1300, 1300, null])).toEqual({
      route: { id: 7, stops: route.stops, distances: ['1300', '900', ''] },
      filled: 1,
    });
    expect(fillEstimates(route, [null, null, null]).filled).toBe(0);
    expect(distancesToSave(fillEstimates(route, [1300, 1300, 2600]).route.distances)).toEqual([
      1300, 900, 2600,
    ]);
  });
});
