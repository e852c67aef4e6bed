import { type Clock, formatTime, type Position, vilniusInstant } from '@bus/core';
import { type OpenedLive, openLiveDatabase, positionsOf } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp, createTestUser, trpc } from '../../test/admin-helpers.ts';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import type { LiveTripAnswer } from '../live/answers.ts';
import type { LiveDepartureItem } from '../live/layer.ts';
import { createDriveCommand, positionAt } from './drive-command.ts';

/**
 * `pnpm cli drive` (issue 40): where the bus is along its stops at a moment (positionAt, a table),
 * and the command itself against a listening server on the real data, its clock and the
 * server's one fake clock that moves only when the command sleeps: no real waiting, and no
 * dependence on the day the test runs.
 */

describe('positionAt: where the timetable has the bus', () => {
  const A = { lat: 55.5, lon: 25.1 };
  const B = { lat: 55.5, lon: 25.2 };
  const C = { lat: 55.6, lon: 25.2 };
  const D = { lat: 55.7, lon: 25.2 };
  // A at 0 s, B at 100 s, C at 300 s, D at 300 s too (a stop of the same minute).
  const points = [A, B, C, D];
  const times = [0, 100_000, 300_000, 300_000];
  const cases: [string, number, Position][] = [
    ['before the first stop: at it', -60_000, A],
    ['at the first stop’s time', 0, A],
    ['a quarter of the way from the first stop to the second', 25_000, { lat: 55.5, lon: 25.125 }],
    ['at the second stop’s time: at it', 100_000, B],
    ['half way between the second and the third', 200_000, { lat: 55.55, lon: 25.2 }],
    ['at a time two stops share: at the first of them', 300_000, C],
    ['a moment later: past both', 300_001, D],
    ['after the last stop: at it', 900_000, D],
  ];
  it.each(cases)('%s', (_name, t, expected) => {
    const here = positionAt(points, times, t);
    expect(here.lat).toBeCloseTo(expected.lat, 9);
    expect(here.lon).toBeCloseTo(expected.lon, 9);
  });

  it('a trip of one placed stop is always at it', () => {
    for (const t of [-1, 0, 1e9]) expect(positionAt([A], [0], t)).toEqual(A);
  });
});

// A Tuesday. The server and the command share this clock; only the command's sleep moves it.
const TODAY = '2026-12-01';
let now = Date.parse('2026-12-01T06:00:00Z');
const clock: Clock = () => new Date(now);
const PASSWORD = 'drives-2026';

let t: AdminTestApp;
let live: OpenedLive;
let base: string;
let tripId: number;
/** The trip's first planned departure today: minutes after midnight, and the instant. */
let firstMinute: number;
let firstDeparture: number;
let stopCount: number;

/** What each password prompt of the command answers, in order. */
let typed: string[] = [];
const sleeps: number[] = [];
/** Called after every report the command makes (while it "sleeps"). */
let onSleep: () => Promise<void> = async () => {};

const drive = createDriveCommand({
  readPassword: async () => {
    const next = typed.shift();
    if (next === undefined) throw new Error('no password typed');
    return next;
  },
  sleep: async (ms) => {
    sleeps.push(ms);
    now += ms;
    await onSleep();
  },
  now: () => now,
});
const cli = (...argv: string[]) =>
  runCliCaptured(['drive', ...argv], { env: { DB_PATH: ':memory:' } }, [drive]);
const liveTrip = async () =>
  (await trpc<LiveTripAnswer>(t.app, 'query', 'timetable.liveTrip', { id: tripId })).data;

/** The figures the server counts reports by (its /metrics, open to this machine). */
async function reportsCounted(): Promise<{ accepted: number; refused: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const count = (outcome: string) =>
    Number(
      new RegExp(`bus_live_position_reports_total\\{source="phone",outcome="${outcome}"\\} (\\d+)`).exec(
        text,
      )?.[1] ?? 0,
    );
  return { accepted: count('accepted'), refused: count('refused') };
}

