import { readFile, rename, writeFile } from 'node:fs/promises';
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
  listServiceChanges,
  readTimetable,
  replaceTimetable,
  type TimetableCounts,
} from '@bus/db';
import { parseDatasetJson, serializeDataset } from '../import/dataset-json.ts';
import { legacyDumpToDataset } from '../import/legacy-to-dataset.ts';
import { parseMysqlDump } from '../import/mysql-dump-parser.ts';
import type { CliCommand, CliContext } from './commands.ts';

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

async function readInput(context: CliContext, file: string): Promise<{ path: string; text: string }> {
  const path = context.resolvePath(file);
  try {
    return { path, text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(error as Error).message}`);
  }
}

/**
 * The common end of both imports. The file is read and checked before the database is
 * touched, and an existing timetable is only replaced when asked to: no data is lost silently.
 */
async function importDataset(
  context: CliContext,
  source: string,
  replace: boolean,
  load: () => { dataset: TimetableDataset; warnings: string[] },
): Promise<number> {
  const { dataset, warnings } = load();
  const errors = checkDatasetReferences(dataset);
  if (errors.length > 0) {
    throw new Error(`${source} has ${errors.length} broken references:\n  ${errors.join('\n  ')}`);
  }

  const { kysely: db, sqlite } = await context.database();
  const before = await countTimetable(db);
  if ((before.stops > 0 || before.lines > 0) && !replace) {
    throw new Error(
      `the database ${context.dbPath} already holds a timetable (${before.stops} stops, ${before.lines} lines); ` +
        'pass --replace to overwrite it (export it first to keep a copy)',
    );
  }
  const counts = replaceTimetable(sqlite, dataset);
  context.out(`imported ${basename(source)} into ${context.dbPath}:`);
  for (const line of formatCounts(counts)) context.out(line);
  // The import's own notes (what it changed), then the timetable check over what was imported.
  for (const warning of warnings) context.err(`warning: ${warning}`);
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

const replaceOption = { replace: { type: 'boolean' } } as const;

export const dataCommands: CliCommand[] = [
  {
    name: 'import-legacy',
    synopsis: '<dump.sql> [--replace]',
    summary: "import the old system's MySQL dump (ids kept, users not imported)",
    options: replaceOption,
    positionals: ['the dump file'],
    async run(context, { positionals, values }) {
      const { path, text } = await readInput(context, positionals[0] ?? '');
      return importDataset(context, path, values.replace === true, () =>
        legacyDumpToDataset(parseMysqlDump(text, basename(path))),
      );
    },
  },
  {
    name: 'import',
    synopsis: '<file.json> [--replace]',
    summary: "import a timetable in the project's JSON format (as written by export)",
    options: replaceOption,
    positionals: ['the JSON file'],
    async run(context, { positionals, values }) {
      const { path, text } = await readInput(context, positionals[0] ?? '');
      return importDataset(context, path, values.replace === true, () => ({
        dataset: parseDatasetJson(text, basename(path)),
        warnings: [],
      }));
    },
  },
  {
    name: 'export',
    synopsis: '<file.json>',
    summary: "write the whole timetable in the project's JSON format",
    positionals: ['the output file'],
    async run(context, { positionals }) {
      const path = context.resolvePath(positionals[0] ?? '');
      const { kysely: db } = await context.database({ mustExist: true });
      const dataset = await readTimetable(db);
      // Written beside the target and renamed, so a failed export never leaves half a file.
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, serializeDataset(dataset), 'utf8');
      await rename(temporary, path);
      context.out(`exported ${context.dbPath} to ${path}:`);
      for (const line of formatCounts(await countTimetable(db))) context.out(line);
      if (dataset.stops.length === 0 && dataset.lines.length === 0) {
        context.err('warning: the database holds no timetable; the file has empty lists');
      }
      return 0;
    },
  },
];
