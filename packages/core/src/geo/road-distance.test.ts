import { describe, expect, it } from 'vitest';
import { distanceMetres } from './nearest-stops.ts';
import { estimateGaps, estimateRoadMetres, MAX_GAP_METRES, ROAD_FACTOR } from './road-distance.ts';

const ANYKSCIAI_AS = { lat: 55.5262, lon: 25.104 };

describe('estimateRoadMetres', () => {
  it.each([
    // 1 000 m north: 1 300 m along the road.
    { name: 'a kilometre straight', b: { lat: 55.5262 + 1000 / 111_195, lon: 25.104 }, metres: 1300 },
    // Utena is some 31.4 km east: about 41 km by this rule (the road itself is some 36 km).
    { name: 'Anykščiai to Utena', b: { lat: 55.4977, lon: 25.5998 }, metres: 40_800 },
    // 30 m × 1.3 = 39 m: rounded up to the least step, not to nothing.
    { name: 'two stops 30 m apart', b: { lat: 55.52647, lon: 25.104 }, metres: 100 },
    // 420 m × 1.3 = 546 m: to the nearest 100 m.
    { name: '420 m apart', b: { lat: 55.5262 + 420 / 111_195, lon: 25.104 }, metres: 500 },
    { name: 'the same place', b: ANYKSCIAI_AS, metres: null },
    // 250 km straight is 325 km by the factor: more than a road between two stops is.
    { name: 'too far apart', b: { lat: 55.5262 - 250_000 / 111_195, lon: 25.104 }, metres: null },
  ])('$name: $metres', ({ b, metres }) => {
    expect(estimateRoadMetres(ANYKSCIAI_AS, b)).toBe(metres);
    expect(estimateRoadMetres(b, ANYKSCIAI_AS)).toBe(metres);
  });

  it('is the straight line times the road factor, to the nearest 100 m', () => {
    const b = { lat: 55.6, lon: 25.3 };
    const straight = distanceMetres(ANYKSCIAI_AS, b);
    expect(estimateRoadMetres(ANYKSCIAI_AS, b)).toBe(Math.round((straight * ROAD_FACTOR) / 100) * 100);
    expect(MAX_GAP_METRES).toBe(300_000);
  });
});

describe('estimateGaps', () => {
  const north = (metres: number) => ({ lat: 55.5262 + metres / 111_195, lon: 25.104 });
  it.each([
    { name: 'no stops', positions: [], gaps: [] },
    { name: 'one stop', positions: [ANYKSCIAI_AS], gaps: [] },
    { name: 'every stop placed', positions: [north(0), north(1000), north(3000)], gaps: [1300, 2600] },
    {
      name: 'a stop not placed',
      positions: [north(0), null, north(3000), north(4000)],
      gaps: [null, null, 1300],
    },
  ])('$name', ({ positions, gaps }) => {
    expect(estimateGaps(positions)).toEqual(gaps);
  });
});
