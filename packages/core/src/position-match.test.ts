import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Position } from './domain.ts';
import { distanceMetres } from './geo/nearest-stops.ts';
import { type FeedStop, parseStopsTxt } from './gtfs/stops-txt.ts';
import { otherFeedStopsTxt, otherSpelling } from './gtfs/test-stops-txt.ts';
import { matchStopPositions, type StopToPlace } from './position-match.ts';
import { nameKey } from './stop-search.ts';

/** The real stops and routes (data/anyksciai.json), none placed (as in the real data). */
const real = JSON.parse(readFileSync(new URL('../../../data/anyksciai.json', import.meta.url), 'utf8')) as {
  stops: { id: number; name: string }[];
  lines: { routes: { stopIds: number[] }[] }[];
};
const routes = real.lines.flatMap((l) => l.routes.map((r) => r.stopIds));
const ours: StopToPlace[] = real.stops.map((s) => ({
  id: s.id,
  name: s.name,
  searchNames: [],
  position: null,
}));
const MOKINIU = [11, 31, 51];

function feedOf(text: string): FeedStop[] {
  const read = parseStopsTxt(text);
  if (!read.ok) throw new Error(`line ${read.line}: ${read.message}`);
  return read.stops;
}

let nextLine = 2;
const feedStop = (id: string, name: string, lat: number, lon: number, locationType = 0): FeedStop => ({
  line: nextLine++,
  id,
  name,
  position: { lat, lon },
  locationType,
});

describe('distanceMetres', () => {
  it.each([
    [{ lat: 55.5265, lon: 25.1037 }, { lat: 55.5265, lon: 25.1037 }, 0],
    // a hundredth of a degree of latitude is about 1.11 km anywhere
    [{ lat: 55.52, lon: 25.1 }, { lat: 55.53, lon: 25.1 }, 1112],
    // Anykščiai - Vilnius, about 98 km as the crow flies
    [{ lat: 55.5265, lon: 25.1037 }, { lat: 54.6702, lon: 25.2821 }, 95_800],
  ])('%j to %j is about %d m', (a, b, meters) => {
    expect(Math.abs(distanceMetres(a, b) - meters)).toBeLessThan(meters / 100 + 1);
  });
});

describe('names as other timetables spell them have the same key', () => {
  it.each([
    ['Anykščių AS', ['Anykščiai AS', 'ANYKŠČIŲ A.S.', 'Anykščių autobusų stotis', 'anyksciu a. s.']],
    ['Kurkliai I k', ['Kurklių I kaimas', 'KURKLIAI I K.', 'I Kurkliai k']],
    ['Mokinių st. v.', ['Mokinių stotelė v.', 'MOKINIŲ ST. V.']],
    ['Raguvos kr.', ['Raguvos kryžkelė', 'Raguva kryžkelė']],
    ['Kavarskas', ['Kavarsko', 'KAVARSKE']],
    ['Troškūnų g. st.', ['Troškūnų geležinkelio stotis', 'Troškūnai gel. st.']],
    ['Leliūnų gyv. 1', ['Leliūnų gyvenvietė 1']],
    ['Rubikių ež.', ['Rubikių ežeras']],
  ])('%s', (ours, others) => {
    for (const other of others) expect(nameKey(other), other).toBe(nameKey(ours));
  });

  it('keeps different real stops apart: only the three names given twice or thrice share a key', () => {
    const byKey = new Map<string, string[]>();
    for (const s of real.stops) byKey.set(nameKey(s.name), [...(byKey.get(nameKey(s.name)) ?? []), s.name]);
    const shared = [...byKey.values()].filter((names) => names.length > 1).map((names) => names[0]);
    expect(shared.sort()).toEqual(['Katlėriai', 'Leliūnai', 'Mokinių st. v.']);
  });

  it('leaves out "kaimas" only when nothing matches with it', () => {
    expect(nameKey('Kurkliai I k', true)).toBe(nameKey('Kurkliai I', true));
    expect(nameKey('Kurkliai I k')).not.toBe(nameKey('Kurkliai I'));
  });
});

