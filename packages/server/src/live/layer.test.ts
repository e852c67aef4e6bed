import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LiveProgress, vilniusInstant } from '@bus/core';
import { type OpenedLive, openLiveDatabase, recordLiveReport, startLiveTrip } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveLayer } from './layer.ts';

/**
 * Every serving process of a site opens the same live database file (LIVE_DB_PATH): a report
 * written through one is seen by the others within 2 seconds (issue 40), without any of them
 * being told. Two connections to one file stand for two processes here (SQLite's data_version,
 * which the layer watches, moves for a commit by any other connection, in any process).
 */

const now = vilniusInstant('2026-12-01', 9 * 60 + 4);
const clock = () => new Date(now);
let dir: string;
let writer: OpenedLive;
let reader: OpenedLive;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-live-'));
  writer = await openLiveDatabase(join(dir, 'live.sqlite'));
  reader = await openLiveDatabase(join(dir, 'live.sqlite'));
});
afterAll(() => {
  writer.sqlite.close();
  reader.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const progress: LiveProgress = {
  along: 120,
  observed: [now - 20_000, null],
  passed: 1,
  at: -1,
  lastAt: now,
  lat: 55.5262,
  lon: 25.106,
  bearing: 90,
  ended: false,
};

describe('the live state across processes', () => {
  it("another process's report is seen within 2 seconds, and its own at once", async () => {
    const other = new LiveLayer(reader, clock);
    const own = new LiveLayer(writer, clock);
    expect(other.following()).toBe(false);
    startLiveTrip(writer, {
      tripId: 7,
      serviceDate: '2026-12-01',
      source: 'phone',
      userId: 3,
      vehicle: null,
      lineId: 2,
      at: now,
    });
    recordLiveReport(
      writer,
      { tripId: 7, serviceDate: '2026-12-01', lineId: 2 },
      progress,
      { at: now, receivedAt: now, lat: progress.lat, lon: progress.lon, accuracy: 5, heading: null },
      [{ idx: 0, stopId: 1, plannedAt: now - 260_000, observedAt: now - 20_000 }],
    );
    own.touched();
    expect(own.tripOn(7, '2026-12-01')?.progress?.passed).toBe(1);
    const started = performance.now();
    while (other.tripOn(7, '2026-12-01') === undefined && performance.now() - started < 2000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.tripOn(7, '2026-12-01')?.progress).toEqual(progress);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(other.inService()).toBe(1);
  });
});
