import { describe, expect, it } from 'vitest';
import {
  duplicateRoute,
  type LineDraft,
  newRoute,
  type RouteDraft,
  routeChanges,
  validateLine,
} from './line-draft.ts';

const stop = (id: number) => ({ id, name: `Stop ${id}`, coords: null, defaultOption: false });

function draft(): LineDraft {
  return {
    info: {
      id: null,
      name: 'E1',
      routeStart: 'A',
      routeEnd: 'B',
      routeType: 'Regional Bus',
      operator: '',
      anykStationPlatform: '',
      price: '',
      enabledSeasonalYearlyRuleFilter: false,
    },
    notes: [{ id: -5, noteKey: 'k', noteValue: 'v' }],
    routes: [{ id: -6, routeNotes: 'main', stops: [stop(3), stop(4)], distances: ['250'], usage: [] }],
  };
}

describe('line editor model', () => {
  it('sends new ids as null, distances as numbers and blank optional texts as null', () => {
    const result = validateLine(draft());
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.info.customNotes[0]?.id).toBeNull();
    expect(result.data.routes[0]).toEqual({
      id: null,
      routeNotes: 'main',
      stopsArr: [{ id: 3 }, { id: 4 }],
      distanceMetersList: [250],
    });
    expect(result.data.info.operator).toBeNull();
  });

  it('names the fields to outline: name, notes, route notes, unchosen stops', () => {
    const d = draft();
    d.info.name = ' ';
    d.notes[0] = { id: -5, noteKey: '', noteValue: 'v' };
    d.routes[0] = { ...newRoute(), routeNotes: '' };
    const result = validateLine(d);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.paths).toEqual(
      expect.arrayContaining([
        'info.name',
        'info.customNotes.0.noteKey',
        'routes.0.routeNotes',
        'routes.0.stopsArr.0',
      ]),
    );
  });

  it('sends a new stop of the route editor with its name, a stored one by id', () => {
    const d = draft();
    const fresh = { id: -40, name: 'Vikonys II', coords: null, defaultOption: false };
    d.routes[0] = { ...newRoute(), routeNotes: 'main', stops: [stop(3), fresh, fresh], distances: ['', ''] };
    const result = validateLine(d);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.routes[0]?.stopsArr).toEqual([
      { id: 3 },
      { id: -40, name: 'Vikonys II' },
      { id: -40, name: 'Vikonys II' },
    ]);
  });

  it("duplicates a route with ' - copy' and a new temporary id", () => {
    const route: RouteDraft = { id: 8, routeNotes: 'main', stops: [stop(3)], distances: [], usage: [] };
    const copy = duplicateRoute({ ...route, usage: [7] }, ' - copy');
    expect(copy.routeNotes).toBe('main - copy');
    expect(copy.id).toBeLessThan(0);
    expect(copy.id).not.toBe(route.id);
    expect(copy.stops).toEqual(route.stops);
    expect(copy.usage).toEqual([]);
  });

  it('starts a new route with one empty stop', () => {
    expect(newRoute()).toMatchObject({ stops: [null], distances: [], usage: [] });
  });
});

describe('what a route change touches (said before saving)', () => {
  const used = (stops: number[], usage: number[] = [70, 71]): LineDraft => ({
    ...draft(),
    routes: [{ id: 40, routeNotes: 'main', stops: stops.map(stop), distances: [], usage }],
  });
  it.each([
    ['nothing changed', used([1, 2, 3]), used([1, 2, 3]), []],
    [
      'a stop inserted',
      used([1, 2, 3]),
      used([1, 9, 2, 3]),
      [{ index: 0, schedules: [70, 71], newStops: ['Stop 9'] }],
    ],
    ['a stop removed', used([1, 2, 3]), used([1, 3]), [{ index: 0, schedules: [70, 71], newStops: [] }]],
    ['stops reordered', used([1, 2, 3]), used([1, 3, 2]), [{ index: 0, schedules: [70, 71], newStops: [] }]],
    ['an unused route', used([1, 2, 3], []), used([1, 9, 3], []), []],
  ])('%s', (_name, loaded, edited, expected) => {
    expect(routeChanges(loaded, edited)).toEqual(expected);
  });
});
