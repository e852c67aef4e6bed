import { describe, expect, it } from 'vitest';
import type { Position } from '../domain.ts';
import { livePath } from './path.ts';
import { advanceProgress, bearingDegrees, startProgress } from './progress.ts';
import { alongTrip, offset, plannedAt, report, S0, S1, S3, TRIP, visit } from './test-trip.ts';
import type { LiveProgress, LiveReport, LiveVisit } from './types.ts';

const T = plannedAt(0);
const S = 1000;

/** Every progress of a bus sending `reports` ([seconds after T, where]), the first one starting it. */
function follow(
  reports: readonly [number, Position, number?][],
  visits: readonly LiveVisit[] = TRIP,
): LiveProgress[] {
  const path = livePath(visits);
  const states: LiveProgress[] = [];
  for (const [seconds, where, heading] of reports) {
    const r: LiveReport = report(T + seconds * S, where, heading ?? null);
    const previous = states[states.length - 1];
    states.push(previous ? advanceProgress(path, visits, previous, r) : startProgress(path, visits, r));
  }
  return states;
}

function last(reports: readonly [number, Position, number?][], visits: readonly LiveVisit[] = TRIP) {
  const states = follow(reports, visits);
  const state = states[states.length - 1];
  if (!state) throw new Error('no reports');
  return state;
}

/** Observed instants as seconds after T (null: not seen), easier to read than instants. */
const seconds = (progress: LiveProgress) => progress.observed.map((o) => (o === null ? null : (o - T) / S));

describe('startProgress', () => {
  it.each([
    {
      name: 'at the station: at the first stop, not departed',
      where: offset(S0, 5, 5),
      along: 5,
      at: 0,
      passed: 0,
      observed: [0, null, null, null, null, null],
    },
    {
      name: '300 m before the station: nothing passed, not at it',
      where: offset(S0, 0, -300),
      along: 0,
      at: -1,
      passed: 0,
      observed: [null, null, null, null, null, null],
    },
    {
      name: 'at the second stop: the first is behind',
      where: alongTrip(790),
      along: 790,
      at: 1,
      passed: 1,
      observed: [0, 0, null, null, null, null],
    },
    {
      name: 'past the unplaced stop: three stops behind, all at the report’s time',
      where: alongTrip(1700),
      along: 1700,
      at: -1,
      passed: 3,
      observed: [0, 0, 0, null, null, null],
    },
  ])('$name', ({ where, along, at, passed, observed }) => {
    const progress = last([[0, where]]);
    expect(progress.along).toBeCloseTo(along, 0);
    expect(progress).toMatchObject({ at, passed, ended: false, lastAt: T, bearing: null });
    expect(seconds(progress)).toEqual(observed);
  });
});

describe('advanceProgress: passing stops', () => {
  it.each([
    {
      // Seen at S1 until 20 s, then 100 m past it: departed at 20 s, the last time seen there
      // (not 21.9 s, where it would be between the reports).
      name: 'by the radius: departed when last seen within 60 m',
      reports: [
        [0, alongTrip(780)],
        [20, alongTrip(795)],
        [60, alongTrip(900)],
      ],
      passed: 2,
      at: -1,
      observed: [0, 20, null, null, null, null],
    },
    {
      name: 'still within the radius: at the stop, its time the latest seen',
      reports: [
        [0, alongTrip(810)],
        [20, alongTrip(850)],
      ],
      passed: 1,
      at: 1,
      observed: [0, 20, null, null, null, null],
    },
    {
      // 600 m then 1000 m along: S1 (800 m) half way between the reports.
      name: 'by the projection between two reports: the time in between',
      reports: [
        [0, alongTrip(600)],
        [40, alongTrip(1000)],
      ],
      passed: 2,
      at: -1,
      observed: [0, 20, null, null, null, null],
    },
    {
      name: 'the unplaced stop, by its place along the path',
      reports: [
        [0, alongTrip(1000)],
        [80, alongTrip(1800)],
      ],
      passed: 3,
      at: -1,
      observed: [0, 0, 40, null, null, null],
    },
    {
      name: 'two stops between two reports, each at its own share',
      reports: [
        [0, alongTrip(600)],
        [100, alongTrip(1600)],
      ],
      passed: 3,
      at: -1,
      observed: [0, 20, 80, null, null, null],
    },
    {
      // A fix 300 m off the road beside S1 is not at S1, but along the path it is past it.
      name: 'a stop passed out of its radius',
      reports: [
        [0, alongTrip(600)],
        [40, offset(alongTrip(1000), 0, 300)],
      ],
      passed: 2,
      at: -1,
      observed: [0, 20, null, null, null, null],
    },
  ] as {
    name: string;
    reports: [number, Position][];
    passed: number;
    at: number;
    observed: (number | null)[];
  }[])('$name', ({ reports, passed, at, observed }) => {
    const progress = last(reports);
    expect(progress).toMatchObject({ passed, at, ended: false });
    expect(seconds(progress)).toEqual(observed);
  });

  it('at the stop the bus is nearest to when two stops are closer than the radius', () => {
    const close = [visit(1, 480, S0), visit(2, 481, offset(S0, 0, 50)), visit(3, 483, S1)];
    expect(last([[0, offset(S0, 0, 5)]], close)).toMatchObject({ at: 0, passed: 0 });
    expect(last([[0, offset(S0, 0, 45)]], close)).toMatchObject({ at: 1, passed: 1 });
  });
});

