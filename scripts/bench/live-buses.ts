import { vilniusInstant } from '../../packages/core/src/index.ts';
import { positionAt } from '../../packages/server/src/cli/drive-command.ts';

/**
 * The buses of the live benchmark (live.ts), in a process of their own at the lowest priority
 * (live.ts sets it): 300 phones' reports sent from the process that also runs the departures
 * load, or from a thread of it, took the load's core now and then, and the load's clock saw
 * the phones' work as the server's slowness. On the road the phones are other machines. Each
 * bus reports where its timetable, late by its delay, has it, every `everyMs`, from a minute
 * before the server's fixed moment on. Its input is the first message from live.ts.
 */

export interface BusesInput {
  base: string;
  date: string;
  /** The moment the server's clock started at (ms), and the wall-clock instant it did (ms): it runs on from there. */
  at: number;
  from: number;
  everyMs: number;
  buses: {
    tripId: number;
    token: string;
    delay: number;
    minutes: number[];
    points: { lat: number; lon: number }[];
  }[];
}

const input = await new Promise<BusesInput>((resolve) => process.once('message', resolve));
const answer = (message: unknown) => process.send?.(message);
const sent: number[] = [];
let refused = 0;
/** Why reports were refused: status and message, with how many. */
const reasons = new Map<string, number>();
let running = true;

async function bus(trip: BusesInput['buses'][number], offset: number): Promise<void> {
  await new Promise((r) => setTimeout(r, offset));
  const times = trip.minutes.map((m) => vilniusInstant(input.date, m) + trip.delay * 60_000);
  while (running) {
    // The server's clock now (it reads `at` at the wall-clock instant `from` and runs on).
    const reportAt = input.at + (Date.now() - input.from);
    const here = positionAt(trip.points, times, reportAt);
    const t0 = performance.now();
    // A failed request is a refusal of its own kind (counted, not thrown: the other buses go on).
    const response = await fetch(`${input.base}/trpc/drive.report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${trip.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        tripId: trip.tripId,
        at: Math.round(reportAt),
        lat: Math.round(here.lat * 1e6) / 1e6,
        lon: Math.round(here.lon * 1e6) / 1e6,
        accuracy: 10,
        heading: null,
      }),
    }).catch((error: Error) => error);
    if (response instanceof Error) {
      refused++;
      const reason = `no answer: ${response.message}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, input.everyMs));
      continue;
    }
    const body = await response.text().catch(() => '');
    sent.push(performance.now() - t0);
    if (response.status !== 200) {
      refused++;
      let message = body.slice(0, 80);
      try {
        message = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // not JSON: the text as it came
      }
      const reason = `${response.status} ${message}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    await new Promise((r) => setTimeout(r, input.everyMs));
  }
}

const loops = input.buses.map((b, i) => bus(b, (i * input.everyMs) / input.buses.length));
process.on('message', async (message: 'mark' | 'stop' | { base: string }) => {
  if (typeof message === 'object') {
    // From now on to this server (live.ts: the drivers' process, then the riders' own).
    input.base = message.base;
    answer(message);
    return;
  }
  if (message === 'mark') {
    answer({ count: sent.length });
    return;
  }
  running = false;
  await Promise.all(loops);
  // Disconnected once sent: a disconnect right after send cancels a write still on its way (the
  // answer is big: every report's time), and the benchmark saw this process exit unanswered.
  process.send?.({ sent, refused, reasons: [...reasons] }, () => process.disconnect());
});
