import { openDatabase, openLiveDatabase, liveDatabasePath, liveTripsChangedAfter } from './packages/db/src/index.ts';
import { buildApp } from './packages/server/src/app.ts';
import { parseEnv } from './packages/server/src/env.ts';

const dbPath = '/tmp/bus-bench-live-national.sqlite';
const db = openDatabase(dbPath);
const withLive = process.argv[2] !== 'none';
const live = await openLiveDatabase(withLive ? liveDatabasePath(dbPath) : ':memory:');
const trips = liveTripsChangedAfter(await openLiveDatabase(liveDatabasePath(dbPath)), 0);
const lastAt = Math.max(...trips.map((t) => t.updatedAt));
let now = lastAt + 2000;
const env = parseEnv({ ...process.env, DB_PATH: dbPath, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40), DEMO: '0' });
const app = await buildApp({ db, env, clock: () => new Date(now), live });
// stops 1-2 of live trips (as the bench)
const stops = db.sqlite.prepare(`SELECT rs.stop_id AS s FROM trip t JOIN route_stop rs ON rs.route_id = t.route_id WHERE t.id = ? AND rs.seq IN (1,2)`);
const urls = [...new Set(trips.flatMap((t) => (stops.all(t.tripId) as { s: number }[]).map((r) => r.s)))].slice(0, 200).map(
  (s) => `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: s, date: '2026-06-17', dir: 'Out bound' }))}`,
);
const headers = { 'accept-encoding': 'gzip, deflate, br' };
const round = async () => {
  const made: number[] = [];
  const kept: number[] = [];
  for (const url of urls) {
    let t0 = performance.now();
    await app.inject({ url, headers });
    made.push(performance.now() - t0);
    t0 = performance.now();
    await app.inject({ url, headers });
    kept.push(performance.now() - t0);
  }
  return { made, kept };
};
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]?.toFixed(3);
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0).toFixed(0);
for (let r = 0; r < Number(process.argv[3] ?? 6); r++) {
  now += 60_000; // a new minute: every answer made again
  const { made, kept } = await round();
  console.log(`round ${r}: made median ${med(made)} ms (sum ${sum(made)}), kept median ${med(kept)} ms`);
}
await app.close();
