import { alertsFeed, tripUpdatesFeed } from '@bus/core';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import type { ReadContext } from '../public-read/read-context.ts';
import { publishedFeed, type RealtimeBasis } from '../services/gtfs.ts';

/**
 * The GTFS-Realtime feeds of the service changes (core/src/gtfs/realtime*.ts), encoded by
 * MobilityData's bindings of gtfs-realtime.proto: `/gtfs-rt/alerts.pb` and
 * `/gtfs-rt/trip-updates.pb`. They refer to the published static feed (/gtfs.zip) and are made
 * of the same read of the data, so their ids are the zip's; while the zip cannot be published
 * they cannot either (FeedNotReady, as for /gtfs.zip).
 */

const { FeedMessage } = GtfsRealtimeBindings.transit_realtime;

export const REALTIME_FEEDS = {
  alerts: alertsFeed,
  'trip-updates': tripUpdatesFeed,
} as const;
export type RealtimeFeedName = keyof typeof REALTIME_FEEDS;

/**
 * The header's timestamp (POSIX seconds): the start of the request's minute, or the data's last
 * change when that came later in the minute, never after now. The answer is the same for the
 * same data and minute (its ETag says so), and a change of the data always moves the timestamp.
 */
export function headerTimestamp(read: ReadContext, changedAt: string | null): number {
  const now = Math.floor(read.clock().getTime() / 1000);
  const changed = changedAt === null ? 0 : Math.floor(Date.parse(changedAt) / 1000);
  return Math.min(now, Math.max(read.minute * 60, changed));
}

type Message = InstanceType<typeof FeedMessage>;

/**
 * The last message of each feed, kept beside the published static feed it was made of (so it
 * goes with it): the same data, date and timestamp make the same message, which every request of
 * the minute shares.
 */
const kept = new WeakMap<RealtimeBasis, Map<RealtimeFeedName, { key: string; message: Message }>>();

/** The feed's message for the request's data and minute (throws FeedNotReady like /gtfs.zip). */
export async function realtimeMessage(read: ReadContext, name: RealtimeFeedName): Promise<Message> {
  const { realtime } = await publishedFeed(read.db, read.clock);
  const timestamp = headerTimestamp(read, realtime.changedAt);
  const key = `${read.now.date}|${timestamp}`;
  let feeds = kept.get(realtime);
  if (feeds === undefined) {
    feeds = new Map();
    kept.set(realtime, feeds);
  }
  const last = feeds.get(name);
  if (last?.key === key) return last.message;
  const message = FeedMessage.fromObject(
    REALTIME_FEEDS[name]({
      dataset: realtime.dataset,
      changes: realtime.changes,
      ids: realtime.ids,
      windowEnd: realtime.windowEnd,
      today: read.now.date,
      timestamp,
    }),
  );
  feeds.set(name, { key, message });
  return message;
}

/** The message as protobuf bytes. */
export function encodeFeed(message: Message): Uint8Array {
  return FeedMessage.encode(message).finish();
}

/** The message as JSON: protobuf's JSON form (camelCase names, enums by name, 64-bit numbers as strings). */
export function feedJson(message: Message): string {
  return JSON.stringify(message.toJSON());
}
