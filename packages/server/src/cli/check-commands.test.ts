import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TimetableCheckReport } from '@bus/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { DEFAULT_DATASET_PATH } from '../import/default-dataset.ts';

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-cli-check-'));
  dbPath = join(dir, 'timetable.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

describe('pnpm cli check', () => {
  it('prints the real data’s findings grouped by check, and exits 1 for its errors', async () => {
    expect((await cli('import', DEFAULT_DATASET_PATH)).code).toBe(0);
    const result = await cli('check');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'error: Times going backwards along a trip (3)',
      '  trip 25: time goes backwards at stop 15 of 15 "Repšėnai" (14:24 -> 14:15)',
      '  trip 104: time goes backwards at stop 10 of 18 "Vosgėliai" (15:26 -> 15:25)',
      '  trip 131: time goes backwards 17 times, first at stop 2 of 18 "Aknystų kr." (08:25 -> 08:23); the times look entered in route order instead of travel order',
    ]);
    expect(lines.slice(4, 7)).toEqual([
      'error: Trips whose direction contradicts their stop order (2)',
      '  trip 18: City bound, but it starts at "Anykščių AS" (09:32) and ends at "Kurkliai II k" (10:05), its route driven backwards',
      '  trip 20: City bound, but it starts at "Anykščių AS" (14:03) and ends at "Kurkliai II k" (14:35), its route driven backwards',
    ]);
    expect(lines).toContain('warning: Yearly rules nothing uses (1)');
    expect(lines).toContain(
      '  yearly rule 16 "Mokslo Metu, 1 ir 3 Penkt.": no schedule or other rule uses it',
    );
    expect(lines.at(-1)).toBe('5 errors, 2 warnings');
  });

  it('exits 0 when only warnings are left, and gives the structured report with --json', async () => {
    const dataset = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, 'utf8'));
    // Put the three trips' times in order and drive trips 18 and 20 the way their route is
    // drawn (to Anykščių AS, as City bound says): the errors are gone, the warnings stay.
    for (const schedule of dataset.schedules) {
      for (const trip of schedule.trips) {
        trip.timeList = [...trip.timeList].sort();
        if (trip.id === 18 || trip.id === 20) trip.routeDirReversed = false;
      }
    }
    writeFileSync(join(dir, 'fixed.json'), JSON.stringify(dataset));
    expect((await cli('import', 'fixed.json')).code).toBe(0);
    const result = await cli('check');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('0 errors, 2 warnings');

    const json = await cli('check', '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as TimetableCheckReport;
    expect(report.findings.map((f) => f.check)).toEqual(['seasonMismatch', 'unusedRule']);
    expect(report.findings[1]?.targets).toEqual([
      { kind: 'rule', ruleId: 16, name: 'Mokslo Metu, 1 ir 3 Penkt.' },
    ]);
  });

  it('refuses when there is no database, creating none', async () => {
    const result = await cli('check');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: there is no database at ${dbPath} (set DB_PATH, or import a timetable first)\n`,
    );
  });
});
