import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TimetableDataset } from '@bus/core';
import {
  clearImportMarker,
  markImportStarted,
  migrateToLatest,
  type OpenedDatabase,
  openDatabase,
  replaceTimetable,
} from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import { pauseWholeReadsWith, wholeReadsStarted, wholeReadUnderway } from '../src/public-read/generation.ts';
import { TEST_JWT_SECRET, tokenFor } from './admin-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * An import (another process) commits a whole new timetable while the server serves. The
 * server reads its new snapshot in slices and swaps it in whole when it is ready; meanwhile it
 * answers wholly from the data before the import (snapshot, SQL, entity tag), never a mix, and
 * nothing old is kept under the new data's tag. Saves during the import are refused at once.
 *
 * The import is done here as replaceTimetable does it, step by step on a second connection to
 * the file (mark, take the write lock, replace, unmark, commit), so the test can ask between
 * the steps. Whole reads are held up between slices by a gate the test opens.
 */

const clock = fixedClock('2026-03-04T05:00:00Z');
const env = parseEnv({ LOG_LEVEL: 'silent', DEMO: '1', JWT_SECRET: TEST_JWT_SECRET });

let folder: string;
let file: string;
let server: OpenedDatabase;
let app: FastifyInstance;
let token: string;
let original: TimetableDataset;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'import-swap-'));
  file = join(folder, 'db.sqlite');
  server = openDatabase(file);
  await migrateToLatest(server.kysely);
  original = await loadDefaultDataset();
  replaceTimetable(server.sqlite, original);
  // Far longer than any test may take: a save that waited for the import's lock would time out.
  server.sqlite.pragma('busy_timeout = 60000');
  app = await buildApp({ db: server, env, clock });
  token = await tokenFor(server, 'boss', ['ROLE_ADMIN'], clock());
});

afterAll(async () => {
  await app.close();
  server.sqlite.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Every stop renamed and every time a minute later: nothing of an answer stays the same. */
function changed(dataset: TimetableDataset, tag: string): TimetableDataset {
  const next = structuredClone(dataset);
  for (const stop of next.stops) stop.name = `${stop.name} ${tag}`;
  for (const schedule of next.schedules)
    for (const trip of schedule.trips)
      trip.timeList = trip.timeList.map((t) => {
        if (t === null) return null;
        const [h, m] = t.split(':').map(Number) as [number, number];
        const minute = Math.min(h * 60 + m + 1, 24 * 60 - 1);
        return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      });
  return next;
}

/** Imports a test left open (it failed halfway): rolled back after it. */
const openImports: OpenedDatabase[] = [];
afterEach(() => {
  for (const importer of openImports.splice(0)) {
    if (!importer.sqlite.open) continue;
    if (importer.sqlite.inTransaction) importer.sqlite.prepare('ROLLBACK').run();
    importer.sqlite.prepare("DELETE FROM app_meta WHERE key = 'timetable_import_running'").run();
    importer.sqlite.close();
  }
});

/** An import in steps on its own connection, as replaceTimetable runs one. */
function startImport(dataset: TimetableDataset) {
  const importer = openDatabase(file);
  openImports.push(importer);
  const marker = markImportStarted(importer.sqlite);
  importer.sqlite.prepare('BEGIN IMMEDIATE').run();
  replaceTimetable(importer.sqlite, dataset);
  return {
    commit() {
      clearImportMarker(importer.sqlite, marker);
      importer.sqlite.prepare('COMMIT').run();
      importer.sqlite.close();
    },
    rollBack() {
      importer.sqlite.prepare('ROLLBACK').run();
      clearImportMarker(importer.sqlite, marker);
      importer.sqlite.close();
    },
  };
}

/** Gates a test left closed (it failed halfway): opened after it, so no read waits forever. */
const gates: (() => void)[] = [];
afterEach(() => {
  for (const open of gates.splice(0)) open();
  pauseWholeReadsWith(server, null);
});

/** Whole reads wait at a gate between their slices until the test opens it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  gates.push(open);
  pauseWholeReadsWith(server, () => opened.then(() => new Promise((r) => setImmediate(r))));
  return open;
}

interface Answer {
  status: number;
  tag: string | undefined;
  body: unknown;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    tag: res.headers.etag as string | undefined,
    body: res.body && res.json(),
  };
}

const departures = (from: number, date: string) =>
  get(`/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from, date }))}`);
const legacyDepartures = (from: number, date: string) =>
  get(`/api/scheduleItem/home-from?qbstopfrom=${from}&qdate=${date}`);
const search = (q: string) =>
  get(`/trpc/timetable.searchStops?input=${encodeURIComponent(JSON.stringify({ query: q }))}`);

/** The questions each check asks: departures from busy stops on a few dates, and a stop search. */
async function answers() {
  return {
    hubMonday: await departures(1, '2026-03-09'),
    hubSaturday: await departures(1, '2026-03-07'),
    otherStop: await departures(33, '2026-03-05'),
    legacy: await legacyDepartures(1, '2026-03-10'),
    search: await search('kurkl'),
  };
}
type Answers = Awaited<ReturnType<typeof answers>>;

/** What a server started afresh on the file answers: the reference for the data as it is. */
async function freshAnswers(): Promise<Answers> {
  const db = openDatabase(file);
  const fresh = await buildApp({ db, env, clock });
  try {
    const ask = async (url: string) => {
      const res = await fresh.inject({ method: 'GET', url });
      return { status: res.statusCode, tag: res.headers.etag as string | undefined, body: res.json() };
    };
    return {
      hubMonday: await ask(
        `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 1, date: '2026-03-09' }))}`,
      ),
      hubSaturday: await ask(
        `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 1, date: '2026-03-07' }))}`,
      ),
      otherStop: await ask(
        `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 33, date: '2026-03-05' }))}`,
      ),
      legacy: await ask('/api/scheduleItem/home-from?qbstopfrom=1&qdate=2026-03-10'),
      search: await ask(
        `/trpc/timetable.searchStops?input=${encodeURIComponent(JSON.stringify({ query: 'kurkl' }))}`,
      ),
    };
  } finally {
    await fresh.close();
    db.sqlite.close();
  }
}

const bodies = (a: Answers) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.body]));
const tags = (a: Answers) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.tag]));

