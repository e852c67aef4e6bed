import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vilniusInstant } from '@bus/core';
import { migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import type { LiveTripAnswer, LiveVehicle } from '../src/live/answers.ts';
import type { LiveDepartureItem } from '../src/live/layer.ts';
import { addUser } from '../src/services/users.ts';
import { TEST_JWT_SECRET, tokenFor } from './admin-helpers.ts';

/**
 * The setup for a town that outgrows one process (docs/operating.md, "More than one process"):
 * two server processes, compiled as production runs them, on one SQLite file (and one live file),
 * behind nginx (Debian's package, started here on loopback) as reverse proxy and shared cache.
 * A write through either process is seen by the next request to any of them, and a bus a driver
 * reports goes through nginx to the drivers' process (B) and is seen by the other within 2 s
 * (issue 40).
 *
 * The servers are production's build of test/serve-at.ts (scripts/build.mjs bundles it beside
 * main.js, the same way): the same serve() as dist/main.js, with the clock fixed at one moment,
 * so the live test's trip runs "today" and its reports are on time whatever day the test runs.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
// The servers' moment (Vilnius): a Wednesday morning, not the day the test saves as a holiday.
const TODAY = '2026-12-02';
const NOW = vilniusInstant(TODAY, 10 * 60);
const DRIVER = { username: 'vairuotojas', password: 'drives-2026' };
/** Every stop placed on the test's map, one grid point an id (the data has no positions). */
const placeOf = (id: number) => ({ lat: 55.3 + (id % 40) * 0.005, lon: 24.9 + Math.floor(id / 40) * 0.008 });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, what: string, log: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer ${url} within 30 s:\n${log()}`);
}

const children: ChildProcess[] = [];
let dir: string;
let proxy: string;
const servers: string[] = [];
let token: string;

function start(command: string, args: string[], env: Record<string, string>, name: string) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  children.push(child);
  return { child, log: () => `${name}: ${log.slice(-3000)}` };
}

beforeAll(async () => {
  if (!NGINX) throw new Error('nginx is not installed: scripts/test.sh installs it (apt-get install nginx)');
  execFileSync(process.execPath, ['scripts/build.mjs', 'test/serve-at.ts'], {
    cwd: SERVER_DIR,
    stdio: 'ignore',
  });
  dir = mkdtempSync(join(tmpdir(), 'bus-multi-'));
  const dbPath = join(dir, 'timetable.sqlite');
  const db = openDatabase(dbPath);
  await migrateToLatest(db.kysely);
  replaceTimetable(db.sqlite, await loadDefaultDataset());
  const place = db.sqlite.prepare('UPDATE stop SET lat = ?, lon = ? WHERE id = ?');
  for (const { id } of db.sqlite.prepare('SELECT id FROM stop').all() as { id: number }[])
    place.run(placeOf(id).lat, placeOf(id).lon, id);
  // A driver's account, as `pnpm cli user add vairuotojas --role ROLE_DRIVER` makes it.
  await addUser(db.kysely, DRIVER.username, DRIVER.password, ['ROLE_DRIVER']);
  await db.kysely.destroy();
  // A web app of two files: a page and a hashed asset (cached for a year, so nginx keeps it).
  mkdirSync(join(dir, 'web/assets'), { recursive: true });
  writeFileSync(join(dir, 'web/index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  writeFileSync(join(dir, 'web/assets/app-0123abcd.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);

  for (const name of ['A', 'B']) {
    const port = await freePort();
    const server = start(
      process.execPath,
      [join(SERVER_DIR, 'dist/serve-at.js')],
      {
        SERVE_AT: `${TODAY}T10:00`,
        DB_PATH: dbPath,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        JWT_SECRET: TEST_JWT_SECRET,
        DEMO: '1',
        TRUST_PROXY: '127.0.0.1',
        WEB_DIST_DIR: join(dir, 'web'),
      },
      `server ${name}`,
    );
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/healthz`, `server ${name}`, server.log);
    servers.push(url);
  }

  const proxyPort = await freePort();
  mkdirSync(join(dir, 'nginx/cache'), { recursive: true });
  writeFileSync(
    join(dir, 'nginx/nginx.conf'),
    nginxConfig(
      proxyPort,
      servers.map((s) => s.replace('http://', '')),
      join(dir, 'nginx'),
      (servers[1] as string).replace('http://', ''),
    ),
  );
  const nginx = start(
    NGINX,
    ['-p', join(dir, 'nginx'), '-c', join(dir, 'nginx/nginx.conf'), '-e', 'stderr'],
    {},
    'nginx',
  );
  proxy = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${proxy}/healthz`, 'nginx', nginx.log);
  // The demo account the servers made, as a sign-in would name it.
  const reader = openDatabase(join(dir, 'timetable.sqlite'));
  token = await tokenFor(reader, 'boss', ['ROLE_ADMIN'], new Date(NOW));
  await reader.kysely.destroy();
}, 90_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : Promise.resolve())),
  );
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The README's configuration, with this test's ports and folders. */
function nginxConfig(port: number, upstreams: string[], prefix: string, drivers: string): string {
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  proxy_cache_path ${prefix}/cache keys_zone=bus:10m max_size=200m inactive=7d use_temp_path=off;
  upstream bus {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 16;
  }
  # The drivers' calls to a process of their own; another takes them when it is down.
  upstream bus_drivers {
    server ${drivers};
${upstreams
  .filter((u) => u !== drivers)
  .map((u) => `    server ${u} backup;`)
  .join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    add_header X-Upstream $upstream_addr always;
    # Hashed files never change: the shared cache keeps them and spares the servers.
    location /assets/ {
      proxy_pass http://bus;
      proxy_cache bus;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status always;
      add_header X-Upstream $upstream_addr always;
    }
    # Everything else straight to a server: public answers say no-cache and carry an ETag, which
    # a browser's If-None-Match must reach (a caching location would answer it with a full 200).
    location / {
      proxy_pass http://bus;
    }
    location /trpc/drive. {
      proxy_pass http://bus_drivers;
    }
  }
}
`;
}

