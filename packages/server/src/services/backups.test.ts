import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv, REPO_ROOT } from '../env.ts';
import { BACKUP_INTERVAL_MS, type BackupLog, backupFileName, scheduleBackups } from './backups.ts';

/**
 * Automatic backups (BACKUP_DIR, BACKUP_KEEP): one at start, then one a day, the newest N kept.
 * The day is passed with vitest's fake timers (setInterval and Date only: the SQLite backup
 * itself runs for real, on a real database file).
 */

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-01T03:00:00Z');

let dir: string;
let backups: string;
let live: OpenedDatabase;
let stop: (() => Promise<void>) | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bus-auto-backup-'));
  backups = join(dir, 'backups');
  live = openDatabase(join(dir, 'timetable.sqlite'));
  await migrateToLatest(live.kysely);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: START });
});

afterEach(async () => {
  await stop?.();
  stop = undefined;
  vi.useRealTimers();
  live.sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Logged {
  level: 'info' | 'error';
  details: Record<string, unknown>;
  message: string;
}

/** A log that remembers every line and can wait until the n-th backup (written or failed) is logged. */
function recordingLog() {
  const lines: Logged[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const add = (level: Logged['level']) => (details: Record<string, unknown>, message: string) => {
    lines.push({ level, details, message });
    for (const waiter of waiting.filter((w) => lines.length >= w.count)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const log: BackupLog = { info: add('info'), error: add('error') };
  /** Fails fast (5 s) when the backup never comes, instead of at the test timeout. */
  const logged = (count: number) =>
    lines.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`only ${lines.length} of ${count} backups logged`)),
            5_000,
          );
          waiting.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
  return { log, lines, logged };
}

function addHoliday(name: string): void {
  live.sqlite.prepare('INSERT INTO holiday (name, month, day) VALUES (?, 1, 2)').run(name);
}

/** Opens a backup on its own: integrity and how many holidays it holds. */
function inspect(file: string): { integrity: unknown; holidays: unknown } {
  const copy = openDatabase(file);
  try {
    return {
      integrity: copy.sqlite.pragma('integrity_check', { simple: true }),
      holidays: copy.sqlite.prepare('SELECT count(*) AS n FROM holiday').pluck().get(),
    };
  } finally {
    copy.sqlite.close();
  }
}

const nameAt = (days: number) => backupFileName(new Date(START.getTime() + days * DAY));
const listBackups = () => readdirSync(backups).sort();

describe('scheduleBackups', () => {
  it('runs once a day', () => {
    expect(BACKUP_INTERVAL_MS).toBe(DAY);
  });

  it('writes a backup at start and another after a day, each a whole copy of the database then', async () => {
    const { log, lines, logged } = recordingLog();
    addHoliday('Before start');
    stop = scheduleBackups(live, { dir: backups, keep: 14, log });
    await logged(1);
    expect(listBackups()).toEqual([nameAt(0)]);
    expect(lines[0]).toMatchObject({
      level: 'info',
      message: 'backup written',
      details: { file: join(backups, nameAt(0)), integrity: 'ok', removed: [] },
    });
    expect(lines[0]?.details.bytes).toBeGreaterThan(0);

    addHoliday('After the first backup');
    vi.advanceTimersByTime(DAY - 1000);
    vi.advanceTimersByTime(1000);
    await logged(2);
    expect(listBackups()).toEqual([nameAt(0), nameAt(1)]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'info', details: { integrity: 'ok', removed: [] } });

    expect(inspect(join(backups, nameAt(0)))).toEqual({ integrity: 'ok', holidays: 1 });
    expect(inspect(join(backups, nameAt(1)))).toEqual({ integrity: 'ok', holidays: 2 });
  });

  it('with keep = 2 leaves only the newest two after four days', async () => {
    const { log, lines, logged } = recordingLog();
    stop = scheduleBackups(live, { dir: backups, keep: 2, log });
    await logged(1);
    for (let day = 1; day <= 4; day++) {
      addHoliday(`Day ${day}`);
      vi.advanceTimersByTime(DAY);
      await logged(day + 1);
    }
    expect(lines.map((line) => [line.level, line.details.integrity])).toEqual(Array(5).fill(['info', 'ok']));
    expect(listBackups()).toEqual([nameAt(3), nameAt(4)]);
    // Each run removes what falls out of the newest two.
    expect(lines.map((line) => line.details.removed)).toEqual([
      [],
      [],
      [nameAt(0)],
      [nameAt(1)],
      [nameAt(2)],
    ]);
    expect(inspect(join(backups, nameAt(3)))).toEqual({ integrity: 'ok', holidays: 3 });
    expect(inspect(join(backups, nameAt(4)))).toEqual({ integrity: 'ok', holidays: 4 });
  });

  it('stopping clears the timer: no more backups', async () => {
    const { log, lines, logged } = recordingLog();
    stop = scheduleBackups(live, { dir: backups, keep: 14, log });
    expect(vi.getTimerCount()).toBe(1);
    await logged(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3 * DAY);
    // Give a wrongly started backup time to finish and log.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines).toHaveLength(1);
    expect(listBackups()).toEqual([nameAt(0)]);
  });

  it('stopping waits for a backup in progress, which ends whole (the server closes the database after)', async () => {
    const { log, lines } = recordingLog();
    addHoliday('Before start');
    stop = scheduleBackups(live, { dir: backups, keep: 14, log });
    // Stopped at once, while the start-up backup is still being written.
    await stop();
    stop = undefined;
    expect(lines).toEqual([expect.objectContaining({ level: 'info', message: 'backup written' })]);
    expect(inspect(join(backups, nameAt(0)))).toEqual({ integrity: 'ok', holidays: 1 });
  });

  it('logs a failed backup as an error and tries again the next day', async () => {
    const { log, lines, logged } = recordingLog();
    writeFileSync(backups, 'a file where the backup directory should be');
    stop = scheduleBackups(live, { dir: backups, keep: 14, log });
    await logged(1);
    expect(lines[0]).toMatchObject({ level: 'error', message: 'backup failed' });
    expect(lines[0]?.details.err).toBeInstanceOf(Error);

    rmSync(backups);
    vi.advanceTimersByTime(DAY);
    await logged(2);
    expect(lines[1]).toMatchObject({ level: 'info', message: 'backup written' });
    expect(existsSync(join(backups, nameAt(1)))).toBe(true);
  });

  it('takes the time from the clock given', async () => {
    const { log, logged } = recordingLog();
    const at = new Date('2030-06-15T12:34:56Z');
    stop = scheduleBackups(live, { dir: backups, keep: 14, log, clock: () => at });
    await logged(1);
    expect(listBackups()).toEqual(['timetable-20300615-123456.sqlite']);
  });
});

describe('BACKUP_DIR and BACKUP_KEEP', () => {
  it('keep 14 backups unless told, and make none without BACKUP_DIR', () => {
    const env = parseEnv({});
    expect(env.BACKUP_KEEP).toBe(14);
    expect(env.BACKUP_DIR).toBeUndefined();
    expect(parseEnv({ BACKUP_DIR: '  ' }).BACKUP_DIR).toBeUndefined();
  });

  it('take a number of backups to keep and a directory resolved from the repository root', () => {
    const env = parseEnv({ BACKUP_DIR: 'backups/bus', BACKUP_KEEP: '3' });
    expect(env.BACKUP_KEEP).toBe(3);
    expect(env.BACKUP_DIR).toBe(join(REPO_ROOT, 'backups/bus'));
    expect(parseEnv({ BACKUP_DIR: '/srv/backups/bus' }).BACKUP_DIR).toBe('/srv/backups/bus');
    expect(() => parseEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => parseEnv({ BACKUP_KEEP: 'many' })).toThrow(/BACKUP_KEEP/);
  });
});
