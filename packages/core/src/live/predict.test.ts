import { describe, expect, it } from 'vitest';
import { livePath } from './path.ts';
import { liveTripState, predictTrip, stopPrediction } from './predict.ts';
import { advanceProgress, startProgress } from './progress.ts';
import { alongTrip, DATE, offset, plannedAt, report, S0, TRIP } from './test-trip.ts';
import type { LiveProgress } from './types.ts';

const S = 1000;
const P = [0, 1, 2, 3, 4, 5].map((i) => plannedAt(i));
const p = (i: number) => P[i] ?? Number.NaN;

/** A progress as the rules leave it; observed given as instants (null: not seen). */
function state(passed: number, at: number, observed: (number | null)[], lastAt: number): LiveProgress {
  const full = TRIP.map((_, i) => observed[i] ?? null);
  return {
    along: 0,
    observed: full,
    passed,
    at,
    lastAt,
    lat: S0.lat,
    lon: S0.lon,
    bearing: null,
    ended: passed >= 6,
  };
}

describe('predictTrip', () => {
  it.each([
    {
      name: 'waiting at the first stop before its time: on time, leaving at the planned time',
      progress: state(0, 0, [p(0) - 120 * S], p(0) - 60 * S),
      now: p(0) - 60 * S,
      delay: 0,
      statuses: ['at', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead'],
      offsets: [0, 0, 0, 0, 0, 0],
    },
    {
      name: 'still waiting at the first stop 90 s past its time: 90 s late',
      progress: state(0, 0, [p(0) + 90 * S], p(0) + 90 * S),
      now: p(0) + 90 * S,
      delay: 90,
      statuses: ['at', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead'],
      offsets: [90, 90, 90, 90, 90, 90],
    },
    {
      name: 'late: left the second stop 3 minutes late',
      progress: state(2, -1, [p(0) + 150 * S, p(1) + 180 * S], p(1) + 200 * S),
      now: p(1) + 200 * S,
      delay: 180,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [150, 180, 180, 180, 180, 180],
    },
    {
      name: 'late, and not yet at the next stop 150 s after its time: at least 150 s late',
      progress: state(2, -1, [p(0), p(1) + 60 * S], p(2) + 150 * S),
      now: p(2) + 150 * S,
      delay: 150,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [0, 60, 150, 150, 150, 150],
    },
    {
      name: 'on time',
      progress: state(2, -1, [p(0), p(1)], p(1) + 30 * S),
      now: p(1) + 30 * S,
      delay: 0,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [0, 0, 0, 0, 0, 0],
    },
    {
      name: 'early: shown early at the next stop only',
      progress: state(2, -1, [p(0) - 60 * S, p(1) - 90 * S], p(1) - 80 * S),
      now: p(1) - 80 * S,
      delay: -90,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [-60, -90, -90, 0, 0, 0],
    },
    {
      name: 'early, but never expected before now',
      progress: state(2, -1, [p(0), p(1) - 90 * S], p(2) - 30 * S),
      now: p(2) - 30 * S,
      delay: -30,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [0, -90, -30, 0, 0, 0],
    },
    {
      name: 'standing at its next stop early: it waits for the planned time',
      progress: state(3, 3, [p(0), p(1) - 60 * S, p(2) - 100 * S, p(3) - 60 * S], p(3) - 60 * S),
      now: p(3) - 60 * S,
      delay: 0,
      statuses: ['passed', 'passed', 'passed', 'at', 'ahead', 'ahead'],
      offsets: [0, -60, -100, 0, 0, 0],
    },
    {
      // Five minutes late at the stop before, but standing here a minute late: leaves now.
      name: 'standing at its next stop, having made up time: as late as now',
      progress: state(3, 3, [p(0), p(1), p(2) + 300 * S, p(3) + 60 * S], p(3) + 60 * S),
      now: p(3) + 60 * S,
      delay: 60,
      statuses: ['passed', 'passed', 'passed', 'at', 'ahead', 'ahead'],
      offsets: [0, 0, 300, 60, 60, 60],
    },
    {
      name: 'no report for 180 s: still live',
      progress: state(2, -1, [p(0) + 150 * S, p(1) + 180 * S], p(1) + 200 * S),
      now: p(1) + 380 * S,
      delay: 260,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [150, 180, 260, 260, 260, 260],
    },
    {
      name: 'no report for 181 s: planned times, no delay, the stops left still left',
      progress: state(2, -1, [p(0) + 150 * S, p(1) + 180 * S], p(1) + 200 * S),
      now: p(1) + 381 * S,
      delay: null,
      statuses: ['passed', 'passed', 'next', 'ahead', 'ahead', 'ahead'],
      offsets: [150, 180, 0, 0, 0, 0],
    },
    {
      name: 'no report for 5 minutes while at the first stop: not shown at it',
      progress: state(0, 0, [p(0) - 400 * S], p(0) - 400 * S),
      now: p(0) - 100 * S,
      delay: null,
      statuses: ['next', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead'],
      offsets: [0, 0, 0, 0, 0, 0],
    },
    {
      name: 'ended 2 minutes late, its last report long ago: the delay at the last stop',
      progress: state(6, -1, [p(0), p(1), p(2), p(3), p(4) + 60 * S, p(5) + 120 * S], p(5) + 120 * S),
      now: p(5) + 720 * S,
      delay: 120,
      statuses: ['passed', 'passed', 'passed', 'passed', 'passed', 'passed'],
      offsets: [0, 0, 0, 0, 60, 120],
    },
  ])('$name', ({ progress, now, delay, statuses, offsets }) => {
    const prediction = predictTrip(TRIP, DATE, progress, now);
    expect(prediction.delaySeconds).toBe(delay);
    expect(prediction.stale).toBe(delay === null);
    expect(prediction.ended).toBe(progress.passed === 6);
    expect(prediction.positionAge).toBe(Math.round((now - progress.lastAt) / S));
    expect(prediction.stops.map((s) => s.status)).toEqual(statuses);
    expect(prediction.stops.map((s, i) => (s.expected - p(i)) / S)).toEqual(offsets);
    expect(prediction.stops.map((s) => s.planned)).toEqual(P);
    expect(prediction.stops.map((s) => s.observed)).toEqual(
      prediction.stops.map((s, i) => (s.status === 'passed' ? progress.observed[i] : null)),
    );
  });

  it('keeps the visits’ indexes and stops', () => {
    const prediction = predictTrip(TRIP, DATE, state(0, -1, [], p(0)), p(0));
    expect(prediction.stops.map((s) => [s.index, s.stopId])).toEqual(TRIP.map((v) => [v.index, v.stopId]));
  });

  it('rounds a fraction of a second early to on time, not to -0', () => {
    const progress = state(2, -1, [p(0), p(1) - 400], p(1) - 300);
    expect(predictTrip(TRIP, DATE, progress, p(1) - 300).delaySeconds).toBe(0);
  });

  it('counts a report from a clock slightly ahead as no age', () => {
    expect(predictTrip(TRIP, DATE, state(0, -1, [], p(0) + 5 * S), p(0)).positionAge).toBe(0);
  });

  it('plans by the Vilnius clock of the service date (08:00 in summer is 05:00 UTC)', () => {
    expect(predictTrip(TRIP, DATE, state(0, -1, [], p(0)), p(0)).stops[0]?.planned).toBe(
      Date.parse('2025-06-02T05:00:00Z'),
    );
  });
});

describe('a bus followed from the station', () => {
  const path = livePath(TRIP);
  const at = (seconds: number) => p(0) + seconds * S;

  it('waits at the station, leaves late, and shows its delay down the line', () => {
    const waiting = startProgress(path, TRIP, report(at(-120), offset(S0, 5, 0)));
    expect(predictTrip(TRIP, DATE, waiting, at(-120))).toMatchObject({ delaySeconds: 0, stale: false });
    expect(predictTrip(TRIP, DATE, waiting, at(-120)).stops[0]).toMatchObject({
      status: 'at',
      expected: p(0),
    });

    const stillWaiting = advanceProgress(path, TRIP, waiting, report(at(45), offset(S0, 3, 2)));
    expect(stillWaiting).toMatchObject({ at: 0, passed: 0 });
    expect(predictTrip(TRIP, DATE, stillWaiting, at(50)).delaySeconds).toBe(50);

    // Gone: 300 m along the road 30 s later. It left the station when last seen there.
    const gone = advanceProgress(path, TRIP, stillWaiting, report(at(75), alongTrip(300)));
    const prediction = predictTrip(TRIP, DATE, gone, at(75));
    expect(prediction.stops[0]).toMatchObject({ status: 'passed', observed: at(45) });
    expect(prediction.delaySeconds).toBe(45);
    expect(prediction.stops.slice(1).map((s) => (s.expected - s.planned) / S)).toEqual([45, 45, 45, 45, 45]);
  });
});

describe('stopPrediction', () => {
  // Every stop of every state the tables above and below reach, one stop at a time, is the
  // stop predictTrip gives: departures and the board ask for the one stop they show.
  const path = livePath(TRIP);
  const progresses: [LiveProgress, number][] = [
    [state(0, 0, [p(0) + 90 * S], p(0) + 90 * S), p(0) + 90 * S],
    [state(2, -1, [p(0) + 150 * S, p(1) + 180 * S], p(1) + 200 * S), p(1) + 200 * S],
    [state(2, -1, [p(0), p(1) + 60 * S], p(2) + 150 * S), p(2) + 150 * S],
    [state(2, -1, [p(0) - 60 * S, p(1) - 90 * S], p(1) - 80 * S), p(1) - 80 * S],
    [state(3, 3, [p(0), p(1) - 60 * S, p(2) - 100 * S, p(3) - 60 * S], p(3) - 60 * S), p(3) - 60 * S],
    [state(2, -1, [p(0) + 150 * S, p(1) + 180 * S], p(1) + 200 * S), p(1) + 381 * S],
    [state(6, -1, [p(0), p(1), p(2), p(3), p(4) + 60 * S, p(5) + 120 * S], p(5) + 120 * S), p(5) + 720 * S],
    [startProgress(path, TRIP, report(p(0) - 120 * S, offset(S0, 5, 0))), p(0) - 120 * S],
  ];
  it.each(progresses.map(([progress, now], n) => ({ n, progress, now })))(
    'state $n: each stop alone is predictTrip’s',
    ({ progress, now }) => {
      const whole = predictTrip(TRIP, DATE, progress, now, P);
      const alone = liveTripState(TRIP.length, P, progress, now);
      expect(alone.delaySeconds).toBe(whole.delaySeconds);
      expect(alone.stale).toBe(whole.stale);
      expect(alone.positionAge).toBe(whole.positionAge);
      expect(alone.ended).toBe(whole.ended);
      TRIP.forEach((visit, i) => {
        expect(stopPrediction(visit, i, P, progress, alone)).toEqual(whole.stops[i]);
      });
    },
  );
});
