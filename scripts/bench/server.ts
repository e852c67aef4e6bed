import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { distribution, progress } from './stats.ts';

/** The repository root: the server is started from there, as `pnpm start` does. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const children = new Set<ChildProcess>();

/** Last resort on exit, Ctrl-C or a crash: no server outlives the benchmark. */
export function killAllServers(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

export interface RunningServer {
  pid: number;
  baseUrl: string;
  /** The last few kilobytes the server printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

let built = false;

/** The production build of the server (packages/server/dist/main.js), made once per run. */
export function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['packages/server/scripts/build.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  built = true;
}

/**
 * Starts the real server as production runs it (the compiled packages/server/dist/main.js) as
 * its own node process, so /proc/<pid> is the server and nothing else, and waits until
 * /healthz answers.
 */
export async function startServer(dbPath: string, timeoutMs = 120_000): Promise<RunningServer> {
  buildServer();
  const port = await freePort();
  // BENCH_NODE_FLAGS: V8 flags to try on the server (see README, Performance).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, 'packages/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DB_PATH: dbPath, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };

  const pid = child.pid;
  if (pid === undefined) {
    await stop();
    throw new Error('the server process did not start');
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      children.delete(child);
      throw new Error(
        `the server exited during start (code ${child.exitCode ?? child.signalCode}):\n${tail}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid, baseUrl, output: () => tail, stop };
}

export interface MemoryReading {
  /** Current resident set, bytes. */
  rss: number;
  /** Peak resident set since the process started (VmHWM), bytes. */
  hwm: number;
}

export function readMemory(pid: number): MemoryReading | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

/** Samples a process's memory every `intervalMs` until stopped; returns the highest readings. */
export function sampleMemory(pid: number, intervalMs = 50): { stop(): MemoryReading } {
  const peak: MemoryReading = { rss: 0, hwm: 0 };
  const take = () => {
    const m = readMemory(pid);
    if (!m) return;
    peak.rss = Math.max(peak.rss, m.rss);
    peak.hwm = Math.max(peak.hwm, m.hwm);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { ...peak };
    },
  };
}

export interface LoadResult {
  /** Successful (2xx) responses per second over the run. */
  rps: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** A bounded autocannon run on loopback; `paths` are sent in turn on every connection. */
export async function load(
  baseUrl: string,
  paths: readonly string[],
  options: { seconds: number; connections: number; title: string },
): Promise<LoadResult> {
  progress(
    `autocannon ${options.title}: ${options.connections} connections, ${options.seconds} s, ${paths.length} URL(s)`,
  );
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        title: options.title,
        // What a browser sends: it takes compressed answers (kept compressed by the server).
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (error: unknown, r: autocannon.Result) => (error ? reject(error) : resolve(r)),
    );
  });
  return {
    rps: result['2xx'] / result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** What fixed-rate.mjs is given, and what it answers. */
interface FixedRateInput {
  baseUrl: string;
  paths: readonly string[];
  rate: number;
  seconds: number;
}
interface FixedRateOutput {
  /** Wall-clock ms the first request was due; request i was due `i * 1000 / rate` ms later. */
  startWall: number;
  /** Ms from each request's due moment (or its sending, if early) to its answer's end; NaN: failed. */
  latencies: number[];
}

export interface FixedRateResult {
  /** Requests sent (the rate times the seconds) and answered with 2xx. */
  sent: number;
  ok: number;
  /** Other answers and failed requests. */
  failed: number;
  /** Latency in ms from the moment each request was due (not sent): p50 and p99, to 0.01 ms. */
  latencyP50: number;
  latencyP99: number;
  /** Each request's latency, ms, in the order they were due (NaN: failed). */
  latencies: readonly number[];
}

/**
 * An open-loop load: `rate` requests a second for `seconds`, each due at its own moment whether or
 * not the earlier ones were answered (what many independent riders do), the paths taken in turn.
 * Unlike autocannon's closed loop, which keeps the server saturated so its p99 is mostly the
 * queue, this measures how long a rider waits at a given load; and unlike autocannon's
 * histogram (whole milliseconds) it keeps fractions. A request's time counts from when it was
 * due, so a client or server that falls behind is not hidden (no coordinated omission).
 */
export async function fixedRateLoad(
  baseUrl: string,
  paths: readonly string[],
  options: { rate: number; seconds: number; title: string },
): Promise<FixedRateResult & { startWall: number }> {
  progress(
    `fixed-rate ${options.title}: ${options.rate} req/s, ${options.seconds} s, ${paths.length} URL(s)`,
  );
  // In a process of its own (fixed-rate.mjs): this one's pauses would be measured as the server's.
  const client = fork(fileURLToPath(new URL('./fixed-rate.mjs', import.meta.url)), [], {
    execArgv: ['--expose-gc'],
  });
  const answered = new Promise<FixedRateOutput>((resolve, reject) => {
    client.once('message', (message) => resolve(message as FixedRateOutput));
    client.once('exit', (code) => reject(new Error(`the fixed-rate load exited (${code})`)));
  });
  client.send({ baseUrl, paths, rate: options.rate, seconds: options.seconds } satisfies FixedRateInput);
  const { startWall, latencies: all } = await answered;
  // BENCH_FIXED_DUMP names a file to append each answer to ('<wall-clock ms it was due> <ms>
  // <path>'), to see when the slow ones came (one second after a new minute, or spread out) and
  // which answers they were.
  if (process.env.BENCH_FIXED_DUMP) {
    const lines = all.flatMap((l, i) =>
      Number.isNaN(l)
        ? []
        : [`${Math.round(startWall + (i * 1000) / options.rate)} ${l.toFixed(2)} ${paths[i % paths.length]}`],
    );
    appendFileSync(process.env.BENCH_FIXED_DUMP, `# ${options.title}\n${lines.join('\n')}\n`);
  }
  return { ...fixedRateResult(all), startWall };
}

/** The figures of a fixed-rate load from each request's latency (NaN: failed), of one run or several merged. */
export function fixedRateResult(all: readonly number[]): FixedRateResult {
  const latencies = all.filter((l) => !Number.isNaN(l));
  const { p50, p99 } = distribution(latencies);
  return {
    sent: all.length,
    ok: latencies.length,
    failed: all.length - latencies.length,
    latencyP50: Math.round(p50 * 100) / 100,
    latencyP99: Math.round(p99 * 100) / 100,
    latencies: all,
  };
}

/** tRPC's GET form of a query procedure call. */
export function trpcUrl(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
}
