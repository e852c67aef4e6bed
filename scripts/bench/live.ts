import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { vilniusInstant } from '../../packages/core/src/index.ts';
import {
  createUser,
  databaseFiles,
  findUserByUsername,
  liveDatabasePath,
  openDatabase,
} from '../../packages/db/src/index.ts';
import { hashPassword } from '../../packages/server/src/auth/passwords.ts';
import { issueAccessToken } from '../../packages/server/src/auth/tokens.ts';
import { positionAt } from '../../packages/server/src/cli/drive-command.ts';
import type { BusesInput } from './live-buses.ts';
import { Rng } from './prng.ts';
import { info, judged, type SummaryRow } from './report.ts';
import { type FixedRateResult, fixedRateLoad, fixedRateResult, load, REPO_ROOT, trpcUrl } from './server.ts';
import { distribution } from './stats.ts';

/**
 * Live buses under load (issue 40), on the national timetable: 300 buses report every 5 s
 * through the drivers' API while the departures load runs. Printed: the departures p99 with
 * and without them (at most 10 % above), a report handled by the server, p99 (≤ 5 ms), and how
 * soon a report shows in the departures answer (≤ 2 s). The phones' own round trip is printed
 * too; they run at the lowest priority, so it includes their waits for a core.
 *
 * The server's clock reads a Wednesday 10:00 when it starts and runs on from there
 * (packages/server/test/serve-at.ts with SERVE_AT_FROM), so the figures do not depend on the hour
 * the bench runs, and positions age as they do on the road. The national
 * timetable has no stop positions: the driven trips' stops are placed here along made-up roads
 * (30 km/h at the planned times), each trip on stops no other driven trip uses.
 */

const BUSES = 300;
const REPORT_EVERY_MS = 5000;
const LOAD_SECONDS = 15;
/**
 * Each riders' process gets two minutes of the fixed-rate load: the new minutes of the servers'
 * clock (when the kept answers whose departures have gone are made again) fall in both alike.
 * Its p99 is the 300th slowest of 30,000 answers.
 */
const FIXED_SECONDS = 120;
/**
 * Those two minutes in this many blocks, the two riders' processes in turn (interleaved): the
 * shared machine's slow moments, which made the p99 of two runs one after another differ by
 * half (1.4-2.3 ms, 3-18 ms on a busier day), fall on both. Six blocks of 10 s left one side
 * with a block or two of a busy host now and then (a block's p99 went from 3 ms to 70 ms).
 */
const FIXED_BLOCKS = 24;
/**
 * The fixed-rate departures load (requests a second): what riders wait at a steady, heavy load,
 * a sixth or so of what the server answers at saturation with the buses on these 2 cores.
 */
const FIXED_RATE = 250;
/** An A/A run (BENCH_LIVE_AA=1): the "with buses" riders' process reads an empty live file too. */
const AA = process.env.BENCH_LIVE_AA === '1';
/** How long a riders' process stopped while the other was measured runs before its own block. */
const SETTLE_MS = 1000;
const SECRET = 'bench-live-secret-0123456789-abcdefghij';
const DATE = '2026-06-17';
const AT = '10:00';

/**
 * The riders' processes on a core of their own, the drivers' process, the load and the 300
 * phones on the others (Linux's taskset):
 * on the road the phones and the riders are other machines, and on 2 shared cores the
 * simulated phones would otherwise take the server's core now and then, which no server code
 * can help. Both runs, with and without the buses, are pinned alike. Null when there is one
 * core or no taskset (the runs then share every core, and say so). BENCH_LIVE_PIN=0 turns it off.
 */
function corePinning(): { server: string; load: string; all: string } | null {
  const cores = availableParallelism();
  if (cores < 2 || process.platform !== 'linux' || process.env.BENCH_LIVE_PIN === '0') return null;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { server: String(cores - 1), load: `0-${cores - 2}`, all: `0-${cores - 1}` };
}

/** Every thread of this process (the load, and the phones' thread started later) on `cores`. */
function pinThisProcess(cores: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
}

