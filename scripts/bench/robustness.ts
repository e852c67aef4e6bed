/**
 * Issue 37's figures, on a running server (bench.ts phase 3 on the national database, phase 4
 * on the town's): what the heavy public paths do to everyone else.
 *
 *  - The GTFS feed's build after a change: how long /healthz takes to answer while it runs (it
 *    runs in the feeds' process), the memory it takes beside the server (that process's peak,
 *    plus what the server itself grew by), and how long the build takes.
 *  - A planning flood: the departures' p99 under 50 clients planning journeys, beside a quiet
 *    run of the same departures load (planning is bounded: two at once, eight waiting, the
 *    rest refused with 503 at once).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { info, judged, type SummaryRow } from './report.ts';
import { load, type RunningServer, readMemory, trpcUrl } from './server.ts';
import { distribution, megabytes, ms, now, out, progress, seconds } from './stats.ts';

/** The feed's thread may take this much memory on top of the serving process (issue 37). */
export const FEED_BUILD_EXTRA_MB = 512;
/** /healthz must answer within this while the feed is built. */
export const HEALTHZ_DURING_BUILD_MS = 100;
/** Under a planning flood the departures' p99 stays within this factor of a quiet run. */
export const FLOOD_P99_FACTOR = 2;

/** A process's private resident memory (RssAnon), bytes: what it holds beyond the code and libraries it shares with the server. */
function privateRss(pid: number): number {
  try {
    const kb = /^RssAnon:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

/** The server's child processes (the feeds' process among them). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * /healthz asked every 20 ms from a small process of its own (healthz-poller.mjs), until
 * `stop()`: the answers' times, and when each was asked (ms after the start).
 */
function askHealthz(server: RunningServer): { stop: () => Promise<{ sentAt: number; took: number }[]> } {
  const poller = spawn(process.execPath, [POLLER, server.baseUrl], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  poller.stdout.setEncoding('utf8');
  poller.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => poller.once('exit', resolve));
  return {
    stop: async () => {
      poller.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the /healthz poller stopped with ${code}`);
      return JSON.parse(output) as { sentAt: number; took: number }[];
    },
  };
}

const POLLER = fileURLToPath(new URL('./healthz-poller.mjs', import.meta.url));

export async function feedBuildPhase(
  server: RunningServer,
  label: string,
  rows: SummaryRow[],
): Promise<void> {
  // The same questions on the same server with nothing built first: what its own pauses are
  // (a collection of its heap), beside which the build's figure is read.
  progress(`${label}: /healthz asked every 20 ms for 30 s, nothing else running`);
  const idlePoller = askHealthz(server);
  await new Promise((r) => setTimeout(r, 30_000));
  const idle = (await idlePoller.stop()).map((a) => a.took);
  progress(`${label}: /gtfs.zip built while /healthz is asked every 20 ms`);
  const before = readMemory(server.pid);
  let peakRss = before?.rss ?? 0;
  // The feeds are built in a process of its own, started with the first request for one.
  const feedProcesses = new Set<number>();
  let feedPrivate = 0;
  let building = true;
  const started = now();
  const poller = askHealthz(server);
  // The memory is sampled here, beside the questions.
  const sampling = (async () => {
    while (building) {
      peakRss = Math.max(peakRss, readMemory(server.pid)?.rss ?? 0);
      for (const child of childrenOf(server.pid)) {
        feedProcesses.add(child);
        feedPrivate = Math.max(feedPrivate, privateRss(child));
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  let status = 0;
  // The first answers wait a while, then say 503 (being built) until the build is done.
  for (;;) {
    const response = await fetch(`${server.baseUrl}/gtfs.zip`);
    await response.arrayBuffer();
    status = response.status;
    if (status !== 503) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const buildMs = now() - started;
  building = false;
  await sampling;
  const answers = await poller.stop();
  const healthz = answers.map((a) => a.took);
  const worst = Math.max(...healthz);
  const worstAt = answers[healthz.indexOf(worst)]?.sentAt ?? 0;
  const d = distribution(healthz);
  // The build's peak: the feeds' process's own (VmHWM; it stays, holding the published data).
  const feedPeak = Math.max(0, ...[...feedProcesses].map((pid) => readMemory(pid)?.hwm ?? 0));
  const serverGrowth = peakRss - (before?.rss ?? 0);
  out();
  out(`## ${label}: the GTFS feed built after a change`);
  out(
    `/healthz with nothing else running (30 s): p99 ${ms(distribution(idle).p99)}, longest ${ms(Math.max(...idle))}`,
  );
  out(
    `/gtfs.zip answered ${status} after ${seconds(buildMs)}; /healthz meanwhile: ${healthz.length} answers, p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, longest ${ms(worst)} (asked ${seconds(worstAt)} into the build)`,
  );
  out(
    `feeds' process: peak RSS (VmHWM) ${megabytes(feedPeak)}, of it private (highest sampled RssAnon; the rest is Node's code and libraries, shared with the server) ${megabytes(feedPrivate)}; the server's own RSS before ${before ? megabytes(before.rss) : 'n/a'}, highest sampled during the build ${megabytes(peakRss)} (+${megabytes(serverGrowth)})`,
  );
  rows.push(
    judged(
      `Longest /healthz answer while the feed is built (${label}; with nothing running ${ms(Math.max(...idle))})`,
      ms(worst),
      `≤ ${HEALTHZ_DURING_BUILD_MS} ms`,
      worst <= HEALTHZ_DURING_BUILD_MS,
    ),
  );
  rows.push(
    judged(
      `Feed build: memory beside the server (${label}: the feeds' process's private peak + the server's growth)`,
      `${megabytes(feedPrivate)} + ${megabytes(serverGrowth)} (its VmHWM ${megabytes(feedPeak)})`,
      `≤ ${FEED_BUILD_EXTRA_MB} MB`,
      feedPrivate + serverGrowth <= FEED_BUILD_EXTRA_MB * 1024 * 1024,
    ),
  );
  rows.push(
    info(`Feed build time (${label}, in its own process)`, `${seconds(buildMs)} (answered ${status})`),
  );
}

export interface FloodInput {
  label: string;
  departures: readonly string[];
  /** Plan inputs: stop pairs, dates and times, sent in turn. */
  plans: readonly { from: number; to: number; date: string; time: string }[];
}

export async function planningFloodPhase(
  server: RunningServer,
  { label, departures, plans }: FloodInput,
  rows: SummaryRow[],
): Promise<void> {
  const seconds = 10;
  const quiet = await load(server.baseUrl, departures, {
    seconds,
    connections: 4,
    title: `${label} departures, quiet`,
  });
  const planPaths = plans.map((p) => trpcUrl('timetable.plan', p));
  const [flooded, flood] = await Promise.all([
    load(server.baseUrl, departures, {
      seconds,
      connections: 4,
      title: `${label} departures, during the flood`,
    }),
    load(server.baseUrl, planPaths, { seconds, connections: 50, title: `${label} planning flood` }),
  ]);
  const factor = flooded.latencyP99 / Math.max(1, quiet.latencyP99);
  out();
  out(`## ${label}: departures beside a planning flood (4 connections of departures, 50 of planning)`);
  out(`quiet:  p50 ${quiet.latencyP50} ms, p99 ${quiet.latencyP99} ms, ${quiet.rps.toFixed(0)} req/s`);
  out(
    `flood:  p50 ${flooded.latencyP50} ms, p99 ${flooded.latencyP99} ms, ${flooded.rps.toFixed(0)} req/s; plans ${flood.rps.toFixed(1)}/s answered, ${flood.non2xx} refused (503 busy or 400), ${flood.errors} errors`,
  );
  rows.push(
    judged(
      `Departures p99 under 50 planning clients vs quiet (${label})`,
      `${flooded.latencyP99} ms vs ${quiet.latencyP99} ms (${factor.toFixed(2)}x)`,
      `≤ ${FLOOD_P99_FACTOR}x`,
      // Loopback p99s of a few milliseconds move by a millisecond or two with the machine's noise.
      flooded.latencyP99 <= Math.max(FLOOD_P99_FACTOR * quiet.latencyP99, quiet.latencyP99 + 2),
    ),
  );
  rows.push(
    info(
      `Plans answered during the flood (${label})`,
      `${flood.rps.toFixed(1)}/s, ${flood.non2xx} refused at once`,
    ),
  );
}
