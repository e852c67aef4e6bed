import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Clock, vilniusNow } from '@bus/core';
import { dataVersion, type OpenedDatabase, publishingSavedAt } from '@bus/db';
import type {
  BuiltReply,
  FeedBuildReport,
  FeedWorkerReply,
  FeedWorkerRequest,
  RealtimeFeedName,
} from './feed-worker-protocol.ts';

/**
 * The published feeds of one database, built off the request path: a process of its own
 * (feed-worker.ts, one beside the server) writes /gtfs.zip to a file in bounded memory and makes
 * the GTFS-Realtime messages, while the server goes on answering. What a build is of is its key: the data's
 * version, the publishing save and the day (the window starts today); not the change stamp,
 * which any write moves (a wrong password is one), so nobody outside can make the feed build
 * again and again.
 *
 * - Once anyone has asked for a feed, a change of the key is noticed within WATCH_MS and the
 *   next zip is built ahead of the next request (one build at a time; the newest key wins).
 * - A request waits for the build of the current key at most FRESH_WAIT_MS, then gets the last
 *   published zip (the last good feed, stale by one change) rather than wait for a national
 *   build; with none yet it waits FIRST_WAIT_MS and is then told to come back (503).
 * - A feed that cannot be published (problems) is answered as not published; the problems are
 *   for staff (report(): the Publishing screen, the CLI).
 * - That process's heap is capped (FEED_HEAP_MB): a build that would take more dies alone, the
 *   last good feed stays served, and the next build starts a new process.
 */

export const WATCH_MS = 5_000;
export const FRESH_WAIT_MS = 10_000;
export const FIRST_WAIT_MS = 20_000;
/** A failed build (not a feed with problems: an error) is tried again after this long. */
export const RETRY_FAILED_MS = 60_000;
/**
 * The feeds' process's heap cap, MB (FEED_HEAP_MB in the environment overrides it). A build that
 * needs more dies alone and the last good feed stays served; pnpm bench prints what the national
 * timetable's build adds to the server's memory.
 */
export const FEED_HEAP_MB = Number(process.env.FEED_HEAP_MB) > 0 ? Number(process.env.FEED_HEAP_MB) : 384;

export interface PublishedZip {
  key: string;
  path: string;
  size: number;
  etag: string;
  version: string;
  /** When the data last changed (ISO instant), or null: the realtime feeds' timestamps follow it. */
  changedAt: string | null;
}

/** The feed cannot be published (it has problems, which staff see on the Publishing screen). */
export class FeedNotPublished extends Error {
  constructor() {
    super('The GTFS feed is not published yet');
  }
}

/** No feed has been published yet and the first one is still being built. */
export class FeedBeingBuilt extends Error {
  constructor() {
    super('The GTFS feed is being built; try again in a minute');
  }
}

interface Build {
  key: string;
  done: Promise<BuiltReply | null>;
  failedAt: number | null;
}

const TIMED_OUT = Symbol('timed out');