interface DrivenTrip {
  tripId: number;
  stops: { stopId: number; minute: number }[];
  token: string;
  /** Minutes late this bus runs. */
  delay: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function post(base: string, path: string, token: string, input: unknown) {
  const response = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { error?: { message: string } };
  return { status: response.status, message: body.error?.message };
}

/** Candidate trips: leaving their first stop 09:20-10:05 and still going at 10:15 (whether they run that day: drive.start says). */
function candidates(dbPath: string, seed: number) {
  const db = openDatabase(dbPath);
  try {
    const rows = db.sqlite
      .prepare(
        `SELECT t.id, t.route_id AS routeId, t.route_dir_reversed AS reversed,
           min(tt.minute) AS first, max(tt.minute) AS last
         FROM trip t JOIN trip_time tt ON tt.trip_id = t.id
         GROUP BY t.id HAVING first BETWEEN 560 AND 605 AND last >= 615`,
      )
      .all() as { id: number; routeId: number; reversed: number; first: number; last: number }[];
    const rng = new Rng(seed);
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [rows[i], rows[j]] = [rows[j] as (typeof rows)[number], rows[i] as (typeof rows)[number]];
    }
    const stopsOf = db.sqlite.prepare(
      `SELECT rs.stop_id AS stopId, tt.minute FROM route_stop rs
       JOIN trip_time tt ON tt.trip_id = ? AND tt.seq = rs.seq
       WHERE rs.route_id = ? ORDER BY rs.seq`,
    );
    // Stops get positions as the trips are taken: a trip's stops not placed yet continue from
    // its placed ones along a made-up road (500 m a planned minute, 30 km/h). A trip is taken
    // when all its stops then lie at a pace a bus can drive (at most 90 km/h, and 60 m apart).
    const placed = new Map<number, { lat: number; lon: number }>();
    const place = db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
    const chosen: { tripId: number; stops: { stopId: number; minute: number }[] }[] = [];
    const metresBetween = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
      Math.hypot((a.lat - b.lat) * 111_200, (a.lon - b.lon) * 111_200 * Math.cos((a.lat * Math.PI) / 180));
    for (const row of rows) {
      if (chosen.length >= BUSES * 3) break;
      let stops = stopsOf.all(row.id, row.routeId) as { stopId: number; minute: number | null }[];
      if (row.reversed) stops = stops.reverse();
      const timed = stops.filter((s): s is { stopId: number; minute: number } => s.minute !== null);
      if (timed.length < 3 || new Set(timed.map((s) => s.stopId)).size !== timed.length) continue;
      const heading = rng.next() * 2 * Math.PI;
      const mine = new Map<number, { lat: number; lon: number }>();
      let here: { lat: number; lon: number } | undefined;
      let previousMinute = timed[0]?.minute ?? 0;
      for (const s of timed) {
        let at = placed.get(s.stopId);
        if (at === undefined) {
          if (here === undefined) at = { lat: 54.2 + rng.next() * 1.9, lon: 21.5 + rng.next() * 4.5 };
          else {
            const metres = Math.max(150, (s.minute - previousMinute) * 500);
            const lat = here.lat + (Math.cos(heading) * metres) / 111_200;
            at = {
              lat,
              lon: here.lon + (Math.sin(heading) * metres) / (111_200 * Math.cos((lat * Math.PI) / 180)),
            };
          }
          mine.set(s.stopId, at);
        }
        here = at;
        previousMinute = s.minute;
      }
      const where = (id: number) => (placed.get(id) ?? mine.get(id)) as { lat: number; lon: number };
      const drivable = timed.every((s, i) => {
        if (i === 0) return true;
        const before = timed[i - 1] as { stopId: number; minute: number };
        const metres = metresBetween(where(before.stopId), where(s.stopId));
        return metres >= 60 && metres <= Math.max(0.5, s.minute - before.minute) * 1500;
      });
      if (!drivable) continue;
      for (const [id, at] of mine) placed.set(id, at);
      chosen.push({ tripId: row.id, stops: timed });
    }
    db.sqlite.transaction(() => {
      for (const [id, at] of placed) place.run(at.lat, at.lon, id);
    })();
    return chosen;
  } finally {
    db.sqlite.close();
  }
}

/** Driver accounts bench-driver-1..300 (made once), with tokens issued at the server's fixed moment. */
async function drivers(dbPath: string, at: number): Promise<string[]> {
  const db = openDatabase(dbPath);
  try {
    const hash = await hashPassword('bench-driver');
    const secret = new TextEncoder().encode(SECRET);
    const tokens: string[] = [];
    for (let i = 1; i <= BUSES; i++) {
      const username = `bench-driver-${i}`;
      let user = await findUserByUsername(db.kysely, username);
      if (!user) {
        await createUser(db.kysely, { username, passwordHash: hash, roles: ['ROLE_DRIVER'] });
        user = await findUserByUsername(db.kysely, username);
      }
      if (!user) throw new Error(`no user ${username}`);
      tokens.push(
        await issueAccessToken(
          secret,
          { userId: user.id, username, roles: user.roles, tokenEpoch: user.tokenEpoch },
          new Date(at),
        ),
      );
    }
    return tokens;
  } finally {
    await db.kysely.destroy();
  }
}