describe('every real stop from a stops.txt with other spellings', () => {
  const feed = otherFeedStopsTxt(real.stops, routes);
  const result = matchStopPositions(ours, feedOf(feed.text), routes);

  it('matches all 195, each at its own place', () => {
    expect(result.ambiguous).toEqual([]);
    expect(result.unmatched).toEqual([]);
    expect(result.matched).toHaveLength(real.stops.length);
    for (const m of result.matched) {
      const where = feed.expected.get(m.stopId) as Position;
      expect(distanceMetres(m.position, where), `${m.stopId} ${m.name}`).toBeLessThan(1);
    }
  });

  it('the three "Mokinių st. v." go by their neighbours on the routes, each to its own village', () => {
    const mokiniu = result.matched.filter((m) => MOKINIU.includes(m.stopId));
    expect(mokiniu.map((m) => [m.stopId, m.by])).toEqual([
      [11, 'nearness'],
      [31, 'nearness'],
      [51, 'nearness'],
    ]);
    for (const m of mokiniu)
      expect(new Set(m.feedStops.map((f) => f.id.replace(/[ab]$/, '')))).toEqual(new Set([`LT${m.stopId}`]));
  });

  it('two platforms 20 m apart are one place, in their middle', () => {
    // Stop 3 (Šeimyniškiai) is the third: two platforms, and a village of its name 120 km away.
    const seimyniskiai = result.matched.find((m) => m.stopId === 3);
    expect(seimyniskiai?.feedStops.map((f) => f.id)).toEqual(['LT3a', 'LT3b']);
    expect(seimyniskiai?.by).toBe('nearness');
  });

  it('the bus station: its platform, not the station (location_type 1) nor its entrance', () => {
    expect(result.matched.find((m) => m.stopId === 1)?.feedStops).toEqual([
      { id: 'LT1', name: 'ANYKŠČIŲ A.S.' },
    ]);
  });
});

describe('several places of one name', () => {
  const neighbours = (positions: Record<number, Position>): StopToPlace[] =>
    ours.map((s) => ({ ...s, position: positions[s.id] ?? null }));
  // Latava (10) and Andrioniškis (12) are next to the first "Mokinių st. v." (11) on M5.
  const placed = neighbours({ 10: { lat: 55.6, lon: 25.2 }, 12: { lat: 55.62, lon: 25.2 } });

  it('with no neighbour placed, every one is ambiguous with all the places', () => {
    const feed = [
      feedStop('M1', 'Mokinių stotelė v.', 55.61, 25.2),
      feedStop('M2', 'MOKINIŲ ST. V.', 55.7, 25.4),
      feedStop('M3', 'Mokinių st. v.', 55.4, 25.0),
    ];
    const result = matchStopPositions(ours, feed, routes);
    expect(result.matched).toEqual([]);
    expect(result.ambiguous.map((a) => a.stopId)).toEqual(MOKINIU);
    for (const a of result.ambiguous) {
      expect(a.candidates.map((c) => c.feedStops[0]?.id)).toEqual(['M1', 'M2', 'M3']);
      expect(a.candidates.every((c) => c.nearMeters === null)).toBe(true);
    }
    expect(result.unmatched).toHaveLength(real.stops.length - 3);
  });

  it('a place clearly nearest to the placed neighbours is taken; the others stay ambiguous', () => {
    const feed = [
      feedStop('M1', 'Mokinių stotelė v.', 55.75, 25.4),
      feedStop('M2', 'Mokinių st. v.', 55.61, 25.2),
      feedStop('M3', 'Mokinių st. v.', 55.4, 25.0),
    ];
    const result = matchStopPositions(placed, feed, routes);
    expect(result.matched.map((m) => [m.stopId, m.feedStops[0]?.id, m.by])).toEqual([[11, 'M2', 'nearness']]);
    // The two others have no neighbour placed: both places left are theirs to choose.
    expect(result.ambiguous.map((a) => [a.stopId, a.candidates.map((c) => c.feedStops[0]?.id)])).toEqual([
      [31, ['M1', 'M3']],
      [51, ['M1', 'M3']],
    ]);
  });

  it('places about as near as each other: ambiguous, nearest first, with their distances', () => {
    const feed = [
      feedStop('FAR', 'Mokinių st. v.', 55.7, 25.2),
      feedStop('NEAR', 'Mokinių st. v.', 55.63, 25.2),
      feedStop('NEARER', 'Mokinių st. v.', 55.5925, 25.2),
    ];
    const result = matchStopPositions([placed[9], placed[10], placed[11]] as StopToPlace[], feed, routes);
    const first = result.ambiguous.find((a) => a.stopId === 11);
    expect(first?.candidates.map((c) => c.feedStops[0]?.id)).toEqual(['NEARER', 'NEAR', 'FAR']);
    expect(first?.candidates.map((c) => Math.round((c.nearMeters as number) / 100) * 100)).toEqual([
      800, 1100, 8900,
    ]);
  });

  it('one feed place for two stops of ours: the one whose neighbours are near it; the other is unmatched', () => {
    // Katlėriai 36 (by Puntukas) and 121 (M3): the feed has only the one by Puntukas.
    const stops = neighbours({ 37: { lat: 55.49, lon: 25.05 }, 120: { lat: 55.3, lon: 25.5 } });
    const result = matchStopPositions(stops, [feedStop('K', 'Katlėrių', 55.495, 25.05)], routes);
    expect(result.matched.map((m) => m.stopId)).toEqual([36]);
    expect(result.unmatched.map((u) => u.stopId)).toContain(121);
  });
});