describe('advanceProgress: never backwards', () => {
  it.each([
    { name: 'a fix 40 m back on the same segment', from: 1000, to: 960, along: 1000, passed: 2 },
    // 870 m is 70 m past S1 (departed); 830 m is back within its radius: still departed.
    { name: 'a fix 40 m back into a departed stop’s radius', from: 870, to: 830, along: 870, passed: 2 },
    { name: 'a fix 500 m back', from: 1500, to: 1000, along: 1500, passed: 3 },
    { name: 'a fix 40 m on', from: 1000, to: 1040, along: 1040, passed: 2 },
  ])('$name: stays at $along m', ({ from, to, along, passed }) => {
    const [before, after] = follow([
      [0, alongTrip(from)],
      [10, alongTrip(to)],
    ]);
    expect(after?.along).toBeCloseTo(along, 0);
    expect(after).toMatchObject({ passed, at: -1 });
    expect(after?.observed).toEqual(before?.observed);
  });
});

describe('advanceProgress: a loop', () => {
  // Out east, up north, back west, and down to the station again: 4000 m round.
  const LOOP = [S0, S1, S3, offset(S0, 1200, 0), S0].map((p, i) => visit(i + 1, 480 + 3 * i, p));

  it('starts at the start, not the end, of a loop', () => {
    // 3 m from the loop's last segment, 20 m from its first.
    const start = last([[0, offset(S0, 20, 3)]], LOOP);
    expect(start).toMatchObject({ at: 0, passed: 0, ended: false });
    expect(start.along).toBeCloseTo(3, 0);
  });

  it('starts a loop that ends across the street from its first stop', () => {
    // The last stop is 40 m north of the first; the bus, 30 m north, is nearer the last.
    const across = [...LOOP.slice(0, 4), visit(5, 492, offset(S0, 40, 0))];
    expect(last([[0, offset(S0, 30, 0)]], across)).toMatchObject({ at: 0, passed: 0, ended: false });
  });

  it('leaves the station, goes round and ends back at it', () => {
    const states = follow(
      [
        [0, offset(S0, 5, 10)],
        [30, offset(S0, 0, 100)],
        [400, offset(S0, 1200, 400)],
        [500, offset(S0, 300, 0)],
        [560, offset(S0, 10, 0)],
      ],
      LOOP,
    );
    expect(states.map((s) => [s.passed, s.at, s.ended])).toEqual([
      [0, 0, false],
      [1, -1, false],
      [3, -1, false],
      [4, -1, false],
      [5, -1, true],
    ]);
    expect(states[4]?.observed[4]).toBe(T + 560 * S);
  });
});

describe('advanceProgress: the last stop', () => {
  it.each([
    { name: 'within its radius', to: alongTrip(3590), ended: true, passed: 6 },
    { name: 'beyond it, by the projection', to: offset(alongTrip(3600), 100, 0), ended: true, passed: 6 },
    {
      name: 'within 60 m of it along the path, 80 m aside',
      to: offset(alongTrip(3550), 0, 80),
      ended: true,
      passed: 6,
    },
    { name: '100 m before it', to: alongTrip(3500), ended: false, passed: 5 },
  ])('$name: ended $ended', ({ to, ended, passed }) => {
    const progress = last([
      [0, alongTrip(2990)],
      [60, to],
    ]);
    expect(progress).toMatchObject({ ended, passed });
    expect(progress.observed[5]).toBe(ended ? T + 60 * S : null);
  });

  it('once ended, later reports move the bus but not its stops', () => {
    const [ended, after] = follow([
      [0, alongTrip(3590)],
      [30, offset(alongTrip(3600), 300, 0)],
    ]);
    expect(after).toMatchObject({ ended: true, passed: 6, at: -1, lastAt: T + 30 * S, along: ended?.along });
    expect(after?.observed).toEqual(ended?.observed);
  });
});