/**
 * A server on the timetable `dbPath` with its clock at DATE AT from the wall-clock instant `from`
 * (on `core` when given). `live`: its live file, emptied first when `fresh` (each run starts
 * with no live state: positions a run before stored would be later than this run's, and its
 * first reports refused as too soon). `name` names its stdout's file (BENCH_SERVER_STDOUT).
 */
async function startServerAt(
  dbPath: string,
  from: number,
  core: string | null,
  live: { path: string; fresh: boolean },
  name: string,
): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  if (live.fresh) for (const file of databaseFiles(live.path)) rmSync(file, { force: true });
  // BENCH_NODE_FLAGS: V8 flags to try on the server, as for pnpm bench's (--cpu-prof to profile it).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const command = [process.execPath, ...flags, '--import', 'tsx', 'packages/server/test/serve-at.ts'];
  // taskset runs node in its own place (exec): the child is the server, as without it.
  const pinned = core === null ? command : ['taskset', '-c', core, ...command];
  const child = spawn(pinned[0] as string, pinned.slice(1), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SERVE_AT: `${DATE}T${AT}`,
      SERVE_AT_FROM: String(from),
      DB_PATH: dbPath,
      LIVE_DB_PATH: live.path,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: SECRET,
      DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  child.stderr?.on('data', (d: Buffer) => (tail = (tail + d.toString()).slice(-3000)));
  // Read, so a server that writes much (V8's --trace-gc in BENCH_NODE_FLAGS) never waits on a
  // full pipe; kept in BENCH_SERVER_STDOUT when that names a file (with `.${name}` added).
  const keep = process.env.BENCH_SERVER_STDOUT;
  if (keep) child.stdout?.pipe(createWriteStream(`${keep}.${name}`));
  else child.stdout?.resume();
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${tail}`);
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start: ${tail}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { base, child, stop };
}

/** What a server's /metrics says: kept answers, reports handled by bucket, its event loop and own times since the last look. */
function metricsOf(base: string) {
  const text = async () => (await fetch(`${base}/metrics`)).text();
  /** The server's own time per request of a route since the last scrape (sum and count by route and method). */
  let timed = new Map<string, { sum: number; count: number }>();
  let keptBefore = { hit: 0, miss: 0 };
  const keptIn = (t: string) => {
    const count = (outcome: string) =>
      Number(new RegExp(`bus_kept_answers_total\\{outcome="${outcome}"\\} (\\d+)`).exec(t)?.[1] ?? 0);
    return { hit: count('hit'), miss: count('miss') };
  };
  const ownTime = (now: Map<string, { sum: number; count: number }>, route: string, method: string) => {
    const key = `${route} ${method}`;
    const [after, before] = [now.get(key), timed.get(key)];
    const count = (after?.count ?? 0) - (before?.count ?? 0);
    return count === 0 ? NaN : (1000 * ((after?.sum ?? 0) - (before?.sum ?? 0))) / count;
  };
  return {
    async kept() {
      return keptIn(await text());
    },
    /** Reports handled, by duration bucket (cumulative, per le). */
    async reportBuckets() {
      const buckets = new Map<string, number>();
      for (const m of (await text()).matchAll(
        /bus_live_report_handling_seconds_bucket\{le="([^"]+)",source="phone"\} (\d+)/g,
      ))
        buckets.set(m[1] as string, Number(m[2]));
      return buckets;
    },
    /**
     * The event loop since the last look (/metrics resets its figures at each): delay p99 and
     * max, the share of the time it was busy, and its own time an answer and a report. Looked
     * at before a run (to start afresh) and after it.
     */
    async loop() {
      const t = await text();
      const delay = (q: string) =>
        1000 *
        Number(new RegExp(`bus_event_loop_delay_seconds\\{quantile="${q}"\\} (\\S+)`).exec(t)?.[1] ?? NaN);
      const busy = Number(/^bus_event_loop_utilization_ratio (\S+)$/m.exec(t)?.[1] ?? NaN);
      const now = new Map<string, { sum: number; count: number }>();
      for (const m of t.matchAll(
        /^bus_http_request_duration_seconds_(sum|count)\{route="([^"]*)",method="([^"]*)",status="[^"]*"\} (\S+)$/gm,
      )) {
        const key = `${m[2]} ${m[3]}`;
        const entry = now.get(key) ?? { sum: 0, count: 0 };
        entry[m[1] as 'sum' | 'count'] += Number(m[4]);
        now.set(key, entry);
      }
      const answer = ownTime(now, '/trpc/timetable.departures', 'GET');
      const report = ownTime(now, '/trpc/drive.report', 'POST');
      timed = now;
      const kept = keptIn(t);
      const answers = `kept answers ${kept.hit - keptBefore.hit} hits, ${kept.miss - keptBefore.miss} made`;
      keptBefore = kept;
      const own = [
        Number.isNaN(answer) ? '' : `${answer.toFixed(3)} ms an answer`,
        Number.isNaN(report) ? '' : `${report.toFixed(3)} ms a report`,
      ].filter(Boolean);
      return `event-loop delay p99 ${delay('0.99').toFixed(1)} ms, max ${delay('1').toFixed(1)} ms, busy ${(100 * busy).toFixed(0)} %; ${answers}${own.length > 0 ? `; own time ${own.join(', ')}` : ''}`;
    },
  };
}

/** Of the reports handled between two looks at the buckets: the smallest bucket holding 99 %, and the share within 5 ms. */
function handledBetween(before: Map<string, number>, after: Map<string, number>) {
  const handled = [...after].map(([le, n]) => [le, n - (before.get(le) ?? 0)] as const);
  const all = handled.find(([le]) => le === '+Inf')?.[1] ?? 0;
  const p99 = handled.find(([, n]) => n >= all * 0.99)?.[0] ?? '+Inf';
  const within5ms = handled.find(([le]) => le === '0.005')?.[1] ?? 0;
  const share = all === 0 ? 0 : Math.round((100 * within5ms) / all);
  return {
    all,
    ok: Number(p99) <= 0.005,
    text: `${p99 === '+Inf' ? '> 100 ms' : `≤ ${Number(p99) * 1000} ms`} (${share} % ≤ 5 ms)`,
  };
}

/**
 * How long the host has kept `core` (null: all cores) from this machine so far, ms: the
 * "steal" of /proc/stat, time a virtual machine was ready to run and the host ran another; null
 * where there is no /proc/stat.
 */
function stolenMs(core: string | null): number | null {
  try {
    const name = core === null ? 'cpu' : `cpu${core}`;
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name} `));
    const steal = Number(line?.trim().split(/\s+/)[8]);
    // In USER_HZ ticks: 100 a second on Linux.
    return Number.isFinite(steal) ? steal * 10 : null;
  } catch {
    return null;
  }
}

