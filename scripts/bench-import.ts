/**
 * An import never stalls the site (a measurement, not a test): starts the real server on a
 * fresh database (the Anykščiai data, demo login), then runs `pnpm cli import big.json
 * --replace` of a synthetic national timetable against the same database file while one
 * client asks for departures back to back and another saves a holiday through the old REST
 * path every 250 ms. Prints the read latency during the import and what became of the saves.
 *
 *   pnpm bench:import                 half the national scale (the hardening issue's case)
 *   pnpm bench:import --scale=1       the whole national timetable
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serializeDataset } from '../packages/server/src/import/dataset-json.ts';
import { generateDataset, sizesFor } from './bench/generate.ts';
import { killAllServers, REPO_ROOT, startServer, trpcUrl } from './bench/server.ts';
import { distribution, ms, progress } from './bench/stats.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '0.5' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');

const work = mkdtempSync(join(tmpdir(), 'bench-import-'));
process.on('exit', () => {
  killAllServers();
  rmSync(work, { recursive: true, force: true });
});

const dbPath = join(work, 'serving.sqlite');
progress(`generating the national timetable at scale ${scale}`);
const { dataset } = generateDataset(sizesFor(scale), 20261122);
const big = join(work, 'big.json');
writeFileSync(big, serializeDataset(dataset));

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

progress('importing while serving');
const started = performance.now();
const importer = spawn(
  process.execPath,
  ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'import', big, '--replace'],
  {
    cwd: REPO_ROOT,
    env: { ...process.env, DB_PATH: dbPath, INIT_CWD: work },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let importOutput = '';
importer.stdout.on('data', (c: Buffer) => (importOutput += c.toString()));
importer.stderr.on('data', (c: Buffer) => (importOutput += c.toString()));
let importEnd: number | null = null;
const importCode = new Promise<number | null>((resolve) =>
  importer.once('exit', (code) => {
    importEnd = performance.now();
    resolve(code);
  }),
);

const latencies: number[] = [];
const after: number[] = [];
const failures: string[] = [];
const saves = new Map<string, number>();
let stopAt = Number.POSITIVE_INFINITY;

const reader = (async () => {
  let i = 0;
  while (performance.now() < stopAt) {
    const query = queries[i++ % queries.length] as string;
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}${query}`);
    await res.arrayBuffer();
    const took = performance.now() - t0;
    if (res.status !== 200) failures.push(`departures ${res.status}`);
    (importEnd === null ? latencies : after).push(took);
  }
})();

const saver = (async () => {
  let n = 0;
  while (performance.now() < stopAt) {
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/holidays/save1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ id: null, name: `Bench ${n++}`, month: 6, day: 1 + (n % 28) }),
    });
    const took = performance.now() - t0;
    const key = `${res.status}${took > 1000 ? ' (slow)' : ''}`;
    saves.set(key, (saves.get(key) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 250));
  }
})();

const code = await importCode;
stopAt = performance.now() + 3000;
await Promise.all([reader, saver]);
await server.stop();

const during = distribution(latencies);
const afterwards = distribution(after);
console.log(`# pnpm bench:import — scale ${scale}, ${new Date().toISOString().slice(0, 10)}`);
console.log(`import: exit ${code}, ${(((importEnd ?? started) - started) / 1000).toFixed(1)} s`);
if (code !== 0) console.log(importOutput.slice(-2000));
console.log(
  `departures during the import: ${latencies.length} requests, p50 ${ms(during.p50, 1)}, p99 ${ms(during.p99, 1)}, max ${ms(during.max, 1)}`,
);
console.log(
  `departures in the 3 s after it: ${after.length} requests, p50 ${ms(afterwards.p50, 1)}, p99 ${ms(afterwards.p99, 1)}, max ${ms(afterwards.max, 1)}`,
);
console.log(`admin saves (HTTP status: count): ${[...saves].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
console.log(`failed reads: ${failures.length}`);
