import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { otherFeedStopsTxt } from '@bus/core/test-stops-txt';
import {
  getChange,
  listAllStops,
  listBatch,
  listRoutes,
  migrateToLatest,
  openDatabase,
  replaceTimetable,
} from '@bus/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import { currentVersion } from '../src/services/admin/recorded-write.ts';
import { runCliCaptured } from './cli-helpers.ts';

/**
 * `pnpm cli import-stop-positions --from-gtfs stops.txt [--apply] [--overwrite]` (issue 29) on
 * a database with the real data, and a stops.txt with other spellings of its stop names.
 */

let dir: string;
let dbPath: string;
let feed: ReturnType<typeof otherFeedStopsTxt>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-position-import-'));
  dbPath = join(dir, 'timetable.sqlite');
  const { kysely, sqlite } = openDatabase(dbPath);
  await migrateToLatest(kysely);
  replaceTimetable(sqlite, await loadDefaultDataset());
  const [stops, routes] = await Promise.all([listAllStops(kysely), listRoutes(kysely, 'all')]);
  feed = otherFeedStopsTxt(
    stops,
    routes.map((r) => r.stops.map((s) => s.id)),
  );
  await kysely.destroy();
  writeFileSync(join(dir, 'stops.txt'), feed.text);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

/** What the database holds: every stop's position, the stops' version, and its newest batch. */
async function stored() {
  const { kysely } = openDatabase(dbPath);
  try {
    const stops = await listAllStops(kysely);
    const version = await currentVersion(kysely, { kind: 'stops' });
    const newest = version === 0 ? undefined : await getChange(kysely, version);
    const batch = newest === undefined ? [] : await listBatch(kysely, newest.batch);
    return {
      positions: new Map(stops.map((s) => [s.id, s.position])),
      placed: stops.filter((s) => s.position !== null).length,
      version,
      batch,
    };
  } finally {
    await kysely.destroy();
  }
}

describe('import-stop-positions --from-gtfs', () => {
  it('without --apply prints the proposals and changes nothing', async () => {
    const result = await cli('import-stop-positions', '--from-gtfs', 'stops.txt');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'stops.txt: 266 stops read (2 left out: entrances, nodes, places far away)',
    );
    expect(result.stdout).toContain('matched (195):');
    expect(result.stdout).toMatch(
      / {2}Anykščių AS \(1\) +55\.526500, 25\.103700 {2}<- ANYKŠČIŲ A\.S\. \[LT1\]\n/,
    );
    expect(result.stdout).toMatch(
      /Mokinių st\. v\. \(31\) .*<- Mokinių stotelė v\. \[LT31[ab]?\].*, by its route neighbours/,
    );
    expect(result.stdout).toContain('ambiguous (0):');
    expect(result.stdout).toContain('not in stops.txt (0):');
    expect(result.stdout).toContain('nothing was changed: --apply saves the positions of 195 matched stops');
    expect((await stored()).placed).toBe(0);
  });

  it('with --apply saves them in one recorded write; stops with a position keep it unless --overwrite', async () => {
    const applied = await cli('import-stop-positions', '--from-gtfs', 'stops.txt', '--apply');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const first = await stored();
    expect(applied.stdout).toContain(
      `set the positions of 195 stops from stops.txt (0 already had them); one history entry, version ${first.version}`,
    );
    expect(first.placed).toBe(195);
    for (const [id, where] of feed.expected) expect(first.positions.get(id)).toEqual(where);
    // One save: every entry in one batch, by the command line.
    expect(first.batch).toHaveLength(195);
    expect(new Set(first.batch.map((e) => `${e.kind} ${e.action} ${e.username}`))).toEqual(
      new Set(['stop update (command line)']),
    );

    // The file moved: a second run keeps what is stored, --overwrite replaces it.
    writeFileSync(join(dir, 'stops.txt'), feed.text.replace(',LT1,55.5265\r\n', ',LT1,55.5275\r\n'));
    const kept = await cli('import-stop-positions', '--from-gtfs', 'stops.txt', '--apply');
    expect(kept.stdout).toMatch(
      /Anykščių AS \(1\) +55\.527500, 25\.103700 .*; has 55\.526500, 25\.103700, 111 m away, kept/,
    );
    expect(kept.stdout).toContain(
      'nothing to save; 195 that already had a position kept it (--overwrite replaces them)',
    );
    expect((await stored()).version).toBe(first.version);
    const replaced = await cli('import-stop-positions', '--from-gtfs', 'stops.txt', '--apply', '--overwrite');
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain('set the positions of 1 stops from stops.txt (194 already had them)');
    expect((await stored()).positions.get(1)).toEqual({ lat: 55.5275, lon: 25.1037 });
  });

  it.each([
    [
      'stop_id,stop_name,stop_lat\nA,Pagiriai,55.5\n',
      'stops.txt: The stops file cannot be read: line 1: the header has no stop_lon',
    ],
    [
      'stop_id,stop_name,stop_lat,stop_lon\nA,Pagiriai,55.5,25.1\nB,Pagojė,55.6,abc\n',
      'stops.txt: The stops file cannot be read: line 3: stop_lon "abc" is not a longitude in degrees; nothing was changed',
    ],
    [
      'stop_id,stop_name,stop_lat,stop_lon\nA,Pagiriai,55.5,25.1\nA,Pagojė,55.6,25.2\n',
      'stops.txt: The stops file cannot be read: line 3: stop_id "A" is already on line 2; nothing was changed',
    ],
  ])('a bad file is refused naming its line, nothing changed: %j', async (text, message) => {
    writeFileSync(join(dir, 'stops.txt'), text);
    const result = await cli('import-stop-positions', '--from-gtfs', 'stops.txt', '--apply');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: ${message}`);
    expect((await stored()).placed).toBe(0);
  });

  it('names a missing file, and --apply without --from-gtfs', async () => {
    const missing = await cli('import-stop-positions', '--from-gtfs', 'nowhere.txt');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nowhere.txt: no such file');
    const csv = await cli('import-stop-positions', 'positions.csv', '--apply');
    expect(csv.code).toBe(1);
    expect(csv.stderr).toContain('error: --apply and --overwrite go with --from-gtfs');
    const nothing = await cli('import-stop-positions');
    expect(nothing.stderr).toContain('error: missing the CSV file');
  });

  it('is in the help with its options', async () => {
    const help = await cli('help');
    expect(help.stdout).toContain(
      'import-stop-positions <positions.csv> | --from-gtfs <stops.txt> [--apply] [--overwrite]',
    );
  });
});
