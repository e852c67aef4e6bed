import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase, replaceTimetable } from '../packages/db/src/index.ts';
import { generateDataset, sizesFor } from './bench/generate.ts';
import { livePhase } from './bench/live.ts';
import { markdownTable, type SummaryRow } from './bench/report.ts';
import { now, out, progress, seconds } from './bench/stats.ts';

/**
 * Live buses' part of `pnpm bench` alone (issue 40), for working on them:
 *
 *   pnpm bench:live --db=/tmp/national.sqlite   generates and imports the national timetable
 *                                                into that file when it does not exist yet,
 *                                                then reuses it (it places some stops on a map)
 */

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: '/tmp/bus-bench-live-national.sqlite' },
    seed: { type: 'string', default: '20261122' },
  },
  strict: true,
});
const seed = Number(args.seed);
if (!existsSync(args.db)) {
  progress(`generating the national timetable (seed ${seed}) into ${args.db}`);
  const t0 = now();
  const db = openDatabase(args.db);
  await migrateToLatest(db.kysely);
  replaceTimetable(db.sqlite, generateDataset(sizesFor(1), seed).dataset);
  await db.kysely.destroy();
  progress(`generated and imported in ${seconds(now() - t0)}`);
}
const rows: SummaryRow[] = [];
await livePhase(args.db, rows, seed + 7, out);
out();
out(markdownTable(rows));
