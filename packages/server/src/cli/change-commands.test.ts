import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { DEFAULT_DATASET_PATH } from '../import/default-dataset.ts';
import type { ServiceChangeList } from '../services/admin/service-changes.ts';

// Service changes from the command line (issue 27), on the real timetable in a temp database.
// Trip 126 is line M24's 07:50 from Anykščių AS (Thursdays).
let dir: string;
let dbPath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-cli-changes-'));
  dbPath = join(dir, 'timetable.sqlite');
  expect((await cli('import', DEFAULT_DATASET_PATH)).code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

async function changes(): Promise<ServiceChangeList['items']> {
  const result = await cli('changes', 'list', '--json');
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as ServiceChangeList).items;
}

interface LogRow {
  username: string;
  kind: string;
  entity_id: number;
  action: string;
  summary: string;
}
function history(): LogRow[] {
  const { sqlite } = openDatabase(dbPath);
  try {
    return sqlite
      .prepare(
        "SELECT username, kind, entity_id, action, summary FROM change_log WHERE kind = 'service_change' ORDER BY id",
      )
      .all() as LogRow[];
  } finally {
    sqlite.close();
  }
}

/** A refused command: exit 1, the error on stderr, nothing written. */
async function refused(argv: string[], error: string): Promise<void> {
  const before = [await changes(), history()];
  const result = await cli(...argv);
  expect(result.code, result.stdout).toBe(1);
  // The first line is the error (parseArgs adds its own advice after an unknown option).
  expect(result.stderr.split('\n')[0]?.startsWith(`error: ${error}`), result.stderr).toBe(true);
  expect([await changes(), history()]).toEqual(before);
}

describe('pnpm cli cancel-trip', () => {
  it('cancels a trip on dates, writes its notice, lists it and records it in the history', async () => {
    const result = await cli(
      'cancel-trip',
      '126',
      '2030-01-03',
      '--until',
      '2030-01-10',
      '--reason',
      'kelio darbai',
    );
    expect(result).toEqual({
      code: 0,
      stdout: 'saved service change 1: Atšauktas reisas 07:50 (M24) (2030-01-03 to 2030-01-10)\n',
      stderr: '',
    });
    const [change] = await changes();
    expect(change).toMatchObject({
      id: 1,
      kind: 'cancel',
      tripIds: [126],
      lineIds: [20],
      from: '2030-01-03',
      until: '2030-01-10',
      reason: 'kelio darbai',
      effect: 'NO_SERVICE',
      status: 'upcoming',
      version: 1,
      textLt: '2030 m. sausio 3–10 d. šis reisas nevyksta. Priežastis: kelio darbai.',
    });
    expect(history()).toEqual([
      {
        username: '(command line)',
        kind: 'service_change',
        entity_id: 1,
        action: 'create',
        summary: expect.any(String),
      },
    ]);
    const listed = await cli('changes', 'list');
    expect(listed.stdout).toBe(
      '    1  upcoming  cancel   2030-01-03 to 2030-01-10  line 20, trip 126  “Atšauktas reisas 07:50 (M24)”\n',
    );
  });

  it('refuses a bad argument, naming it, and writes nothing', async () => {
    await refused(
      ['cancel-trip', 'M24', '2030-01-03'],
      '<tripId>: "M24" is not an id (a whole number from 1); nothing was changed',
    );
    await refused(
      ['cancel-trip', '126', '2030-02-30'],
      '<YYYY-MM-DD>: "2030-02-30" is not a calendar date written YYYY-MM-DD; nothing was changed',
    );
    // Issue 37: dates are bounded on the command line as on the admin board.
    await refused(
      ['cancel-trip', '126', '9999-12-31'],
      '<YYYY-MM-DD>: A date must be from 2000-01-01 to 2099-12-31; nothing was changed',
    );
    await refused(
      ['cancel-trip', '126', '2030-01-03', '--until', '0001-01-01'],
      '--until: A date must be from 2000-01-01 to 2099-12-31; nothing was changed',
    );
    await refused(
      ['cancel-trip', '126', '2030-01-10', '--until', '2030-01-03'],
      '--until: The last date is before the first date; nothing was changed',
    );
    await refused(['cancel-trip', '99999', '2030-01-03'], 'Trip 99999 does not exist; nothing was changed');
    await refused(['cancel-trip', '126'], 'missing the date');
    await refused(
      ['cancel-trip', '126', '2030-01-03', '--untill', '2030-01-04'],
      "Unknown option '--untill'",
    );
  });
});

