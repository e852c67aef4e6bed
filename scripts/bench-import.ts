/**
 * An import never stalls the site (a measurement, not a test): starts the real server on a
 * fresh database (the Anykščiai data, demo login), then runs `pnpm cli import big.json
 * --replace` of a synthetic national timetable against the same database file while
 *   - one client asks for departures back to back (the same 56 questions, kept answers until
 *     an import commits),
 *   - another asks back to back for departures of ever other stops and searches stops (mostly
 *     questions nothing has kept, so each needs the read snapshot),
 *   - another saves a holiday every 250 ms, in turn through the old REST path and tRPC.
 * Prints the read latency during the imports and in the 3 s after, the slowest read and the
 * slowest save, and what became of the saves.
 *
 *   pnpm bench:import                 the whole national timetable
 *   pnpm bench:import --scale=0.5     half of it
 *   pnpm bench:import --imports=2     two imports started at once; one that is refused
 *                                     because the other holds the database tries again, as
 *                                     an operator would, so both commit, one after the other
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { peakRssOf, writeDatasetFile } from './bench/cli-import.ts';
import { generateDataset, sizesFor } from './bench/generate.ts';
import { killAllServers, REPO_ROOT, startServer, trpcUrl } from './bench/server.ts';
import { distribution, ms, progress } from './bench/stats.ts';
import { TARGETS } from './bench/targets.ts';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, imports: { type: 'string', default: '1' } },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
const importCount = Number(values.imports);
if (!(Number.isInteger(importCount) && importCount >= 1 && importCount <= 4))
  throw new Error('--imports must be 1 to 4');

const work = mkdtempSync(join(tmpdir(), 'bench-import-'));
process.on('exit', () => {
  killAllServers();
  rmSync(work, { recursive: true, force: true });
});

const dbPath = join(work, 'serving.sqlite');
progress(`generating the national timetable at scale ${scale}`);
const bigFiles: string[] = [];
for (let i = 0; i < importCount; i++) {
  // Each import a timetable of its own (another seed), so every commit changes the data.
  const { dataset } = generateDataset(sizesFor(scale), 20261122 + i);
  const file = join(work, `big-${i}.json`);
  writeDatasetFile(dataset, file);
  bigFiles.push(file);
}

progress('starting the server');
const server = await startServer(dbPath);
const signIn = await fetch(`${server.baseUrl}/api/auth/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'boss', password: '2025' }),
});
const { accessToken } = (await signIn.json()) as { accessToken: string };

// Warm the caches as a running site has them.
const dates = Array.from({ length: 28 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
const queries = dates.flatMap((date) =>
  [1, 33].map((from) => trpcUrl('timetable.departures', { from, date })),
);
for (const query of queries) await fetch(`${server.baseUrl}${query}`);
const searches = ['an', 'kurk', 'vilniaus', 'sto', 'ber', 'mol', 'uten', 'pan'];

interface Timed {
  /** When it started, ms since the imports started. */
  at: number;
  took: number;
  what: string;
  status: number;
}

interface ImportRun {
  file: string;
  started: number;
  ended: number | null;
  code: number | null;
  tries: number;
  output: string;
}