/** Each build's report, read from its JSON once staff first ask for it. */
const reports = new WeakMap<BuiltReply, FeedBuildReport>();

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export class FeedPublisher {
  private files = 0;
  /** Names this database's builds in the shared process. */
  private readonly id = nextPublisher++;
  private dir: string | null = null;
  private build: Build | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private published: PublishedZip | null = null;
  private watcher: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: OpenedDatabase,
    private readonly waits = { fresh: FRESH_WAIT_MS, first: FIRST_WAIT_MS },
  ) {}

  private keyOf(clock: Clock): { key: string; start: string } {
    const start = vilniusNow(clock).date;
    return { key: `${dataVersion(this.db.sqlite)}|${publishingSavedAt(this.db.sqlite)}|${start}`, start };
  }

  /** The build of the data as it is now: the one running or done, else a new one after the running one. */
  private refresh(clock: Clock): Build {
    const { key: dataKey, start } = this.keyOf(clock);
    const key = `${this.id}|${dataKey}`;
    const kept = this.build;
    if (kept?.key === key && (kept.failedAt === null || Date.now() - kept.failedAt < RETRY_FAILED_MS))
      return kept;
    const build: Build = { key, done: Promise.resolve(null), failedAt: null };
    // One build at a time; a build whose key is no longer the newest when its turn comes is skipped.
    build.done = this.chain.then(() => (this.build === build ? this.run(build, start) : null));
    build.done.catch(() => {
      build.failedAt = Date.now();
    });
    this.chain = build.done.catch(() => undefined);
    this.build = build;
    return build;
  }

  private async run(build: Build, start: string): Promise<BuiltReply> {
    if (this.closed) throw new Error('the feeds are closed');
    this.dir ??= mkdtempSync(join(tmpdir(), 'bus-feed-'));
    const path = join(this.dir, `gtfs-${++this.files}.zip`);
    const sqlite = this.db.sqlite;
    const database = sqlite.memory ? new Uint8Array(sqlite.serialize()) : sqlite.name;
    const reply = await this.call({ kind: 'build', id: 0, key: build.key, database, start, path });
    if (reply.kind !== 'built') throw new Error(`the feed's build answered ${reply.kind}`);
    if (reply.ready) {
      const old = this.published;
      this.published = {
        key: build.key,
        path,
        size: reply.size,
        etag: reply.etag,
        version: reply.version,
        changedAt: reply.changedAt,
      };
      // A zip being sent keeps its open file; the name goes.
      if (old !== null) rmSync(old.path, { force: true });
    }
    return reply;
  }

  /** Rebuilds ahead of requests after a change, once anyone has asked for a feed. */
  private watch(clock: Clock) {
    if (this.watcher !== null || this.closed) return;
    this.watcher = setInterval(() => {
      this.refresh(clock).done.catch(() => undefined);
    }, WATCH_MS);
    this.watcher.unref();
  }

  /** The zip to serve: the current one, or the last good one while the current one is built. */
  async zip(clock: Clock): Promise<PublishedZip> {
    this.watch(clock);
    for (;;) {
      const build = this.refresh(clock);
      const last = this.published;
      let settled: BuiltReply | null | typeof TIMED_OUT;
      try {
        settled = await within(build.done, last === null ? this.waits.first : this.waits.fresh);
      } catch (error) {
        // The build failed (an error, its process out of memory): the last good feed stays.
        if (last !== null) return last;
        throw error;
      }
      if (settled === TIMED_OUT) {
        if (last !== null) return last;
        throw new FeedBeingBuilt();
      }
      if (settled === null) continue; // Passed over by a newer change: wait for that one.
      if (!settled.ready) throw new FeedNotPublished();
      return this.published as PublishedZip;
    }
  }

  /** The build's full report of the data as it is now (staff: problems, warnings), however long it takes. */
  async report(clock: Clock): Promise<FeedBuildReport & { ready: boolean }> {
    this.watch(clock);
    for (;;) {
      const settled = await this.refresh(clock).done;
      if (settled === null) continue;
      let report = reports.get(settled);
      if (report === undefined) {
        report = JSON.parse(settled.report) as FeedBuildReport;
        reports.set(settled, report);
      }
      return { ...report, ready: settled.ready };
    }
  }

  /** A GTFS-Realtime message of the published zip's data (what zip() gives), as protobuf and JSON. */
  async realtime(
    clock: Clock,
    name: RealtimeFeedName,
    today: string,
    timestamp: number,
  ): Promise<{ zip: PublishedZip; pb: Uint8Array; json: string }> {
    for (let attempt = 0; ; attempt++) {
      const zip = await this.zip(clock);
      const reply = await this.call({ kind: 'realtime', id: 0, name, basisKey: zip.key, today, timestamp });
      if (reply.kind === 'realtime') return { zip, pb: reply.pb, json: reply.json };
      // The process started anew (its last one died) and holds no published data: build again.
      if (reply.kind === 'no-basis' && attempt === 0) {
        this.published = null;
        this.build = null;
        continue;
      }
      throw new Error(`the realtime feed answered ${reply.kind}`);
    }
  }

  private call(request: FeedWorkerRequest): Promise<FeedWorkerReply> {
    return feedThread.call(request);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.watcher !== null) clearInterval(this.watcher);
    // A build under way is not waited for (a national one takes minutes): its file goes with
    // the folder, and its answer is dropped.
    if (this.dir !== null) rmSync(this.dir, { recursive: true, force: true });
  }
}