describe('one place of the name', () => {
  it('is matched by name, with how far it is from the position the stop has', () => {
    const stops = ours.map((s) => (s.id === 5 ? { ...s, position: { lat: 55.6, lon: 25.3 } } : s));
    const result = matchStopPositions(stops, [feedStop('P', 'PAGIRIAI', 55.601, 25.3)], routes);
    expect(result.matched).toEqual([
      {
        stopId: 5,
        name: 'Pagiriai',
        position: { lat: 55.601, lon: 25.3 },
        feedStops: [{ id: 'P', name: 'PAGIRIAI' }],
        current: { lat: 55.6, lon: 25.3 },
        movedMeters: 111,
        by: 'name',
      },
    ]);
  });

  it('is not taken when it is over 50 km from the stops placed next to ours', () => {
    // Ažuožeriai (4) and Dabužiai (6) are Pagiriai's (5) neighbours on M35.
    const stops = ours.map((s) =>
      s.id === 4 || s.id === 6 ? { ...s, position: { lat: 55.55, lon: 25.2 + s.id / 100 } } : s,
    );
    const result = matchStopPositions(stops, [feedStop('FAR', 'Pagiriai', 54.6041, 25.3517)], routes);
    expect(result.matched).toEqual([]);
    expect(result.ambiguous.map((a) => [a.stopId, a.candidates[0]?.feedStops[0]?.id])).toEqual([[5, 'FAR']]);
  });

  it('a station only when no stop or platform has the name', () => {
    const result = matchStopPositions(
      ours,
      [
        feedStop('S', 'Utenos autobusų stotis', 55.497, 25.603, 1),
        feedStop('A', 'Anykščių AS', 55.5, 25.1, 1),
      ],
      routes,
    );
    expect(result.matched.map((m) => [m.stopId, m.feedStops[0]?.id])).toEqual([
      [1, 'A'],
      [115, 'S'],
    ]);
  });

  it("a stop's extra search names match too", () => {
    const stops = ours.map((s) => (s.id === 2 ? { ...s, searchNames: ['Technologijų mokykla'] } : s));
    const result = matchStopPositions(stops, [feedStop('T', 'Technologijų mokykla', 55.53, 25.1)], routes);
    expect(result.matched.map((m) => m.stopId)).toEqual([2]);
  });
});

