import { createHash } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { type FeedReport, type FeedSink, writeFeed } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { type FeedSources, feedSources, feedVersion } from './published.ts';

/**
 * The GTFS feed written as a zip file in bounded memory: the rows are made a piece at a time
 * (core's writeFeed) and each piece is compressed and written out at once, so not the feed's
 * text nor its zip is ever held whole (a national feed is hundreds of megabytes of text). Used
 * by the feed's worker thread (feed-worker.ts) and by `pnpm cli export-gtfs`.
 */

export interface WrittenFeed {
  report: FeedReport;
  /** The zip's bytes (0 when the feed cannot be published: no file is kept then). */
  size: number;
  /** Named by the zip's bytes: two different feeds never share a tag, whatever their times say. */
  etag: string;
  /** What the feed was made of, for the GTFS-Realtime feeds and the Publishing screen. */
  sources: FeedSources;
}

/**
 * Writes the feed of the data as of `start` (today in Vilnius) to `path` (through a temporary
 * file beside it, renamed when complete). A feed with problems is not written: the report says
 * why. The entries' times are the feed's version time, so unchanged data gives the same bytes.
 * `onProgress` hears what is being done ('reading the timetable', 'writing stop_times.txt') and
 * the zip's bytes so far (the command line shows it).
 */
export async function writeFeedZip(
  db: OpenedDatabase,
  start: string,
  path: string,
  onProgress: (step: string, zipBytes: number) => void = () => {},
): Promise<WrittenFeed> {
  onProgress('reading the timetable', 0);
  const sources = await feedSources(db);
  const version = feedVersion(sources.changedAt);
  const temporary = `${path}.${process.pid}.part`;
  const fd = openSync(temporary, 'w', 0o644);
  const hash = createHash('sha256');
  let size = 0;
  let step = 'writing the feed';
  let failure: Error | null = null;
  try {
    const zip = new Zip((error, chunk) => {
      if (error) {
        failure = error;
        return;
      }
      writeSync(fd, chunk);
      hash.update(chunk);
      size += chunk.length;
      onProgress(step, size);
    });
    const mtime = zipTime(version);
    const sink: FeedSink = {
      open(name) {
        step = `writing ${name}`;
        onProgress(step, size);
        const entry = new ZipDeflate(name, { level: 6 });
        entry.mtime = mtime;
        zip.add(entry);
        return {
          write: (text) => entry.push(strToU8(text)),
          close: () => entry.push(new Uint8Array(0), true),
        };
      },
    };
    const report = writeFeed(
      {
        dataset: sources.dataset,
        settings: sources.stored.settings,
        start,
        version,
        changes: sources.changes,
        changePlaces: sources.changePlaces,
      },
      sink,
    );
    zip.end();
    closeSync(fd);
    if (failure !== null) throw failure;
    if (report.problems.length > 0) {
      rmSync(temporary, { force: true });
      return { report, size: 0, etag: '', sources };
    }
    renameSync(temporary, path);
    return { report, size, etag: `"gtfs-${hash.digest('base64url').slice(0, 22)}"`, sources };
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // Closed already.
    }
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The zip entries' time: the version's time (zip keeps local time without a zone; it is written
 * as the UTC clock reading); 'initial' (nothing changed yet) is a fixed day.
 */
function zipTime(version: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(version);
  const [year, month, day, hour, minute, second] = (
    match?.slice(1) ?? ['2026', '01', '01', '0', '0', '0']
  ).map(Number) as [number, number, number, number, number, number];
  return new Date(year, month - 1, day, hour, minute, second);
}
