import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, HOME_STOP_ID, isPublicHoliday, systemClock, vilniusNow, weekdayName } from '@bus/core';
import { listHolidays, type OpenedDatabase, openDatabase } from '@bus/db';
import { getDepartures } from '../../packages/server/src/public-read/departures.ts';
import { info, judged, type SummaryRow, skipped } from './report.ts';
import { planningFloodPhase } from './robustness.ts';
import { type LoadResult, load, REPO_ROOT, startServer, trpcUrl } from './server.ts';
import { out, progress } from './stats.ts';
import { TARGETS } from './targets.ts';
import { measureFirstLoad } from './wire.ts';

/** `pnpm bench` phase 4: HTTP throughput on the real Anykščiai data, and the home in Chromium. */

interface RealQuery {
  label: string;
  input: { from: number; to?: number; dir: 'Out bound' | 'City bound'; date: string };
  items: number;
}

/** Real queries that return buses: stop 1 out, stop 1 city bound, a common destination, a busy stop. */
async function pickRealQueries(db: OpenedDatabase): Promise<RealQuery[]> {
  const today = vilniusNow(systemClock).date;
  const holidays = await listHolidays(db.kysely);
  let best = { date: addDays(today, 1), items: -1 };
  for (let i = 1; i <= 14; i++) {
    const date = addDays(today, i);
    const weekday = weekdayName(date);
    if (weekday === 'SATURDAY' || weekday === 'SUNDAY' || isPublicHoliday(date, holidays)) continue;
    const n = (await getDepartures(db, { from: HOME_STOP_ID, dir: 'Out bound', date }, systemClock)).items
      .length;
    if (n > best.items) best = { date, items: n };
  }
  const date = best.date;
  const count = async (input: RealQuery['input']) =>
    (await getDepartures(db, input, systemClock)).items.length;

  const out1 = await getDepartures(db, { from: HOME_STOP_ID, dir: 'Out bound', date }, systemClock);
  const queries: RealQuery[] = [
    {
      label: 'from 1, Out bound, weekday',
      input: { from: HOME_STOP_ID, dir: 'Out bound', date },
      items: out1.items.length,
    },
  ];
  const cityInput = { from: HOME_STOP_ID, dir: 'City bound', date } as const;
  queries.push({ label: 'from 1, City bound', input: cityInput, items: await count(cityInput) });

  // The most common terminus of the buses leaving stop 1 is a destination people ask for.
  const termini = new Map<number, number>();
  const lastStop = db.sqlite.prepare(
    `SELECT CASE WHEN t.route_dir_reversed = 1
              THEN (SELECT stop_id FROM route_stop WHERE route_id = t.route_id ORDER BY seq ASC LIMIT 1)
              ELSE (SELECT stop_id FROM route_stop WHERE route_id = t.route_id ORDER BY seq DESC LIMIT 1) END AS stopId
     FROM trip t WHERE t.id = ?`,
  );
  for (const item of out1.items) {
    const row = lastStop.get(item.tripId) as { stopId: number } | undefined;
    if (row && row.stopId !== HOME_STOP_ID) termini.set(row.stopId, (termini.get(row.stopId) ?? 0) + 1);
  }
  const destination = [...termini.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (destination !== undefined) {
    const input = { from: HOME_STOP_ID, to: destination, dir: 'Out bound', date } as const;
    queries.push({ label: `from 1 to ${destination}`, input, items: await count(input) });
  }

  const busiest = db.sqlite
    .prepare(
      `SELECT rs.stop_id AS stopId FROM route_stop rs JOIN trip t ON t.route_id = rs.route_id
       WHERE rs.stop_id != ? GROUP BY rs.stop_id ORDER BY count(*) DESC LIMIT 5`,
    )
    .all(HOME_STOP_ID) as { stopId: number }[];
  let other: RealQuery | null = null;
  for (const { stopId } of busiest) {
    for (const dir of ['Out bound', 'City bound'] as const) {
      const input = { from: stopId, dir, date };
      const n = await count(input);
      if (!other || n > other.items) other = { label: `from ${stopId}, ${dir}`, input, items: n };
    }
  }
  if (other) queries.push(other);
  return queries;
}

/** Phase 4: the server on a fresh database of the real data at `realPath`; its rows go in `rows`. */
export async function realDataPhase(rows: SummaryRow[], realPath: string): Promise<void> {
  const datasetFile = join(REPO_ROOT, 'data', 'anyksciai.json');
  if (!existsSync(datasetFile)) {
    progress('phase 4 skipped: data/anyksciai.json does not exist yet');
    out();
    out('## HTTP throughput on the Anykščiai data: skipped (data/anyksciai.json missing)');
    rows.push(
      skipped(
        'Departures req/s as share of /healthz (real data)',
        'no data/anyksciai.json',
        `≥ ${TARGETS.departuresShareOfHealthz * 100} %`,
      ),
    );
    return;
  }
  progress('phase 4: starting the server on a fresh database (it seeds the Anykščiai data)');
  const server = await startServer(realPath);
  try {
    const db = openDatabase(realPath);
    let queries: RealQuery[];
    try {
      queries = await pickRealQueries(db);
    } finally {
      await db.kysely.destroy();
    }
    const paths = queries.map((q) => trpcUrl('timetable.departures', q.input));
    // The same questions on the old REST path (its own names for the parameters).
    const restPaths = queries.map(
      ({ input }) =>
        `/api/scheduleItem/home-from?qbstopfrom=${input.from}&qdir=${encodeURIComponent(input.dir)}&qdate=${input.date}${input.to === undefined ? '' : `&qbstopto=${input.to}`}`,
    );
    for (const path of [...paths, ...restPaths]) {
      const response = await fetch(server.baseUrl + path);
      if (!response.ok)
        throw new Error(`departures answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    }
    await load(server.baseUrl, ['/healthz', ...paths, ...restPaths], {
      seconds: 2,
      connections: 10,
      title: 'warm-up',
    });
    // A shared machine's speed drifts within seconds: measure in alternating rounds and
    // compare each departures round with the /healthz round right before it.
    const rounds: { health: LoadResult; departures: LoadResult; rest: LoadResult }[] = [];
    for (let round = 1; round <= 3; round++) {
      const health = await load(server.baseUrl, ['/healthz'], {
        seconds: 4,
        connections: 10,
        title: `/healthz #${round}`,
      });
      const departures = await load(server.baseUrl, paths, {
        seconds: 4,
        connections: 10,
        title: `departures (tRPC) #${round}`,
      });
      const rest = await load(server.baseUrl, restPaths, {
        seconds: 4,
        connections: 10,
        title: `departures (old REST) #${round}`,
      });
      rounds.push({ health, departures, rest });
    }
    const median = (shareOf: (r: (typeof rounds)[number]) => number) =>
      shareOf([...rounds].sort((a, b) => shareOf(a) - shareOf(b))[1] as (typeof rounds)[number]);
    const share = median((r) => r.departures.rps / r.health.rps);
    const restShare = median((r) => r.rest.rps / r.health.rps);
    const { health, departures } = [...rounds].sort(
      (a, b) => a.departures.rps / a.health.rps - b.departures.rps / b.health.rps,
    )[1] as (typeof rounds)[number];
    out();
    out(
      '## HTTP throughput on the Anykščiai data (10 connections, 3 alternating rounds of 4 s, median round below)',
    );
    for (const q of queries) out(`  query: ${q.label} on ${q.input.date} -> ${q.items} items`);
    for (const [i, r] of rounds.entries()) {
      const ratio = ((r.departures.rps / r.health.rps) * 100).toFixed(1);
      const restRatio = ((r.rest.rps / r.health.rps) * 100).toFixed(1);
      out(
        `round ${i + 1}: /healthz ${r.health.rps.toFixed(0)} req/s, departures tRPC ${r.departures.rps.toFixed(0)} req/s (${ratio} %), old REST ${r.rest.rps.toFixed(0)} req/s (${restRatio} %)`,
      );
    }
    out(
      `/healthz:    ${health.rps.toFixed(0)} req/s (p50 ${health.latencyP50} ms, p99 ${health.latencyP99} ms, non-2xx ${health.non2xx})`,
    );
    out(
      `departures:  ${departures.rps.toFixed(0)} req/s (p50 ${departures.latencyP50} ms, p99 ${departures.latencyP99} ms, non-2xx ${departures.non2xx})`,
    );
    out(`ratio departures / healthz: ${(share * 100).toFixed(1)} %`);
    rows.push(info('/healthz req/s (real data)', health.rps.toFixed(0)));
    rows.push(info('Departures req/s (real data, 4-query mix)', departures.rps.toFixed(0)));
    rows.push(
      judged(
        'Departures req/s as share of /healthz (tRPC, real data)',
        `${(share * 100).toFixed(1)} %`,
        `≥ ${TARGETS.departuresShareOfHealthz * 100} %`,
        share >= TARGETS.departuresShareOfHealthz,
      ),
    );
    rows.push(
      judged(
        'Departures req/s as share of /healthz (old REST path)',
        `${(restShare * 100).toFixed(1)} %`,
        `≥ ${TARGETS.departuresShareOfHealthz * 100} %`,
        restShare >= TARGETS.departuresShareOfHealthz,
      ),
    );

    // Planning bounded (issue 37): the departures beside 50 planning clients, town scale.
    const townStops = queries.flatMap((q) => [
      q.input.from,
      ...(q.input.to === undefined ? [] : [q.input.to]),
    ]);
    await planningFloodPhase(
      server,
      {
        label: 'town',
        departures: paths,
        plans: townStops.flatMap((from, i) =>
          townStops
            .filter((to) => to !== from)
            .map((to, j) => ({
              from,
              to,
              date: addDays(queries[0]?.input.date ?? vilniusNow(systemClock).date, (i + j) % 7),
              time: `${String(6 + ((i * 3 + j) % 14)).padStart(2, '0')}:00`,
            })),
        ),
      },
      rows,
    );

    // What a phone downloads, in Chromium, from this server.
    if (existsSync(join(REPO_ROOT, 'packages/web/dist/index.html'))) {
      progress('phase 4: the timetable home in Chromium (bytes over the wire, time to departures)');
      const first = await measureFirstLoad(`${server.baseUrl}/`);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      out(
        `first load in Chromium (390 px): JS + CSS ${kb(first.jsCssBytes)} over the wire, everything ${kb(first.totalBytes)} in ${first.requests} requests; departures on screen after ${first.msToDepartures} ms (loopback)`,
      );
      rows.push(
        judged(
          'Home first load over the wire, JS + CSS (Chromium)',
          kb(first.jsCssBytes),
          `≤ ${TARGETS.firstLoadKb} KB`,
          first.jsCssBytes <= TARGETS.firstLoadKb * 1024,
        ),
      );
      rows.push(info('Home: departures on screen after (Chromium, loopback)', `${first.msToDepartures} ms`));
    } else {
      rows.push(
        skipped(
          'Home first load over the wire, JS + CSS (Chromium)',
          'web app not built (pnpm build)',
          `≤ ${TARGETS.firstLoadKb} KB`,
        ),
      );
    }
  } finally {
    await server.stop();
  }
}