describe('otherSpelling (the test feed)', () => {
  it.each([
    ['Anykščių AS', 0, 'ANYKŠČIŲ A.S.'],
    ['Anykščių AS', 1, 'Anykščių autobusų stotis'],
    ['Kurkliai I k', 1, 'Kurkliai I kaimas'],
    ['Šeimyniškiai', 1, 'Šeimyniškių'],
    ['Kavarskas', 7, 'Kavarsko'],
    ['Mokinių st. v.', 3, 'Mokinių stotelė v.'],
  ])('%s (%d) -> %s', (name, i, other) => {
    expect(otherSpelling(name, i)).toBe(other);
  });
});

describe('places of a name the feed gives many times', () => {
  /** A seeded random number in [0, 1): the same feeds every run. */
  function random(seed: number) {
    return () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
  }

  /** The places as the matcher had them before the grid: any chain of stops 300 m apart. */
  function naivePlaces(stops: readonly FeedStop[]): string[][] {
    const groups: FeedStop[][] = [];
    for (const stop of stops) {
      const near = groups.filter((g) => g.some((f) => distanceMetres(f.position, stop.position) <= 300));
      for (const g of near) groups.splice(groups.indexOf(g), 1);
      groups.push([...near.flat(), stop]);
    }
    return groups
      .map((g) => g.sort((a, b) => a.line - b.line).map((f) => f.id))
      .sort((a, b) => Number(a[0]) - Number(b[0]));
  }

  const two: StopToPlace[] = [
    { id: 1, name: 'Vikonys', searchNames: [], position: null },
    { id: 2, name: 'Vikonys', searchNames: [], position: null },
  ];
  const feedOfPositions = (positions: Position[]) =>
    positions.map(
      (p, i): FeedStop => ({ line: i + 2, id: String(i), name: 'Vikonys', position: p, locationType: 0 }),
    );

  it.each([
    ['scattered over the district: pairs and small places', 1, 300, 0.1],
    ['about as many places as stops in them', 2, 300, 0.05],
    ['dense: a few large chains', 3, 400, 0.04],
    ['two thousand over a region', 4, 2000, 0.3],
  ])('are the chains of stops 300 m apart, as before: %s', (_what, seed, count, spread) => {
    const next = random(seed);
    const feed = feedOfPositions(
      Array.from({ length: count }, () => ({ lat: 56.2 + next() * spread, lon: 24 + next() * spread * 1.8 })),
    );
    const [a] = matchStopPositions(two, feed, []).ambiguous;
    const places = (a?.candidates ?? []).map((c) => c.feedStops.map((f) => f.id));
    expect(places).toEqual(naivePlaces(feed));
  });

  // Before the grid each stop was measured against every earlier one: minutes, past this test's
  // timeout (a bound on the run, not a timing assertion: a loaded machine only makes it slower).
  it('thirty thousand of one name take a moment, not minutes, spread out or in one spot', {
    timeout: 60_000,
  }, () => {
    const spread = feedOfPositions(
      Array.from({ length: 30_000 }, (_, i) => ({
        lat: 54 + Math.floor(i / 190) * 0.005,
        lon: 22 + (i % 190) * 0.008,
      })),
    );
    const [a] = matchStopPositions(two, spread, [[1, 2]]).ambiguous;
    expect(a?.candidates).toHaveLength(30_000);
    const oneSpot = feedOfPositions(
      Array.from({ length: 30_000 }, (_, i) => ({ lat: 55.5 + (i % 7) * 1e-5, lon: 25.1 })),
    );
    const [b] = matchStopPositions(two, oneSpot, [[1, 2]]).ambiguous;
    expect(b?.candidates).toHaveLength(1);
    expect(b?.candidates[0]?.feedStops).toHaveLength(30_000);
  });
});
