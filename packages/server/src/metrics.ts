import { timingSafeEqual } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { dataBasis, type OpenedDatabase } from '@bus/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopback } from './env.ts';
import { BACKUP_NAME } from './services/backups.ts';

/**
 * GET /metrics in Prometheus's text format (prom-client), for the operator's scrape:
 *  - requests by route pattern, method and status, with their durations;
 *  - the kept public answers: hits, misses, 304s (public-read/http-cache.ts counts them);
 *  - the event loop's delay and utilisation, the heap and the RSS (Node's own figures);
 *  - the database file and its WAL, the data's change id, the last import, restore and backup;
 *  - sign-in refusals.
 * Every label is from a fixed set (route patterns as registered, never a URL; methods; status
 * codes; a few outcome words): no user, address or free text, so the series stay few.
 *
 * Not public: answered to this machine (the loopback address, no X-Forwarded-For: not through a
 * proxy) or to `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 404, as for a path that
 * does not exist.
 */

/** Node's own figures, once per process (a test run builds many apps in one process). */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (processRegistry !== undefined) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  // The event loop's delay over the last scrape's interval, as percentiles, in seconds.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: 'bus_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape, by percentile (p50, p99, max)',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      this.set({ quantile: '0.5' }, delay.percentile(50) / 1e9);
      this.set({ quantile: '0.99' }, delay.percentile(99) / 1e9);
      this.set({ quantile: '1' }, delay.max / 1e9);
      delay.reset();
    },
  });
  let last = performance.eventLoopUtilization();
  new Gauge({
    name: 'bus_event_loop_utilization_ratio',
    help: 'Share of the time since the previous scrape the event loop was busy (0-1)',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, last).utilization);
      last = now;
    },
  });
  processRegistry = registry;
  return registry;
}

export interface AppMetrics {
  registry: Registry;
  /** A kept public answer served (hit), worked out (miss), or confirmed with 304 (not_modified). */
  kept: Counter<'outcome'>;
  /** A sign-in refused: a wrong name or password (wrong), or too many tries (limited). */
  signInRefusals: Counter<'reason'>;
  /** A live position report (issue 40) by where it came from and whether it was accepted. */
  liveReports: Counter<'source' | 'outcome'>;
  /** How long a report took to handle, from its check to its answer (the HTTP around it not included). */
  liveReportSeconds: Histogram<'source'>;
  /** How many buses are in service now (issue 40): set once the live state exists. */
  liveInService: { count: () => number };
}

const fileSize = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** The newest automatic backup's time (its name says when, UTC), in seconds; 0 when none. */
function lastBackupSeconds(dir: string | undefined): number {
  if (dir === undefined) return 0;
  let newest: string | undefined;
  try {
    for (const name of readdirSync(dir))
      if (BACKUP_NAME.test(name) && (newest === undefined || name > newest)) newest = name;
  } catch {
    return 0;
  }
  const m = newest === undefined ? null : /(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(newest);
  if (m === null) return 0;
  const [, year, month, day, hour, minute, second] = m.map(Number) as number[];
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second) / 1000;
}

const seconds = (iso: string | null): number => (iso === null ? 0 : Date.parse(iso) / 1000 || 0);

