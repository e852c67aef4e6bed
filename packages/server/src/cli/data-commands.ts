import { closeSync, fstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  CHECKS,
  checkDatasetReferences,
  checkTimetable,
  describeFinding,
  systemClock,
  type TimetableDataset,
  vilniusNow,
} from '@bus/core';
import {
  countTimetable,
  eachTimetableSchedule,
  listServiceChanges,
  readTimetableHead,
  replaceTimetable,
  replaceTimetableFrom,
  type TimetableCounts,
  type TimetableWriteStep,
  withSchedules,
} from '@bus/db';
import { datasetJsonChunks } from '../import/dataset-json.ts';
import { readDatasetStream } from '../import/dataset-stream.ts';
import { legacyDumpToDataset } from '../import/legacy-to-dataset.ts';
import { parseMysqlDump } from '../import/mysql-dump-parser.ts';
import type { CliCommand, CliContext } from './commands.ts';
import { type Progress, QUIET_OPTION } from './progress.ts';

const COUNT_LABELS: Record<keyof TimetableCounts, string> = {
  stops: 'stops',
  holidays: 'holidays',
  yearlyRules: 'yearly rules',
  timePeriods: 'time periods',
  patternItems: 'pattern items',
  lines: 'lines',
  routes: 'routes',
  schedules: 'schedules',
  trips: 'trips',
  stopTimes: 'stop times',
};

export function formatCounts(counts: TimetableCounts): string[] {
  const width = Math.max(...Object.values(COUNT_LABELS).map((l) => l.length));
  return (Object.keys(COUNT_LABELS) as (keyof TimetableCounts)[]).map(
    (key) => `  ${COUNT_LABELS[key].padEnd(width)}  ${String(counts[key]).padStart(7)}`,
  );
}

/** The input file opened for reading, or an error that names it. */
function openInput(context: CliContext, file: string): { path: string; fd: number } {
  const path = context.resolvePath(file);
  try {
    return { path, fd: openSync(path, 'r') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(error as Error).message}`);
  }
}

async function readText(context: CliContext, file: string): Promise<string> {
  const path = context.resolvePath(file);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(error as Error).message}`);
  }
}

/**
 * An existing timetable is only replaced when asked to: no data is lost silently. Throws when
 * the database holds one and `replace` is not given.
 */
async function refuseOccupied(context: CliContext, replace: boolean): Promise<void> {
  const { kysely: db } = await context.database();
  const before = await countTimetable(db);
  if ((before.stops > 0 || before.lines > 0) && !replace) {
    throw new Error(
      `the database ${context.dbPath} already holds a timetable (${before.stops} stops, ${before.lines} lines); ` +
        'pass --replace to overwrite it (export it first to keep a copy)',
    );
  }
}

/** The steps of the write after the rows, as the progress names them. */
const STEP_NAMES: Record<TimetableWriteStep, string> = {
  'checking references': 'checking the references in the database',
  'building the departures index': 'building the departures index',
  committing: 'committing',
};

/**
 * The common end of both imports: the counts, the import's own notes (what it changed), then
 * the timetable check over what was imported (`dataset`: the import's outline of it).
 */
async function reportImport(
  context: CliContext,
  source: string,
  counts: TimetableCounts,
  warnings: readonly string[],
  dataset: TimetableDataset,
  progress: Progress,
): Promise<number> {
  const { kysely: db } = await context.database();
  context.out(`imported ${basename(source)} into ${context.dbPath}:`);
  for (const line of formatCounts(counts)) context.out(line);
  for (const warning of warnings) context.err(`warning: ${warning}`);
  progress.phase('checking the timetable');
  // The service changes stay (they are not part of a dataset): say which name what the import removed.
  const report = checkTimetable(dataset, vilniusNow(systemClock).date, await listServiceChanges(db));
  for (const finding of report.findings) context.err(`${CHECKS[finding.check]}: ${describeFinding(finding)}`);
  const total = warnings.length + report.findings.length;
  if (total > 0)
    context.out(
      `${warnings.length + report.warnings} warnings, ${report.errors} errors in the data (the data was imported; nothing but the changes named above was altered; \`pnpm cli check\` reports them again)`,
    );
  return 0;
}

const importOptions = { replace: { type: 'boolean' }, ...QUIET_OPTION } as const;

