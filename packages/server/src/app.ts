import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Clock, systemClock } from '@bus/core';
import { type OpenedDatabase, type OpenedLive, openLiveDatabase } from '@bus/db';
import fastifyStatic from '@fastify/static';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Ticks } from './auth/rate-limiter.ts';
import { createAuthRuntime } from './auth/runtime.ts';
import { type Env, isLoopback } from './env.ts';
import { errorBody, httpErrorOf } from './http-errors.ts';
import { followVehiclePositions } from './live/feed-reader.ts';
import { LiveLayer } from './live/layer.ts';
import { keepLivePrivacy } from './live/privacy.ts';
import { createMetrics, registerMetrics } from './metrics.ts';
import { publicOrigin } from './public-origin.ts';
import { policiesOf } from './public-read/cache-policy.ts';
import { readOf } from './public-read/http-cache.ts';
import { publicRead } from './public-read/plugin.ts';
import { registerLegacyRest } from './rest/index.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { onCommitted } from './services/admin/recorded-write.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, settleDemoAccount } from './services/users.ts';
import type { Context } from './trpc/init.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';
import { TIMETABLE_CACHE } from './trpc/routers/timetable.ts';
import { registerStrictJsonBodies, trpcWithStrictBodies } from './utf8-bodies.ts';
import { embedMeta, loadTemplate, pageMeta, renderPage, robots, sitemap } from './web-pages.ts';

export interface AppOptions {
  db: OpenedDatabase;
  env: Env;
  clock?: Clock;
  /**
   * Milliseconds on a clock that only moves forward, which durations are measured on (the
   * sign-in limit's window): performance.now by default; tests move theirs by hand.
   */
  ticks?: Ticks;
  /** Where the log lines go (one JSON line per write); stdout by default. Tests read it. */
  logStream?: { write(line: string): void };
  /**
   * When plans are refused at the door under pressure (public-read/plan-admission.ts PRESSURE,
   * the default); null: only once planning has had its share. For tests whose rapid questions
   * in one process (app.inject, no network between) are not a flood.
   */
  planPressure?: { arrivals: number; utilization: number } | null;
  /**
   * The live database (issue 40; serve.ts opens env.LIVE_DB_PATH, which every process of a
   * site shares); a fresh one in memory when not given (tests).
   */
  live?: OpenedLive;
}

/** The most calls one tRPC request may batch (the web's httpBatchLink sends at most as many). */
export const TRPC_MAX_BATCH = 10;

/**
 * Files under /assets/ carry a content hash in their names: a new build gives new names, so a
 * browser may keep them for a year without asking. The service worker (/sw.js, the web app's
 * sw/sw.ts) is asked again every time (no-cache), so a new version reaches every visitor on
 * their next page load. Other files (icons, manifest, robots) keep their names across builds:
 * an hour.
 */
export function fileCacheControl(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return 'public, max-age=31536000, immutable';
  return /[\\/]sw\.js(?:\.br|\.gz)?$/.test(path) ? 'no-cache' : 'public, max-age=3600';
}