/**
 * The fixed-rate load on two servers in turn, `blocks` blocks of `seconds` each (ABBA order, so
 * neither always goes first), the same paths on both: the machine's own noise (2 shared cores)
 * falls on both alike, and the two compare within one run. Each server's answers merged, and
 * how long the host kept the servers' core (`core`) from them while each was measured.
 */
async function interleaved(
  a: { base: string; title: string; child: ChildProcess },
  b: { base: string; title: string; child: ChildProcess },
  paths: readonly string[],
  blocks: number,
  seconds: number,
  cores: { server: string; load: string } | null,
  /** Whether the other is stopped while one is measured (not when the buses report to one of them). */
  alone: boolean,
): Promise<Interleaved> {
  const of: [number[], number[]] = [[], []];
  /** Each answer's due moment (wall clock, ms), in the order of `of`. */
  const due: [number[], number[]] = [[], []];
  const stolen: [number, number] = [0, 0];
  const watched = cores === null ? null : [...new Set([cores.server, ...coreList(cores.load)])];
  const sampler = watched === null || stolenMs(null) === null ? null : stealSampler(watched);
  for (let i = 0; i < blocks * 2; i++) {
    const second = i % 4 === 1 || i % 4 === 2;
    const server = second ? b : a;
    // `alone`: the other riders' process stopped meanwhile (SIGSTOP), so the core is this one's
    // alone, as it would be without the other. A riders' process works between requests too
    // (the live state read a quarter second at a time, the answers made again ahead of the
    // riders), and that work fell on the other's blocks. The one measured has a second to take up
    // what happened while it was stopped (the reports of those seconds) before its block.
    if (alone) {
      (second ? a : b).child.kill('SIGSTOP');
      server.child.kill('SIGCONT');
      if (i % 4 === 1 || i % 4 === 3) await new Promise((r) => setTimeout(r, SETTLE_MS));
    }
    const before = stolenMs(cores?.server ?? null);
    const result = await fixedRateLoad(server.base, paths, {
      rate: FIXED_RATE,
      seconds,
      title: `${server.title} (${Math.floor(i / 2) + 1} of ${blocks})`,
    });
    const after = stolenMs(cores?.server ?? null);
    if (before !== null && after !== null) stolen[second ? 1 : 0] += after - before;
    of[second ? 1 : 0].push(...result.latencies);
    due[second ? 1 : 0].push(...result.latencies.map((_, k) => result.startWall + (k * 1000) / FIXED_RATE));
  }
  a.child.kill('SIGCONT');
  b.child.kill('SIGCONT');
  const [ra, rb] = [fixedRateResult(of[0]), fixedRateResult(of[1])];
  if (stolenMs(null) === null) return { a: ra, b: rb, host: 'not known here', clear: null };
  let host = `the riders' core ${stolen[0]} ms while the first was measured, ${stolen[1]} ms while the second was`;
  if (sampler !== null) {
    // The answers whose wait overlapped none of the moments the host kept a core (the servers'
    // or the load's) from this machine, on both sides alike.
    const moments = await sampler();
    const clear = (side: 0 | 1) =>
      fixedRateResult(
        (of[side] as number[]).filter((l, k) => {
          const at = (due[side] as number[])[k] as number;
          return !Number.isNaN(l) && !overlaps(moments, at, at + l);
        }),
      );
    const [ca, cb] = [clear(0), clear(1)];
    host += `; outside those moments (${ca.sent} and ${cb.sent} of ${of[0].length} answers): p99 ${ca.latencyP99} and ${cb.latencyP99} ms`;
    return { a: ra, b: rb, host, clear: [ca, cb] };
  }
  return { a: ra, b: rb, host, clear: null };
}

