import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type Clock, formatTime } from '@bus/core';
import { createTestDb, type OpenedDatabase, replaceTimetable } from '@bus/db';
import { loadDefaultDataset } from '../../packages/server/src/import/default-dataset.ts';
import { getDepartures } from '../../packages/server/src/public-read/departures.ts';
import {
  dayNetwork,
  type JourneysAnswer,
  planJourneysAnswer,
  planShareOf,
} from '../../packages/server/src/public-read/journeys.ts';
import { readContext, snapshotOf } from '../../packages/server/src/public-read/read-context.ts';
import { Rng } from './prng.ts';
import { info, judged, type SummaryRow, withinMs } from './report.ts';
import { distribution, megabytes, ms, now, out, progress, seconds } from './stats.ts';

/**
 * The journey planner (issue 30) in-process, beside the other figures of `pnpm bench`: random
 * pairs of stops the day's buses serve, random times of day, leaving after (every fourth
 * arriving by), through the service the tRPC procedure calls (planJourneysAnswer), each followed
 * by a departures query (getDepartures) as a server answers both. The first query of a data
 * version builds what the planner keeps (the timetable as it reads it, then the day's network);
 * it is timed apart, with the memory the build leaves behind and the longest the event loop
 * went without a turn meanwhile; then the longest block while serving the queries.
 */

export const PLANNER_TARGETS = {
  townP99: 5,
  nationalP99: 20,
  /** What the built planner keeps (JS heap and typed arrays' buffers), national data. */
  plannerMb: 100,
  /** The build gives way to the event loop, and so does serving: no block longer than this. */
  blockMs: 20,
};

/**
 * A garbage collection on demand, for the memory figures: Node's `gc` when it runs with
 * --expose-gc, else the same function exposed now (V8 takes the flag at run time and hands the
 * function to a fresh context).
 */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const collectGarbage = collector();

/** JS heap and typed arrays' buffers in use after full collections (typed arrays live outside the heap). */
function memoryInUse(): { heap: number; buffers: number } {
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed, buffers: arrayBuffers };
}

/**
 * The longest the event loop goes without a turn while it runs: a 1 ms timer's longest wait
 * between two of its turns (and the last one to `stop`), with the longest garbage collection.
 */
function blockProbe(): { stop(): { longestMs: number; longestGcMs: number } } {
  let lastTurn = now();
  let longest = 0;
  let longestGc = 0;
  const timer = setInterval(() => {
    const turn = now();
    longest = Math.max(longest, turn - lastTurn);
    lastTurn = turn;
  }, 1);
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gcs.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      longest = Math.max(longest, now() - lastTurn);
      clearInterval(timer);
      for (const entry of gcs.takeRecords()) longestGc = Math.max(longestGc, entry.duration);
      gcs.disconnect();
      return { longestMs: longest, longestGcMs: longestGc };
    },
  };
}

/** A turn of the event loop, as a server has between two requests. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Sample {
  from: number;
  to: number;
  time: string;
  arriveBy: boolean;
}

/** Stops with trips on them (what a visitor would choose), from the route stops. */
function servedStops(db: OpenedDatabase): number[] {
  return db.sqlite
    .prepare(
      'SELECT DISTINCT rs.stop_id FROM route_stop rs JOIN trip t ON t.route_id = rs.route_id ORDER BY 1',
    )
    .pluck()
    .all() as number[];
}

function samples(stops: readonly number[], count: number, seed: number): Sample[] {
  const random = new Rng(seed);
  const pick = () => random.pick(stops);
  return Array.from({ length: count }, (_, i) => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    return { from, to, time: formatTime(random.int(300, 1259)), arriveBy: i % 4 === 3 };
  });
}

