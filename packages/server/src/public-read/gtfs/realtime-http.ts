import { type Clock, DomainError } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import type { LiveLayer } from '../../live/layer.ts';
import { liveFeedTrips, vehiclePositionsFeed, withLiveTripUpdates } from '../../live/realtime.ts';
import type { ReadMeta } from '../cache-policy.ts';
import { readOf } from '../http-cache.ts';
import { FeedBeingBuilt, FeedNotPublished } from './feed-publisher.ts';
import { type RealtimeFeedName, realtimeMessage } from './realtime.ts';

/**
 * The GTFS-Realtime paths:
 *   GET /gtfs-rt/alerts.pb             every current and upcoming service change as an Alert
 *   GET /gtfs-rt/trip-updates.pb       today's and tomorrow's cancelled and retimed trips, closed
 *                                      stops, and each live bus's predicted times (issue 40)
 *   GET /gtfs-rt/vehicle-positions.pb  every live bus in service (issue 40)
 * `?format=json`: the same message as JSON. Public answers: ETag, 304 and Cache-Control from
 * http-cache.ts. By minute: the header's timestamp moves with it (and the dates with the day);
 * the publishing save too, as for /gtfs.zip, whose readiness they share; the live ones also by
 * the live state of the buses they carry.
 */
export const REALTIME_FEED_CACHE: ReadMeta = { cache: 'minute', publishing: true };
const LIVE_FEED_CACHE: ReadMeta = { ...REALTIME_FEED_CACHE, live: true };

export const PROTOBUF_CONTENT_TYPE = 'application/x-protobuf';

export function registerRealtimeFeeds(
  app: FastifyInstance,
  { db, clock, live }: { db: OpenedDatabase; clock: Clock; live: LiveLayer },
) {
  const paths: Record<string, RealtimeFeedName | 'vehicle-positions'> = {
    '/gtfs-rt/alerts.pb': 'alerts',
    '/gtfs-rt/trip-updates.pb': 'trip-updates',
    '/gtfs-rt/vehicle-positions.pb': 'vehicle-positions',
  };
  for (const [path, name] of Object.entries(paths)) {
    app.get<{ Querystring: { format?: string } }>(
      path,
      { config: { cache: name === 'alerts' ? REALTIME_FEED_CACHE : LIVE_FEED_CACHE } },
      async (request, reply) => {
        const format = request.query.format;
        if (format !== undefined && format !== 'json' && format !== 'pb')
          throw new DomainError('INVALID_INPUT', `format must be "json" or "pb", not "${format}"`);
        let message: Awaited<ReturnType<typeof realtimeMessage>>;
        try {
          const read = readOf(request, db, clock);
          message = await realtimeMessage(read, name === 'vehicle-positions' ? 'trip-updates' : name);
          if (name !== 'alerts') {
            const trips = await liveFeedTrips(live, read);
            const timestamp = Math.max(message.timestamp, ...trips.map((t) => Math.floor(t.at / 1000)));
            message =
              name === 'vehicle-positions'
                ? { ...vehiclePositionsFeed(trips, timestamp), timestamp }
                : { ...withLiveTripUpdates(message.pb, trips, timestamp), timestamp };
          }
        } catch (error) {
          // They name the static feed's ids: without /gtfs.zip there is nothing to refer to.
          if (error instanceof FeedNotPublished)
            throw new DomainError('NOT_FOUND', `GTFS-Realtime refers to /gtfs.zip: ${error.message}`);
          if (error instanceof FeedBeingBuilt)
            return reply
              .status(503)
              .header('retry-after', '60')
              .send({ status: 503, error: 'Service Unavailable', message: error.message });
          throw error;
        }
        if (format === 'json') return reply.type('application/json; charset=utf-8').send(message.json);
        const bytes = message.pb;
        return reply
          .type(PROTOBUF_CONTENT_TYPE)
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    );
  }
}