/** Two servers' fixed-rate answers in turn (interleaved). */
interface Interleaved {
  a: FixedRateResult;
  b: FixedRateResult;
  /** How long the host kept the cores from this machine meanwhile, in words. */
  host: string;
  /** Each side's answers whose wait overlapped none of those moments (null: not known here). */
  clear: [FixedRateResult, FixedRateResult] | null;
}

/** How far `value` is above `base`, as a signed per cent. */
function percentAbove(value: number, base: number): string {
  const p = Math.round((value / base - 1) * 100);
  return `${p >= 0 ? '+' : ''}${p} %`;
}

/** taskset's list of cores ('0-2', '3') as the cores' numbers. */
function coreList(list: string): string[] {
  const [from = '0', to = from] = list.split('-');
  return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => String(Number(from) + i));
}

/** Whether [from, to] meets any of `moments` (sorted [from, to] pairs, wall-clock ms). */
function overlaps(moments: readonly [number, number][], from: number, to: number): boolean {
  let lo = 0;
  let hi = moments.length;
  // The first moment that ends at or after `from`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((moments[mid] as [number, number])[1] < from) lo = mid + 1;
    else hi = mid;
  }
  const first = moments[lo];
  return first !== undefined && first[0] <= to;
}

/** Starts steal-sampler.mjs on `cores`; the function returned stops it and gives its moments. */
function stealSampler(cores: string[]): () => Promise<[number, number][]> {
  const child = fork(fileURLToPath(new URL('./steal-sampler.mjs', import.meta.url)), []);
  child.send({ cores });
  return () =>
    new Promise((resolve, reject) => {
      child.once('message', (message) => resolve((message as { moments: [number, number][] }).moments));
      child.once('exit', (code) => reject(new Error(`the steal sampler exited (${code})`)));
      child.send('stop');
    });
}

/**
 * Issue 40's setup for live buses at this scale (docs/operating.md, "Drivers on a process of
 * their own"): the riders' process answers the departures, and nginx sends the drivers'
 * `/trpc/drive.*` to another process on the same files, on the other core; the riders' process
 * reads the buses from the live file every quarter second.
 *
 * Three servers on the national timetable: `quiet`, a riders' process with a live file of its
 * own that no bus reports to (the run without buses); `riders`, a riders' process on the live
 * file the buses report to; `drivers`, the drivers' process on that file. The two riders'
 * processes share a core, the drivers' process is on the load's, and the departures load goes
 * to the two riders' processes in turn (interleaved): without buses and with them, in one run.
 * Then, for comparison, the buses report to `riders` itself (one process), in turn with `quiet`
 * again.
 */
