/**
 * Performance benchmark (not a test): prints figures, judges them against the targets, and
 * writes a Markdown summary for the README to scripts/bench/last-results.md.
 *
 *   pnpm bench                  full national scale (about 3-6 minutes on 2 cores)
 *   pnpm bench --scale=0.1      everything one tenth the size, for a quick check
 *   pnpm bench --keep           keep the temporary databases (their paths are printed)
 *   pnpm bench --seed=7         another synthetic timetable (default seed 20261122)
 *   pnpm bench --queries=5000   in-process departures and stop-search samples (default 2000)
 *   pnpm bench --skip-http      only the in-process phases (1 and 2)
 *   BENCH_NODE_FLAGS='--max-old-space-size=192' pnpm bench   V8 flags for the server processes
 *
 * Phases:
 *  1. A deterministic national-scale timetable (15,000 stops, 1,500 lines, 150,000 schedules,
 *     ~290,000 trips, ~8 million stop times) imported through the product's importer,
 *     `replaceTimetable(sqlite, dataset)`, into a migrated temporary database; then the same
 *     timetable as JSON through `pnpm cli import` in its own process (wall time and peak RSS,
 *     judged against the targets: at most 500 MB, no slower than before the import streamed).
 *  2. In-process latency of the real services on it: `getDepartures` (a mix of any, busy,
 *     hub and home-station queries over a year incl. holidays), the first answer after an
 *     admin schedule save, and `findStops`.
 *  3. The compiled server on that database: cold start, peak RSS (VmHWM) under a 10 s
 *     departures load.
 *  4. The compiled server on the embedded Anykščiai dataset (data/anyksciai.json, seeded on
 *     first start into a fresh database): requests/s of /healthz, of the departures procedure
 *     and of the old REST path in alternating rounds, and the home's first load in Chromium
 *     (needs the web app built: pnpm build).
 *
 * Progress goes to stderr, figures to stdout. Servers are always stopped, temporary files
 * removed (unless --keep), also on errors and Ctrl-C.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, type Clock, type DeparturesQueryInput, systemClock, vilniusNow } from '@bus/core';
import {
  type ImportCounts,
  migrateToLatest,
  type OpenedDatabase,
  openDatabase,
  replaceTimetable,
} from '@bus/db';
import { getDepartures } from '../packages/server/src/public-read/departures.ts';
import { followCommits } from '../packages/server/src/public-read/generation.ts';
import { readContext } from '../packages/server/src/public-read/read-context.ts';
import { findStops } from '../packages/server/src/public-read/stops.ts';
import { onCommitted } from '../packages/server/src/services/admin/recorded-write.ts';
import { getLineSchedules, saveSchedules } from '../packages/server/src/services/admin/schedules.ts';
import { runCliImport, writeDatasetFile } from './bench/cli-import.ts';
import { type DatasetProfile, generateDataset, sizesFor } from './bench/generate.ts';
import { livePhase } from './bench/live.ts';
import { plannerPhase } from './bench/planner.ts';
import {
  BENCH_YEAR,
  type DeparturesBenchQuery,
  departuresQueries,
  type QueryKind,
  searchQueries,
} from './bench/queries.ts';
import { realDataPhase } from './bench/real-data.ts';
import { info, judged, markdownTable, type SummaryRow, withinMs } from './bench/report.ts';
import { feedBuildPhase, planningFloodPhase } from './bench/robustness.ts';
import {
  killAllServers,
  load,
  REPO_ROOT,
  readMemory,
  sampleMemory,
  startServer,
  trpcUrl,
} from './bench/server.ts';
import {
  cpuNow,
  distribution,
  fileSize,
  loadLine,
  megabytes,
  ms,
  now,
  out,
  progress,
  seconds,
  thousands,
} from './bench/stats.ts';
import { TARGETS } from './bench/targets.ts';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261122' },
    queries: { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (args.help) {
  process.stdout.write('Usage: pnpm bench [--scale=0.1] [--keep] [--seed=N] [--queries=N] [--skip-http]\n');
  process.exit(0);
}

const scale = Number(args.scale);
const seed = Number(args.seed);
const queryCount = Number(args.queries);
if (
  !(scale > 0 && scale <= 1) ||
  !Number.isInteger(seed) ||
  !(Number.isInteger(queryCount) && queryCount > 0)
) {
  process.stderr.write('--scale must be in (0, 1], --seed and --queries whole numbers\n');
  process.exit(2);
}

/** "Now" for the in-process phase: 2026-06-15 10:00 in Vilnius, so past dates come out tooLate. */
const FIXED_CLOCK: Clock = () => new Date('2026-06-15T07:00:00Z');

