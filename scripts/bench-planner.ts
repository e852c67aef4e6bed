/**
 * The journey planner's part of `pnpm bench` alone (issue 30), for working on the planner:
 *
 *   pnpm bench:planner --db=/tmp/national.sqlite   generates and imports the national timetable
 *                                                   into that file when it does not exist yet,
 *                                                   then reuses it
 *   pnpm bench:planner --queries=1000 --seed=N     as pnpm bench takes them (default 2000, 20261122)
 *
 * The figures are the same as pnpm bench's planner section (town, then national, a Wednesday).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Clock } from '@bus/core';
import { migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import { generateDataset, sizesFor } from './bench/generate.ts';
import { plannerPhase } from './bench/planner.ts';
import { BENCH_YEAR } from './bench/queries.ts';
import { now, progress, seconds } from './bench/stats.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: '/tmp/bus-bench-planner-national.sqlite' },
    seed: { type: 'string', default: '20261122' },
    queries: { type: 'string', default: '2000' },
  },
  strict: true,
});
const seed = Number(args.seed);
const FIXED_CLOCK: Clock = () => new Date('2026-06-15T07:00:00Z');

const fresh = !existsSync(args.db);
const db = openDatabase(args.db);
if (fresh) {
  progress(`generating the national timetable (seed ${seed}) into ${args.db}`);
  const t0 = now();
  await migrateToLatest(db.kysely);
  replaceTimetable(db.sqlite, generateDataset(sizesFor(1), seed).dataset);
  progress(`generated and imported in ${seconds(now() - t0)}`);
}
try {
  await plannerPhase(db, `${BENCH_YEAR}-06-17`, Number(args.queries), seed + 5, FIXED_CLOCK);
} finally {
  await db.kysely.destroy();
}
