import { createHash } from 'node:crypto';
import {
  type BuiltFeed,
  buildFeed,
  type Clock,
  describeFeedProblem,
  type FeedIds,
  type FeedProblem,
  type GtfsNotice,
  type PublishingSettings,
  type ServiceChange,
  type TimetableDataset,
  validateGtfs,
  vilniusNow,
} from '@bus/core';
import {
  dataVersion,
  feedDataChangedAt,
  getPublishingSettings,
  listServiceChanges,
  type OpenedDatabase,
  publishingSavedAt,
  readTimetable,
} from '@bus/db';
import { strToU8, unzipSync, zipSync } from 'fflate';

/**
 * The GTFS feed of the timetable: built on request from the database (never a second copy to
 * keep in step), the same bytes for `GET /gtfs.zip` and `pnpm cli export-gtfs`.
 */

/** Everything the feed is made of, read in one transaction: one state of the data, whatever other processes write meanwhile. */
async function feedSources(db: OpenedDatabase) {
  return db.kysely.transaction().execute(async (trx) => {
    const dataset = await readTimetable(trx);
    const stored = await getPublishingSettings(trx);
    const changedAt = await feedDataChangedAt(trx);
    // The service changes make the feed exact day by day (cancelled trips, changed times).
    const changes = await listServiceChanges(trx);
    return { dataset, stored, changedAt, changes };
  });
}

function feedOf(sources: Awaited<ReturnType<typeof feedSources>>, clock: Clock): BuiltFeed {
  return buildFeed({
    dataset: sources.dataset,
    settings: sources.stored.settings,
    start: vilniusNow(clock).date,
    version: feedVersion(sources.changedAt),
    changes: sources.changes,
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

export interface PublishedFeed {
  zip: Uint8Array;
  etag: string;
  version: string;
  /** What the GTFS-Realtime feeds are made of: the same data, and the ids the zip holds. */
  realtime: RealtimeBasis;
}

export interface RealtimeBasis {
  dataset: TimetableDataset;
  changes: ServiceChange[];
  ids: FeedIds;
  /** The zip's last date. */
  windowEnd: string;
  /** When the data last changed (ISO instant), or null. */
  changedAt: string | null;
}

/**
 * The published zip, kept while the data and the day stay the same (the window starts today),
 * so planners polling /gtfs.zip cost one stamp check each.
 */
const published = new WeakMap<OpenedDatabase, { key: string; feed: Promise<PublishedFeed> }>();

/**
 * Requests that arrive while the feed is being built wait for that one build (a public path
 * must not start one build per request). Kept under the stamp read before building: a write
 * meanwhile moves the stamp, so the next request builds again rather than serve this one.
 */
export function publishedFeed(db: OpenedDatabase, clock: Clock): Promise<PublishedFeed> {
  // What the feed is made of: the data's version and the publishing settings' save, and the
  // day (the window starts today); not the change stamp, which any write moves (a wrong
  // password is one), so nobody outside can make the server build the feed again and again.
  const key = `${dataVersion(db.sqlite)}|${publishingSavedAt(db.sqlite)}|${vilniusNow(clock).date}`;
  const kept = published.get(db);
  if (kept?.key === key) return kept.feed;
  const feed = (async () => {
    const sources = await feedSources(db);
    const built = feedOf(sources, clock);
    if (built.problems.length > 0) throw new FeedNotReady(built.problems);
    const zip = zipFeed(built);
    // Named by its bytes: two different feeds never share a tag, whatever their times say.
    const hash = createHash('sha256').update(zip).digest('base64url').slice(0, 22);
    const realtime: RealtimeBasis = {
      dataset: sources.dataset,
      changes: sources.changes,
      ids: built.ids,
      windowEnd: built.summary.end,
      changedAt: sources.changedAt,
    };
    return { zip, etag: `"gtfs-${hash}"`, version: built.summary.version, realtime };
  })();
  published.set(db, { key, feed });
  // A feed that is not ready is kept too (the same answer until the data changes); any other
  // failure is not.
  feed.catch((error: unknown) => {
    if (!(error instanceof FeedNotReady) && published.get(db)?.feed === feed) published.delete(db);
  });
  return feed;
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
  const sources = await feedSources(db);
  const { dataset, stored } = sources;
  const feed = feedOf(sources, clock);
  const linesByOperator = new Map<string, string[]>();
  for (const line of dataset.lines) {
    if (line.operator === null) continue;
    linesByOperator.set(line.operator, [...(linesByOperator.get(line.operator) ?? []), line.name]);
  }
  const contacts = new Map(stored.settings.operators.map((o) => [o.name, o]));
  return {
    settings: stored.settings,
    savedAt: stored.savedAt,
    operators: [...linesByOperator].map(([name, lines]) => ({
      name,
      url: contacts.get(name)?.url ?? null,
      phone: contacts.get(name)?.phone ?? null,
      lines,
    })),
    problems: feed.problems,
    warnings: feed.warnings,
    summary: feed.summary,
    stopsWithoutPosition: dataset.stops.filter((s) => s.position === undefined).length,
  };
}