let nextPublisher = 1;

/**
 * The feeds' process, one per server process (a server has one database; a test run opens many,
 * and a process of their own each would start the code anew each time). A process, not a thread:
 * its garbage collection, which on a national build runs for long stretches on every core it
 * can get, must not take the server's turn, so it runs at a lower priority (FEED_PROCESS_NICE),
 * and its memory is its own. Requests run in order.
 */
class FeedThread {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, (reply: FeedWorkerReply | Error) => void>();
  private nextId = 1;

  private process(): ChildProcess {
    if (this.child !== null) return this.child;
    // From the TypeScript sources (tests, pnpm dev) a plain module registers tsx's loader first.
    const source = import.meta.url.endsWith('.ts');
    const file = fileURLToPath(
      new URL(source ? './feed-worker-dev.mjs' : './feed-worker.js', import.meta.url),
    );
    const child = fork(file, [], {
      // A small young generation too: the build's garbage is many short pieces, and the
      // default semi-spaces would add tens of megabytes to what it holds.
      execArgv: [`--max-old-space-size=${FEED_HEAP_MB}`, '--max-semi-space-size=4'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The process never keeps the server alive on its own.
    child.unref();
    child.channel?.unref();
    const failAll = (error: Error) => {
      if (this.child === child) this.child = null;
      for (const settle of this.pending.values()) settle(error);
      this.pending.clear();
    };
    child.on('message', (reply: FeedWorkerReply) => {
      const settle = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) child.channel?.unref();
      settle?.(reply);
    });
    child.on('error', (error) =>
      failAll(new Error(`the feeds' process failed: ${error.message}`, { cause: error })),
    );
    child.on('exit', (code, signal) =>
      failAll(
        new Error(
          `the feeds' process stopped (${signal ?? `exit code ${code}`}${code === 134 || signal === 'SIGABRT' ? ', out of memory: see FEED_HEAP_MB' : ''})`,
        ),
      ),
    );
    this.child = child;
    return child;
  }

  call(request: FeedWorkerRequest): Promise<FeedWorkerReply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => {
        if (reply instanceof Error) reject(reply);
        else if (reply.kind === 'failed') reject(new Error(`the feed's build failed: ${reply.message}`));
        else resolve(reply);
      });
      const child = this.process();
      // Kept alive while an answer is awaited (a test, the CLI), not otherwise.
      child.channel?.ref();
      child.send({ ...request, id }, (error) => {
        if (error) {
          this.pending.delete(id);
          reject(error);
        }
      });
    });
  }
}

const feedThread = new FeedThread();

const publishers = new WeakMap<OpenedDatabase, FeedPublisher>();

/** The database's feeds (one set of files per database, built in the one feeds' process, whichever app serves it). */
export function feedPublisher(db: OpenedDatabase): FeedPublisher {
  let publisher = publishers.get(db);
  if (publisher === undefined) {
    publisher = new FeedPublisher(db);
    publishers.set(db, publisher);
  }
  return publisher;
}

/** Forgets the database's feeds and removes their files (the app's close). */
export async function closeFeedPublisher(db: OpenedDatabase): Promise<void> {
  const publisher = publishers.get(db);
  publishers.delete(db);
  await publisher?.close();
}
