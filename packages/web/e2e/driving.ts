import { NOW, signInToken, url } from './support.ts';

/*
 * Driving a trip from a test as a driver's phone does (issue 40's drivers' page, drive.*): the
 * run's driver account signed in, its calls, and a straight test road with the times a bus on
 * it is at each place. For the files whose bus is driven through the API (live-staff.e2e.ts,
 * board.e2e.ts); live.e2e.ts drives one through the drivers' page itself.
 */

/** The run's driver account ('name:password' in E2E_DRIVER, which scripts/e2e.sh sets and serve-at.ts makes); '' when none. */
export const [DRIVER = '', DRIVER_PASSWORD = ''] = (process.env.E2E_DRIVER ?? '').split(/:(.*)/s);

/** A stop of a trip as drive.find lists it. */
export interface DriveStop {
  stopId: number;
  name: string;
  time: string;
}

/** A trip as drive.find lists it. */
export interface DriveTrip {
  tripId: number;
  lineName: string;
  departure: string;
  to: string;
  stops: DriveStop[];
}

type Place = { lat: number; lon: number };

/** The run's driver, signed in: the drivers' page's calls (drive.*) with its token, as the phone makes them. */
export class Driver {
  private constructor(private readonly token: string) {}

  /** The run's driver account signed in (a run without one, DRIVER '', has none to sign in). */
  static async signIn(): Promise<Driver> {
    if (DRIVER === '') throw new Error('no driver account for this run (E2E_DRIVER)');
    return new Driver(await signInToken(DRIVER, DRIVER_PASSWORD));
  }

  async call<T>(path: string, input: unknown, kind: 'query' | 'mutation' = 'mutation'): Promise<T> {
    const headers = { Authorization: `Bearer ${this.token}`, 'content-type': 'application/json' };
    const response =
      kind === 'query'
        ? await fetch(url(`/trpc/drive.${path}?input=${encodeURIComponent(JSON.stringify(input))}`), {
            headers,
          })
        : await fetch(url(`/trpc/drive.${path}`), { method: 'POST', headers, body: JSON.stringify(input) });
    const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
    if (!body.result) throw new Error(`drive.${path} failed: ${body.error?.message}`);
    return body.result.data;
  }

  /** The trip of a departure (of a departures answer) as the driver finds it by its line and time; undefined: not offered. */
  async find(departure: {
    tripId: number;
    lineName: string;
    timeDepart: string;
  }): Promise<DriveTrip | undefined> {
    const found = await this.call<DriveTrip[]>(
      'find',
      { line: departure.lineName, time: departure.timeDepart },
      'query',
    );
    return found.find((f) => f.tripId === departure.tripId);
  }

  async start(tripId: number): Promise<void> {
    await this.call('start', { tripId });
  }

  /** Where the trip's bus is at `at` (ms), 8 m accurate, no heading. */
  async report(tripId: number, at: number, place: Place): Promise<void> {
    await this.call('report', { tripId, at, ...place, accuracy: 8, heading: null });
  }

  async stop(tripId: number): Promise<void> {
    await this.call('stop', { tripId });
  }
}

const DEGREES_PER_METRE = 1 / (111_320 * Math.cos((55.6 * Math.PI) / 180));

/**
 * A straight test road eastwards from `start`, in the middle of Lithuania: the place `metres`
 * along it, and when a bus on it is there: 30 m/s (108 km/h, under the 150 the server allows)
 * from 10 s before the server's fixed moment, so 45 stops 80 m apart take 2 minutes.
 */
export function testRoad(start: Place): {
  place: (metres: number) => Place;
  timeAt: (metres: number) => number;
} {
  return {
    place: (metres) => ({ lat: start.lat, lon: start.lon + metres * DEGREES_PER_METRE }),
    timeAt: (metres) => NOW.getTime() - 10_000 + Math.round((metres / 30) * 1000),
  };
}
