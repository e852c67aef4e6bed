import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTimetable, migrateToLatest, openDatabase, type TimetableCounts } from '@bus/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { REAL_DATA_COUNTS } from '../../test/real-data-counts.ts';
import { DEFAULT_DATASET_PATH } from '../import/default-dataset.ts';
import { type CliCommand, runCli } from './commands.ts';

const DUMP_PATH = fileURLToPath(new URL('../../test/fixtures/anyksciai-mysql-dump.sql', import.meta.url));
const DUMP = readFileSync(DUMP_PATH, 'utf8');

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-cli-'));
  dbPath = join(dir, 'timetable.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

async function counts(): Promise<TimetableCounts> {
  const { kysely: db } = openDatabase(dbPath);
  await migrateToLatest(db);
  try {
    return await countTimetable(db);
  } finally {
    await db.destroy();
  }
}

const EMPTY: TimetableCounts = {
  stops: 0,
  holidays: 0,
  yearlyRules: 0,
  timePeriods: 0,
  patternItems: 0,
  lines: 0,
  routes: 0,
  schedules: 0,
  trips: 0,
  stopTimes: 0,
};

const REAL = REAL_DATA_COUNTS;

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The whole database as exported JSON, to show that a failed command changed nothing. */
async function snapshot(): Promise<string> {
  const result = await cli('export', 'snapshot.json');
  expect(result.code).toBe(0);
  return readFileSync(join(dir, 'snapshot.json'), 'utf8');
}

describe('pnpm cli import-legacy', () => {
  it('imports the real dump, prints the counts and then the warnings', async () => {
    const result = await cli('import-legacy', DUMP_PATH);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`imported anyksciai-mysql-dump.sql into ${dbPath}:`);
    expect(result.stdout).toMatch(/stops +195\n/);
    expect(result.stdout).toMatch(/stop times +2195\n/);
    expect(result.stdout).toContain(
      '6 warnings, 5 errors in the data (the data was imported; nothing but the changes named above was altered; `pnpm cli check` reports them again)',
    );
    // The import's own notes, then the timetable check (the same as `pnpm cli check`).
    const lines = result.stderr.trim().split('\n');
    expect(lines.map((l) => l.replace(/^(warning|error): ([a-z ]+ \d+).*$/, '$1: $2'))).toEqual([
      'warning: route 22',
      'warning: route 36',
      'warning: stop 110',
      'warning: route 41',
      'error: trip 25',
      'error: trip 104',
      'error: trip 131',
      'error: trip 18',
      'error: trip 20',
      'warning: schedule 67',
      'warning: yearly rule 16',
    ]);
    expect(await counts()).toEqual(REAL);
  });

  it('refuses to overwrite an existing timetable without --replace', async () => {
    await cli('import-legacy', DUMP_PATH);
    const before = await snapshot();
    const result = await cli('import-legacy', DUMP_PATH);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: the database ${dbPath} already holds a timetable (195 stops, 21 lines); pass --replace to overwrite it (export it first to keep a copy)\n`,
    );
    expect(await snapshot()).toBe(before);
    expect((await cli('import-legacy', DUMP_PATH, '--replace')).code).toBe(0);
    expect(await snapshot()).toBe(before);
  });

  const broken: [string, () => string, RegExp][] = [
    [
      'a dump cut in the middle of a VALUES list',
      () => DUMP.split('\n').slice(0, 3000).join('\n').concat("\n\t(71, '12:1"),
      /^error: broken\.sql line 3001, column 7: unterminated string\n$/,
    ],
    [
      'a dump cut between two rows',
      () => DUMP.split('\n').slice(0, 3000).join('\n'),
      /^error: broken\.sql line 3000, column \d+: unexpected end of file in the VALUES of `trip1way_time_list` \(truncated file\?\)\n$/,
    ],
    [
      'a dump with a row missing a value',
      () => DUMP.replace("(5, NULL, b'0', 'Pagiriai')", "(5, NULL, 'Pagiriai')"),
      /^error: broken\.sql line 37, column 2: row has 3 values, but `bus_stop` has 4 columns\n$/,
    ],
    [
      'a dump with text in a number column',
      () => DUMP.replace("(5, NULL, b'0', 'Pagiriai')", "('5a', NULL, b'0', 'Pagiriai')"),
      /^error: broken\.sql line 37, column 3: `bus_stop`.`id` is bigint, but the value is the string "5a"\n$/,
    ],
    [
      'a dump whose trip points at a missing route',
      () => DUMP.replace("(1, 1, b'0', 1, 1)", "(1, 1, b'0', 99, 1)"),
      /^error: broken\.sql line 1722: `trip1way` `route_id` = 99, but `route` has no row with that id\n$/,
    ],
  ];

  it.each(broken)(
    'fails on %s, naming the line, and leaves an empty database empty',
    async (_name, text, message) => {
      expect(await counts()).toEqual(EMPTY);
      const result = await cli('import-legacy', write('broken.sql', text()));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
      expect(await counts()).toEqual(EMPTY);
    },
  );

  it.each(broken)(
    'fails on %s and leaves an existing timetable untouched, even with --replace',
    async (_name, text, message) => {
      await cli('import-legacy', DUMP_PATH);
      const before = await snapshot();
      const result = await cli('import-legacy', write('broken.sql', text()), '--replace');
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(await counts()).toEqual(REAL);
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('pnpm cli export / import', () => {
  it('round-trips: export, import elsewhere, export again gives the same bytes (and the committed default)', async () => {
    await cli('import-legacy', DUMP_PATH);
    const first = await cli('export', 'first.json');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/trips +138\n/);
    const text = readFileSync(join(dir, 'first.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "stops": [\n    {\n      "id": 1,\n      "name": "Anykščių AS",');

    dbPath = join(dir, 'second.sqlite');
    const imported = await cli('import', 'first.json');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/stop times +2195\n/);
    expect(imported.stderr).toContain('error: trip 131: time goes backwards');
    expect((await cli('export', 'second.json')).code).toBe(0);
    expect(readFileSync(join(dir, 'second.json'), 'utf8')).toBe(text);
    expect(readFileSync(DEFAULT_DATASET_PATH, 'utf8')).toBe(text);
  });

  it('carries the fares (issue 41), through fares too: import, export again gives the same bytes; a file without them replaces them with none', async () => {
    const dataset = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, 'utf8'));
    dataset.fareRules = [
      {
        id: 2,
        lineId: 3,
        validFrom: '2027-01-01',
        method: {
          kind: 'bands',
          bands: [
            { upToMeters: 5000, cents: 80 },
            { upToMeters: 20000, cents: 160 },
          ],
        },
        roundingCents: 10,
        minimumCents: 50,
        pairs: [{ fromStopId: 1, toStopId: 32, cents: 350 }],
      },
      {
        id: 5,
        lineId: 1,
        validFrom: '2027-01-01',
        method: { kind: 'flat', cents: 150 },
        roundingCents: 1,
        minimumCents: 0,
        pairs: [],
      },
    ];
    dataset.concessions = [{ id: 1, nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50 }];
    // Kavarskas (27) on line 18 changing to line 10 (Utena) to Utenos AS (115).
    dataset.throughFares = [
      {
        id: 3,
        fromLineId: 18,
        fromStopId: 27,
        toLineId: 10,
        toStopId: 115,
        validFrom: '2027-01-01',
        cents: 300,
        changeMinutes: 60,
      },
    ];
    const text = `${JSON.stringify(dataset, null, 2)}\n`;
    expect((await cli('import', write('fares.json', text))).code).toBe(0);
    expect((await cli('export', 'again.json')).code).toBe(0);
    expect(readFileSync(join(dir, 'again.json'), 'utf8')).toBe(text);

    const broken = { ...dataset, fareRules: [{ ...dataset.fareRules[1], lineId: 999 }] };
    const refused = await cli('import', write('broken.json', JSON.stringify(broken)), '--replace');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('  fare rule 5: line 999 does not exist\n');
    const brokenThrough = { ...dataset, throughFares: [{ ...dataset.throughFares[0], toStopId: 9999 }] };
    const refusedThrough = await cli(
      'import',
      write('broken.json', JSON.stringify(brokenThrough)),
      '--replace',
    );
    expect(refusedThrough.code).toBe(1);
    expect(refusedThrough.stderr).toContain('  through fare 3: stop 9999 does not exist\n');
    expect(readFileSync(join(dir, 'again.json'), 'utf8')).toBe(text);

    expect((await cli('import', DEFAULT_DATASET_PATH, '--replace')).code).toBe(0);
    expect((await cli('export', 'plain.json')).code).toBe(0);
    expect(readFileSync(join(dir, 'plain.json'), 'utf8')).toBe(readFileSync(DEFAULT_DATASET_PATH, 'utf8'));
  });

  it('refuses a file with a bad field, naming its JSON path, and changes nothing', async () => {
    await cli('import-legacy', DUMP_PATH);
    const before = await snapshot();
    const dataset = JSON.parse(before);
    dataset.schedules[3].trips[0].timeList[2] = '25:00';
    dataset.stops[0].defaultOption = 'yes';
    const result = await cli('import', write('bad.json', JSON.stringify(dataset)), '--replace');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        'error: bad.json is not a valid timetable dataset:',
        '  stops[0].defaultOption: Invalid input: expected boolean, received string (got "yes")',
        '  schedules[3].trips[0].timeList[2]: time must be HH:MM between 00:00 and 23:59 (got "25:00")',
        '',
      ].join('\n'),
    );
    expect(await snapshot()).toBe(before);
  });

  it('refuses a file whose references are broken, listing them', async () => {
    const dataset = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, 'utf8'));
    dataset.schedules[0].trips[0].routeId = 999;
    dataset.lines[0].routes[0].stopIds[0] = 133;
    const result = await cli('import', write('refs.json', JSON.stringify(dataset)));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('has 2 broken references:');
    expect(result.stderr).toContain('  route 1: stop 133 (position 1) does not exist\n');
    expect(result.stderr).toContain('  trip 1: route 999 does not exist\n');
    expect(await counts()).toEqual(EMPTY);
  });

  it('explains unreadable input', async () => {
    expect((await cli('import', write('x.json', '{"format": '))).stderr).toMatch(
      /^error: x\.json is not a valid timetable dataset:\n {2}not valid JSON: /,
    );
    expect((await cli('import', 'missing.json')).stderr).toBe(
      `error: ${join(dir, 'missing.json')}: no such file\n`,
    );
    expect(
      (await cli('import', write('old.json', '{"format":"bus-timetable","version":2}'))).stderr,
    ).toContain('  version: Invalid input: expected 1');
  });

  it('will not export a database that does not exist', async () => {
    const result = await cli('export', 'out.json');
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: there is no database at ${dbPath} (set DB_PATH, or import a timetable first)\n`,
    });
  });
});

