import { distanceMetres, LIVE_MAX_SPEED_KMH, type Position, vilniusInstant, vilniusTime } from '@bus/core';
import type { CliCommand, CliContext } from './commands.ts';
import { type PasswordReader, readPasswordFromStdin } from './user-commands.ts';

/**
 * `pnpm cli drive <tripId>` (issue 40): a bus driven along a trip through the same HTTP API a
 * driver's phone uses (/drive): it signs in as a driver, starts the trip, and reports a position
 * every few seconds until the last stop. For demos, tests and load: no live data is invented on
 * the public site except by a driver (or this command run by staff who know what they do).
 *
 * The bus is where the timetable, late by --delay minutes, has it now (at the first stop when the
 * trip has not started yet, waiting until its time), then moves at --speedup times the
 * timetable's pace, straight from stop to stop, never faster than the server accepts (a faster
 * stretch, such as two far-apart stops of the same minute, is driven at that speed and caught up
 * after). Stops without a map position are driven past.
 */

interface DriveStop {
  name: string;
  time: string;
  placed: boolean;
  stopId: number;
}

/** A tRPC call over HTTP, as the web app makes it; its error message when refused. */
async function call<T>(
  base: string,
  token: string | null,
  path: string,
  input: unknown,
  mutation: boolean,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const url = `${base}/trpc/${path}`;
  const response = mutation
    ? await fetch(url, { method: 'POST', headers, body: JSON.stringify(input) })
    : await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers,
      });
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!response.ok || body.error) throw new Error(`${path}: ${body.error?.message ?? response.statusText}`);
  return body.result?.data as T;
}

/** Where the bus is at `t` (ms) along stops placed at `points` with departures at `times` (ms). */
export function positionAt(points: readonly Position[], times: readonly number[], t: number): Position {
  return pointAlong(points, metresAt(points, times, t));
}

/** Metres along the straight lines between `points` to where positionAt has the bus at `t`. */
export function metresAt(points: readonly Position[], times: readonly number[], t: number): number {
  let metres = 0;
  if (t <= (times[0] ?? 0)) return 0;
  for (let i = 1; i < points.length; i++) {
    const [t0, t1] = [times[i - 1] as number, times[i] as number];
    const length = distanceMetres(points[i - 1] as Position, points[i] as Position);
    if (t <= t1) return metres + length * (t1 === t0 ? 1 : (t - t0) / (t1 - t0));
    metres += length;
  }
  return metres;
}

/** The point `metres` along the straight lines between `points` (the last one past their end). */
export function pointAlong(points: readonly Position[], metres: number): Position {
  let from = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1] as Position, points[i] as Position];
    const length = distanceMetres(a, b);
    if (metres <= from + length && length > 0) {
      const share = Math.max(0, (metres - from) / length);
      return { lat: a.lat + (b.lat - a.lat) * share, lon: a.lon + (b.lon - a.lon) * share };
    }
    from += length;
  }
  return points[points.length - 1] as Position;
}

/**
 * The fastest the bus moves between two reports: below the server's limit (LIVE_MAX_SPEED_KMH, a
 * faster report is refused), with room for the rounding of the positions.
 */
const MAX_METRES_PER_SECOND = (0.9 * LIVE_MAX_SPEED_KMH) / 3.6;

export interface DriveDeps {
  readPassword: PasswordReader;
  /** Waits `ms` (tests pass a quicker one). */
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

const REPORT_EVERY_MS = 5000;

export function createDriveCommand(deps: DriveDeps): CliCommand {
  return {
    name: 'drive',
    synopsis: '<tripId> [--delay MINUTES] [--speedup N] [--base URL] [--user NAME]',
    summary: "drive a trip along its stops through the drivers' API (demo, tests, load; password from stdin)",
    options: {
      delay: { type: 'string' },
      speedup: { type: 'string' },
      base: { type: 'string' },
      user: { type: 'string' },
    },
    positionals: ['tripId'],
    async run(context: CliContext, { positionals, values }) {
      const tripId = Number(positionals[0]);
      const delay = Number(values.delay ?? 0);
      const speedup = Number(values.speedup ?? 1);
      const base = String(values.base ?? `http://127.0.0.1:${context.env.PORT ?? 3000}`).replace(/\/$/, '');
      const user = String(values.user ?? 'driver');
      if (!Number.isInteger(tripId) || tripId <= 0)
        throw new Error(`the trip id must be a positive whole number, not "${positionals[0]}"`);
      if (!Number.isFinite(delay) || Math.abs(delay) > 600)
        throw new Error('--delay must be minutes between -600 and 600');
      if (!Number.isFinite(speedup) || speedup < 1 || speedup > 100)
        throw new Error('--speedup must be between 1 and 100');
      const password = await deps.readPassword(context, `Password for ${user}: `, false);
      const { accessToken } = await call<{ accessToken: string }>(
        base,
        null,
        'auth.signIn',
        { username: user, password },
        true,
      );
      const trip = await call<{ lineName: string; from: string; to: string; stops: DriveStop[] }>(
        base,
        accessToken,
        'drive.start',
        { tripId },
        true,
      );
      const placed = await call<{ stops: { id: number; lat: number; lon: number }[] }>(
        base,
        null,
        'timetable.stopPositions',
        undefined,
        false,
      );
      const where = new Map(placed.stops.map((s) => [s.id, { lat: s.lat, lon: s.lon }]));
      // Today's planned times, late by the delay, as instants.
      const today = vilniusTime(deps.now()).date;
      const stops = trip.stops.filter((s) => where.has(s.stopId));
      const points = stops.map((s) => where.get(s.stopId) as Position);
      const times = stops.map((s) => {
        const [h, m] = s.time.split(':').map(Number);
        return vilniusInstant(today, (h as number) * 60 + (m as number)) + delay * 60_000;
      });
      context.out(
        `driving trip ${tripId} (${trip.lineName} ${trip.from} – ${trip.to}), ${delay} min late, ${speedup}x`,
      );
      // Until the anchor (now, or the first departure when later) the bus keeps the timetable's
      // pace; from it, `speedup` times that.
      const anchor = Math.max(deps.now(), times[0] ?? 0);
      let last: { here: Position; metres: number; at: number } | null = null;
      for (;;) {
        const real = deps.now();
        // Where the (sped-up) timetable has the bus, as far as the server's speed limit lets it go.
        const wanted = metresAt(points, times, real < anchor ? real : anchor + (real - anchor) * speedup);
        const metres: number =
          last === null
            ? wanted
            : Math.min(wanted, last.metres + (MAX_METRES_PER_SECOND * (real - last.at)) / 1000);
        const here = pointAlong(points, metres);
        const answer = await call<{ passed: number; ended: boolean; delaySeconds: number | null }>(
          base,
          accessToken,
          'drive.report',
          { tripId, at: real, lat: round6(here.lat), lon: round6(here.lon), accuracy: 10, heading: null },
          true,
        );
        const moved = last === null ? 0 : Math.round(distanceMetres(last.here, here));
        last = { here, metres, at: real };
        context.out(
          `${new Date(real).toISOString().slice(11, 19)}  passed ${answer.passed}/${trip.stops.length}  moved ${moved} m  delay ${answer.delaySeconds ?? '-'} s`,
        );
        if (answer.ended) break;
        await deps.sleep(REPORT_EVERY_MS);
      }
      context.out(`trip ${tripId} reached ${trip.to}`);
      return 0;
    },
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export const driveCommand = createDriveCommand({
  readPassword: readPasswordFromStdin,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
});
