import { createReadStream } from 'node:fs';
import type { Clock } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../http-errors.ts';
import { revalidated } from '../http-cache.ts';
import { FeedBeingBuilt, FeedNotPublished, feedPublisher, type PublishedZip } from './feed-publisher.ts';

/**
 * GET /gtfs.zip, the open-data feed for journey planners: built in the feeds' process, kept
 * until the data changes, sent from its file. Its tag is the zip's own (not the data's, as for
 * the other public answers): while a change's zip is being built the last good one is sent,
 * under its own tag.
 */
export function registerGtfsZip(app: FastifyInstance, { db, clock }: { db: OpenedDatabase; clock: Clock }) {
  app.get('/gtfs.zip', async (request, reply) => {
    let feed: PublishedZip;
    try {
      feed = await feedPublisher(db).zip(clock);
    } catch (error) {
      // Why it cannot be published is for staff (the Publishing screen, pnpm cli export-gtfs).
      if (error instanceof FeedNotPublished) return reply.status(404).send(errorBody(404, error.message));
      if (error instanceof FeedBeingBuilt)
        return reply.status(503).header('retry-after', '60').send(errorBody(503, error.message));
      throw error;
    }
    if (revalidated(request, reply, feed.etag)) return reply;
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="gtfs.zip"')
      .header('content-length', feed.size)
      .send(createReadStream(feed.path));
  });
}
