import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listChanges, listRoutes, migrateToLatest, openDatabase, replaceTimetable } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { fixedClock } from '../../test/helpers.ts';
import { loadDefaultDataset } from '../import/default-dataset.ts';
import { restoreChange } from '../services/admin/history.ts';
import { currentVersion } from '../services/admin/recorded-write.ts';

/**
 * `pnpm cli import-distances` (issue 41) on a real SQLite file holding the town's data, whose
 * routes have no distances: a file with problems is refused whole, each problem named by its
 * line; a good one is saved through the line save, one history entry a line it changes, which a
 * restore undoes; a route the file leaves as it was is not written.
 *
 * Routes of the real data: 1 (M35 "Pagrindinis", 6 stops: Anykščių AS, Techn. mokykla,
 * Šeimyniškiai, Ažuožeriai, Pagiriai, Dabužiai), 2 (M5 "Pagrindinis", 18 stops), 3 (M27
 * "Pagrindinis", 12 stops).
 */

let dir: string;
let dbPath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-cli-distances-'));
  dbPath = join(dir, 'timetable.sqlite');
  const { kysely, sqlite } = openDatabase(dbPath);
  await migrateToLatest(kysely);
  replaceTimetable(sqlite, await loadDefaultDataset());
  await kysely.destroy();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

/** Runs a check on the database file between commands. */
async function inDb<T>(read: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(dbPath);
  try {
    return await read(db);
  } finally {
    await db.kysely.destroy();
  }
}

const distancesOf = (routeId: number) =>
  inDb(async (db) => (await listRoutes(db.kysely, { routeIds: [routeId] }))[0]?.distanceMeters);
const historyCount = () => inDb(async (db) => (await listChanges(db.kysely, { limit: 1000 })).length);

