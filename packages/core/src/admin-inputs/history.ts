import { z } from 'zod';
import { failed, intLike, MAX_ID } from './fields.ts';
import { BaseVersion } from './versions.ts';

// The admin history: its filters and putting back a change.

/** The admin history's filters (newest first; beforeId pages to older entries). */
export const HistoryFilterInput = z.object(
  {
    // 'change_rules', the changes between buses; 'fare_rule', 'concession' and 'through_fare',
    // fares (issue 41).
    kind: z
      .enum(
        [
          'line',
          'schedule',
          'rules',
          'holiday',
          'stop',
          'service_change',
          'change_rules',
          'fare_rule',
          'concession',
          'through_fare',
        ],
        failed,
      )
      .optional(),
    lineId: intLike(1, MAX_ID).optional(),
    username: z.string(failed).trim().min(1, failed).max(64, failed).optional(),
    beforeId: intLike(1, MAX_ID).optional(),
    limit: intLike(1, 200).optional(),
  },
  failed,
);
export type HistoryFilterInput = z.infer<typeof HistoryFilterInput>;

/**
 * Putting back the state before a history entry, from the version the history page showed of
 * what the restore writes (the entry's `version`; for a whole save, its `batchRestore.version`).
 */
export const RestoreChangeInput = z.object({ id: intLike(1, MAX_ID), baseVersion: BaseVersion }, failed);
export type RestoreChangeInput = z.infer<typeof RestoreChangeInput>;