/** One import to its end: refused because another holds the database, it tries again. */
async function runImport(run: ImportRun): Promise<void> {
  for (;;) {
    run.tries++;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'import', run.file, '--replace', '--quiet'],
      {
        cwd: REPO_ROOT,
        // The import says its peak memory at its end (process.resourceUsage: no /usr/bin/time needed).
        env: { ...process.env, DB_PATH: dbPath, INIT_CWD: work, CLI_REPORT_PEAK_RSS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    run.output = output;
    if (code !== 0 && output.includes('another import') && run.tries < 20) continue;
    run.code = code;
    run.ended = performance.now();
    return;
  }
}

progress(`importing while serving (${importCount} import${importCount > 1 ? 's' : ''} at once)`);
const started = performance.now();
const since = () => performance.now() - started;
const runs: ImportRun[] = bigFiles.map((file) => ({
  file,
  started,
  ended: null,
  code: null,
  tries: 0,
  output: '',
}));
const importsDone = Promise.all(runs.map(runImport));
// This process's own stalls (a busy machine): they count in every latency it measures.
const ownDelay = monitorEventLoopDelay({ resolution: 10 });
ownDelay.enable();
let importing = true;

const during: Timed[] = [];
const after: Timed[] = [];
const saves: (Timed & { message: string })[] = [];
const failures: string[] = [];
let stopAt = Number.POSITIVE_INFINITY;

/** When the server first answered with the data of each import (its ETag's import time moved). */
const commitsSeen: number[] = [];
let importedTag: string | null = null;
function noticeImport(res: Response, at: number): void {
  // A departures tag ends in ...-<imported>-<restored>-<minute>" (see http-cache.ts).
  const imported = res.headers.get('etag')?.split('-').at(-3);
  if (imported === undefined) return;
  if (importedTag !== null && imported !== importedTag) commitsSeen.push(at);
  importedTag = imported;
}

async function read(url: string, what: string): Promise<void> {
  const at = since();
  const t0 = performance.now();
  const res = await fetch(`${server.baseUrl}${url}`);
  await res.arrayBuffer();
  const took = performance.now() - t0;
  if (url.startsWith('/trpc/timetable.departures')) noticeImport(res, at);
  if (res.status !== 200) failures.push(`${what} ${res.status}`);
  (importing ? during : after).push({ at, took, what, status: res.status });
}

const keptReader = (async () => {
  let i = 0;
  while (performance.now() < stopAt) {
    const query = queries[i++ % queries.length] as string;
    await read(query, 'departures (kept)');
  }
})();

const spreadReader = (async () => {
  let i = 0;
  while (performance.now() < stopAt) {
    i++;
    if (i % 4 === 0) {
      const q = searches[(i / 4) % searches.length] as string;
      await read(trpcUrl('timetable.searchStops', { query: q }), `stop search '${q}'`);
    } else {
      const from = 1 + ((i * 7) % 900);
      const date = dates[i % dates.length] as string;
      await read(trpcUrl('timetable.departures', { from, date }), `departures from ${from}`);
    }
  }
})();

const saver = (async () => {
  let n = 0;
  while (performance.now() < stopAt) {
    n++;
    const holiday = { id: null, name: `Bench ${n}`, month: 6, day: 1 + (n % 28) };
    const rest = n % 2 === 0;
    const at = since();
    const t0 = performance.now();
    const res = rest
      ? await fetch(`${server.baseUrl}/api/holidays/save1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify(holiday),
        })
      : await fetch(`${server.baseUrl}/trpc/admin.holidays.save`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ ...holiday, baseVersion: 0 }),
        });
    const text = await res.text();
    const took = performance.now() - t0;
    let message = '';
    if (res.status !== 200) {
      try {
        const body = JSON.parse(text) as { message?: string; error?: { message?: string } };
        message = body.message ?? body.error?.message ?? text.slice(0, 100);
      } catch {
        message = text.slice(0, 100);
      }
    }
    saves.push({ at, took, what: rest ? 'REST' : 'tRPC', status: res.status, message });
    await new Promise((r) => setTimeout(r, 250));
  }
})();

await importsDone;
importing = false;
stopAt = performance.now() + 3000;
await Promise.all([keptReader, spreadReader, saver]);
await server.stop();

const seconds = (t: number) => `${(t / 1000).toFixed(1)} s`;
const summary = (label: string, list: readonly Timed[]) => {
  const d = distribution(list.map((r) => r.took));
  console.log(
    `${label}: ${list.length} requests, p50 ${ms(d.p50, 1)}, p99 ${ms(d.p99, 1)}, max ${ms(d.max, 1)}`,
  );
};
const slowest = <T extends Timed>(list: readonly T[]): T | undefined =>
  list.reduce<T | undefined>(
    (worst, r) => (worst === undefined || r.took > worst.took ? r : worst),
    undefined,
  );

const commits = commitsSeen;
console.log(
  `# pnpm bench:import — scale ${scale}, ${importCount} import${importCount > 1 ? 's' : ''}, ${new Date().toISOString().slice(0, 10)}`,
);
for (const [i, run] of runs.entries()) {
  const peak = peakRssOf(run.output);
  console.log(
    `import ${i + 1}: exit ${run.code}, ended at ${seconds((run.ended ?? started) - started)}, ${run.tries} ${run.tries === 1 ? 'try' : 'tries'}, peak RSS ${peak === null ? 'n/a' : `${peak} MB`} (target ≤ ${TARGETS.importPeakRssMb} MB; the import alone took ${TARGETS.importSecondsBefore} s before it streamed)`,
  );

  if (run.code !== 0) console.log(run.output.slice(-2000));
}
console.log(
  `the server first answered with an import's data at: ${commits.map(seconds).join(', ') || 'never'}`,
);
const all = [...during, ...after];
summary('reads during the imports', during);
summary(
  '  of them kept departures',
  during.filter((r) => r.what === 'departures (kept)'),
);
summary(
  '  of them other departures and stop searches',
  during.filter((r) => r.what !== 'departures (kept)'),
);
summary('reads in the 3 s after', after);
const worstRead = slowest(all);
if (worstRead) {
  const fromCommit = commits.map((c) => worstRead.at - c).filter((d) => d >= -60_000);
  const nearest =
    fromCommit.length === 0 ? null : fromCommit.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
  console.log(
    `slowest read: ${ms(worstRead.took, 1)} (${worstRead.what}, asked at ${seconds(worstRead.at)}${nearest === null ? '' : `, ${nearest >= 0 ? `${seconds(nearest)} after` : `${seconds(-nearest)} before`} the first answer with an import's data`})`,
  );
}
const slowReads = [...all].sort((a, b) => b.took - a.took).slice(0, 5);
console.log(`slowest 5 reads: ${slowReads.map((r) => `${ms(r.took, 0)} at ${seconds(r.at)}`).join(', ')}`);
ownDelay.disable();
console.log(
  `the benchmark's own event loop: delay p99 ${ms(ownDelay.percentile(99) / 1e6, 0)}, max ${ms(ownDelay.max / 1e6, 0)} (a busy machine shows here too)`,
);
const byStatus = new Map<string, number>();
for (const s of saves) byStatus.set(`${s.status}`, (byStatus.get(`${s.status}`) ?? 0) + 1);
console.log(`admin saves (HTTP status: count): ${[...byStatus].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
const worstSave = slowest(saves);
if (worstSave)
  console.log(
    `slowest save: ${ms(worstSave.took, 1)} (${worstSave.what}, ${worstSave.status}${worstSave.message ? ` "${worstSave.message}"` : ''}, at ${seconds(worstSave.at)})`,
  );
const refused = saves.filter((s) => s.status === 409);
const worstRefusal = slowest(refused);
if (worstRefusal)
  console.log(
    `slowest 409: ${ms(worstRefusal.took, 1)}; messages: ${[...new Set(refused.map((s) => s.message))].join(' | ')}`,
  );
const other = saves.filter((s) => s.status !== 200 && s.status !== 409);
if (other.length > 0)
  console.log(`other save answers: ${other.map((s) => `${s.status} ${s.message}`).join('; ')}`);
console.log(
  `failed reads: ${failures.length}${failures.length > 0 ? ` (${failures.slice(0, 5).join(', ')})` : ''}`,
);