describe('pnpm cli notice add', () => {
  it('adds a notice about lines and stops, with its cause, effect and link', async () => {
    const result = await cli(
      'notice',
      'add',
      '--title',
      'Šventinis eismas',
      '--text',
      'Gruodžio 24–26 d. autobusai važiuoja pagal sekmadienio tvarkaraštį.',
      '--title-en',
      'Holiday service',
      '--from',
      '2030-12-24',
      '--until',
      '2030-12-26',
      '--line',
      '20',
      '--line',
      '1',
      '--stop',
      '1',
      '--cause',
      'holiday',
      '--effect',
      'reduced-service',
      '--url',
      'https://www.anyksciai.lt/eismas',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('saved service change 2: Šventinis eismas (2030-12-24 to 2030-12-26)\n');
    const notice = (await changes()).find((c) => c.id === 2);
    expect(notice).toMatchObject({
      kind: 'notice',
      lineIds: [1, 20],
      stopIds: [1],
      tripIds: [],
      titleEn: 'Holiday service',
      textEn: null,
      cause: 'HOLIDAY',
      effect: 'REDUCED_SERVICE',
      url: 'https://www.anyksciai.lt/eismas',
    });
    const network = await cli('notice', 'add', '--title', 'Nauji tvarkaraščiai nuo sausio');
    expect(network.stdout).toBe('saved service change 3: Nauji tvarkaraščiai nuo sausio (no dates)\n');
    expect((await cli('changes', 'list')).stdout).toContain(
      'whole network  “Nauji tvarkaraščiai nuo sausio”',
    );
    expect(history().map((row) => [row.entity_id, row.action])).toEqual([
      [1, 'create'],
      [2, 'create'],
      [3, 'create'],
    ]);
  });

  it('refuses a bad argument, naming it, and writes nothing', async () => {
    await refused(
      ['notice', 'add', '--text', 'Be pavadinimo'],
      '--title: a notice needs a title in Lithuanian; nothing was changed',
    );
    await refused(
      ['notice', 'add', '--title', 'X', '--cause', 'rain'],
      `--cause: "rain" is not one of UNKNOWN_CAUSE, OTHER_CAUSE, TECHNICAL_PROBLEM, STRIKE, DEMONSTRATION, ACCIDENT, HOLIDAY, WEATHER, MAINTENANCE, CONSTRUCTION, POLICE_ACTIVITY, MEDICAL_EMERGENCY; nothing was changed`,
    );
    await refused(
      ['notice', 'add', '--title', 'X', '--line', 'M24'],
      '--line: "M24" is not an id (a whole number from 1); nothing was changed',
    );
    await refused(
      ['notice', 'add', '--title', 'X', '--line', '999'],
      'Line 999 does not exist; nothing was changed',
    );
    await refused(
      ['notice', 'add', '--title', 'X', '--url', 'ftp://example.com'],
      '--url: The link must be a web address (https://...); nothing was changed',
    );
    await refused(
      ['notice', 'add', '--title', 'X', '--text-en', 'Text'],
      '--title-en: An English text needs an English title; nothing was changed',
    );
    await refused(
      ['notice', 'add', '--title', 'X', '--from', '2030-05-02', '--until', '2030-05-01'],
      '--until: The last date is before the first date; nothing was changed',
    );
  });
});

describe('pnpm cli changes remove', () => {
  it('removes a change (the history keeps it) and refuses one that is not there', async () => {
    const result = await cli('changes', 'remove', '1');
    expect(result).toEqual({ code: 0, stdout: 'removed service change 1\n', stderr: '' });
    expect((await changes()).map((c) => c.id)).toEqual([3, 2]);
    expect(history().at(-1)).toMatchObject({ username: '(command line)', entity_id: 1, action: 'delete' });
    await refused(['changes', 'remove', '1'], 'Service change 1 does not exist; nothing was changed');
    await refused(
      ['changes', 'remove', 'one'],
      '<id>: "one" is not an id (a whole number from 1); nothing was changed',
    );
  });
});
