import { describe, expect, it } from 'vitest';
import { distanceMetres, EARTH_RADIUS_METRES, nearestStops, type PlacedStop } from './nearest-stops.ts';

describe('distanceMetres (haversine)', () => {
  it.each([
    // One degree along a meridian is πR/180 = 111 195 m, wherever it is.
    { name: 'a degree of latitude at the equator', a: [0, 0], b: [1, 0], metres: 111_195 },
    { name: 'a degree of latitude at Anykščiai', a: [55, 25.1], b: [56, 25.1], metres: 111_195 },
    // Along a parallel a degree shrinks with the cosine of the latitude (cos 60° = 1/2).
    { name: 'a degree of longitude at 60° N', a: [60, 25], b: [60, 26], metres: 55_597 },
    { name: 'the same place', a: [55.52, 25.1], b: [55.52, 25.1], metres: 0 },
    // Half the circumference: the formula stays exact at the far side of the Earth.
    { name: 'antipodes', a: [0, 0], b: [0, 180], metres: 20_015_114 },
  ])('$name: $metres m', ({ a, b, metres }) => {
    const [aLat = 0, aLon = 0] = a;
    const [bLat = 0, bLon = 0] = b;
    expect(Math.round(distanceMetres({ lat: aLat, lon: aLon }, { lat: bLat, lon: bLon }))).toBe(metres);
    expect(Math.round(distanceMetres({ lat: bLat, lon: bLon }, { lat: aLat, lon: aLon }))).toBe(metres);
  });

  // Across Lithuania, the spherical law of cosines (another formula, exact on the sphere too)
  // gives the same distances to well under a metre.
  it.each([
    { name: 'Vilnius to Kaunas', a: { lat: 54.6858, lon: 25.2877 }, b: { lat: 54.8968, lon: 23.8857 } },
    { name: 'Anykščiai to Utena', a: { lat: 55.5262, lon: 25.104 }, b: { lat: 55.4977, lon: 25.5998 } },
    { name: 'two stops 30 m apart', a: { lat: 55.5262, lon: 25.104 }, b: { lat: 55.52647, lon: 25.104 } },
  ])('$name agrees with the law of cosines', ({ a, b }) => {
    const r = (d: number) => (d * Math.PI) / 180;
    const cosines =
      EARTH_RADIUS_METRES *
      Math.acos(
        Math.min(
          1,
          Math.sin(r(a.lat)) * Math.sin(r(b.lat)) +
            Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.cos(r(b.lon - a.lon)),
        ),
      );
    expect(Math.abs(distanceMetres(a, b) - cosines)).toBeLessThan(0.5);
  });
});

describe('nearestStops', () => {
  const here = { lat: 55.5262, lon: 25.104 };
  // 0.001° of latitude is 111 m: each stop a known distance north or south of `here`.
  const stop = (id: number, name: string, dLat: number): PlacedStop => ({
    id,
    name,
    lat: here.lat + dLat,
    lon: here.lon,
  });
  const stops = [
    stop(1, 'Anykščių AS', 0.004),
    stop(2, 'Ažuožerių k.', -0.001),
    stop(3, 'Mokinių st. v.', 0.002),
    stop(4, 'Mokinių st. v.', -0.002),
    stop(5, 'Čiuželiai', 0.002),
    stop(6, 'Šeimyniškėliai', 0.03),
  ];

  it.each([
    { limit: 1, ids: [2], metres: [111] },
    // 3, 4 and 5 are all 222 m away: by name (Lithuanian order: Č after C, before M), then by id.
    { limit: 4, ids: [2, 5, 3, 4], metres: [111, 222, 222, 222] },
    { limit: 10, ids: [2, 5, 3, 4, 1, 6], metres: [111, 222, 222, 222, 445, 3336] },
    { limit: 0, ids: [], metres: [] },
  ])('the $limit nearest', ({ limit, ids, metres }) => {
    const found = nearestStops(stops, here, limit);
    expect(found.map((f) => f.stop.id)).toEqual(ids);
    expect(found.map((f) => f.metres)).toEqual(metres);
  });

  it('orders by distance, not by the order given', () => {
    expect(nearestStops([...stops].reverse(), here, 3).map((f) => f.stop.id)).toEqual([2, 5, 3]);
  });

  it('no stops: none', () => {
    expect(nearestStops([], here, 5)).toEqual([]);
  });
});
