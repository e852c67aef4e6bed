import type { Clock } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LiveLayer } from '../live/layer.ts';
import type { Context } from '../trpc/init.ts';
import type { CachePolicies } from './cache-policy.ts';
import { registerCalendarFeeds } from './calendar-feeds-http.ts';
import { registerChangesAtom } from './changes-atom-http.ts';
import { closeServing, followCommits } from './generation.ts';
import { closeFeedPublisher } from './gtfs/feed-publisher.ts';
import { registerRealtimeFeeds } from './gtfs/realtime-http.ts';
import { registerGtfsZip } from './gtfs/zip-http.ts';
import { checkHealth, prepareServing } from './health.ts';
import { type KeptCounter, registerHttpCaching } from './http-cache.ts';
import { PRESSURE, registerPlanAdmission } from './plan-admission.ts';
import { registerTrpcFastLane } from './trpc-fast-lane.ts';

export interface PublicReadOptions {
  db: OpenedDatabase;
  clock: Clock;
  /** PUBLIC_ORIGIN: the site addresses the feeds' links may go to (public-origin.ts). */
  publicOrigins: readonly string[];
  /** How each public tRPC query is cached (its router's cache settings, as policiesOf reads them). */
  policies: CachePolicies;
  /** The tRPC router and how a request's context is made: the fast lane calls the same procedures. */
  router: { createCaller: (ctx: Context) => unknown };
  createContext: (request: FastifyRequest) => Context;
  /**
   * How the write side announces its commits (services/admin/recorded-write.ts onCommitted),
   * handed in by app.ts: the read side imports nothing of the write side.
   */
  onCommitted: (listener: (db: OpenedDatabase) => Promise<void> | void) => () => void;
  /** Counts how the kept answers are used (the operator's /metrics). */
  kept: KeptCounter;
  /** When plans are refused at the door under pressure (plan-admission.ts); null: only by planning's share. */
  planPressure?: { arrivals: number; utilization: number } | null;
  /** Live buses (issue 40), laid over the answers that say so, and the GTFS-Realtime feeds. */
  live: LiveLayer;
}

/**
 * The public read side, as one Fastify plugin registered once by app.ts: the serving hooks that
 * keep, compress and revalidate every public answer (http-cache.ts), the paths it serves itself
 * (/healthz, /gtfs.zip, /gtfs-rt/*, the calendar feeds, /changes.atom), the tRPC fast lane and
 * the planner's admission. Its hooks hold for the whole server (skip-override: the tRPC adapter
 * and the old REST paths, registered beside it, are served under the same rule). Before the
 * server listens, the read snapshot is built and the departures' path is run once
 * (prepareServing): a process that says it is ready answers at once.
 */
async function publicReadPlugin(app: FastifyInstance, options: PublicReadOptions): Promise<void> {
  const { db, clock, publicOrigins, policies } = options;
  await registerHttpCaching(app, {
    db,
    clock,
    publicOrigins,
    policies,
    kept: options.kept,
    live: options.live,
  });
  // Each committed write: the snapshot follows it at once, so the first visitor after a save
  // does not wait for it.
  const unsubscribe = followCommits(db, options.onCommitted);
  app.addHook('onReady', async () => prepareServing(db, clock));
  app.addHook('onClose', async () => {
    unsubscribe();
    // A connection held while an import runs, and the feeds' files.
    closeServing(db);
    await closeFeedPublisher(db);
  });
  app.get('/healthz', async () => checkHealth(db));
  registerGtfsZip(app, { db, clock });
  // GTFS-Realtime of the service changes (/gtfs-rt/alerts.pb, /gtfs-rt/trip-updates.pb), beside /gtfs.zip.
  registerRealtimeFeeds(app, { db, clock, live: options.live });
  // Calendar feeds (.ics) of a stop's departures or a trip, and the service changes' Atom feed.
  registerCalendarFeeds(app, { db, clock, publicOrigins });
  registerChangesAtom(app, { db, clock, publicOrigins });
  // Plans refused at the door while the server is under pressure (before tRPC reads them).
  registerPlanAdmission(app, db, options.planPressure === undefined ? PRESSURE : options.planPressure);
  registerTrpcFastLane(app, {
    router: options.router,
    prefix: '/trpc',
    createContext: options.createContext,
    policies,
  });
}

/** Fastify's mark for a plugin whose hooks and routes belong to the instance registering it. */
export const publicRead = Object.assign(publicReadPlugin, { [Symbol.for('skip-override')]: true });
