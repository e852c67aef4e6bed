/**
 * A sign-in flood does not slow the public site (a measurement, not a test): starts the real
 * server (compiled, on a fresh database with the Anykščiai data, behind a "proxy" on loopback
 * so each guess can come from its own client address), measures the departures latency with
 * four clients asking back to back, first quiet, then while guesses arrive at 54 a second
 * from 40 addresses: for one account (the hardening issue's case: after 20 checks all are
 * refused), then for a new account name each time (every guess that passes the address limit
 * would cost a password check). Prints p50, p99 and max of each phase and the p99 ratio to
 * the quiet one (target: at most 2).
 *
 *   pnpm bench:signin [--seconds=10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { killAllServers, startServer, trpcUrl } from './bench/server.ts';
import { type Distribution, distribution, ms, progress } from './bench/stats.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const phaseMs = Number(values.seconds) * 1000;
if (!(phaseMs >= 1000)) throw new Error('--seconds must be at least 1');

const work = mkdtempSync(join(tmpdir(), 'bench-signin-'));
process.on('exit', () => {
  killAllServers();
  rmSync(work, { recursive: true, force: true });
});

// Behind a trusted proxy on loopback: X-Forwarded-For names the client. Demo on, so `boss` exists.
process.env.TRUST_PROXY = '127.0.0.1';
process.env.DEMO = '1';
progress('starting the server');
const server = await startServer(join(work, 'timetable.sqlite'));

const dates = Array.from({ length: 28 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
const queries = dates.flatMap((date) =>
  [1, 33, 5, 12].map((from) => trpcUrl('timetable.departures', { from, date })),
);
for (const query of queries) await (await fetch(`${server.baseUrl}${query}`)).arrayBuffer();

async function readers(untilMs: number): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async (_, client) => {
      let i = client * 7;
      while (performance.now() < untilMs) {
        const t0 = performance.now();
        const res = await fetch(`${server.baseUrl}${queries[i++ % queries.length]}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`departures answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

/** Guesses at `perSecond` from 40 addresses of `net` until `untilMs`; the answers' statuses counted. */
async function flood(untilMs: number, perSecond: number, net: string, name: (i: number) => string) {
  const statuses = new Map<number, number>();
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; performance.now() < untilMs; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      fetch(`${server.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${net}.${(i % 40) + 1}` },
        body: JSON.stringify({ username: name(i), password: `guess-${i}` }),
      }).then(async (res) => {
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(pending);
  return statuses;
}

const line = (label: string, d: Distribution, quiet?: Distribution) =>
  `${label}: ${d.count} requests, p50 ${ms(d.p50, 1)}, p99 ${ms(d.p99, 1)}, max ${ms(d.max, 1)}` +
  (quiet ? `, p99 ${(d.p99 / quiet.p99).toFixed(2)}x quiet` : '');
const counts = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

progress(`quiet: ${phaseMs / 1000} s of departures`);
const quiet = distribution(await readers(performance.now() + phaseMs));

progress('flood on one account (boss)');
let until = performance.now() + phaseMs;
const [oneAccountReads, oneAccount] = await Promise.all([
  readers(until),
  flood(until, 54, '203.0.113', () => 'boss'),
]);

// The address limit of the first flood is still counting: new addresses for the second.
progress('flood on a new account name each time');
until = performance.now() + phaseMs;
const [manyNamesReads, manyNames] = await Promise.all([
  readers(until),
  flood(until, 54, '198.51.100', (i) => `nobody-${i}`),
]);
await server.stop();

console.log(`# pnpm bench:signin — ${phaseMs / 1000} s a phase, ${new Date().toISOString().slice(0, 10)}`);
console.log(line('departures, quiet', quiet));
console.log(line('departures, 54 guesses/s for boss', distribution(oneAccountReads), quiet));
console.log(`  sign-in answers (HTTP status: count): ${counts(oneAccount)}`);
console.log(line('departures, 54 guesses/s, a new name each', distribution(manyNamesReads), quiet));
console.log(`  sign-in answers (HTTP status: count): ${counts(manyNames)}`);
