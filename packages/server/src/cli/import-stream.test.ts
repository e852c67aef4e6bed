import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { DEFAULT_DATASET_PATH } from '../import/default-dataset.ts';
import { runCli } from './commands.ts';

/**
 * The import read as a stream: what it says while it works (stderr only, a line a second off a
 * terminal, a bar on one, nothing with --quiet), and that a file found broken late, after most
 * of it was written, changes nothing. The clock is the test's own: nothing here depends on the
 * real time.
 */

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-import-stream-'));
  dbPath = join(dir, 'timetable.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A clock that moves `stepMs` each time it is read: every step of the command takes that long. */
function steppingClock(stepMs: number): () => number {
  let at = 0;
  return () => {
    at += stepMs;
    return at;
  };
}

const cli = (argv: string[], now?: () => number) =>
  runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir, ...(now ? { now } : {}) });

const DEFAULT_TEXT = readFileSync(DEFAULT_DATASET_PATH, 'utf8');

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The whole database as exported JSON, to show that a failed import changed nothing. */
async function snapshot(): Promise<string> {
  const result = await cli(['export', 'snapshot.json', '--quiet']);
  expect(result.code).toBe(0);
  return readFileSync(join(dir, 'snapshot.json'), 'utf8');
}

/** Lines of stderr that are progress, not the import's findings. */
const progressLines = (stderr: string) =>
  stderr.split('\n').filter((line) => line !== '' && !/^(error|warning): /.test(line));

describe('pnpm cli import: progress', () => {
  it('off a terminal prints plain lines on stderr, none on stdout, and the same summary', async () => {
    const still = await cli(['import', DEFAULT_DATASET_PATH]);
    dbPath = join(dir, 'second.sqlite');
    // Each reading of the clock half a second later: a slow import.
    const slow = await cli(['import', DEFAULT_DATASET_PATH], steppingClock(500));
    expect(slow.code).toBe(0);
    expect(slow.stdout).toBe(still.stdout.replace(join(dir, 'timetable.sqlite'), dbPath));
    expect(progressLines(still.stderr)).toEqual([]);
    expect(progressLines(slow.stderr)).toEqual([
      // Named as it starts (the clock read then is past the first second); the file is one read.
      'importing anyksciai.json: 0% 0.0 MB of 0.2 MB',
      'checking the references in the database',
      'building the departures index',
      'committing',
      'checking the timetable',
    ]);
    // The findings are the same, in the same order.
    expect(slow.stderr.split('\n').filter((l) => /^(error|warning): /.test(l))).toEqual(
      still.stderr.split('\n').filter((l) => /^(error|warning): /.test(l)),
    );
  });

  it('prints no progress with --quiet', async () => {
    const still = await cli(['import', DEFAULT_DATASET_PATH]);
    dbPath = join(dir, 'second.sqlite');
    const quiet = await cli(['import', DEFAULT_DATASET_PATH, '--quiet'], steppingClock(500));
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe(still.stderr);
  });

  it('on a terminal draws a bar in place and clears it before anything else is printed', async () => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['import', DEFAULT_DATASET_PATH], {
      env: { DB_PATH: dbPath },
      cwd: dir,
      now: steppingClock(500),
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text), isTTY: true, columns: 120 },
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^imported anyksciai\.json into /);
    expect(stderr).toContain(
      '\rimporting anyksciai.json [------------------------] 0% 0.0 MB of 0.2 MB\u001b[K',
    );
    expect(stderr).toContain('\rimporting anyksciai.json [########################] 100% 0.2 MB of 0.2 MB');
    expect(stderr).toContain('\rbuilding the departures index …\u001b[K');
    // Every finding starts on a cleared line: at the line's start, or right after the clearing.
    const clear = '\r\u001b[K';
    for (const line of stderr.split('\n').filter((l) => /(error|warning): /.test(l))) {
      const at = line.search(/(error|warning): /);
      expect(at === 0 || line.slice(at - clear.length, at) === clear).toBe(true);
      expect(line.slice(at)).not.toContain('\r');
    }
  });

  it('export says how many schedules it has written, and nothing with --quiet', async () => {
    expect((await cli(['import', DEFAULT_DATASET_PATH])).code).toBe(0);
    const slow = await cli(['export', 'out.json'], steppingClock(300));
    expect(slow.code).toBe(0);
    expect(slow.stdout).toMatch(/^exported .* to .*out\.json:\n/);
    const lines = progressLines(slow.stderr);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatch(/^writing out\.json: \d+% \d+ of 75 schedules/);
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe(DEFAULT_TEXT);
    expect((await cli(['export', 'quiet.json', '--quiet'], steppingClock(300))).stderr).toBe('');
  });
});