const tempDir = mkdtempSync(join(tmpdir(), 'bus-bench-'));
const nationalPath = join(tempDir, 'national.sqlite');
const realPath = join(tempDir, 'anyksciai.sqlite');

function cleanUp(): void {
  killAllServers();
  if (args.keep) {
    progress(`kept the temporary databases in ${tempDir}`);
  } else {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

let cleanedUp = false;
function cleanUpOnce(): void {
  if (cleanedUp) return;
  cleanedUp = true;
  cleanUp();
}
process.on('exit', killAllServers);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping servers and removing temporary files`);
    cleanUpOnce();
    process.exit(130);
  });
}

const rows: SummaryRow[] = [];

// ---- phase 1: generate and import ----------------------------------------------------

interface BuildResult {
  db: OpenedDatabase;
  profile: DatasetProfile;
  counts: ImportCounts;
  generateMs: number;
  migrateMs: number;
  importMs: number;
  heapAfterGenerate: number;
  /** The same timetable in the project's JSON format, for the command-line import. */
  jsonPath: string;
}

/** Kept in its own function so the dataset (the bulk of the memory) can be collected after import. */
async function buildNationalDatabase(): Promise<BuildResult> {
  const sizes = sizesFor(scale);
  progress(
    `phase 1: generating ${thousands(sizes.stops)} stops, ${thousands(sizes.lines)} lines, ${thousands(sizes.schedules)} schedules (seed ${seed})`,
  );
  const t0 = now();
  const { dataset, profile } = generateDataset(sizes, seed);
  const generateMs = now() - t0;
  const heapAfterGenerate = process.memoryUsage().heapUsed;
  const g = profile.generated;
  progress(
    `generated in ${seconds(generateMs)}: ${thousands(g.routes)} routes, ${thousands(g.trips)} trips, ${thousands(g.stopTimes)} stop times`,
  );

  const t1 = now();
  const db = openDatabase(nationalPath);
  await migrateToLatest(db.kysely);
  const migrateMs = now() - t1;

  progress(`importing with replaceTimetable into ${nationalPath}`);
  const t2 = now();
  const counts = replaceTimetable(db.sqlite, dataset);
  const importMs = now() - t2;
  progress(`imported in ${seconds(importMs)}`);
  const jsonPath = join(tempDir, 'national.json');
  writeDatasetFile(dataset, jsonPath);
  return { db, profile, counts, generateMs, migrateMs, importMs, heapAfterGenerate, jsonPath };
}

// ---- phase 2: in-process latency -----------------------------------------------------

async function timeDepartures(db: OpenedDatabase, queries: readonly DeparturesBenchQuery[]) {
  const latencies: number[] = [];
  const cpu: number[] = [];
  const items: number[] = [];
  for (const q of queries) {
    const input: DeparturesQueryInput = { from: q.from, to: q.to, dir: q.dir, date: q.date };
    const c = cpuNow();
    const t = now();
    const result = await getDepartures(db, input, FIXED_CLOCK);
    latencies.push(now() - t);
    cpu.push(cpuNow() - c);
    items.push(result.items.length);
  }
  return { latencies, cpu, items };
}

async function inProcessPhase(db: OpenedDatabase, profile: DatasetProfile): Promise<DeparturesBenchQuery[]> {
  const queries = departuresQueries(profile, queryCount, seed + 1);
  const warmUp = departuresQueries(profile, Math.min(200, queryCount), seed + 2);
  progress(`phase 2: departures, ${warmUp.length} warm-up + ${queries.length} measured queries`);
  await timeDepartures(db, warmUp);
  const { latencies, cpu, items } = await timeDepartures(db, queries);
  const d = distribution(latencies);
  const dc = distribution(cpu);
  const meanItems = distribution(items).mean;

  out('## Departures, in-process (getDepartures on the national database)');
  out(
    `queries ${d.count}: p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, p99 ${ms(d.p99)}, max ${ms(d.max)}, mean ${ms(d.mean)}`,
  );
  out(`CPU time per query: p50 ${ms(dc.p50)}, p95 ${ms(dc.p95)}, p99 ${ms(dc.p99)}, max ${ms(dc.max)}`);
  out(`items returned: mean ${meanItems.toFixed(1)}, max ${distribution(items).max}`);
  const kinds: QueryKind[] = ['any stop', 'busy stop', 'hub', 'home out', 'home city', 'home to'];
  out('by kind of query:');
  for (const kind of kinds) {
    const indexes = queries.flatMap((q, i) => (q.kind === kind ? [i] : []));
    if (indexes.length === 0) continue;
    const k = distribution(indexes.map((i) => latencies[i] as number));
    const kItems = distribution(indexes.map((i) => items[i] as number));
    out(
      `  ${kind.padEnd(10)} n=${String(k.count).padStart(4)}  p50 ${ms(k.p50).padStart(10)}  p99 ${ms(k.p99).padStart(10)}  max ${ms(k.max).padStart(10)}  items mean ${kItems.mean.toFixed(1)}`,
    );
  }

  rows.push(withinMs('Departures p50 (in-process)', d.p50, TARGETS.departuresP50));
  rows.push(info('Departures p95 (in-process)', ms(d.p95)));
  rows.push(withinMs('Departures p99 (in-process)', d.p99, TARGETS.departuresP99));
  rows.push(withinMs('Departures max (in-process)', d.max, TARGETS.departuresMax));
  rows.push(info('Departures: mean items per query', meanItems.toFixed(1)));

  await afterSavePhase(db, queries);

  // Stop search.
  const search = searchQueries(profile, queryCount, seed + 3);
  const searchWarmUp = searchQueries(profile, Math.min(200, queryCount), seed + 4);
  progress(`phase 2: stop search, ${searchWarmUp.length} warm-up + ${search.length} measured queries`);
  // Awaited: works whether findStops answers directly or through a promise.
  for (const q of searchWarmUp) await findStops(readContext(db, systemClock), q.query);
  const searchLatencies: number[] = [];
  const searchCpu: number[] = [];
  const found: number[] = [];
  for (const q of search) {
    const c = cpuNow();
    const t = now();
    const result = await findStops(readContext(db, systemClock), q.query);
    searchLatencies.push(now() - t);
    searchCpu.push(cpuNow() - c);
    found.push(result.length);
  }
  const s = distribution(searchLatencies);
  const sc = distribution(searchCpu);
  out();
  out('## Stop search, in-process (findStops on the national database)');
  out(
    `queries ${s.count}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}; results mean ${distribution(found).mean.toFixed(1)}`,
  );
  out(`CPU time per query: p50 ${ms(sc.p50)}, p99 ${ms(sc.p99)}`);
  for (const length of [1, 2, 3, 5]) {
    const indexes = search.flatMap((q, i) => (q.length === length ? [i] : []));
    const l = distribution(indexes.map((i) => searchLatencies[i] as number));
    out(
      `  ${length} char(s)  n=${String(l.count).padStart(4)}  p50 ${ms(l.p50).padStart(10)}  p99 ${ms(l.p99).padStart(10)}`,
    );
  }
  rows.push(info('Stop search p50 (in-process)', ms(s.p50)));
  rows.push(withinMs('Stop search p99 (in-process)', s.p99, TARGETS.searchP99));
  return queries;
}

/**
 * The first departures answer after an admin save: a schedule of a line saved (one trip a
 * minute later, through the admin service, history and departures index included), then a
 * question about a stop of that line that no cache has seen. Five lines, the slowest counts.
 */
async function afterSavePhase(db: OpenedDatabase, queries: readonly DeparturesBenchQuery[]): Promise<void> {
  // As a serving process does (the read plugin): each commit brings the kept snapshot up to date.
  const unfollow = followCommits(db, onCommitted);
  try {
    await savesThenFirstQueries(db, queries);
  } finally {
    unfollow();
  }
}

async function savesThenFirstQueries(
  db: OpenedDatabase,
  queries: readonly DeparturesBenchQuery[],
): Promise<void> {
  const actor = { username: 'bench', via: 'admin' as const, clock: FIXED_CLOCK };
  const lineIds = db.sqlite
    .prepare('SELECT DISTINCT line_id FROM schedule ORDER BY line_id LIMIT 20 OFFSET 100')
    .pluck()
    .all() as number[];
  const saves: number[] = [];
  const firsts: number[] = [];
  for (const [n, lineId] of lineIds.entries()) {
    if (firsts.length === 5) break;
    const current = await getLineSchedules(db, lineId);
    const schedule = current.schedules[0];
    if (!schedule) continue;
    // Every trip a minute later; the synthetic timetable leaves some times empty, which the
    // spec's save refuses, so those take the time before them (only this schedule is posted).
    for (const trip of schedule.trips) {
      let last = trip.timeList.find((time) => time !== null) ?? '12:00';
      trip.timeList = trip.timeList.map((time) => {
        last = time ?? last;
        const [h, m] = last.split(':').map(Number) as [number, number];
        const minute = Math.min(h * 60 + m + 1, 23 * 60 + 59);
        return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      });
    }
    const t = now();
    try {
      await saveSchedules(db, actor, { lineId, schedules: [schedule], baseVersion: current.version });
    } catch (error) {
      progress(`line ${lineId} not saved: ${(error as Error).message}`);
      continue;
    }
    saves.push(now() - t);
    const stopId = db.sqlite
      .prepare(
        'SELECT rs.stop_id FROM route_stop rs JOIN route r ON r.id = rs.route_id WHERE r.line_id = ? LIMIT 1',
      )
      .pluck()
      .get(lineId) as number;
    const date = queries[n]?.date ?? `${BENCH_YEAR}-03-04`;
    const q = now();
    await getDepartures(db, { from: stopId, dir: 'Out bound', date }, FIXED_CLOCK);
    firsts.push(now() - q);
  }
  const worst = Math.max(...firsts);
  out(
    `first departures answer after a schedule save: ${firsts.map(ms).join(', ')} (the saves took ${saves.map(ms).join(', ')})`,
  );
  rows.push(
    withinMs(
      'First departures query after an admin save (national, slowest of 5)',
      worst,
      TARGETS.firstAfterSaveMs,
    ),
  );
  rows.push(info('Admin schedule save with history and index (national)', ms(Math.max(...saves))));
}

// ---- phase 3: server memory on the national database ---------------------------------

async function serverMemoryPhase(queries: readonly DeparturesBenchQuery[]): Promise<void> {
  progress('phase 3: starting the server on the national database');
  const t0 = now();
  const server = await startServer(nationalPath);
  try {
    const startMs = now() - t0;
    const idle = readMemory(server.pid);
    const paths = queries.map((q) =>
      trpcUrl('timetable.departures', {
        from: q.from,
        ...(q.to === undefined ? {} : { to: q.to }),
        dir: q.dir,
        date: q.date,
      }),
    );
    // Ready means ready (issue 38): the first departures answer of the fresh process, asked the
    // moment /healthz said ok (startServer returns then).
    const asked = now();
    const probe = await fetch(server.baseUrl + (paths[0] ?? '/healthz'));
    if (!probe.ok)
      throw new Error(`departures answered ${probe.status}: ${(await probe.text()).slice(0, 500)}`);
    await probe.arrayBuffer();
    const firstMs = now() - asked;
    const sampler = sampleMemory(server.pid);
    const result = await load(server.baseUrl, paths, {
      seconds: 10,
      connections: 10,
      title: 'national departures',
    });
    const peak = sampler.stop();
    out();
    out('## Server on the national database (10 s departures load, 10 connections)');
    out(
      `started (migrate + seed check + listen) in ${seconds(startMs)}; RSS when idle ${idle ? megabytes(idle.rss) : 'n/a'}`,
    );
    out(
      `departures: ${result.rps.toFixed(0)} req/s, latency p50 ${result.latencyP50} ms, p99 ${result.latencyP99} ms; ${result.requests} requests, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    out(`peak RSS: VmHWM ${megabytes(peak.hwm)} (highest sampled VmRSS ${megabytes(peak.rss)})`);
    const mb = peak.hwm / 1024 / 1024;
    rows.push(
      judged(
        'Server peak RSS, national DB under load (VmHWM)',
        megabytes(peak.hwm),
        `< ${TARGETS.serverRssMb} MB`,
        mb < TARGETS.serverRssMb,
      ),
    );
    rows.push(info('Departures req/s, national DB (10 connections)', result.rps.toFixed(0)));
    rows.push(info('Cold start to healthy (compiled server, national DB)', seconds(startMs)));
    out(`first departures answer of the fresh process, asked when /healthz said ok: ${ms(firstMs)}`);
    rows.push(
      judged(
        'First answer of a fresh process (national departures, after /healthz said ok)',
        ms(firstMs),
        `≤ ${TARGETS.firstAnswerMs} ms`,
        firstMs <= TARGETS.firstAnswerMs,
      ),
    );
    if (result.non2xx > 0 || result.errors > 0) {
      rows.push(info('National load: failed requests', `${result.non2xx} non-2xx, ${result.errors} errors`));
    }
    // Issue 37: the feed built off the event loop (after phase 2's saves), then planning bounded.
    await feedBuildPhase(server, 'national', rows);
    const today = vilniusNow(systemClock).date;
    const stops = [...new Set(queries.map((q) => q.from))].slice(0, 40);
    await planningFloodPhase(
      server,
      {
        label: 'national',
        departures: paths,
        plans: stops.flatMap((from, i) =>
          stops.slice(i + 1, i + 6).map((to, j) => ({
            from,
            to,
            date: addDays(today, (i + j) % 14),
            time: `${String(6 + ((i + j) % 14)).padStart(2, '0')}:00`,
          })),
        ),
      },
      rows,
    );
  } finally {
    await server.stop();
  }
}

