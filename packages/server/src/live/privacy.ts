import type { Clock } from '@bus/core';
import { forgetLiveBefore } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import type { LiveLayer } from './layer.ts';

const HOUR = 60 * 60_000;

/**
 * The privacy rule of live buses (issue 40): a reported position is kept LIVE_KEEP_DAYS, then
 * deleted, with the driver's name on the trip; the observed stop times (no person, no place)
 * stay for the punctuality report. Run at start and every hour; every process may run it (the
 * same delete twice deletes nothing more).
 */
export function keepLivePrivacy(
  app: FastifyInstance,
  layer: LiveLayer,
  keepDays: number,
  clock: Clock,
): void {
  const forget = () => {
    try {
      const gone = forgetLiveBefore(layer.live, clock().getTime() - keepDays * 24 * HOUR);
      if (gone > 0) app.log.info({ positions: gone, keepDays }, 'old live positions deleted');
    } catch (error) {
      // Busy (another process deleting): the next hour tries again.
      app.log.warn({ err: error }, 'live positions not deleted this time');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    forget();
    timer = setInterval(forget, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
