import { performance } from 'node:perf_hooks';
import { DomainError, serverMessage } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { trpcErrorOf } from '../http-errors.ts';
import { trpcErrorShape } from '../trpc/init.ts';
import { PLAN_RETRY_SECONDS, planShareOf } from './journeys.ts';

/**
 * Plans refused at the door when the server is under pressure, before tRPC reads a byte of them:
 * a plan costs a couple of milliseconds of the event loop however it ends (parsing, the search,
 * its answer compressed), so 50 clients planning would take the loop from the departures that
 * everyone else asks for. Under pressure means: many questions arriving (PRESSURE.arrivals calls
 * of /trpc/ and /api/ in the last tenth of a second; a page's files do not count) while the event
 * loop was busy most of that time (PRESSURE.utilization), or planning's own share of the last
 * second used (PLAN_SHARE, journeys.ts). Requests in flight say nothing: a saturated loop reads
 * the next request only when it has answered the last.
 *
 * A refusal is the planner's own 503 (planBusy, Retry-After), made once and sent as it is, held
 * for REFUSAL_HOLD_MS first (at most REFUSALS_HELD at once; past that, at once): a client that
 * asks again as soon as it is answered, as a flood does, then asks once a second per connection
 * instead of thousands of times, and even cheap refusals at that rate would take the loop. A
 * person's browser waits the second and shows the planner's "try again in a few seconds".
 * Nothing else is refused: the departures, the pages and the feeds go on.
 */
export const PRESSURE = { arrivals: 50, utilization: 0.8 } as const;
export const REFUSAL_HOLD_MS = 1000;
export const REFUSALS_HELD = 512;
/** How often the event loop's utilization and the arrivals are read. */
const SAMPLE_MS = 100;

export function registerPlanAdmission(
  app: FastifyInstance,
  db: OpenedDatabase,
  pressure: { arrivals: number; utilization: number } | null = PRESSURE,
): void {
  let arrivals = 0;
  let held = 0;
  let recent = 0;
  let utilization = 0;
  let mark = performance.eventLoopUtilization();
  const sampler = setInterval(() => {
    const now = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(now, mark).utilization;
    mark = now;
    recent = arrivals;
    arrivals = 0;
  }, SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));

  const refusal = trpcErrorOf(new DomainError('UNAVAILABLE', serverMessage('planBusy')));
  const shape = refusal === null ? null : trpcErrorShape(refusal, 'timetable.plan', undefined);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/trpc/') || request.url.startsWith('/api/')) arrivals += 1;
    const calls = plannedCalls(request.url);
    if (calls === 0 || shape === null) return;
    const pressed =
      (pressure !== null && recent >= pressure.arrivals && utilization >= pressure.utilization) ||
      planShareOf(db).full;
    if (!pressed) return;
    if (held < REFUSALS_HELD) {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_HOLD_MS));
      held -= 1;
    }
    const one = { error: shape };
    const batch = /[?&]batch=1(&|$)/.test(request.url);
    return reply
      .status(503)
      .header('retry-after', String(PLAN_RETRY_SECONDS))
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(JSON.stringify(batch ? Array.from({ length: calls }, () => one) : one));
  });
}

/** How many calls of the tRPC request at `url` are journey plans (0: not a plan, or a batch without one). */
export function plannedCalls(url: string): number {
  if (!url.startsWith('/trpc/')) return 0;
  const end = url.indexOf('?');
  let path: string;
  try {
    path = decodeURIComponent(url.slice('/trpc/'.length, end === -1 ? undefined : end));
  } catch {
    return 0; // Not a path tRPC can read either: it says so itself.
  }
  const procedures = path.split(',');
  return procedures.includes('timetable.plan') ? procedures.length : 0;
}
