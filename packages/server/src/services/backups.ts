import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type BackupReport, backupTo, type OpenedDatabase } from '@bus/db';

/** Daily backups of a serving database (BACKUP_DIR, BACKUP_KEEP). */

export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const BACKUP_NAME = /^timetable-\d{8}-\d{6}\.sqlite$/;

/** 'timetable-20261125-063000.sqlite' (UTC), so names sort by time. */
export function backupFileName(at: Date): string {
  const iso = at.toISOString();
  return `timetable-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}.sqlite`;
}

/** Writes one backup into `dir` (mode 0600, as backupTo makes it) and keeps only the newest `keep` of them. */
export async function writeBackup(
  db: OpenedDatabase,
  dir: string,
  keep: number,
  at: Date,
): Promise<{ report: BackupReport; removed: string[] }> {
  // A folder made here is its owner's only; one that exists is the operator's choice.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const report = await backupTo(db.sqlite, join(dir, backupFileName(at)));
  const all = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse();
  const removed = all.slice(Math.max(1, keep));
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return { report, removed };
}

export interface BackupLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** A backup now and then once a day while the server runs; answers a function that stops it. */
export function scheduleBackups(
  db: OpenedDatabase,
  options: { dir: string; keep: number; log: BackupLog; clock?: () => Date },
): () => Promise<void> {
  const clock = options.clock ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const { report, removed } = await writeBackup(db, options.dir, options.keep, clock());
      const level = report.integrity === 'ok' ? 'info' : 'error';
      options.log[level](
        { file: report.file, bytes: report.bytes, integrity: report.integrity, removed },
        'backup written',
      );
    } catch (error) {
      options.log.error({ err: error }, 'backup failed');
    }
  };
  const start = () => {
    running = run();
  };
  start();
  const timer = setInterval(start, BACKUP_INTERVAL_MS);
  timer.unref();
  // Stopping waits for a backup in progress, so the database is not closed under it.
  return () => {
    clearInterval(timer);
    return running;
  };
}
