import { describe, expect, it } from 'vitest';
import {
  busStopsHref,
  filterStops,
  mapHref,
  searchFromStopsFilter,
  stopsFilterFromSearch,
} from './stops-filter.ts';

describe('bus stops filter in the address', () => {
  it.each([
    ['', { stopId: null, missingPosition: false }],
    ['?stop=12', { stopId: 12, missingPosition: false }],
    ['position=missing', { stopId: null, missingPosition: true }],
    ['?stop=3&position=missing', { stopId: 3, missingPosition: true }],
    ['?stop=0&position=yes', { stopId: null, missingPosition: false }],
    ['?stop=-4', { stopId: null, missingPosition: false }],
    ['?stop=1e3', { stopId: null, missingPosition: false }],
    ['?stop=07', { stopId: null, missingPosition: false }],
  ])('%s', (search, filter) => {
    expect(stopsFilterFromSearch(search)).toEqual(filter);
    expect(stopsFilterFromSearch(searchFromStopsFilter(filter))).toEqual(filter);
  });

  it('links to the screen with a filter', () => {
    expect(busStopsHref()).toBe('/bus-stops');
    expect(busStopsHref({ stopId: 40 })).toBe('/bus-stops?stop=40');
    expect(busStopsHref({ missingPosition: true })).toBe('/bus-stops?position=missing');
  });
});

describe('filtering the stops', () => {
  const item = (id: number, position: { lat: number; lon: number } | null) => ({ stop: { id, position } });
  const items = [item(1, null), item(2, { lat: 55.5, lon: 25.1 }), item(3, null)];

  it('keeps everything without a filter, in order', () => {
    expect(filterStops(items, { stopId: null, missingPosition: false })).toEqual(items);
  });

  it('keeps one stop, or the stops without a position, or both conditions', () => {
    expect(filterStops(items, { stopId: 2, missingPosition: false }).map((i) => i.stop.id)).toEqual([2]);
    expect(filterStops(items, { stopId: null, missingPosition: true }).map((i) => i.stop.id)).toEqual([1, 3]);
    expect(filterStops(items, { stopId: 2, missingPosition: true })).toEqual([]);
    expect(filterStops(items, { stopId: 99, missingPosition: false })).toEqual([]);
  });
});

it('opens OpenStreetMap at a position', () => {
  expect(mapHref({ lat: 55.5248, lon: 25.1043 })).toBe(
    'https://www.openstreetmap.org/?mlat=55.5248&mlon=25.1043#map=18/55.5248/25.1043',
  );
});
