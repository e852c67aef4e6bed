import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { TimetableDataset } from '@bus/core';
import { datasetJsonChunks } from '../../packages/server/src/import/dataset-json.ts';
import { REPO_ROOT } from './server.ts';

/**
 * `pnpm cli import` as an operator runs it: its own process, its wall time and its peak memory.
 * The peak is what the kernel counted for that process (process.resourceUsage().maxRSS, printed
 * by the CLI under CLI_REPORT_PEAK_RSS=1): no /usr/bin/time needed, and the bench's own memory
 * (it holds the generated timetable) is not in it.
 */

export interface CliImportRun {
  code: number | null;
  /** Wall time of the whole command, start-up included. */
  ms: number;
  /** Null when the command did not say (it failed before its end). */
  peakRssMb: number | null;
  /** stdout and stderr, for the report of a failed run. */
  output: string;
}

/** Writes a dataset as `pnpm cli export` would, a part at a time (the text is never held whole). */
export function writeDatasetFile(dataset: TimetableDataset, path: string): void {
  const fd = openSync(path, 'w');
  try {
    let pending = '';
    for (const chunk of datasetJsonChunks(dataset)) {
      pending += chunk;
      if (pending.length >= 1 << 20) {
        writeSync(fd, pending);
        pending = '';
      }
    }
    writeSync(fd, pending);
  } finally {
    closeSync(fd);
  }
}

/** Reads "peak RSS: 312 MB" from the CLI's stderr. */
export function peakRssOf(output: string): number | null {
  const match = /^peak RSS: (\d+) MB$/m.exec(output);
  return match ? Number(match[1]) : null;
}

/** Runs `pnpm cli import <file> [args]` against `dbPath` (as `node --import tsx`, what `pnpm cli` runs). */
export async function runCliImport(file: string, dbPath: string, args: string[] = []): Promise<CliImportRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'import', file, '--quiet', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DB_PATH: dbPath, CLI_REPORT_PEAK_RSS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, ms: performance.now() - started, peakRssMb: peakRssOf(output), output };
}
