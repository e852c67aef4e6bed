import {
  type BuiltFeed,
  buildFeed,
  type Clock,
  describeFeedProblem,
  type FeedProblem,
  type GtfsNotice,
  type PublishingSettings,
  validateGtfs,
  vilniusNow,
} from '@bus/core';
import {
  feedDataChangedAt,
  getPublishingSettings,
  listChangeRules,
  listServiceChanges,
  type OpenedDatabase,
  readTimetable,
} from '@bus/db';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { feedPublisher } from './feed-publisher.ts';

/**
 * The GTFS feed of the timetable, built from the database (never a second copy to keep in
 * step): in memory for a town's data and tests (currentFeed, zipFeed), as a zip file in bounded
 * memory for /gtfs.zip and `pnpm cli export-gtfs` (feed-zip.ts, in the feeds' process:
 * feed-publisher.ts).
 */

export type FeedSources = Awaited<ReturnType<typeof feedSources>>;

/** Everything the feed is made of, read in one transaction: one state of the data, whatever other processes write meanwhile. */
export async function feedSources(db: OpenedDatabase) {
  return db.kysely.transaction().execute(async (trx) => {
    // Its own connection (the feeds' process, a command): the trips' times may stream.
    const dataset = await readTimetable(trx, { streamTimes: true });
    const stored = await getPublishingSettings(trx);
    const changedAt = await feedDataChangedAt(trx);
    // The service changes make the feed exact day by day (cancelled trips, changed times).
    const changes = await listServiceChanges(trx);
    // Where a through fare's journey may change (issue 41): the change places staff set.
    const { places: changePlaces } = await listChangeRules(trx);
    return { dataset, stored, changedAt, changes, changePlaces };
  });
}

function feedOf(sources: FeedSources, clock: Clock): BuiltFeed {
  return buildFeed({
    dataset: sources.dataset,
    settings: sources.stored.settings,
    start: vilniusNow(clock).date,
    version: feedVersion(sources.changedAt),
    changes: sources.changes,
    changePlaces: sources.changePlaces,
  });
}

/** The feed as it would be published today, with what keeps it from being published. */
export async function currentFeed(db: OpenedDatabase, clock: Clock): Promise<BuiltFeed> {
  return feedOf(await feedSources(db), clock);
}

/** '2026-11-25T10:04:05.123Z' -> '20261125T100405Z'; a database nothing has changed yet: 'initial'. */
export function feedVersion(changedAt: string | null): string {
  if (changedAt === null) return 'initial';
  return `${changedAt.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/**
 * A zip whose bytes depend on the files only: each entry's time is the feed's version time
 * (zip keeps local time without a zone; it is written as the UTC clock reading), so two exports
 * of unchanged data are byte for byte the same.
 */
export function zipFeed(feed: BuiltFeed): Uint8Array {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(feed.summary.version);
  const [year, month, day, hour, minute, second] = (
    match?.slice(1) ?? ['2026', '01', '01', '0', '0', '0']
  ).map(Number) as [number, number, number, number, number, number];
  const mtime = new Date(year, month - 1, day, hour, minute, second);
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const [name, text] of feed.files) entries[name] = [strToU8(text), { mtime }];
  return zipSync(entries, { level: 9 });
}

/** The files of any zip (a feed to validate); a broken zip is an Error saying so. */
export function unzipFeed(bytes: Uint8Array): Map<string, string> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new Error(`not a readable zip file (${(error as Error).message})`);
  }
  const decoder = new TextDecoder('utf-8');
  const files = new Map<string, string>();
  for (const [path, data] of Object.entries(entries)) {
    // Feeds are flat; a folder entry or a file in a folder is not one of GTFS's files.
    if (path.endsWith('/')) continue;
    files.set(path, decoder.decode(data));
  }
  return files;
}

export function validateFeedZip(bytes: Uint8Array, today: string): GtfsNotice[] {
  return validateGtfs(unzipFeed(bytes), { today });
}

/** A feed that cannot be published: every problem, in plain English. */
export class FeedNotReady extends Error {
  constructor(readonly problems: readonly FeedProblem[]) {
    super(
      `the GTFS feed cannot be published yet (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):\n  ${problems
        .map(describeFeedProblem)
        .join('\n  ')}`,
    );
  }
}

/** What the Publishing screen shows: the settings, the operators to fill in, and the readiness. */
export interface PublishingOverview {
  settings: PublishingSettings;
  savedAt: string | null;
  /** The operators the lines name, each with what is stored for it. */
  operators: { name: string; url: string | null; phone: string | null; lines: string[] }[];
  problems: FeedProblem[];
  warnings: GtfsNotice[];
  summary: BuiltFeed['summary'];
  /** Stops with no position, of all stops (the feed needs only those its trips use). */
  stopsWithoutPosition: number;
}

export async function publishingOverview(db: OpenedDatabase, clock: Clock): Promise<PublishingOverview> {
  // Built in the feeds' process, as the published zip is: the very build /gtfs.zip serves.
  const built = await feedPublisher(db).report(clock);
  const contacts = new Map(built.settings.operators.map((o) => [o.name, o]));
  return {
    settings: built.settings,
    savedAt: built.savedAt,
    operators: built.operators.map(([name, lines]) => ({
      name,
      url: contacts.get(name)?.url ?? null,
      phone: contacts.get(name)?.phone ?? null,
      lines,
    })),
    problems: built.problems,
    warnings: built.warnings,
    summary: built.summary,
    stopsWithoutPosition: built.stopsWithoutPosition,
  };
}
