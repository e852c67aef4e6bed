import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  decodeUtf8Lines,
  type GtfsNotice,
  NOT_UTF8_TEXT,
  parseStopPositionsCsv,
  systemClock,
  vilniusNow,
} from '@bus/core';
import { writeFeedZip } from '../public-read/gtfs/feed-zip.ts';
import { FeedNotReady, validateFeedZip } from '../public-read/gtfs/published.ts';
import { importStopPositions } from '../services/admin/stop-positions.ts';
import type { CliCommand, CliContext } from './commands.ts';
import { QUIET_OPTION } from './progress.ts';
import { importPositionsFromGtfs } from './stop-positions-from-gtfs.ts';

/** Who the history names for a command-line write (no account name has parentheses). */
export const CLI_USERNAME = '(command line)';

/**
 * The largest stop positions file or stops.txt the command line reads (a million positions,
 * the most a positions file may hold, are some 20-35 MB): a larger one is refused before it is
 * read, so what the command holds stays bounded.
 */
export const MAX_POSITIONS_FILE_BYTES = 64 * 1024 * 1024;

async function readBytes(
  context: CliContext,
  file: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ path: string; bytes: Buffer }> {
  const path = context.resolvePath(file);
  try {
    const { size } = await stat(path);
    if (size > maxBytes)
      throw new Error(
        `${basename(path)} is ${size} bytes, larger than the ${maxBytes} this command reads; nothing was changed`,
      );
    return { path, bytes: await readFile(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new Error(code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(error as Error).message}`);
  }
}

/**
 * A text file as UTF-8 (or the line of its first bytes that are not), its bytes let go once
 * decoded: what the command holds is the text and what is made of it, not the file twice.
 */
export async function readUtf8(
  context: CliContext,
  file: string,
  maxBytes: number,
): Promise<{ path: string; decoded: ReturnType<typeof decodeUtf8Lines> }> {
  const { path, bytes } = await readBytes(context, file, maxBytes);
  return { path, decoded: decodeUtf8Lines(bytes) };
}

function noticeLine(notice: GtfsNotice): string {
  return `${notice.severity.toLowerCase()}: ${notice.code}: ${notice.message}`;
}

export const gtfsCommands: CliCommand[] = [
  {
    name: 'export-gtfs',
    synopsis: '<feed.zip> [--quiet]',
    summary: 'write the GTFS feed (the same as /gtfs.zip); refuses a feed with problems',
    options: QUIET_OPTION,
    positionals: ['the output file'],
    async run(context, { positionals, values }) {
      const progress = context.progress(values.quiet === true);
      const path = context.resolvePath(positionals[0] ?? '');
      const db = await context.database({ mustExist: true });
      // Written in bounded memory beside the target and renamed, so a refused or failed export
      // leaves no file. The progress counts the zip's bytes (its final size is not known before).
      const { report: feed } = await writeFeedZip(db, vilniusNow(systemClock).date, path, (step, bytes) => {
        if (step !== progress.current) progress.phase(step, null, 'bytes');
        progress.update(bytes);
      });
      if (feed.problems.length > 0) throw new FeedNotReady(feed.problems);
      const s = feed.summary;
      context.out(`exported the GTFS feed of ${context.dbPath} to ${path}:`);
      context.out(`  dates     ${s.start} to ${s.end} (version ${s.version})`);
      context.out(
        `  ${s.agencies} agencies, ${s.routes} routes, ${s.stops} stops, ${s.trips} trips, ${s.stopTimes} stop times, ${s.services} services`,
      );
      for (const warning of feed.warnings) context.err(noticeLine(warning));
      return 0;
    },
  },
  {
    name: 'validate-gtfs',
    synopsis: '<feed.zip>',
    summary: "check any GTFS feed against the validator's errors and warnings (exit 1 on errors)",
    positionals: ['the feed file'],
    async run(context, { positionals }) {
      const { path, bytes } = await readBytes(context, positionals[0] ?? '');
      const notices = validateFeedZip(new Uint8Array(bytes), vilniusNow(systemClock).date);
      const errors = notices.filter((n) => n.severity === 'ERROR').length;
      for (const notice of notices) context.out(noticeLine(notice));
      context.out(`${basename(path)}: ${errors} errors, ${notices.length - errors} warnings`);
      return errors > 0 ? 1 : 0;
    },
  },
  {
    name: 'import-stop-positions',
    synopsis: '<positions.csv> | --from-gtfs <stops.txt> [--apply] [--overwrite]',
    summary:
      "set stop positions from a CSV (stop_id,lat,lon), or from another feed's stops.txt matched by name (--apply saves, --overwrite replaces)",
    // --from-gtfs.
    options: {
      'from-gtfs': { type: 'string' },
      apply: { type: 'boolean' },
      overwrite: { type: 'boolean' },
    },
    positionals: (values) => (values['from-gtfs'] === undefined ? ['the CSV file'] : []),
    async run(context, { positionals, values }) {
      const stopsTxt = values['from-gtfs'];
      if (typeof stopsTxt === 'string') {
        const file = await readUtf8(context, stopsTxt, MAX_POSITIONS_FILE_BYTES);
        return importPositionsFromGtfs(context, file, {
          apply: values.apply === true,
          overwrite: values.overwrite === true,
          username: CLI_USERNAME,
        });
      }
      if (values.apply || values.overwrite) throw new Error('--apply and --overwrite go with --from-gtfs');
      // Bytes that are not UTF-8 are refused at their line, not read as U+FFFD.
      const { path, decoded } = await readUtf8(context, positionals[0] ?? '', MAX_POSITIONS_FILE_BYTES);
      if (!decoded.ok)
        throw new Error(`${basename(path)} line ${decoded.line}: ${NOT_UTF8_TEXT}; nothing was changed`);
      const parsed = parseStopPositionsCsv(decoded.text);
      if (!parsed.ok)
        throw new Error(`${basename(path)} line ${parsed.line}: ${parsed.message}; nothing was changed`);
      const db = await context.database({ mustExist: true });
      let result: { changed: number; unchanged: number };
      try {
        result = await importStopPositions(
          db,
          { username: CLI_USERNAME, via: 'admin', clock: systemClock },
          parsed.lines,
        );
      } catch (error) {
        throw new Error(`${basename(path)} ${(error as Error).message}; nothing was changed`);
      }
      context.out(
        `set the positions of ${result.changed} stops from ${basename(path)} (${result.unchanged} already had them)`,
      );
      return 0;
    },
  },
];
