import { type Clock, formatTime } from '@bus/core';
import { createTestDb, type OpenedDatabase, replaceTimetable } from '@bus/db';
import { loadDefaultDataset } from '../../packages/server/src/import/default-dataset.ts';
import {
  dayNetwork,
  type JourneysAnswer,
  planJourneysAnswer,
  planShareOf,
} from '../../packages/server/src/public-read/journeys.ts';
import { readContext } from '../../packages/server/src/public-read/read-context.ts';
import { Rng } from './prng.ts';
import { info, type SummaryRow, withinMs } from './report.ts';
import { distribution, megabytes, ms, now, out, progress, seconds } from './stats.ts';

/**
 * The journey planner (issue 30) in-process, beside the other figures of `pnpm bench`: random
 * pairs of stops the day's buses serve, random times of day, leaving after (every fourth
 * arriving by), through the service the tRPC procedure calls (planJourneysAnswer). The first
 * query of a data version builds what the planner keeps (the timetable as it reads it, then the
 * day's network); it is timed apart, and the heap it takes is printed.
 */

export const PLANNER_TARGETS = { townP99: 5, nationalP99: 100 };

/** The first query's build gives way to the event loop: no block longer than this. */
const BLOCK_CEILING_MS = 100;

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
): Promise<SummaryRow[]> {
  const read = readContext(db, clock);
  const queries = samples(servedStops(db), count, seed);
  progress(`journey planner (${label}): building the planner's data and the day's network`);
  const t0 = now();
  const first = queries[0] as Sample;
  // The build (what the first query waits for) runs in slices: the longest the event loop went
  // without a turn meanwhile (a 1 ms timer's longest wait between two of its turns, and the last
  // one to the end of the build). Then the first query itself.
  let lastTurn = t0;
  let longestBlock = 0;
  const probe = setInterval(() => {
    const turn = now();
    longestBlock = Math.max(longestBlock, turn - lastTurn);
    lastTurn = turn;
  }, 1);
  await dayNetwork(read, date);
  longestBlock = Math.max(longestBlock, now() - lastTurn);
  clearInterval(probe);
  const networkMs = now() - t0;
  planShareOf(db).clear();
  await planJourneysAnswer(read, { ...first, date });
  const buildMs = now() - t0;
  // The heap in use then (a difference would hide whatever a collection freed meanwhile).
  const heapAfter = process.memoryUsage().heapUsed;
  progress(`journey planner (${label}): ${queries.length} queries`);
  const latencies: number[] = [];
  let found = 0;
  let changes = 0;
  const share = planShareOf(db);
  for (const q of queries) {
    // This phase times the planner itself, query after query; what a server lets a flood of
    // planners take is the flood phase's (robustness.ts).
    share.clear();
    const t = now();
    const answer: JourneysAnswer = await planJourneysAnswer(read, { ...q, date });
    latencies.push(now() - t);
    found += answer.journeys.length;
    changes += answer.journeys.reduce((n, j) => n + j.changes, 0);
  }
  const d = distribution(latencies);
  out();
  out(`## Journey planner, in-process (timetable.plan's service on the ${label} data, ${date})`);
  out(
    `first query (builds the planner's data and the day's network): ${seconds(buildMs)} (the build ${seconds(networkMs)}, the event loop blocked ${ms(longestBlock)} at the longest meanwhile; then the query ${ms(buildMs - networkMs)}); heap in use after it ${megabytes(heapAfter)}`,
  );
  out(
    `queries ${d.count}: p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, p99 ${ms(d.p99)}, max ${ms(d.max)}; journeys mean ${(found / queries.length).toFixed(2)}, changes per journey ${(changes / Math.max(1, found)).toFixed(2)}`,
  );
  return [
    info(`Journey planner: first query, ${label} (builds its data)`, seconds(buildMs)),
    withinMs(
      `Journey planner: longest event-loop block in that build (${label})`,
      longestBlock,
      BLOCK_CEILING_MS,
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
      ...(await timePlanner(town, 'Anykščiai', date, count, seed + 1, clock, PLANNER_TARGETS.townP99)),
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
    )),
  );
  return rows;
}
