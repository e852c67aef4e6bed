import type { LiveProgress } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forgetLiveBefore,
  liveDatabasePath,
  liveTripOf,
  type OpenedLive,
  observedBetween,
  openLiveDatabase,
  positionsOf,
  recordLiveReport,
  startLiveTrip,
} from './store.ts';

const DAY = 24 * 60 * 60_000;
const t0 = Date.parse('2026-11-01T08:00:00Z');
let live: OpenedLive;

beforeAll(async () => {
  live = await openLiveDatabase(':memory:');
});
afterAll(() => live.sqlite.close());

const progress = (lastAt: number): LiveProgress => ({
  along: 0,
  observed: [lastAt],
  passed: 1,
  at: -1,
  lastAt,
  lat: 55.5,
  lon: 25.1,
  bearing: null,
  ended: false,
});

function drive(tripId: number, date: string, at: number, userId: number) {
  startLiveTrip(live, { tripId, serviceDate: date, source: 'phone', userId, vehicle: null, lineId: 4, at });
  recordLiveReport(
    live,
    { tripId, serviceDate: date, lineId: 4 },
    progress(at),
    { at, receivedAt: at, lat: 55.5, lon: 25.1, accuracy: 5, heading: null },
    [{ idx: 0, stopId: 9, plannedAt: at - 60_000, observedAt: at }],
  );
}

describe('the live database', () => {
  it('lives beside the timetable, "-live" before the extension; in memory for one in memory', () => {
    expect(liveDatabasePath('/srv/bus/timetable.sqlite')).toBe('/srv/bus/timetable-live.sqlite');
    expect(liveDatabasePath('data/db')).toBe('data/db-live');
    expect(liveDatabasePath('/srv/v1.2/db')).toBe('/srv/v1.2/db-live');
    expect(liveDatabasePath(':memory:')).toBe(':memory:');
  });

  it('a driver drives one bus: starting a trip ends the one they had started', () => {
    drive(1, '2026-11-01', t0, 5);
    startLiveTrip(live, {
      tripId: 2,
      serviceDate: '2026-11-01',
      source: 'phone',
      userId: 5,
      vehicle: null,
      lineId: 4,
      at: t0 + 1000,
    });
    expect(liveTripOf(live, 1, '2026-11-01')?.endedAt).toBe(t0 + 1000);
    expect(liveTripOf(live, 2, '2026-11-01')?.endedAt).toBeNull();
  });

  it('forgets positions and who drove after the kept days; the observed times stay', () => {
    drive(3, '2026-11-29', t0 + 28 * DAY, 6);
    const gone = forgetLiveBefore(live, t0 + 28 * DAY - 1);
    expect(gone).toBe(1);
    expect(positionsOf(live, 1, '2026-11-01')).toEqual([]);
    expect(liveTripOf(live, 1, '2026-11-01')?.userId).toBeNull();
    expect(positionsOf(live, 3, '2026-11-29')).toHaveLength(1);
    expect(liveTripOf(live, 3, '2026-11-29')?.userId).toBe(6);
    expect(observedBetween(live, t0 - DAY, t0 + 30 * DAY).map((o) => o.tripId)).toEqual([1, 3]);
  });
});