beforeAll(async () => {
  live = await openLiveDatabase(':memory:');
  t = await adminApp({ clock, live });
  await createTestUser(t, 'vairuotojas', ['ROLE_DRIVER'], PASSWORD);
  await createTestUser(t, 'kasininke', ['ROLE_ADMIN'], PASSWORD);
  // The first trip out of the station after 9:00 today.
  const out = await trpc<{ items: LiveDepartureItem[] }>(t.app, 'query', 'timetable.departures', {
    from: 1,
    dir: 'Out bound',
    date: TODAY,
  });
  const first = out.data.items.find((i) => i.timeDepart >= '09:00' && !i.cancelled);
  if (!first) throw new Error('no departure after 9:00');
  tripId = first.tripId;
  const [h, m] = first.timeDepart.split(':').map(Number);
  firstMinute = (h as number) * 60 + (m as number);
  firstDeparture = vilniusInstant(TODAY, firstMinute);
  // Its stops placed along a road east of the station (the test's map), about 950 m apart
  // whatever the minutes between them, as staff would place them.
  const stops = t.db.sqlite
    .prepare(
      `SELECT rs.stop_id AS id FROM trip tr JOIN route_stop rs ON rs.route_id = tr.route_id
       WHERE tr.id = ? ORDER BY CASE tr.route_dir_reversed WHEN 1 THEN -rs.seq ELSE rs.seq END`,
    )
    .all(tripId) as { id: number }[];
  stopCount = stops.length;
  const update = t.db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
  stops.forEach((s, i) => {
    update.run(55.5262, 25.104 + i * 0.015, s.id);
  });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
  live.sqlite.close();
});

describe('pnpm cli drive <tripId>', () => {
  it('drives the trip to its last stop through the HTTP API, 4 minutes late, 20 times the pace, nothing refused', async () => {
    // A minute before its time 4 minutes late: the bus waits at the first stop, then goes.
    now = firstDeparture + 3 * 60_000;
    typed = [PASSWORD];
    sleeps.length = 0;
    let leaving: LiveTripAnswer | undefined;
    onSleep = async () => {
      if (leaving !== undefined) return;
      const answer = await liveTrip();
      if (answer.live?.stops[0]?.status === 'passed') leaving = answer;
    };
    const run = await cli(
      String(tripId),
      '--delay',
      '4',
      '--speedup',
      '20',
      '--base',
      base,
      '--user',
      'vairuotojas',
    );
    onSleep = async () => {};
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^driving trip ${tripId} \\(.+\\), 4 min late, 20x$`));
    expect(lines[lines.length - 1]).toMatch(new RegExp(`^trip ${tripId} reached `));

    // Right after leaving the first stop, the server had the bus live, 4 minutes late.
    expect(leaving?.live).toMatchObject({ delaySeconds: 240, noLiveData: false, ended: false });
    expect(leaving?.live?.vehicle?.tripId).toBe(tripId);
    expect(leaving?.live?.stops[0]?.observed).toBe(formatTime(firstMinute + 4));

    // The whole trip: every stop left or reached, the trip over; every report stored, none refused.
    const after = await liveTrip();
    expect(after.live?.ended).toBe(true);
    expect(after.live?.stops).toHaveLength(stopCount);
    expect(after.live?.stops.every((s) => s.status === 'passed' && s.observed !== null)).toBe(true);
    const reports = sleeps.length + 1;
    expect(sleeps.every((ms) => ms === 5000)).toBe(true);
    expect(positionsOf(live, tripId, TODAY)).toHaveLength(reports);
    expect(await reportsCounted()).toEqual({ accepted: reports, refused: 0 });
    // One line a report between the first and the last. Its stops are about 950 m apart whatever
    // their minutes: 20 times the pace would be far above the 150 km/h the server accepts, so the
    // command drove at its limit, never more than 150 km/h over the 5 s between two reports.
    expect(lines).toHaveLength(reports + 2);
    const moves = lines.slice(1, -1).map((line) => Number(/ moved (\d+) m /.exec(line)?.[1]));
    expect(Math.max(...moves)).toBeGreaterThan(100);
    expect(Math.max(...moves)).toBeLessThanOrEqual((150 / 3.6) * 5);
  });

  it('an unknown trip id: the server’s clear message, exit code 1', async () => {
    typed = [PASSWORD];
    const run = await cli('999999', '--base', base, '--user', 'vairuotojas');
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe('error: drive.start: Trip 999999 does not exist\n');
  });

  it('a wrong password: refused at the sign-in', async () => {
    typed = ['not-the-password'];
    const run = await cli(String(tripId), '--base', base, '--user', 'vairuotojas');
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: 'error: auth.signIn: Bad credentials\n' });
  });

  it('an account without ROLE_DRIVER: refused at the start', async () => {
    typed = [PASSWORD];
    const run = await cli(String(tripId), '--base', base, '--user', 'kasininke');
    expect(run).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'error: drive.start: This needs a driver account\n',
    });
  });
});