const DEPARTURES = `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 1, date: '2026-03-04' }))}`;

async function departures(base: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${DEPARTURES}`, { headers });
  const body = res.status === 200 ? ((await res.json()) as { result: { data: { items: unknown[] } } }) : null;
  return { res, items: body?.result.data.items.length ?? -1, upstream: res.headers.get('x-upstream') };
}

describe('two server processes on one database behind nginx', () => {
  it('shares the requests between both processes', async () => {
    const upstreams = new Set<string | null>();
    for (let i = 0; i < 4; i++) upstreams.add((await departures(proxy)).upstream);
    expect(upstreams.size).toBe(2);
  });

  it('a save through one process is in the next answer of every process and of the proxy', async () => {
    const before = await departures(proxy);
    expect(before.items).toBeGreaterThan(0);
    const etag = before.res.headers.get('etag') as string;
    const saved = await fetch(`${servers[0]}/trpc/admin.holidays.save`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: null, name: 'Test day', month: 3, day: 4, baseVersion: 0 }),
    });
    expect(saved.status).toBe(200);
    for (const base of [servers[1] as string, servers[0] as string, proxy, proxy]) {
      const after = await departures(base, { 'if-none-match': etag });
      expect(after.res.status, base).toBe(200);
      expect(after.items, base).toBeLessThan(before.items);
    }
  });

  it('a tag from one process is revalidated by the other (304), through the proxy too', async () => {
    const fromA = await departures(servers[0] as string);
    const etag = fromA.res.headers.get('etag') as string;
    expect((await departures(servers[1] as string, { 'if-none-match': etag })).res.status).toBe(304);
    for (let i = 0; i < 2; i++)
      expect((await departures(proxy, { 'if-none-match': etag })).res.status).toBe(304);
  });

  it('nginx keeps hashed files (a HIT the second time) and passes public answers on compressed', async () => {
    const asset = `${proxy}/assets/app-0123abcd.js`;
    const first = await fetch(asset);
    expect(first.status).toBe(200);
    await first.text();
    const second = await fetch(asset);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Another day than the test day saved above, which has few departures (under 1 KB).
    const answer = await fetch(`${proxy}${DEPARTURES.replace('2026-03-04', '2026-03-05')}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('x-cache-status')).not.toBe('HIT');
  });
});

