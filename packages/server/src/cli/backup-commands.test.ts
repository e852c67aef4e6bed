import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkBackup,
  countTimetable,
  migrateToLatest,
  type OpenedDatabase,
  openDatabase,
  replaceTimetable,
} from '@bus/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { loadDefaultDataset } from '../import/default-dataset.ts';
import { backupFileName, writeBackup } from '../services/backups.ts';

/** Backups of the live database and restores from them, on a real SQLite file with the real data. */
let dir: string;
let dbPath: string;
let live: OpenedDatabase;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-backup-'));
  dbPath = join(dir, 'timetable.sqlite');
  live = openDatabase(dbPath);
  await migrateToLatest(live.kysely);
  replaceTimetable(live.sqlite, await loadDefaultDataset());
});
afterEach(() => {
  if (live.sqlite.open) live.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...argv: string[]) =>
  runCliCaptured(argv, { env: { DB_PATH: dbPath, LOG_LEVEL: 'silent' }, cwd: dir });

const holidays = (db: OpenedDatabase) =>
  (db.sqlite.prepare('SELECT count(*) AS n FROM holiday').get() as { n: number }).n;

describe('pnpm cli backup / restore', () => {
  it('takes a consistent copy while another connection keeps writing, and checks it', async () => {
    // A server keeps saving while the backup runs.
    let writes = 0;
    const writer = setInterval(() => {
      live.sqlite.prepare("INSERT INTO holiday (name, month, day) VALUES ('Rašymas', 3, 3)").run();
      writes++;
    }, 1);
    const result = await cli('backup', 'copy.sqlite');
    clearInterval(writer);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('integrity  ok');
    expect(result.stdout).toMatch(/stops\s+\d+/);
    const report = await checkBackup(join(dir, 'copy.sqlite'));
    expect(report.integrity).toBe('ok');
    expect(report.counts?.stops).toBe((await countTimetable(live.kysely)).stops);
    expect(writes).toBeGreaterThan(0);
    // Refuses to overwrite.
    expect((await cli('backup', 'copy.sqlite')).stderr).toContain('already exists');
  });

  it('restores a backup, keeping the database it replaced beside it; a connection that stays open sees it', async () => {
    expect((await cli('backup', 'before.sqlite')).code).toBe(0);
    const original = holidays(live);
    live.sqlite.prepare("INSERT INTO holiday (name, month, day) VALUES ('Vėliau', 4, 4)").run();
    expect(holidays(live)).toBe(original + 1);

    const result = await cli('restore', 'before.sqlite');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('does not need to be stopped');
    // The open connection (a running server) sees the restored data.
    expect(holidays(live)).toBe(original);
    const kept = readdirSync(dir).find((name) => name.startsWith('timetable.sqlite.before-restore-'));
    expect(kept).toBeDefined();
    const keptReport = await checkBackup(join(dir, kept ?? ''));
    expect(keptReport.integrity).toBe('ok');
    const keptDb = openDatabase(join(dir, kept ?? ''));
    expect(holidays(keptDb)).toBe(original + 1);
    keptDb.sqlite.close();
  });

  it('two restores in the same second each keep the database they replaced', async () => {
    expect((await cli('backup', 'before.sqlite')).code).toBe(0);
    const first = await cli('restore', 'before.sqlite');
    const second = await cli('restore', 'before.sqlite');
    expect([first.code, first.stderr, second.code, second.stderr]).toEqual([0, '', 0, '']);
    const kept = readdirSync(dir).filter((name) => name.startsWith('timetable.sqlite.before-restore-'));
    expect(kept).toHaveLength(2);
    for (const name of kept) expect((await checkBackup(join(dir, name))).integrity).toBe('ok');
  });

  it('refuses a damaged file or one that is not ours, and changes nothing', async () => {
    writeFileSync(join(dir, 'junk.sqlite'), 'this is not a database at all'.repeat(200));
    const before = holidays(live);
    const junk = await cli('restore', 'junk.sqlite');
    expect(junk.code).toBe(1);
    expect(junk.stderr).toContain('not restored');
    const other = openDatabase(join(dir, 'other.sqlite'));
    other.sqlite.exec('CREATE TABLE notes (x TEXT)');
    other.sqlite.close();
    const foreign = await cli('restore', 'other.sqlite');
    expect(foreign.stderr).toContain('not a timetable database of this project');
    expect(holidays(live)).toBe(before);
    expect(readdirSync(dir).some((name) => name.includes('before-restore'))).toBe(false);
  });
});

describe('automatic backups (BACKUP_DIR, BACKUP_KEEP)', () => {
  it('writes dated copies and keeps only the newest N', async () => {
    const backups = join(dir, 'backups');
    for (let day = 1; day <= 4; day++)
      await writeBackup(live, backups, 2, new Date(`2026-11-0${day}T03:00:00Z`));
    expect(readdirSync(backups).sort()).toEqual([
      backupFileName(new Date('2026-11-03T03:00:00Z')),
      backupFileName(new Date('2026-11-04T03:00:00Z')),
    ]);
    expect(backupFileName(new Date('2026-11-04T03:00:00Z'))).toBe('timetable-20261104-030000.sqlite');
    expect(existsSync(join(backups, 'timetable-20261104-030000.sqlite'))).toBe(true);
  });
});