// ---- main ----------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = now();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  out(`# pnpm bench — scale ${scale}, seed ${seed}, ${new Date().toISOString().slice(0, 10)}`);
  out(`machine: ${cpu}, ${cpus().length} cores, Node ${process.version}, ${process.platform}`);
  const loadAtStart = loadLine();
  out(`load average at start: ${loadAtStart}`);
  if ((loadavg()[0] ?? 0) > cpus().length * 0.5) {
    out(
      'note: the machine is already busy; wall-clock figures will be pessimistic (CPU-time figures are printed too)',
    );
  }
  out();

  const build = await buildNationalDatabase();
  const { db, profile, counts } = build;
  const totalMs = build.generateMs + build.migrateMs + build.importMs;
  build.db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const dbBytes = fileSize(nationalPath) + fileSize(`${nationalPath}-wal`);
  out('## National timetable: generate + import');
  out(
    `generation: ${seconds(build.generateMs)} (heap after generation ${megabytes(build.heapAfterGenerate)})`,
  );
  out(`migration:  ${seconds(build.migrateMs)}`);
  out(`import:     ${seconds(build.importMs)} (replaceTimetable, one transaction)`);
  out(`total:      ${seconds(totalMs)}`);
  out(`database file: ${megabytes(dbBytes)}`);
  out(
    `rows: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${thousands(v)}`)
      .join(', ')}`,
  );
  out(
    `lines by type: ${Object.entries(profile.routeTypes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; trips by boundFor: ${Object.entries(profile.boundFor)
      .map(([k, v]) => `${k} ${thousands(v)}`)
      .join(', ')}; stop times without a time: ${thousands(profile.nullTimes)}`,
  );
  out();
  rows.push(
    judged(
      'Generate + import national timetable',
      `${seconds(totalMs)} (generate ${seconds(build.generateMs)}, import ${seconds(build.importMs)})`,
      `< ${TARGETS.buildSeconds} s`,
      totalMs / 1000 < TARGETS.buildSeconds,
    ),
  );
  rows.push(info('Import alone (replaceTimetable)', seconds(build.importMs)));

  // The import as an operator runs it: `pnpm cli import national.json`, its own process, into a
  // fresh database. Its peak memory is the figure a small host must have room for.
  progress(`importing ${build.jsonPath} with pnpm cli import (its own process)`);
  const cliDb = join(tempDir, 'cli-import.sqlite');
  const cli = await runCliImport(build.jsonPath, cliDb);
  if (cli.code !== 0) out(cli.output.slice(-2000));
  for (const file of [cliDb, `${cliDb}-wal`, `${cliDb}-shm`, build.jsonPath]) rmSync(file, { force: true });
  const cliSeconds = cli.code === 0 ? cli.ms / 1000 : Number.NaN;
  const cliPeak = cli.peakRssMb ?? Number.NaN;
  out(
    `pnpm cli import (own process): ${seconds(cli.ms)}, peak RSS ${Number.isNaN(cliPeak) ? 'n/a' : `${cliPeak} MB`}, exit ${cli.code}`,
  );
  rows.push(
    judged(
      'National import, peak RSS (`pnpm cli import`, own process)',
      Number.isNaN(cliPeak) ? 'n/a' : `${cliPeak} MB`,
      `≤ ${TARGETS.importPeakRssMb} MB`,
      cliPeak <= TARGETS.importPeakRssMb,
    ),
    judged(
      'National import, time (`pnpm cli import`)',
      Number.isNaN(cliSeconds) ? 'failed' : `${cliSeconds.toFixed(1)} s`,
      `≤ ${TARGETS.importSecondsBefore} s (before streaming)`,
      cliSeconds <= TARGETS.importSecondsBefore,
    ),
  );
  rows.push(info('Database file size', megabytes(dbBytes)));
  const indexBytes = build.db.sqlite
    .prepare("SELECT sum(pgsize) FROM dbstat WHERE name IN ('departure_visit', 'departure_line_stop')")
    .pluck()
    .get() as number;
  out(`of which the departures index: ${megabytes(indexBytes)}`);
  rows.push(info('Database growth from the departures index', megabytes(indexBytes)));
  rows.push(
    info(
      'Rows imported',
      `${thousands(counts.stops)} stops, ${thousands(counts.lines)} lines, ${thousands(counts.routes)} routes, ${thousands(counts.schedules)} schedules, ${thousands(counts.trips)} trips, ${thousands(counts.stopTimes)} stop times`,
    ),
  );

  let queries: DeparturesBenchQuery[];
  try {
    queries = await inProcessPhase(db, profile);
    // The journey planner, national and town data, on a Wednesday.
    rows.push(...(await plannerPhase(db, `${BENCH_YEAR}-06-17`, queryCount, seed + 5, FIXED_CLOCK)));
  } finally {
    await db.kysely.destroy();
  }

  if (args['skip-http']) {
    progress('phases 3 and 4 skipped (--skip-http)');
  } else {
    await serverMemoryPhase(queries);
    // Issue 40: 300 live buses reporting while the departures load runs.
    await livePhase(nationalPath, rows, seed + 7, out);
    await realDataPhase(rows, realPath);
  }

  const loadAtEnd = loadLine();
  out();
  out(`load average at end: ${loadAtEnd}`);
  const table = markdownTable(rows);
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
  const context = `\`pnpm bench\` at scale ${scale} (seed ${seed}) on ${machine}, ${new Date().toISOString().slice(0, 10)}. The synthetic national timetable is deterministic; the HTTP throughput phase uses the embedded Anykščiai data (dates in ${BENCH_YEAR} for the in-process queries). Load average (1/5/15 min) ${loadAtStart} at start, ${loadAtEnd} at end.`;
  const markdown = `### Performance\n\n${context}\n\n${table}\n`;
  out();
  out('## Summary');
  out();
  out(markdown);
  const resultsPath = join(REPO_ROOT, 'scripts', 'bench', 'last-results.md');
  writeFileSync(resultsPath, markdown);
  progress(`summary written to ${resultsPath}; whole run ${seconds(now() - started)}`);
}

try {
  await main();
} catch (error) {
  process.stderr.write(
    `\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  cleanUpOnce();
}
