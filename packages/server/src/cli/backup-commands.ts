import { existsSync } from 'node:fs';
import {
  type BackupReport,
  backupProblem,
  backupTo,
  checkBackup,
  migrateToLatest,
  restoreFrom,
} from '@bus/db';
import type { CliCommand, CliContext } from './commands.ts';
import { formatCounts } from './data-commands.ts';

/** `pnpm cli backup FILE` and `pnpm cli restore FILE`. */

function describe(context: CliContext, report: BackupReport): void {
  context.out(`  size       ${(report.bytes / 1_048_576).toFixed(1)} MB`);
  context.out(`  integrity  ${report.integrity}`);
  context.out(`  schema     ${report.schema ?? '(none)'}`);
  if (report.users !== null) context.out(`  users      ${report.users}`);
  if (report.counts) for (const line of formatCounts(report.counts)) context.out(line);
}

/** '2026-11-25T06-30-00' for the names of kept files. */
const stamp = (at: Date) => at.toISOString().slice(0, 19).replaceAll(':', '-');

export const backupCommands: CliCommand[] = [
  {
    name: 'backup',
    synopsis: '<file.sqlite>',
    summary:
      'write a consistent copy of the database (also while the server serves and saves), then check it',
    positionals: ['the backup file'],
    async run(context, { positionals }) {
      const file = context.resolvePath(positionals[0] ?? '');
      if (existsSync(file)) throw new Error(`${file} already exists: choose a new file name`);
      const { sqlite } = await context.database({ mustExist: true });
      const report = await backupTo(sqlite, file);
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
    synopsis: '<file.sqlite>',
    summary: 'check a backup, keep the current database beside it, and put the backup in its place',
    positionals: ['the backup file'],
    async run(context, { positionals }) {
      const file = context.resolvePath(positionals[0] ?? '');
      const report = await checkBackup(file);
      context.out(`backup ${file}:`);
      describe(context, report);
      const problem = backupProblem(report);
      if (problem !== null) throw new Error(`not restored: ${problem}; nothing was changed`);

      let kept: string | null = null;
      if (existsSync(context.dbPath)) {
        const live = await context.database();
        kept = `${context.dbPath}.before-restore-${stamp(new Date())}.sqlite`;
        const keptReport = await backupTo(live.sqlite, kept);
        if (backupProblem(keptReport) !== null)
          throw new Error(`could not keep a copy of the current database at ${kept}; nothing was changed`);
      }
      await restoreFrom(file, context.dbPath);
      // Brings an older copy's schema up to date.
      await migrateToLatest((await context.database()).kysely);
      context.out(`restored ${file} into ${context.dbPath}.`);
      if (kept) context.out(`The database it replaced is kept at ${kept}.`);
      context.out(
        'A running server does not need to be stopped: it serves the restored timetable (and its users) at once.',
      );
      return 0;
    },
  },
];