async function save(via: 'trpc' | 'rest', name: string) {
  const holiday = { id: null, name, month: 6, day: 2 };
  const res =
    via === 'trpc'
      ? await app.inject({
          method: 'POST',
          url: '/trpc/admin.holidays.save',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ ...holiday, baseVersion: 0 }),
        })
      : await app.inject({
          method: 'POST',
          url: '/api/holidays/save1',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(holiday),
        });
  // tRPC: { error: { message, data: { messageKey } } }; the old REST paths: { status, error, message }.
  const body = res.json() as {
    message?: string;
    error?: string | { message: string; data: { messageKey?: string } };
  };
  const trpcError = typeof body.error === 'object' ? body.error : undefined;
  return {
    status: res.statusCode,
    message: body.message ?? trpcError?.message,
    key: trpcError?.data.messageKey,
  };
}

async function settle(): Promise<void> {
  // Any public question starts what is due; then wait for the whole read to be swapped in.
  await search('a');
  while (wholeReadUnderway(server)) await new Promise((r) => setTimeout(r, 5));
}

describe('an import while the server serves', () => {
  it('answers from the data before it until the new snapshot is swapped in whole, then from the new data', async () => {
    const before = await answers();
    for (const answer of Object.values(before)) {
      expect(answer.status).toBe(200);
      expect(answer.tag).toMatch(/^"/);
    }
    expect(
      (before.hubMonday.body as { result: { data: { items: unknown[] } } }).result.data.items.length,
    ).toBeGreaterThan(10);
    expect(bodies(await freshAnswers())).toEqual(bodies(before));

    // Asked now, and not again until the import has committed (then in a generation of its own).
    const unasked = await departures(1, '2026-03-11');
    const unaskedLegacy = await legacyDepartures(33, '2026-03-11');
    const importing = startImport(changed(original, 'II'));
    // During the import: the data before it, and saves refused at once (the server's lock wait
    // is a minute here: a save that waited for the lock would time the test out).
    expect(bodies(await answers())).toEqual(bodies(before));
    for (const via of ['trpc', 'rest'] as const) {
      expect(await save(via, 'Importo diena')).toEqual({
        status: 409,
        message: 'A timetable import is running; try again in a minute',
        key: via === 'trpc' ? 'importRunning' : undefined,
      });
    }

    const open = gate();
    const started = wholeReadsStarted(server);
    importing.commit();
    // The import is in: the server reads it in slices, held at the gate, and answers meanwhile
    // from the data before it, under the same tags (so no cache keeps old data as new)...
    const during = await answers();
    expect(wholeReadUnderway(server)).toBe(true);
    expect(bodies(during)).toEqual(bodies(before));
    expect(tags(during)).toEqual(tags(before));
    // ... also questions nothing had asked before (worked out now, from the old state whole).
    expect((await departures(1, '2026-03-11')).body).toEqual(unasked.body);
    expect((await legacyDepartures(33, '2026-03-11')).body).toEqual(unaskedLegacy.body);
    const revalidated = await get(
      `/trpc/timetable.departures?input=${encodeURIComponent(JSON.stringify({ from: 1, date: '2026-03-09' }))}`,
      { 'if-none-match': before.hubMonday.tag as string },
    );
    expect(revalidated.status).toBe(304);
    // Many questions, one whole read: refreshes do not pile up.
    await Promise.all(Array.from({ length: 20 }, (_, i) => departures(1 + (i % 5), '2026-03-12')));
    expect(wholeReadsStarted(server)).toBe(started + 1);
    // Saves go through again (the import is over); the answers follow once the new snapshot is in.
    expect((await save('rest', 'Po importo')).status).toBe(200);

    open();
    await settle();
    const after = await answers();
    expect(bodies(after)).toEqual(bodies(await freshAnswers()));
    expect(bodies(after)).not.toEqual(bodies(before));
    for (const key of Object.keys(after) as (keyof Answers)[])
      expect(after[key].tag).not.toBe(before[key].tag);
    expect(JSON.stringify(after.search.body)).toContain('Kurkliai II k II');
    expect(wholeReadsStarted(server)).toBe(started + 1);
  });

  it('a second import committed while the first is being read: one read at a time, the newest data wins', async () => {
    const before = await answers();
    const open = gate();
    const started = wholeReadsStarted(server);
    const first = startImport(changed(original, 'III'));
    await answers();
    first.commit();
    expect(bodies(await answers())).toEqual(bodies(before));
    expect(wholeReadUnderway(server)).toBe(true);
    // The second import marks itself, writes and commits while the first is still being read.
    startImport(changed(original, 'IV')).commit();
    expect(bodies(await answers())).toEqual(bodies(before));
    await Promise.all(Array.from({ length: 10 }, () => search('kurkl')));
    expect(wholeReadsStarted(server)).toBe(started + 1);
    open();
    await settle();
    await settle();
    const after = await answers();
    expect(bodies(after)).toEqual(bodies(await freshAnswers()));
    expect(JSON.stringify(after.search.body)).toContain('Kurkliai II k IV');
    // The first import's snapshot, then the second's: the states in between were never read.
    expect(wholeReadsStarted(server)).toBe(started + 2);
  });

  it('an import that fails changes nothing and refuses nothing after it', async () => {
    const before = await answers();
    const importing = startImport(changed(original, 'V'));
    expect((await save('trpc', 'Vidury')).status).toBe(409);
    importing.rollBack();
    expect(bodies(await answers())).toEqual(bodies(before));
    expect((await save('trpc', 'Po nesėkmės')).status).toBe(200);
  });

  it('a marker left by a killed import refuses nothing', async () => {
    const other = openDatabase(file);
    try {
      // Its process is gone (no such pid), or alive but holding no lock (this process).
      for (const pid of [2 ** 22 + 12345, process.pid]) {
        other.sqlite
          .prepare(
            `INSERT INTO app_meta (key, value) VALUES ('timetable_import_running', ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          )
          .run(
            JSON.stringify({ pid, host: (await import('node:os')).hostname(), at: '2026-03-04T05:00:00Z' }),
          );
        expect((await save('rest', `Po žlugusio importo ${pid}`)).status).toBe(200);
        expect((await save('trpc', `Po žlugusio importo ${pid} (tRPC)`)).status).toBe(200);
      }
    } finally {
      other.sqlite.close();
    }
  });
});
