import type {
  FeedIds,
  FeedProblem,
  FeedSummary,
  GtfsNotice,
  PublishingSettings,
  ServiceChange,
  TimetableDataset,
} from '@bus/core';

/** The messages between the server (feed-publisher.ts) and the feeds' process (feed-worker.ts). */

/**
 * The feeds' process's nice value, the lowest priority: the server comes first for the CPU. A
 * national build still lets a warm server's /healthz wait now and then (p99 12 ms; the longest
 * 40 ms in one run, 240 ms in another, against 300 ms at nice 10): see issue 37's note.
 */
export const FEED_PROCESS_NICE = 19;

export type FeedWorkerRequest =
  | {
      kind: 'build';
      id: number;
      /** What the build is of: the data's version, the publishing save and the day. */
      key: string;
      /** The database file, or an in-memory database's image (sqlite.serialize()). */
      database: string | Uint8Array;
      /** The feed's first day (today in Vilnius). */
      start: string;
      /** Where the zip goes. */
      path: string;
    }
  | {
      kind: 'realtime';
      id: number;
      name: RealtimeFeedName;
      /** The key of the published zip the message must refer to. */
      basisKey: string;
      today: string;
      timestamp: number;
    };

export type RealtimeFeedName = 'alerts' | 'trip-updates';

export interface BuiltReply {
  kind: 'built';
  id: number;
  key: string;
  /** No problems: the zip is at the build's path. */
  ready: boolean;
  size: number;
  etag: string;
  /** The feed's version (feed_info.txt). */
  version: string;
  changedAt: string | null;
  /**
   * The build's report for staff (FeedBuildReport) as JSON text: a national one lists thousands
   * of problems, which the server takes as one string and reads only when staff ask for it.
   */
  report: string;
}

/** What a build found, for the Publishing screen and the command line. */
export interface FeedBuildReport {
  problems: FeedProblem[];
  warnings: GtfsNotice[];
  summary: FeedSummary;
  settings: PublishingSettings;
  savedAt: string | null;
  /** Operator name -> the lines that name it. */
  operators: [string, string[]][];
  stopsWithoutPosition: number;
}

export type FeedWorkerReply =
  | BuiltReply
  | { kind: 'realtime'; id: number; pb: Uint8Array; json: string }
  /** The thread holds no published zip of that key (it started anew since). */
  | { kind: 'no-basis'; id: number }
  | { kind: 'failed'; id: number; message: string };

/** What the GTFS-Realtime feeds are made of: the published zip's data, and the ids it holds. */
export interface RealtimeBasis {
  dataset: TimetableDataset;
  changes: ServiceChange[];
  ids: FeedIds;
  /** The zip's last date. */
  windowEnd: string;
  /** When the data last changed (ISO instant), or null. */
  changedAt: string | null;
}