/** Builds the whole server (no listening): tests call `app.inject`, main.ts calls `listen`. */
export async function buildApp({
  db,
  env,
  clock = systemClock,
  ticks,
  logStream,
  planPressure,
  live: givenLive,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : { level: env.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) },
    // One line per request drowns the log of a small server; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // tRPC batches several calls into one URL.
    routerOptions: { maxParamLength: 5000 },
    // Behind trusted reverse proxies only: req.ip and req.protocol from X-Forwarded-For/-Proto
    // (proxy-addr: the rightmost address that is not a trusted proxy).
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
  });
  // Every answer's Date header is the app's clock, the one its "today" is read from (Node would
  // write the process clock): the service worker keeps it as when a timetable was fetched.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('date', clock().toUTCString());
    done();
  });
  // The operator's figures (GET /metrics, this machine or METRICS_TOKEN only): every request counted.
  const metrics = createMetrics(db, env.BACKUP_DIR);
  registerMetrics(app, { metrics, token: env.METRICS_TOKEN });
  // JSON bodies that are not valid UTF-8: 400, nothing stored (tRPC's scope below does the same).
  registerStrictJsonBodies(app);
  await registerSecurityHeaders(app, { tilesUrl: env.MAP_TILES_URL });
  app.setErrorHandler((error, request, reply) => {
    // A refusal (DomainError, or an import holding the write lock): see http-errors.ts.
    const refused = httpErrorOf(error);
    if (refused !== null)
      return reply.status(refused.status).send(errorBody(refused.status, refused.message));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send(errorBody(500, 'Something went wrong on the server'));
    }
    return reply.status(status).send(errorBody(status, (error as Error).message));
  });

  const auth = createAuthRuntime({ db, jwtSecret: env.JWT_SECRET, demo: env.DEMO, ticks });
  await settleDemoAccount(db.kysely, env.DEMO);
  if (env.DEMO && (!isLoopback(env.HOST) || env.TRUST_PROXY.length > 0))
    app.log.warn(
      `DEMO=1 on ${env.HOST}: the published admin password (${DEMO_USERNAME} / ${DEMO_PASSWORD}) works from anywhere. Set DEMO=0 for real use.`,
    );
  else if (env.DEMO)
    app.log.warn('Demo mode: the admin login shown on the login page works. Set DEMO=0 for real use.');

  // Live buses: the positions' own database, and the state every public answer lays over its own.
  const live = new LiveLayer(
    givenLive ?? (await openLiveDatabase(':memory:')),
    clock,
    (source, outcome, seconds) => {
      metrics.liveReports.inc({ source, outcome });
      metrics.liveReportSeconds.observe({ source }, seconds);
    },
  );
  metrics.liveInService.count = () => live.inService();
  if (givenLive === undefined) app.addHook('onClose', async () => live.live.sqlite.close());
  keepLivePrivacy(app, live, env.LIVE_KEEP_DAYS, clock);
  // A tracker's GTFS-Realtime feed, read as drivers' reports are (docs/live.md).
  if (env.LIVE_VEHICLE_POSITIONS_URL !== undefined)
    followVehiclePositions(
      app,
      { layer: live, db, url: env.LIVE_VEHICLE_POSITIONS_URL, seconds: env.LIVE_POLL_SECONDS, log: app.log },
      clock,
    );
  const createContext = (req: FastifyRequest, reply?: FastifyReply): Context => ({
    db,
    env,
    clock,
    ip: req.ip,
    authorization: req.headers.authorization,
    auth,
    setResponseHeader: (name, value) => {
      reply?.header(name, value);
    },
    log: req.log,
    read: () => readOf(req, db, clock),
    live,
  });
  // The public read side (public-read/plugin.ts): before every route it serves under its rule
  // (the old REST paths, tRPC), since compression attaches to the routes registered after it.
  await app.register(publicRead, {
    db,
    clock,
    publicOrigins: env.PUBLIC_ORIGIN,
    // How each public tRPC query is cached: the record beside the public router.
    policies: policiesOf(TIMETABLE_CACHE),
    router: appRouter,
    createContext,
    // The one subscription of the read side to the write side's commits.
    onCommitted,
    kept: metrics.kept,
    planPressure,
    live,
  });
  registerLegacyRest(app, { db, clock, auth, corsOrigins: env.CORS_ORIGINS });
  await app.register(
    trpcWithStrictBodies(
      {
        router: appRouter,
        // No more calls in one request than the web app sends (its batch link splits at the same size).
        maxBatchSize: TRPC_MAX_BATCH,
        createContext: ({ req, res }) => createContext(req, res),
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error, path }, 'tRPC procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
      // A driver's position, from every bus in service every few seconds: the short way in.
      { paths: ['drive.report'], createContext },
    ),
    { prefix: '/trpc' },
  );

  const indexHtml = join(env.WEB_DIST_DIR, 'index.html');
  const hasWebApp = existsSync(indexHtml);
  // Pages go through the not-found handler below (status and meta tags per page), files not.
  if (hasWebApp)
    await app.register(fastifyStatic, {
      root: env.WEB_DIST_DIR,
      wildcard: false,
      index: false,
      // x.js.br / x.js.gz beside x.js, made once at build time (web/scripts/compress.mjs): the
      // browser gets the one it asks for, and no request pays for compressing.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', fileCacheControl(path)),
    });
  const template = hasWebApp ? loadTemplate(indexHtml) : '';
  // Never from X-Forwarded-Host: see public-origin.ts.
  const originOf = (request: FastifyRequest) => publicOrigin(db, env.PUBLIC_ORIGIN, request);

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robots(await originOf(request))),
  );
  app.get('/sitemap.xml', async (request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await sitemap(db, await originOf(request))),
  );

  // The stop widget other sites frame (issue 42): a page of its own (the web build's embed.html),
  // the one answer that may be framed by another origin (security-headers.ts).
  const embedHtml = join(env.WEB_DIST_DIR, 'embed.html');
  if (existsSync(embedHtml)) {
    const embedTemplate = loadTemplate(embedHtml);
    app.get<{ Params: { stopId: string } }>(
      '/embed/stop/:stopId',
      { config: { frameable: true } },
      async (request, reply) => {
        const meta = await embedMeta(db, request.params.stopId);
        return reply
          .status(meta.status)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(renderPage(embedTemplate, meta, `${await originOf(request)}${request.url}`));
      },
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [path = '', search = ''] = request.url.split('?');
    const isApi =
      path === '/api' || path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/');
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPageRequest || !hasWebApp) {
      return reply.status(404).send(errorBody(404, `No such path: ${request.method} ${path}`));
    }
    // A missing file is never answered with the app's HTML.
    if (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    // The app's page, with an honest status (the app shows 'Nopage here' for unknown routes).
    const meta = await pageMeta(db, path, new URLSearchParams(search));
    return (
      reply
        .status(meta.status)
        // Asked again each time (it names this build's files), answered from the browser's copy
        // when unchanged (ETag).
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(renderPage(template, meta, `${await originOf(request)}${request.url}`))
    );
  });

  return app;
}