describe('pnpm cli import-distances', () => {
  it('lists every problem of a file by its line and changes nothing', async () => {
    writeFileSync(
      join(dir, 'distances.csv'),
      [
        'route,stop_sequence,metres',
        '1,1,1850',
        '999,1,500', // no such route
        '1,7,500', // route 1 has 6 stops
        '1,6,500', // its last stop
        '1,2,1.5', // not whole metres
        '1,3,-200', // negative
        '2,1,450000', // 450 km
        '1,1,1900', // named twice
        '1,4', // a value missing
        '1,0,500', // no stop 0
        '2,2,', // empty
        '3,1,0', // nothing between two stops
      ].join('\n'),
    );
    const result = await cli('import-distances', 'distances.csv');
    expect(result.stderr).toBe(
      [
        'distances.csv line 3: there is no route 999',
        'distances.csv line 4: route 1 has 6 stops: there is no stop 7',
        'distances.csv line 5: stop 6 is the last stop of route 1: there is no next stop to measure to',
        'distances.csv line 6: metres "1.5" is not a whole number of metres (like 1850)',
        'distances.csv line 7: metres "-200" is negative',
        'distances.csv line 8: 450000 metres is more than 300 km from a stop to the next: is it in metres?',
        'distances.csv line 9: route 1, stop 1 is already given on line 2',
        'distances.csv line 10: expected 3 values (route,stop_sequence,metres), found 2',
        `distances.csv line 11: stop_sequence "0" is not a stop's place in its route (1 for the first stop)`,
        'distances.csv line 12: metres is empty (leave the line out where the distance is not known)',
        'distances.csv line 13: metres 0: two stops of a route are never at the same place',
        'error: distances.csv has 11 problems; nothing was changed',
        '',
      ].join('\n'),
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(1);
    expect(await distancesOf(1)).toEqual([null, null, null, null, null]);
    expect(await historyCount()).toBe(0);
  });

  it('refuses a wrong header, bytes that are not UTF-8, and a file that is not there', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'route,seq,meters\n1,1,1850\n');
    expect(await cli('import-distances', 'bad.csv')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'bad.csv line 1: the header must be route,stop_sequence,metres (found "route,seq,meters")\n' +
        'error: bad.csv has 1 problem; nothing was changed\n',
    });
    writeFileSync(
      join(dir, 'latin.csv'),
      Buffer.concat([
        Buffer.from('route,stop_sequence,metres\n1,1,1850\n1,2,'),
        Buffer.from([0xb9]),
        Buffer.from('\n'),
      ]),
    );
    expect((await cli('import-distances', 'latin.csv')).stderr).toBe(
      'latin.csv line 3: the text is not UTF-8 (save the file as UTF-8)\n' +
        'error: latin.csv has 1 problem; nothing was changed\n',
    );
    const missing = await cli('import-distances', 'none.csv');
    expect(missing.stderr).toBe(`error: ${join(dir, 'none.csv')}: no such file\n`);
    expect(missing.code).toBe(1);
    expect(await historyCount()).toBe(0);
  });

  it('saves a file in one transaction, one history entry a line, says what changed, and a restore undoes it', async () => {
    // As a spreadsheet set to Lithuanian saves it: a BOM, semicolons, CRLF.
    writeFileSync(
      join(dir, 'distances.csv'),
      '\uFEFFroute;stop_sequence;metres\r\n1;1;1850\r\n1;2;2400\r\n1;5;3100\r\n3;1;4200\r\n',
    );
    const result = await cli('import-distances', 'distances.csv', '--quiet');
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toEqual([
      'distances.csv: 4 distances of 2 routes',
      'route 1 of M35 "Pagrindinis": 3 distances set',
      '  1 Anykščių AS -> 2 Techn. mokykla: 1850 m',
      '  2 Techn. mokykla -> 3 Šeimyniškiai: 2400 m',
      '  5 Pagiriai -> 6 Dabužiai: 3100 m',
      'route 3 of M27 "Pagrindinis": 1 distance set',
      '  1 Anykščių AS -> 2 Šeimyniškiai: 4200 m',
      'saved the distances of 2 routes of 2 lines in one transaction; the history has an entry a line (Line M35, Line M27), each restorable there',
      '',
    ]);
    expect(result.code).toBe(0);
    expect(await distancesOf(1)).toEqual([1850, 2400, null, null, 3100]);
    expect(await distancesOf(3)).toEqual([4200, null, null, null, null, null, null, null, null, null, null]);
    const entries = await inDb((db) => listChanges(db.kysely, { limit: 10 }));
    expect(entries.map((e) => [e.kind, e.lineId, e.summary, e.username, e.action])).toEqual([
      ['line', 3, 'Line M27', '(command line)', 'update'],
      ['line', 1, 'Line M35', '(command line)', 'update'],
    ]);
    // One save: one batch.
    expect(new Set(entries.map((e) => e.batch)).size).toBe(1);

    // A file with changed and unchanged distances: only what changes is written.
    writeFileSync(join(dir, 'again.csv'), 'route,stop_sequence,metres\n1,1,1850\n1,2,2450\n3,1,4200\n');
    const again = await cli('import-distances', 'again.csv');
    expect(again.stdout.split('\n')).toEqual([
      'again.csv: 3 distances of 2 routes',
      'route 1 of M35 "Pagrindinis": 1 changed',
      '  2 Techn. mokykla -> 3 Šeimyniškiai: 2400 m -> 2450 m',
      'route 3 of M27 "Pagrindinis": unchanged (its distance is stored already)',
      'saved the distances of 1 route of 1 line in one transaction; the history has an entry a line (Line M35), each restorable there',
      '',
    ]);
    expect(await historyCount()).toBe(3);
    const same = await cli('import-distances', 'again.csv');
    expect(same.stdout.split('\n').slice(-2)).toEqual([
      'nothing was changed: every distance in the file is stored already',
      '',
    ]);
    expect(await historyCount()).toBe(3);

    // Undone from the history as any line edit is: M27's entry put back.
    await inDb(async (db) => {
      const [m27] = await listChanges(db.kysely, { limit: 10, lineId: 3 });
      if (!m27) throw new Error('no history entry of M27');
      await restoreChange(
        db,
        { username: 'staff', via: 'admin', clock: fixedClock('2026-11-29T10:00:00Z') },
        { id: m27.id, baseVersion: await currentVersion(db.kysely, { kind: 'line', lineId: 3 }) },
      );
    });
    expect(await distancesOf(3)).toEqual([null, null, null, null, null, null, null, null, null, null, null]);
    expect(await distancesOf(1)).toEqual([1850, 2450, null, null, 3100]);
  });
});