describe('advanceProgress: the limits of stops without a position', () => {
  it('trailing stops are reached when the bus leaves the last placed stop', () => {
    const trailing = [S0, S1, S3, null, null].map((p, i) => visit(i + 1, 480 + 2 * i, p));
    const states = follow(
      [
        [0, offset(S3, 10, 0)],
        [30, offset(S3, 100, 0)],
      ],
      trailing,
    );
    expect(states.map((s) => [s.passed, s.at, s.ended])).toEqual([
      [2, 2, false],
      [5, -1, true],
    ]);
  });

  it('with one placed stop, the first, the bus has not left it before it was there', () => {
    const point = [visit(1, 480, S1), visit(2, 482, null), visit(3, 484, null)];
    const states = follow(
      [
        [0, offset(S1, 0, 300)],
        [60, offset(S1, 0, 20)],
        [90, offset(S1, 0, 100)],
      ],
      point,
    );
    expect(states.map((s) => [s.passed, s.at, s.ended])).toEqual([
      [0, -1, false],
      [0, 0, false],
      [3, -1, true],
    ]);
  });

  it('with one placed stop the bus is placed by that stop’s radius alone', () => {
    const point = [visit(1, 480, null), visit(2, 482, S1), visit(3, 484, null)];
    const states = follow(
      [
        [0, offset(S1, 0, 300)],
        [60, offset(S1, 0, 20)],
        [90, offset(S1, 0, 100)],
      ],
      point,
    );
    expect(states.map((s) => [s.passed, s.at, s.ended])).toEqual([
      [0, -1, false],
      [1, 1, false],
      [3, -1, true],
    ]);
  });
});

describe('bearing', () => {
  it.each([
    { name: 'north', to: offset(S0, 100, 0), degrees: 0 },
    { name: 'east', to: offset(S0, 0, 100), degrees: 90 },
    { name: 'south', to: offset(S0, -100, 0), degrees: 180 },
    { name: 'west', to: offset(S0, 0, -100), degrees: 270 },
  ])('bearingDegrees $name: $degrees°', ({ to, degrees }) => {
    expect(bearingDegrees(S0, to)).toBeCloseTo(degrees, 1);
  });

  it.each([
    { name: 'a first report without a heading', reports: [[0, S0]], bearing: null },
    { name: 'a first report with a heading', reports: [[0, S0, 95]], bearing: 95 },
    {
      name: 'the device’s heading wins over the move',
      reports: [
        [0, S0],
        [10, offset(S0, 0, 100), 270],
      ],
      bearing: 270,
    },
    {
      name: 'a heading out of range is brought into it',
      reports: [[0, S0, -90]],
      bearing: 270,
    },
    {
      name: 'a move of 100 m east without a heading',
      reports: [
        [0, S0],
        [10, offset(S0, 0, 100)],
      ],
      bearing: 90,
    },
    {
      name: 'a move of 5 m keeps the bearing before it',
      reports: [
        [0, S0],
        [10, offset(S0, 0, 100)],
        [20, offset(S0, 5, 100)],
      ],
      bearing: 90,
    },
    {
      name: 'a move of 11 m north turns it',
      reports: [
        [0, S0],
        [10, offset(S0, 0, 100)],
        [20, offset(S0, 11, 100)],
      ],
      bearing: 0,
    },
    {
      name: 'a heading the device does not know (NaN) is no heading',
      reports: [
        [0, S0],
        [10, offset(S0, 0, 100), Number.NaN],
      ],
      bearing: 90,
    },
  ] as { name: string; reports: [number, Position, number?][]; bearing: number | null }[])(
    '$name: $bearing',
    ({ reports, bearing }) => {
      const progress = last(reports);
      if (bearing === null) expect(progress.bearing).toBeNull();
      else expect(progress.bearing).toBeCloseTo(bearing, 1);
    },
  );
});

it('advanceProgress returns a new progress and leaves the one it was given as it was', () => {
  const path = livePath(TRIP);
  const before = startProgress(path, TRIP, report(T, alongTrip(600)));
  const copy = structuredClone(before);
  Object.freeze(before);
  Object.freeze(before.observed);
  const after = advanceProgress(path, TRIP, before, report(T + 40 * S, alongTrip(1000)));
  expect(before).toEqual(copy);
  expect(after).not.toBe(before);
  expect(after.passed).toBe(2);
  // JSON-safe: the server keeps it as it is.
  expect(JSON.parse(JSON.stringify(after))).toEqual(after);
});
