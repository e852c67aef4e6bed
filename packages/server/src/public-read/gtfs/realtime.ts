import type { ReadContext } from '../read-context.ts';
import { feedPublisher } from './feed-publisher.ts';
import type { RealtimeFeedName } from './feed-worker-protocol.ts';

/**
 * The GTFS-Realtime feeds of the service changes (core/src/gtfs/realtime*.ts), encoded by
 * MobilityData's bindings of gtfs-realtime.proto: `/gtfs-rt/alerts.pb` and
 * `/gtfs-rt/trip-updates.pb`. They refer to the published static feed (/gtfs.zip) and are made
 * in the feeds' process from what that zip was made of, so their ids are the zip's; while the
 * zip cannot be published they cannot either (FeedNotPublished, as for /gtfs.zip).
 */

export type { RealtimeFeedName };

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

/** The feed's message for the request's day and minute, as protobuf bytes and as protobuf's JSON form. */
export async function realtimeMessage(
  read: ReadContext,
  name: RealtimeFeedName,
): Promise<{ pb: Uint8Array; json: string; timestamp: number }> {
  const publisher = feedPublisher(read.db);
  // The timestamp follows the published zip's data: ask for it first (usually kept, at once).
  const zip = await publisher.zip(read.clock);
  const timestamp = headerTimestamp(read, zip.changedAt);
  const message = await publisher.realtime(read.clock, name, read.now.date, timestamp);
  return { pb: message.pb, json: message.json, timestamp };
}
