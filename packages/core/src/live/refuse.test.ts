import { describe, expect, it } from 'vitest';
import type { Position } from '../domain.ts';
import { livePath } from './path.ts';
import { startProgress } from './progress.ts';
import { refuseReport } from './refuse.ts';
import { offset, plannedAt, report, S0, S1, TRIP, visit } from './test-trip.ts';
import type { LiveRefusal } from './types.ts';

const path = livePath(TRIP);
const NOW = plannedAt(1);
/** The bus's last accepted report: 300 m east of the station, at NOW - 10 s. */
const LAST = offset(S0, 0, 300);
const progress = startProgress(path, TRIP, report(NOW - 10_000, LAST));

describe('refuseReport', () => {
  it.each<{ name: string; at: number; where: Position; after?: boolean; refusal: LiveRefusal | undefined }>([
    { name: 'a first report on the path', at: NOW, where: S1, refusal: undefined },
    // The server's clock against the phone's: two minutes either way are fine.
    { name: 'a clock 120 s ahead', at: NOW + 120_000, where: S1, refusal: undefined },
    { name: 'a clock 120.001 s ahead', at: NOW + 120_001, where: S1, refusal: 'clockOff' },
    { name: 'a clock 120 s behind', at: NOW - 120_000, where: S1, refusal: undefined },
    { name: 'a clock 120.001 s behind', at: NOW - 120_001, where: S1, refusal: 'clockOff' },
    // 1999 m and 2001 m south of the corner stop S1: the path's nearest point is S1 itself.
    { name: '1999 m off the path', at: NOW, where: offset(S1, -1999, 0), refusal: undefined },
    { name: '2001 m off the path', at: NOW, where: offset(S1, -2001, 0), refusal: 'tooFar' },
    {
      name: 'far off the path and off the clock: the clock first',
      at: NOW + 200_000,
      where: offset(S1, -5000, 0),
      refusal: 'clockOff',
    },
    // From the last report: a second apart at the least.
    { name: '1000 ms after the last report', at: NOW - 9000, where: LAST, after: true, refusal: undefined },
    { name: '999 ms after the last report', at: NOW - 9001, where: LAST, after: true, refusal: 'tooOften' },
    {
      name: 'the same instant as the last report',
      at: NOW - 10_000,
      where: LAST,
      after: true,
      refusal: 'tooOften',
    },
    { name: 'older than the last report', at: NOW - 30_000, where: LAST, after: true, refusal: 'tooOften' },
    // 150 km/h is 416.7 m in 10 s.
    {
      name: '416 m in 10 s (149.8 km/h)',
      at: NOW,
      where: offset(LAST, 0, 416),
      after: true,
      refusal: undefined,
    },
    {
      name: '417 m in 10 s (150.1 km/h)',
      at: NOW,
      where: offset(LAST, 0, 417),
      after: true,
      refusal: 'tooFast',
    },
    {
      name: 'too often and too fast: too often first',
      at: NOW - 9500,
      where: offset(LAST, 0, 417),
      after: true,
      refusal: 'tooOften',
    },
    {
      name: 'too fast and too far: too fast first',
      at: NOW,
      where: offset(LAST, -2500, 0),
      after: true,
      refusal: 'tooFast',
    },
  ])('$name: $refusal', ({ at, where, after, refusal }) => {
    expect(refuseReport(path, after ? progress : undefined, report(at, where), NOW)).toBe(refusal);
  });

  it('refuses every report for a trip with no placed stop, whatever else is wrong', () => {
    const blind = livePath([visit(1, 480, null), visit(2, 485, null)]);
    expect(refuseReport(blind, undefined, report(NOW, S0), NOW)).toBe('noPositions');
    expect(refuseReport(blind, undefined, report(NOW + 500_000, S0), NOW)).toBe('noPositions');
  });

  it('measures to the one stop of a path of one point', () => {
    const point = livePath([visit(1, 480, null), visit(2, 482, S1)]);
    expect(refuseReport(point, undefined, report(NOW, offset(S1, 1999, 0)), NOW)).toBeUndefined();
    expect(refuseReport(point, undefined, report(NOW, offset(S1, 2001, 0)), NOW)).toBe('tooFar');
  });
});