export async function livePhase(
  dbPath: string,
  rows: SummaryRow[],
  seed: number,
  out: (line?: string) => void,
) {
  const at = vilniusInstant(DATE, Number(AT.slice(0, 2)) * 60 + Number(AT.slice(3)));
  const chosen = candidates(dbPath, seed);
  const tokens = await drivers(dbPath, at);
  // The servers' clock reads DATE AT when they start and runs on, as on the road (a clock standing
  // still would age every position at once, in steps, and remake every answer together).
  const from = Date.now();
  const pinning = corePinning();
  const livePath = liveDatabasePath(dbPath);
  const startQuiet = () =>
    startServerAt(
      dbPath,
      from,
      pinning?.server ?? null,
      { path: `${dbPath}.no-buses.live`, fresh: true },
      'quiet',
    );
  // BENCH_LIVE_AA=1: the second riders' process reads a live file of its own too, so both
  // sides are without buses (an A/A run: how far two identical sides differ on this machine).
  const startRiders = () =>
    startServerAt(
      dbPath,
      from,
      pinning?.server ?? null,
      { path: AA ? `${dbPath}.aa.live` : livePath, fresh: true },
      'riders',
    );
  // BENCH_LIVE_ORDER=riders-first: the riders' process with buses is started first (A/A runs
  // showed the process started second faster at p99 by a third, whichever it was).
  const ridersFirst = process.env.BENCH_LIVE_ORDER === 'riders-first';
  const first = ridersFirst ? await startRiders() : null;
  const quiet = await startQuiet();
  const server = first ?? (await startRiders());
  const driving = await startServerAt(
    dbPath,
    from,
    pinning?.load ?? null,
    // Emptied by the riders' process on the same file just before, except in an A/A run.
    { path: livePath, fresh: AA },
    'drivers',
  );
  if (pinning !== null) pinThisProcess(pinning.load);
  /** The server's clock now, ms. */
  const serverNow = () => at + (Date.now() - from);
  try {
    const rng = new Rng(seed + 1);
    const driven: DrivenTrip[] = [];
    let notRunning = 0;
    let firstRefusal: string | undefined;
    for (const trip of chosen) {
      if (driven.length >= BUSES) break;
      const token = tokens[driven.length] as string;
      const started = await post(driving.base, 'drive.start', token, { tripId: trip.tripId });
      if (started.status !== 200) {
        notRunning++;
        firstRefusal ??= `${started.status} ${started.message}`;
        continue;
      }
      driven.push({ ...trip, token, delay: rng.int(0, 5) });
    }
    if (driven.length === 0) throw new Error(`no trip could be started: ${firstRefusal ?? 'no candidate'}`);
    // Departures at the driven trips' stops that day (their live part is laid over), and as many elsewhere.
    const paths = driven.flatMap((t) =>
      t.stops
        .slice(1, 3)
        .map((s) => trpcUrl('timetable.departures', { from: s.stopId, date: DATE, dir: 'Out bound' })),
    );
    const atQuiet = metricsOf(quiet.base);
    const atRiders = metricsOf(server.base);
    const atDrivers = metricsOf(driving.base);
    // Both riders' processes warmed alike: a saturation run each (its figures printed).
    const baseline = await load(quiet.base, paths, {
      seconds: LOAD_SECONDS,
      connections: 10,
      title: 'departures, no buses',
    });

    const pointsOf = placedPoints(dbPath, driven);
    // The first five report only when the lag to the departures answer is measured, below; the
    // others from a process of their own (live-buses.ts) at the lowest priority, so the load's
    // clock, on the same core, is not held up by the phones' work (on the road, other machines).
    const sampled = driven.slice(0, 5);
    const buses = fork(fileURLToPath(new URL('./live-buses.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
    });
    if (buses.pid !== undefined) setPriority(buses.pid, constants.priority.PRIORITY_LOW);
    buses.send({
      base: driving.base,
      date: DATE,
      at,
      from,
      everyMs: REPORT_EVERY_MS,
      buses: driven.slice(5).map((t) => ({
        tripId: t.tripId,
        token: t.token,
        delay: t.delay,
        minutes: t.stops.map((s) => s.minute),
        points: pointsOf.get(t.tripId) ?? [],
      })),
    } satisfies BusesInput);
    const ask = <T>(message: 'mark' | 'stop' | { base: string }) =>
      new Promise<T>((resolve, reject) => {
        const gone = (code: number | null) => reject(new Error(`the buses' process exited (${code})`));
        buses.once('exit', gone);
        buses.once('message', (answer) => {
          buses.off('exit', gone);
          resolve(answer as T);
        });
        buses.send(message);
      });
    // A few seconds for every bus to have reported once, then the same load with them.
    await new Promise((r) => setTimeout(r, REPORT_EVERY_MS + 500));
    const kept1 = await atRiders.kept();
    const withBuses = await load(server.base, paths, {
      seconds: LOAD_SECONDS,
      connections: 10,
      title: 'departures, 300 buses reporting to the drivers’ process',
    });
    const kept2 = await atRiders.kept();
    const kept0 = await atQuiet.kept();

    // The saturation runs' last answers drain before the fixed rate starts.
    await new Promise((r) => setTimeout(r, 2000));
    const buckets1 = await atDrivers.reportBuckets();
    const reportsBefore = (await ask<{ count: number }>('mark')).count;
    await Promise.all([atQuiet.loop(), atRiders.loop(), atDrivers.loop()]);
    const turns = await interleaved(
      { ...quiet, title: 'departures, no buses' },
      { ...server, title: 'departures, 300 buses reporting to the drivers’ process' },
      paths,
      FIXED_BLOCKS,
      FIXED_SECONDS / FIXED_BLOCKS,
      pinning,
      true,
    );
    const [baselineFixed, withBusesFixed] = [turns.a, turns.b];
    const [baselineLoop, withBusesLoop, driversLoop] = await Promise.all([
      atQuiet.loop(),
      atRiders.loop(),
      atDrivers.loop(),
    ]);
    const during = (await ask<{ count: number }>('mark')).count;
    const handled = handledBetween(buckets1, await atDrivers.reportBuckets());
    // How soon a report to the drivers' process shows in the riders' departures answer: its ETag moves.
    const seen: number[] = [];
    for (const trip of sampled) {
      // A departures answer that shows the trip: at one of its stops, in its direction.
      let url: string | undefined;
      for (const stop of trip.stops.slice(1, -1))
        for (const dir of ['Out bound', 'City bound']) {
          const candidate = `${server.base}${trpcUrl('timetable.departures', { from: stop.stopId, date: DATE, dir })}`;
          if (
            url === undefined &&
            (await (await fetch(candidate)).text()).includes(`"tripId":${trip.tripId},`)
          )
            url = candidate;
        }
      if (url === undefined) continue;
      const before = (await fetch(url)).headers.get('etag');
      const t0 = performance.now();
      await post(driving.base, 'drive.report', trip.token, {
        tripId: trip.tripId,
        at: Math.round(serverNow()),
        ...positionAt(
          pointsOf.get(trip.tripId) ?? [],
          trip.stops.map((s) => vilniusInstant(DATE, s.minute) + trip.delay * 60_000),
          serverNow(),
        ),
        accuracy: 10,
        heading: null,
      });
      while (performance.now() - t0 < 5000 && (await fetch(url)).headers.get('etag') === before)
        await new Promise((r) => setTimeout(r, 20));
      seen.push(performance.now() - t0);
    }

    // For comparison: the same buses reporting to the riders' process itself (one process).
    await ask<{ base: string }>({ base: server.base });
    await new Promise((r) => setTimeout(r, REPORT_EVERY_MS + 500));
    const buckets3 = await atRiders.reportBuckets();
    await Promise.all([atQuiet.loop(), atRiders.loop()]);
    const oneProcessTurns = await interleaved(
      { ...quiet, title: 'departures, no buses' },
      { ...server, title: 'departures, 300 buses reporting to the same process' },
      paths,
      FIXED_BLOCKS / 2,
      FIXED_SECONDS / FIXED_BLOCKS,
      pinning,
      false,
    );
    const [quietAgain, oneProcessFixed] = [oneProcessTurns.a, oneProcessTurns.b];
    const oneProcessLoop = await atRiders.loop();
    const handledOne = handledBetween(buckets3, await atRiders.reportBuckets());

    const { sent, refused, reasons } = await ask<{
      sent: number[];
      refused: number;
      reasons: [string, number][];
    }>('stop');
    await new Promise((r) => (buses.exitCode === null ? buses.once('exit', r) : r(undefined)));
    const duringLoad = sent.slice(reportsBefore, during);

    const base99 = baseline.latencyP99;
    const live99 = withBuses.latencyP99;
    const reports = distribution(duringLoad);
    const report99 = reports.p99;
    const seenMax = Math.max(...seen);
    const fixed = (r: FixedRateResult) =>
      `p50 ${r.latencyP50} ms, p99 ${r.latencyP99} ms (${r.failed} failed of ${r.sent})`;
    out();
    out(
      `## Live buses (${driven.length} buses every 5 s; ${notRunning} candidate trips did not run that day)`,
    );
    if (ridersFirst) out("the riders' process with buses was started first (BENCH_LIVE_ORDER=riders-first)");
    if (AA)
      out(
        "A/A run (BENCH_LIVE_AA=1): the riders' process called 'with buses' reads an empty live file of its own; the buses report, but no riders' process sees them",
      );
    out(
      pinning === null
        ? 'cores: the processes, the load and the phones share every core'
        : `cores: the riders' processes (with buses and without) on core ${pinning.server}; the drivers' process, the load and the phones on ${pinning.load}`,
    );
    out(
      `departures without buses: ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.latencyP50} ms, p99 ${base99} ms (kept answers ${kept0.hit} hits, ${kept0.miss} made)`,
    );
    out(
      `departures with buses:    ${withBuses.rps.toFixed(0)} req/s, p50 ${withBuses.latencyP50} ms, p99 ${live99} ms (kept answers ${kept2.hit - kept1.hit} hits, ${kept2.miss - kept1.miss} made)`,
    );
    out(
      `departures at ${FIXED_RATE} req/s, ${FIXED_BLOCKS} blocks of ${FIXED_SECONDS / FIXED_BLOCKS} s each, in turn:`,
    );
    out(`  without buses: ${fixed(baselineFixed)}; its process: ${baselineLoop}`);
    out(`  with buses:    ${fixed(withBusesFixed)}; its process: ${withBusesLoop}`);
    out(`  the drivers' process meanwhile: ${driversLoop}`);
    out(
      "  (each riders' process was stopped while the other was measured: its event-loop delay's max counts those seconds)",
    );
    out(`  the host kept the cores from this machine (steal): ${turns.host}`);
    out(
      `the buses reporting to the riders' process (one process), ${FIXED_BLOCKS / 2} blocks each: ${fixed(oneProcessFixed)} (without buses meanwhile: ${fixed(quietAgain)}); its process: ${oneProcessLoop}`,
    );
    out(
      `reports during the load: ${duringLoad.length}, round trip (phones at the lowest priority: with their waits for a core) p50 ${reports.p50.toFixed(1)} ms, p99 ${report99.toFixed(1)} ms; refused ${refused} of ${sent.length}`,
    );
    for (const [reason, count] of reasons) out(`  refused ${count}: ${reason}`);
    out(
      `reports handled (the server's /metrics: checked, placed and stored), p99: the drivers' process ${handled.text}; one process ${handledOne.text}`,
    );
    out(`a report in the departures answer after: ${seen.map((s) => `${s.toFixed(0)} ms`).join(', ')}`);
    rows.push(
      judged(
        `Departures p99 at ${FIXED_RATE} req/s with 300 live buses reporting (national; drivers' process)`,
        `${withBusesFixed.latencyP99} ms (without: ${baselineFixed.latencyP99} ms)`,
        '≤ 10 % above without',
        withBusesFixed.failed === 0 && withBusesFixed.latencyP99 <= baselineFixed.latencyP99 * 1.1,
      ),
      ...(turns.clear === null
        ? []
        : [
            info(
              `The same, the answers whose wait met none of the host's steal (${turns.clear[1].sent} / ${turns.clear[0].sent} of ${withBusesFixed.sent})`,
              `${turns.clear[1].latencyP99} ms (without: ${turns.clear[0].latencyP99} ms, ${percentAbove(turns.clear[1].latencyP99, turns.clear[0].latencyP99)})`,
            ),
          ]),
      info(
        `Departures p99 at ${FIXED_RATE} req/s, the buses reporting to the same process`,
        `${oneProcessFixed.latencyP99} ms (without: ${quietAgain.latencyP99} ms)`,
      ),
      info(
        'Departures p99 at saturation (10 connections), with 300 buses / without',
        `${live99} ms / ${base99} ms (${withBuses.rps.toFixed(0)} / ${baseline.rps.toFixed(0)} req/s)`,
      ),
      judged(
        'Live report handled p99 (drivers’ process, under the departures load)',
        handled.text,
        '≤ 5 ms',
        handled.ok,
      ),
      info('Live report handled p99, the same process as the departures', handledOne.text),
      info(
        'Live report round trip p99 (phones at the lowest priority, under the departures load)',
        `${report99.toFixed(1)} ms`,
      ),
      judged(
        'A report in the departures answer (slowest of 5; reported to the drivers’ process)',
        `${seenMax.toFixed(0)} ms`,
        '≤ 2000 ms',
        seenMax <= 2000,
      ),
      info('Live reports refused (should be none)', `${refused} of ${sent.length}`),
    );
  } finally {
    await driving.stop();
    await server.stop();
    await quiet.stop();
    if (pinning !== null) pinThisProcess(pinning.all);
  }
}

/** The positions placed for the driven trips' stops, in travel order. */
function placedPoints(dbPath: string, trips: readonly DrivenTrip[]) {
  const db = openDatabase(dbPath);
  try {
    const of = db.sqlite.prepare('SELECT lat, lon FROM stop WHERE id = ?');
    return new Map(
      trips.map(
        (t) => [t.tripId, t.stops.map((s) => of.get(s.stopId) as { lat: number; lon: number })] as const,
      ),
    );
  } finally {
    db.sqlite.close();
  }
}
