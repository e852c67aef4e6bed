import { closeSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_POSITIONS_PER_SAVE, MAX_STOPS_TXT_CHARS } from '@bus/core';
import { listAllStops, migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POSITIONS_FILE_BYTES } from '../src/cli/gtfs-commands.ts';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import { currentVersion } from '../src/services/admin/recorded-write.ts';
import { type AdminTestApp, adminApp, adminClient } from './admin-helpers.ts';
import { runCliCaptured } from './cli-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The stop-position imports against what an attacker sends (issue "No request can stall or
 * crash the server"): a positions file of a hundred thousand unknown stops is answered as an
 * unknown stop, not with SQLite's "too many SQL variables"; bytes that are not UTF-8, in a
 * positions file or a stops.txt (with or without --apply), and a lone surrogate in the stops.txt
 * the bus stops screen sends, are refused naming their line; nothing is changed by any of them.
 */

const NOT_UTF8 = 'the text is not UTF-8 (save the file as UTF-8)';

/** Bytes of a file: text, with the raw bytes given where a line holds them. */
const file = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

describe('pnpm cli import-stop-positions', () => {
  let dir: string;
  let dbPath: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bus-position-limits-'));
    dbPath = join(dir, 'timetable.sqlite');
    const { kysely, sqlite } = openDatabase(dbPath);
    await migrateToLatest(kysely);
    replaceTimetable(sqlite, await loadDefaultDataset());
    await kysely.destroy();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

  /** No stop has a position and no history was written: nothing changed. */
  async function unchanged() {
    const { kysely } = openDatabase(dbPath);
    try {
      expect((await listAllStops(kysely)).filter((s) => s.position !== null)).toEqual([]);
      expect(await currentVersion(kysely, { kind: 'stops' })).toBe(0);
    } finally {
      await kysely.destroy();
    }
  }

  it('answers a file of 150,000 unknown stops with the unknown stops, not a SQLite error', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => `${1_000_000 + i},55.5,25.1`);
    // One real stop among them changes nothing: the file is all or nothing.
    writeFileSync(join(dir, 'positions.csv'), ['stop_id,lat,lon', '1,55.5248,25.1043', ...rows].join('\n'));
    const started = performance.now();
    const result = await cli('import-stop-positions', 'positions.csv');
    const seconds = (performance.now() - started) / 1000;
    expect(result.stderr).toBe(
      'error: positions.csv line 3: there is no stop 1000000; 149999 more lines name no stop (lines 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ...); nothing was changed\n',
    );
    expect(result.code).toBe(1);
    // Read, checked and looked up in parts in well under the test's time (a few tenths alone).
    expect(seconds).toBeLessThan(15);
    await unchanged();
  });

  it('names one unknown stop and a few', async () => {
    writeFileSync(join(dir, 'positions.csv'), 'stop_id,lat,lon\n1,55.5,25.1\n9999,55.5,25.1\n');
    expect((await cli('import-stop-positions', 'positions.csv')).stderr).toBe(
      'error: positions.csv line 3: there is no stop 9999; nothing was changed\n',
    );
    writeFileSync(join(dir, 'positions.csv'), 'stop_id,lat,lon\n9998,55.5,25.1\n\n9999,55.5,25.1\n');
    expect((await cli('import-stop-positions', 'positions.csv')).stderr).toBe(
      'error: positions.csv line 2: there is no stop 9998; 1 more line names no stop (line 4); nothing was changed\n',
    );
    await unchanged();
  });

  it.each([
    ['a Latin-1 (Windows-1257) "ė" on line 3', ['stop_id,lat,lon\n1,55.5,25.1\n2,55.', [0xeb], ',25.1\n'], 3],
    ['a byte 0xFF in the header', ['stop_id,lat', [0xff], ',lon\n1,55.5,25.1\n'], 1],
    [
      'a surrogate written as UTF-8 (ED A0 80) on line 4',
      ['stop_id,lat,lon\n1,55.5,25.1\r\n\r\n', [0xed, 0xa0, 0x80]],
      4,
    ],
    ['a character cut short at the end of line 2', ['stop_id,lat,lon\n1,55.5,25.1', [0xc4]], 2],
  ] as const)(
    'refuses a positions file with bytes that are not UTF-8 at their line: %s',
    async (_what, parts, line) => {
      writeFileSync(join(dir, 'positions.csv'), file(...(parts as unknown as (string | number[])[])));
      const result = await cli('import-stop-positions', 'positions.csv');
      expect(result.stderr).toBe(`error: positions.csv line ${line}: ${NOT_UTF8}; nothing was changed\n`);
      expect(result.code).toBe(1);
      await unchanged();
    },
  );

  it('finds the bad bytes on line 120,002 of a large file', async () => {
    const rows = Array.from({ length: 120_000 }, (_, i) => `${1_000_000 + i},55.5,25.1\n`).join('');
    writeFileSync(join(dir, 'positions.csv'), file('stop_id,lat,lon\n', rows, '1,55.', [0x80], ',25.1\n'));
    expect((await cli('import-stop-positions', 'positions.csv')).stderr).toBe(
      `error: positions.csv line 120002: ${NOT_UTF8}; nothing was changed\n`,
    );
    await unchanged();
  });

  it.each([[[]], [['--apply']], [['--apply', '--overwrite']]])(
    'refuses a stops.txt with bytes that are not UTF-8 at their line, %j',
    async (options) => {
      writeFileSync(
        join(dir, 'stops.txt'),
        file(
          '\uFEFFstop_id,stop_name,stop_lat,stop_lon\r\nLT1,Anykščių AS,55.5265,25.1037\r\nLT2,Anyk',
          [0xb9, 0xe8],
          'iai,55.6,25.2\r\n',
        ),
      );
      const result = await cli('import-stop-positions', '--from-gtfs', 'stops.txt', ...options);
      expect(result.stderr).toBe(
        `error: stops.txt: The stops file cannot be read: line 3: ${NOT_UTF8}; nothing was changed\n`,
      );
      expect(result.stdout).toBe('');
      expect(result.code).toBe(1);
      await unchanged();
    },
  );

  it('refuses a file larger than it reads before reading it', async () => {
    // Sparse: the size is there, the bytes are not written.
    const path = join(dir, 'huge.csv');
    closeSync(openSync(path, 'w'));
    truncateSync(path, MAX_POSITIONS_FILE_BYTES + 1);
    for (const argv of [['huge.csv'], ['--from-gtfs', 'huge.csv', '--apply']]) {
      const result = await cli('import-stop-positions', ...argv);
      expect(result.stderr).toBe(
        `error: huge.csv is ${MAX_POSITIONS_FILE_BYTES + 1} bytes, larger than the ${MAX_POSITIONS_FILE_BYTES} this command reads; nothing was changed\n`,
      );
      expect(result.code).toBe(1);
    }
    rmSync(path);
    await unchanged();
  });
});