export const dataCommands: CliCommand[] = [
  {
    name: 'import-legacy',
    synopsis: '<dump.sql> [--replace] [--quiet]',
    summary: "import the old system's MySQL dump (ids kept, users not imported)",
    options: importOptions,
    positionals: ['the dump file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const path = context.resolvePath(positionals[0] ?? '');
      progress.phase(`reading ${basename(path)}`);
      // The dump is small (the town's own timetable): parsed whole, its text let go once parsed.
      const { dataset, warnings } = legacyDumpToDataset(
        parseMysqlDump(await readText(context, path), basename(path)),
      );
      // Checked before the database is touched.
      const errors = checkDatasetReferences(dataset);
      if (errors.length > 0) {
        throw new Error(`${path} has ${errors.length} broken references:\n  ${errors.join('\n  ')}`);
      }
      await refuseOccupied(context, values.replace === true);
      const { sqlite } = await context.database();
      progress.phase('writing the timetable');
      const counts = replaceTimetable(sqlite, dataset, {
        onStep: (step) => progress.phase(STEP_NAMES[step]),
      });
      return reportImport(context, path, counts, warnings, dataset, progress);
    },
  },
  {
    name: 'import',
    synopsis: '<file.json> [--replace] [--quiet]',
    summary: "import a timetable in the project's JSON format (as written by export)",
    options: importOptions,
    positionals: ['the JSON file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const { path, fd } = openInput(context, positionals[0] ?? '');
      try {
        const name = basename(path);
        const size = fstatSync(fd).size;
        const onBytes = (read: number) => progress.update(read);
        const { sqlite } = await context.database();
        try {
          await refuseOccupied(context, values.replace === true);
        } catch (occupied) {
          // The file's own problems come first, as when it was read before the database was asked.
          progress.phase(`checking ${name}`, size, 'bytes');
          readDatasetStream(fd, name, { onBytes, source: path });
          throw occupied;
        }
        // Read, checked and written in one pass, inside the write's one transaction: a file
        // found broken anywhere, even in its last bytes, leaves the database as it was.
        progress.phase(`importing ${name}`, size, 'bytes');
        let dataset: TimetableDataset | undefined;
        const counts = replaceTimetableFrom(
          sqlite,
          (sink) => {
            dataset = readDatasetStream(fd, name, { sink, onBytes, source: path });
          },
          { onStep: (step) => progress.phase(STEP_NAMES[step]) },
        );
        if (dataset === undefined) throw new Error(`${name} was not read`);
        return await reportImport(context, path, counts, [], dataset, progress);
      } finally {
        closeSync(fd);
      }
    },
  },
  {
    name: 'export',
    synopsis: '<file.json> [--quiet]',
    summary: "write the whole timetable in the project's JSON format",
    options: QUIET_OPTION,
    positionals: ['the output file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const path = context.resolvePath(positionals[0] ?? '');
      const { kysely: db, sqlite } = await context.database({ mustExist: true });
      progress.phase('reading the timetable');
      const counts = await countTimetable(db);
      const head = await readTimetableHead(db);
      // Written beside the target and renamed, so a failed export never leaves half a file; a
      // schedule at a time, so a national export holds one schedule's text, not the file's.
      const temporary = `${path}.${process.pid}.tmp`;
      const fd = openSync(temporary, 'w');
      try {
        progress.phase(`writing ${basename(path)}`, counts.schedules, 'schedules');
        let written = 0;
        const schedules = function* () {
          for (const schedule of eachTimetableSchedule(sqlite)) {
            yield schedule;
            progress.update(++written);
          }
        };
        let pending = '';
        for (const chunk of datasetJsonChunks(withSchedules(head, schedules()))) {
          pending += chunk;
          if (pending.length >= WRITE_CHUNK_CHARS) {
            writeSync(fd, pending);
            pending = '';
          }
        }
        writeSync(fd, pending);
        closeSync(fd);
      } catch (error) {
        closeSync(fd);
        rmSync(temporary, { force: true });
        throw error;
      }
      renameSync(temporary, path);
      context.out(`exported ${context.dbPath} to ${path}:`);
      for (const line of formatCounts(counts)) context.out(line);
      if (head.stops.length === 0 && head.lines.length === 0) {
        context.err('warning: the database holds no timetable; the file has empty lists');
      }
      return 0;
    },
  },
];

/** An export's text goes to the file in pieces of about this many characters. */
const WRITE_CHUNK_CHARS = 1 << 20;