describe('runCli dispatch', () => {
  it('prints usage for help and for no command', async () => {
    const help = await cli('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('import-legacy <dump.sql> [--replace]');
    expect((await cli()).code).toBe(1);
  });

  it('rejects unknown commands, options and missing arguments', async () => {
    expect(await cli('frobnicate')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('error: unknown command "frobnicate"'),
    });
    const option = await cli('import', 'x.json', '--force');
    expect(option.code).toBe(1);
    expect(option.stderr).toContain("error: Unknown option '--force'");
    expect(option.stderr).toContain('usage: pnpm cli import <file.json> [--replace]');
    expect((await cli('export')).stderr).toContain('error: missing the output file');
    expect((await cli('export', 'a.json', 'b.json')).stderr).toContain('error: unexpected argument "b.json"');
  });

  it('dispatches multi-word commands to the longest match', async () => {
    const seen: string[] = [];
    const commands: CliCommand[] = [
      {
        name: 'user',
        synopsis: '',
        summary: '',
        positionals: [],
        run: async () => {
          seen.push('user');
          return 0;
        },
      },
      {
        name: 'user add',
        synopsis: '<name> [--admin]',
        summary: '',
        options: { admin: { type: 'boolean' } },
        positionals: ['the user name'],
        run: async (_context, args) => {
          seen.push(`add ${args.positionals[0]} ${String(args.values.admin)}`);
          return 0;
        },
      },
    ];
    const io = { env: { DB_PATH: dbPath }, stdout: { write: () => true }, stderr: { write: () => true } };
    expect(await runCli(['user', 'add', 'jonas', '--admin'], io, commands)).toBe(0);
    expect(await runCli(['user'], io, commands)).toBe(0);
    expect(seen).toEqual(['add jonas true', 'user']);
  });
});