describe('pnpm cli import: a file found broken late changes nothing', () => {
  const dataset = () => JSON.parse(DEFAULT_TEXT);

  const broken: [string, () => string, RegExp][] = [
    [
      'a bad time in the last schedule',
      () => {
        const d = dataset();
        d.schedules.at(-1).trips.at(-1).timeList[0] = '24:10';
        return JSON.stringify(d, null, 2);
      },
      /^error: late\.json is not a valid timetable dataset:\n {2}schedules\[74\]\.trips\[\d+\]\.timeList\[0\]: time must be HH:MM between 00:00 and 23:59 \(got "24:10"\)\n$/,
    ],
    [
      'a file cut short in its last schedule',
      () => DEFAULT_TEXT.slice(0, DEFAULT_TEXT.length - 200),
      /^error: late\.json is not a valid timetable dataset:\n {2}not valid JSON: unexpected end of the file \(is it cut short\?\) at line \d+, column \d+\n$/,
    ],
    [
      'a route that does not exist, in the last trip',
      () => {
        const d = dataset();
        d.schedules.at(-1).trips.at(-1).routeId = 999;
        return JSON.stringify(d, null, 2);
      },
      /^error: .*late\.json has 1 broken references:\n {2}trip \d+: route 999 does not exist\n$/,
    ],
    [
      'a stop id given twice (the database would refuse the second)',
      () => {
        const d = dataset();
        d.stops.push({ ...d.stops[0], name: 'Twice' });
        return JSON.stringify(d, null, 2);
      },
      /^error: .*late\.json has 1 broken references:\n {2}stop 1: the id is used more than once\n$/,
    ],
    [
      'a member given twice',
      () => `${DEFAULT_TEXT.trimEnd().slice(0, -1)},\n  "holidays": []\n}\n`,
      /^error: late\.json is not a valid timetable dataset:\n {2}\(document\): the member "holidays" is given more than once\n$/,
    ],
  ];

  it.each(broken)('%s: refused with --replace, the timetable as it was', async (_name, text, message) => {
    expect((await cli(['import', DEFAULT_DATASET_PATH])).code).toBe(0);
    const before = await snapshot();
    const result = await cli(['import', write('late.json', text()), '--replace']);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(await snapshot()).toBe(before);
  });

  it.each(broken)('%s: refused into an empty database, which stays empty', async (_name, text, message) => {
    const result = await cli(['import', write('late.json', text())]);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(1);
    const after = await snapshot();
    expect(JSON.parse(after)).toMatchObject({ stops: [], lines: [], schedules: [] });
  });

  it("says the file's problems before refusing to replace a timetable without --replace", async () => {
    expect((await cli(['import', DEFAULT_DATASET_PATH])).code).toBe(0);
    const [, text, message] = broken[0] as (typeof broken)[number];
    expect((await cli(['import', write('late.json', text())])).stderr).toMatch(message);
    expect((await cli(['import', DEFAULT_DATASET_PATH])).stderr).toMatch(
      /^error: the database .* already holds a timetable \(\d+ stops, \d+ lines\); pass --replace/,
    );
  });
});
