import { setPriority } from 'node:os';
import { alertsFeed, tripUpdatesFeed } from '@bus/core';
import { type OpenedDatabase, openImage, openReader } from '@bus/db';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import {
  FEED_PROCESS_NICE,
  type FeedBuildReport,
  type FeedWorkerReply,
  type FeedWorkerRequest,
  type RealtimeBasis,
} from './feed-worker-protocol.ts';
import { writeFeedZip } from './feed-zip.ts';

/**
 * The feeds' process (feed-publisher.ts starts it beside the server): builds the GTFS zip from
 * its own read-only connection and keeps what the last published zip was made of, from which it
 * makes the GTFS-Realtime messages. The server never holds the timetable for the feeds nor runs
 * their work, not even its garbage collection; this process runs at the lowest priority (nice 19), and one
 * that runs out of memory dies alone (its heap is capped).
 */

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime;

/**
 * What the last published zips were made of, by key (a server has one database: one entry;
 * the process is shared by the databases of a server process (tests), so a few are kept, the oldest dropped).
 */
const bases = new Map<string, RealtimeBasis>();
const KEPT_BASES = 2;
/** The last message made, per database's build and feed name: every request of a minute asks for the same one. */
const messages = new Map<string, { key: string; pb: Uint8Array; json: string }>();

function open(source: FeedWorkerRequest & { kind: 'build' }): OpenedDatabase {
  return typeof source.database === 'string'
    ? openReader(source.database)
    : openImage(Buffer.from(source.database));
}

async function handle(request: FeedWorkerRequest): Promise<FeedWorkerReply> {
  if (request.kind === 'build') {
    const db = open(request);
    try {
      const written = await writeFeedZip(db, request.start, request.path);
      const { dataset, changes, changedAt } = written.sources;
      const ready = written.report.problems.length === 0;
      if (ready) {
        bases.delete(request.key);
        bases.set(request.key, {
          dataset,
          changes,
          ids: written.report.ids,
          windowEnd: written.report.summary.end,
          changedAt,
        });
        for (const old of [...bases.keys()].slice(0, -KEPT_BASES)) bases.delete(old);
      }
      const operators = new Map<string, string[]>();
      for (const line of dataset.lines) {
        if (line.operator === null) continue;
        operators.set(line.operator, [...(operators.get(line.operator) ?? []), line.name]);
      }
      const report: FeedBuildReport = {
        problems: written.report.problems,
        warnings: written.report.warnings,
        summary: written.report.summary,
        settings: written.sources.stored.settings,
        savedAt: written.sources.stored.savedAt,
        operators: [...operators],
        stopsWithoutPosition: dataset.stops.filter((s) => s.position === undefined).length,
      };
      return {
        kind: 'built',
        id: request.id,
        key: request.key,
        ready,
        size: written.size,
        etag: written.etag,
        version: written.report.summary.version,
        changedAt,
        report: JSON.stringify(report),
      };
    } finally {
      db.sqlite.close();
    }
  }
  const basis = bases.get(request.basisKey);
  if (basis === undefined) return { kind: 'no-basis', id: request.id };
  const key = `${request.basisKey}|${request.today}|${request.timestamp}`;
  // One message per database (the key's first part) and feed.
  const slot = `${request.basisKey.split('|')[0]}|${request.name}`;
  const kept = messages.get(slot);
  if (kept?.key !== key) {
    const make = request.name === 'alerts' ? alertsFeed : tripUpdatesFeed;
    const message = FeedMessage.fromObject(
      make({ ...basis, today: request.today, timestamp: request.timestamp }),
    );
    messages.delete(slot);
    messages.set(slot, {
      key,
      pb: FeedMessage.encode(message).finish(),
      json: JSON.stringify(message.toJSON()),
    });
  }
  // Messages of databases long gone go: a few per database at most.
  for (const old of [...messages.keys()].slice(0, -2 * KEPT_BASES)) messages.delete(old);
  const made = messages.get(slot) as { pb: Uint8Array; json: string };
  return { kind: 'realtime', id: request.id, pb: made.pb, json: made.json };
}

if (process.send === undefined)
  throw new Error('feed-worker.ts runs as a child process of the server (feed-publisher.ts starts it)');
const send = process.send.bind(process);
// The server answers first: this process takes what CPU the serving one leaves.
try {
  setPriority(FEED_PROCESS_NICE);
} catch {
  // Not allowed here: it runs at the server's priority.
}
// Gone with the server.
process.on('disconnect', () => process.exit(0));
// One request at a time, in order: a build and the messages never run side by side.
let queue: Promise<unknown> = Promise.resolve();
process.on('message', (request: FeedWorkerRequest) => {
  queue = queue.then(async () => {
    let reply: FeedWorkerReply;
    try {
      reply = await handle(request);
    } catch (error) {
      reply = { kind: 'failed', id: request.id, message: (error as Error)?.stack ?? String(error) };
    }
    send(reply);
  });
});