/** One tRPC call over HTTP as the web app and a phone make it. */
async function call<T>(
  base: string,
  path: string,
  input: unknown,
  options: { mutation?: boolean; token?: string } = {},
): Promise<{ status: number; data: T; message: string | undefined; upstream: string | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = options.mutation
    ? await fetch(`${base}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) })
    : await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  return {
    status: res.status,
    data: body.result?.data as T,
    message: body.error?.message,
    upstream: res.headers.get('x-upstream'),
  };
}

/** Asks `ask` every 50 ms until `seen` holds of its answer; how long that took (ms), at most `within`. */
async function msUntil<T>(
  ask: () => Promise<T>,
  seen: (answer: T) => boolean,
  within = 5000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (seen(await ask())) return performance.now() - started;
    if (performance.now() - started > within) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('live buses across the processes (issue 40)', () => {
  it('a bus reported through nginx goes to the drivers’ process and is seen by the other within 2 s', async () => {
    const [a, b] = servers as [string, string];
    // The first trip out of the station from 10:00 (the servers' now) today.
    const input = { from: 1, dir: 'Out bound', date: TODAY };
    const url = `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify(input))}`;
    let tripId = 0;
    const departuresOf = async (base: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { headers });
      const items =
        res.status === 200
          ? ((await res.json()) as { result: { data: { items: LiveDepartureItem[] } } }).result.data.items
          : [];
      return { res, items, item: items.find((i) => i.tripId === tripId) };
    };
    const before = await departuresOf(proxy);
    const trip = before.items.find((i) => i.timeDepart >= '10:00' && !i.cancelled);
    if (!trip) throw new Error('no departure from 10:00');
    tripId = trip.tripId;
    const tagBefore = before.res.headers.get('etag') as string;

    // The driver signs in, starts the trip and reports from its first stop, all through nginx,
    // which sends the drivers' calls (/trpc/drive.*) to B, their process (docs/operating.md).
    const signedIn = await call<{ accessToken: string }>(proxy, 'auth.signIn', DRIVER, { mutation: true });
    expect(signedIn.status, signedIn.message).toBe(200);
    const driver = signedIn.data.accessToken;
    const started = await call<{ stops: { stopId: number }[] }>(
      proxy,
      'drive.start',
      { tripId },
      { mutation: true, token: driver },
    );
    expect(started.status, started.message).toBe(200);
    const firstStop = started.data.stops[0]?.stopId as number;
    const position = { tripId, at: NOW, ...placeOf(firstStop), accuracy: 8, heading: null };
    const reported = await call<{ passed: number }>(proxy, 'drive.report', position, {
      mutation: true,
      token: driver,
    });
    expect(reported.status, reported.message).toBe(200);
    expect([started.upstream, reported.upstream]).toEqual([b, b].map((s) => s.replace('http://', '')));

    // A, the other process, asked directly, sees the bus within 2 s: on the trip page and on the map.
    const onA = await msUntil(
      () => call<LiveTripAnswer>(a, 'timetable.liveTrip', { id: tripId }),
      (answer) => answer.data.live !== null,
    );
    const onAMap = await msUntil(
      () => call<LiveVehicle[]>(a, 'timetable.vehicles', undefined),
      (answer) => answer.data.some((v) => v.tripId === tripId),
    );
    expect(onA).toBeLessThan(2000);
    expect(onAMap).toBeLessThan(2000);
    // The same live state in both: the bus at the trip's first stop, heard from just now.
    const [liveA, liveB] = await Promise.all(
      [a, b].map((base) => call<LiveTripAnswer>(base, 'timetable.liveTrip', { id: tripId })),
    );
    expect(liveB?.data).toEqual(liveA?.data);
    expect(liveB?.data.live).toMatchObject({ noLiveData: false, positionAge: 0, ended: false });
    expect(liveB?.data.live?.vehicle).toMatchObject({ tripId, nextStop: { stopId: firstStop, at: true } });
    const [mapA, mapB] = await Promise.all(
      [a, b].map((base) => call<LiveVehicle[]>(base, 'timetable.vehicles', undefined)),
    );
    expect(mapB?.data).toEqual(mapA?.data);

    // Through nginx (which keeps no public answer, docs/operating.md): the departures answer
    // carries the bus from both processes; a browser's copy from before the report is not
    // confirmed (200, not 304), since the tag names the live state; the new tag is the same in
    // both processes, so either confirms it.
    const throughProxy = await msUntil(
      () => departuresOf(proxy),
      (answer) => answer.item?.live !== undefined,
    );
    expect(throughProxy).toBeLessThan(2000);
    const upstreams = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const revalidated = await departuresOf(proxy, { 'if-none-match': tagBefore });
      expect(revalidated.res.status).toBe(200);
      expect(revalidated.res.headers.get('cache-control')).toBe('public, no-cache');
      expect(revalidated.item?.live).toEqual({
        expectedTime: trip.timeDepart,
        delayMinutes: 0,
        positionAge: 0,
        departed: false,
      });
      upstreams.add(revalidated.res.headers.get('x-upstream'));
    }
    expect(upstreams.size).toBe(2);
    const tagAfter = (await departuresOf(a)).res.headers.get('etag') as string;
    expect(tagAfter).not.toBe(tagBefore);
    expect((await departuresOf(b)).res.headers.get('etag')).toBe(tagAfter);
    for (const base of [a, b, proxy, proxy])
      expect((await departuresOf(base, { 'if-none-match': tagAfter })).res.status, base).toBe(304);
  });
});