describe('admin.stops.positionImportPreview and positionImportApply', () => {
  let t: AdminTestApp;
  let admin: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    t = await adminApp({ clock: fixedClock('2026-11-25T10:00:00Z') });
    admin = adminClient(t.app, t.adminToken);
  });
  afterAll(() => t.app.close());

  const placed = async () => (await listAllStops(t.db.kysely)).filter((s) => s.position !== null).length;

  it('refuses a stops.txt with a lone surrogate naming its line', async () => {
    const stopsTxt = [
      'stop_id,stop_name,stop_lat,stop_lon',
      'LT1,Anykščių AS,55.5265,25.1037',
      '',
      'LT2,Anyk\uD800iai,55.6,25.2',
    ].join('\n');
    const res = await admin.mutate('admin.stops.positionImportPreview', { stopsTxt });
    expect(res.status).toBe(400);
    expect(res.message).toBe(
      'stopsTxt line 4 holds a broken character (a lone surrogate), which is not text',
    );
    // A pair (one emoji) is text.
    const pair = await admin.mutate('admin.stops.positionImportPreview', {
      stopsTxt: stopsTxt.replace('\uD800', '\uD83D\uDE8C'),
    });
    expect(pair.status, pair.message).toBe(200);
    expect(await placed()).toBe(0);
  });

  it('refuses raw bytes that are not UTF-8 in the request', async () => {
    const body = file('{"stopsTxt":"stop_id,stop_name,stop_lat,stop_lon\\nLT1,Anyk', [0xff], ',55.5,25.1"}');
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.stops.positionImportPreview',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The request body is not valid UTF-8 text: nothing was saved');
  });

  it('refuses a stops.txt over its size with a message that says where to take it', async () => {
    const stopsTxt = `stop_id,stop_name,stop_lat,stop_lon\n${'x'.repeat(MAX_STOPS_TXT_CHARS)}`;
    const res = await admin.mutate('admin.stops.positionImportPreview', { stopsTxt });
    expect(res.status).toBe(400);
    expect(res.message).toBe(
      'The stops file is too large for this screen (at most 0.9 million characters): import it with pnpm cli import-stop-positions --from-gtfs',
    );
  });

  it('answers the most positions one save takes, of stops that do not exist, as a stop not found', async () => {
    const positions = Array.from({ length: MAX_POSITIONS_PER_SAVE }, (_, i) => ({
      stopId: 1_000_000 + i,
      lat: 55.5,
      lon: 25.1,
    }));
    const res = await admin.mutate('admin.stops.positionImportApply', { baseVersion: 0, positions });
    expect(res.status).toBe(404);
    expect(res.message).toContain('1000000');
    const more = await admin.mutate('admin.stops.positionImportApply', {
      baseVersion: 0,
      positions: [...positions, { stopId: 1, lat: 55.5, lon: 25.1 }],
    });
    expect(more.status).toBe(400);
    expect(await placed()).toBe(0);
  });
});
