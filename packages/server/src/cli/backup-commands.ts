import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type BackupReport,
  backupProblem,
  backupTo,
  checkBackup,
  compareUsers,
  restoreFrom,
  type UsersChange,
} from '@bus/db';
import type { CliCommand, CliContext } from './commands.ts';
import { formatCounts } from './data-commands.ts';
import { type Progress, QUIET_OPTION } from './progress.ts';

/** The backup API's progress as the command's: pages copied of all, or the step's name alone. */
const pages =
  (progress: Progress) =>
  (step: string, done: number, total: number): void => {
    if (step !== progress.current) progress.phase(step, total === 0 ? null : total, 'pages');
    else progress.update(done, total === 0 ? undefined : total);
  };

/** `pnpm cli backup FILE` and `pnpm cli restore FILE`. */

function describe(context: CliContext, report: BackupReport): void {
  context.out(`  size       ${(report.bytes / 1_048_576).toFixed(1)} MB`);
  context.out(`  integrity  ${report.integrity}`);
  context.out(`  schema     ${report.schema ?? '(none)'}`);
  if (report.users !== null) context.out(`  users      ${report.users}`);
  if (report.counts) for (const line of formatCounts(report.counts)) context.out(line);
}

/** What a restore does to the users, said before it replaces anything. */
function warnUsers(context: CliContext, change: UsersChange | null): void {
  context.out("Users, passwords and sign-ins go back to the backup's state:");
  if (change === null) context.out('  the users are those of the backup.');
  else if (change.back.length + change.gone.length + change.changed.length === 0)
    context.out('  the backup has the same users, passwords and roles as now.');
  else {
    if (change.back.length > 0)
      context.out(`  come back (removed since the backup): ${change.back.join(', ')}`);
    if (change.gone.length > 0) context.out(`  removed (added since the backup): ${change.gone.join(', ')}`);
    if (change.changed.length > 0)
      context.out(`  password or roles as in the backup: ${change.changed.join(', ')}`);
  }
  context.out('Everyone is signed out by the restore and must sign in again.');
}

/** '2026-11-25T06-30-00' for the names of kept files. */
const stamp = (at: Date) => at.toISOString().slice(0, 19).replaceAll(':', '-');

/** Where the replaced database is kept: named by the second, with -2, -3… when a restore in that second kept one already. */
function keptPath(dbPath: string, at: Date): string {
  const base = `${dbPath}.before-restore-${stamp(at)}`;
  let path = `${base}.sqlite`;
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}.sqlite`;
  return path;
}

export const backupCommands: CliCommand[] = [
  {
    name: 'backup',
    synopsis: '<file.sqlite> [--quiet]',
    summary:
      'write a consistent copy of the database (also while the server serves and saves), then check it',
    options: QUIET_OPTION,
    positionals: ['the backup file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const file = context.resolvePath(positionals[0] ?? '');
      if (existsSync(file)) throw new Error(`${file} already exists: choose a new file name`);
      const { sqlite } = await context.database({ mustExist: true });
      const report = await backupTo(sqlite, file, pages(progress));
      context.out(`backup of ${context.dbPath} written to ${file}:`);
      describe(context, report);
      const problem = backupProblem(report);
      if (problem !== null) {
        context.err(`error: the backup failed its check: ${problem}`);
        return 1;
      }
      return 0;
    },
  },
  {
    name: 'restore',
    synopsis: '<file.sqlite> [--quiet]',
    summary: 'check a backup, keep the current database beside it, and put the backup in its place',
    options: QUIET_OPTION,
    positionals: ['the backup file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const file = context.resolvePath(positionals[0] ?? '');
      const report = await checkBackup(file, pages(progress));
      context.out(`backup ${file}:`);
      describe(context, report);
      const problem = backupProblem(report);
      if (problem !== null) throw new Error(`not restored: ${problem}; nothing was changed`);

      const live = existsSync(context.dbPath) ? await context.database() : null;
      warnUsers(context, live === null ? null : compareUsers(live.sqlite, file));
      let kept: string | null = null;
      if (live !== null) {
        kept = keptPath(context.dbPath, new Date());
        const keptReport = await backupTo(live.sqlite, kept, (step, done, total) =>
          pages(progress)(step.replace('the database', 'the current database'), done, total),
        );
        if (backupProblem(keptReport) !== null)
          throw new Error(`could not keep a copy of the current database at ${kept}; nothing was changed`);
      }
      // Migrated to this version's schema and settled (new token epoch, id sequences) before it goes live.
      if (live === null) mkdirSync(dirname(context.dbPath), { recursive: true });
      await restoreFrom(file, context.dbPath, pages(progress));
      context.out(`restored ${file} into ${context.dbPath}.`);
      if (kept) context.out(`The database it replaced is kept at ${kept}.`);
      context.out(
        'Everyone who was signed in is signed out: every sign-in made before the restore is refused.',
      );
      context.out(
        'A running server does not need to be stopped: it serves the restored timetable (and its users) at once.',
      );
      return 0;
    },
  },
];