/** The metrics of one app (its database): a registry of its own beside the process's. */
export function createMetrics(db: OpenedDatabase, backupDir: string | undefined): AppMetrics {
  const registry = new Registry();
  const file = db.sqlite.memory ? null : db.sqlite.name;
  new Gauge({
    name: 'bus_database_bytes',
    help: 'Size of the database file and of its write-ahead log, in bytes',
    labelNames: ['file'],
    registers: [registry],
    collect() {
      this.set({ file: 'db' }, file === null ? 0 : fileSize(file));
      this.set({ file: 'wal' }, file === null ? 0 : fileSize(`${file}-wal`));
    },
  });
  new Gauge({
    name: 'bus_data_change_id',
    help: 'The newest entry of the change history: moves with every staff save',
    registers: [registry],
    collect() {
      this.set(dataBasis(db.sqlite).changeId);
    },
  });
  new Gauge({
    name: 'bus_data_last_change_timestamp_seconds',
    help: 'When the timetable was last imported, restored or backed up (0: never)',
    labelNames: ['event'],
    registers: [registry],
    collect() {
      const { imported, restored } = dataBasis(db.sqlite);
      this.set({ event: 'import' }, seconds(imported));
      this.set({ event: 'restore' }, seconds(restored));
      this.set({ event: 'backup' }, lastBackupSeconds(backupDir));
    },
  });
  const kept = new Counter({
    name: 'bus_kept_answers_total',
    help: 'Public answers: served from what was kept (hit), worked out (miss), confirmed with 304 (not_modified)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['hit', 'miss', 'not_modified']) kept.inc({ outcome }, 0);
  const signInRefusals = new Counter({
    name: 'bus_sign_in_refusals_total',
    help: 'Sign-ins refused: a wrong name or password (wrong), too many tries (limited)',
    labelNames: ['reason'],
    registers: [registry],
  });
  for (const reason of ['wrong', 'limited']) signInRefusals.inc({ reason }, 0);
  const liveReports = new Counter({
    name: 'bus_live_position_reports_total',
    help: "Live buses' position reports: from a driver's phone or a tracker's feed, accepted or refused",
    labelNames: ['source', 'outcome'],
    registers: [registry],
  });
  for (const source of ['phone', 'feed'])
    for (const outcome of ['accepted', 'refused']) liveReports.inc({ source, outcome }, 0);
  const liveReportSeconds = new Histogram({
    name: 'bus_live_report_handling_seconds',
    help: 'How long a live position report took to handle: checked, placed and stored (the HTTP around it not included)',
    labelNames: ['source'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1],
    registers: [registry],
  });
  const liveInService = { count: () => 0 };
  new Gauge({
    name: 'bus_live_buses_in_service',
    help: 'Buses followed live now: reported within 3 minutes, not at their last stop',
    registers: [registry],
    collect() {
      this.set(liveInService.count());
    },
  });
  return { registry, kept, signInRefusals, liveReports, liveReportSeconds, liveInService };
}

/** Whether the request may read /metrics: this machine not through a proxy, or the token. */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token !== undefined && header !== undefined) {
    const given = Buffer.from(header);
    const expected = Buffer.from(`Bearer ${token}`);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  const direct = request.headers['x-forwarded-for'] === undefined;
  return direct && isLoopback(request.socket.remoteAddress ?? '');
}

/** The sign-in paths, whose refusals are counted (tRPC's and the old REST path). */
const SIGN_IN = new Set(['/trpc/auth.signIn', '/api/auth/signin']);

/**
 * Registers the request counting hook and GET /metrics. Route patterns label the requests (a
 * path no route matched is 'unmatched'), so a flood of odd URLs adds no series.
 */
export function registerMetrics(
  app: FastifyInstance,
  { metrics, token }: { metrics: AppMetrics; token: string | undefined },
): void {
  const requests = new Histogram({
    name: 'bus_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their durations',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [metrics.registry],
  });
  const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
  // A callback hook, not an async one: it runs on every request, and a promise each costs more
  // than the counting itself.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const status = reply.statusCode;
    requests.observe({ route, method, status: String(status) }, reply.elapsedTime / 1000);
    const path = request.url.split('?')[0] ?? '';
    if (SIGN_IN.has(path) && method === 'POST') {
      if (status === 401) metrics.signInRefusals.inc({ reason: 'wrong' });
      else if (status === 429) metrics.signInRefusals.inc({ reason: 'limited' });
    }
    done();
  });
  app.get('/metrics', async (request, reply) => {
    // Anyone else is answered as for a path that does not exist (the app's not-found handler).
    if (!mayScrape(request, token)) return reply.callNotFound();
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    return reply
      .type(merged.contentType)
      .header('cache-control', 'no-store')
      .send(await merged.metrics());
  });
}