/** Times the planner on one database and date; answers the summary rows. */
async function timePlanner(
  db: OpenedDatabase,
  label: string,
  date: string,
  count: number,
  seed: number,
  clock: Clock,
  ceiling: number,
  memoryCeiling: number | null,
): Promise<SummaryRow[]> {
  const read = readContext(db, clock);
  const served = servedStops(db);
  const queries = samples(served, count, seed);
  const random = new Rng(seed + 1);
  // The read snapshot is the departures' (a server loads it at start); the planner's figures
  // start from it.
  await snapshotOf(read);
  const before = memoryInUse();
  progress(`journey planner (${label}): building the planner's data and the day's network`);
  const t0 = now();
  const first = queries[0] as Sample;
  const buildProbe = blockProbe();
  await dayNetwork(read, date);
  const build = buildProbe.stop();
  const networkMs = now() - t0;
  const built = memoryInUse();
  const heap = built.heap - before.heap;
  const buffers = built.buffers - before.buffers;
  progress(`journey planner (${label}): ${queries.length} queries, each with a departures query`);
  const share = planShareOf(db);
  const servingProbe = blockProbe();
  const latencies: number[] = [];
  const departures: number[] = [];
  let found = 0;
  let changes = 0;
  let firstMs = 0;
  for (const [i, q] of [first, ...queries].entries()) {
    // This phase times the planner itself, query after query; what a server lets a flood of
    // planners take is the flood phase's (robustness.ts).
    share.clear();
    await nextTurn();
    const t = now();
    const answer: JourneysAnswer = await planJourneysAnswer(read, { ...q, date });
    const took = now() - t;
    if (i === 0) {
      // The first query after the build (cold): timed apart, as before.
      firstMs = took;
      continue;
    }
    latencies.push(took);
    found += answer.journeys.length;
    changes += answer.journeys.reduce((n, j) => n + j.changes, 0);
    await nextTurn();
    const d0 = now();
    await getDepartures(
      db,
      { from: random.pick(served), dir: random.chance(0.5) ? 'Out bound' : 'City bound', date },
      clock,
    );
    departures.push(now() - d0);
  }
  const serving = servingProbe.stop();
  const heapAfter = process.memoryUsage().heapUsed;
  const d = distribution(latencies);
  const dep = distribution(departures);
  out();
  out(`## Journey planner, in-process (timetable.plan's service on the ${label} data, ${date})`);
  out(
    `first query (builds the planner's data and the day's network): ${seconds(networkMs + firstMs)} (the build ${seconds(networkMs)}, the event loop blocked ${ms(build.longestMs)} at the longest meanwhile, longest garbage collection ${ms(build.longestGcMs)}; then the query ${ms(firstMs)})`,
  );
  out(
    `the built planner keeps ${megabytes(heap + buffers)} (JS heap ${megabytes(heap)}, typed arrays ${megabytes(buffers)}); heap in use after the queries ${megabytes(heapAfter)}`,
  );
  out(
    `queries ${d.count}: p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, p99 ${ms(d.p99)}, max ${ms(d.max)}; journeys mean ${(found / Math.max(1, d.count)).toFixed(2)}, changes per journey ${(changes / Math.max(1, found)).toFixed(2)}`,
  );
  out(
    `departures between them ${dep.count}: p50 ${ms(dep.p50)}, p99 ${ms(dep.p99)}, max ${ms(dep.max)}; the event loop blocked ${ms(serving.longestMs)} at the longest while serving, longest garbage collection ${ms(serving.longestGcMs)}`,
  );
  const memory = `${megabytes(heap + buffers)} (heap ${megabytes(heap)}, typed arrays ${megabytes(buffers)})`;
  return [
    info(`Journey planner: first query, ${label} (builds its data)`, seconds(networkMs + firstMs)),
    memoryCeiling === null
      ? info(`Journey planner: memory of the built planner (${label})`, memory)
      : judged(
          `Journey planner: memory of the built planner (${label})`,
          memory,
          `≤ ${memoryCeiling} MB`,
          heap + buffers <= memoryCeiling * 1024 * 1024,
        ),
    withinMs(
      `Journey planner: longest event-loop block in that build (${label})`,
      build.longestMs,
      PLANNER_TARGETS.blockMs,
    ),
    withinMs(
      `Journey planner: longest event-loop block serving plans and departures (${label})`,
      serving.longestMs,
      PLANNER_TARGETS.blockMs,
    ),
    info(`Journey planner p50 (${label})`, ms(d.p50)),
    withinMs(`Journey planner p99 (${label})`, d.p99, ceiling),
  ];
}

/** The planner on the national database given and on the embedded Anykščiai data. */
export async function plannerPhase(
  national: OpenedDatabase,
  date: string,
  count: number,
  seed: number,
  clock: Clock,
): Promise<SummaryRow[]> {
  // The town first: the national planner's data (hundreds of megabytes) stays alive with its
  // database, and collecting a heap that size would weigh on the town's figures.
  const rows: SummaryRow[] = [];
  const town = await createTestDb();
  try {
    replaceTimetable(town.sqlite, await loadDefaultDataset());
    rows.push(
      ...(await timePlanner(town, 'Anykščiai', date, count, seed + 1, clock, PLANNER_TARGETS.townP99, null)),
    );
  } finally {
    await town.kysely.destroy();
  }
  rows.push(
    ...(await timePlanner(
      national,
      'national',
      date,
      Math.min(count, 1000),
      seed,
      clock,
      PLANNER_TARGETS.nationalP99,
      PLANNER_TARGETS.plannerMb,
    )),
  );
  return rows;
}
