import { z } from 'zod';
import { requiredField } from './admin-inputs/index.ts';
import { WEEKDAYS } from './domain.ts';
import { MESSAGES } from './messages.ts';

/**
 * Bulk changes of schedules (staff speed): several schedules, possibly of several lines, moved
 * to another yearly rule and/or given the same weekdays in one save. Every line whose schedules
 * change must come with the version its page loaded (the schedule editor's version of that
 * line): a save made from an older one is refused, as the schedule editor's is.
 */

const failed = { error: MESSAGES.inputFailed };
const Id = z.number(failed).int(failed).positive(failed);

/** At most this many schedules in one bulk save (the national timetable's largest line has fewer). */
export const MAX_BULK_SCHEDULES = 2000;

export const BulkSchedulesInput = z
  .object(
    {
      scheduleIds: z
        .array(Id, failed)
        .min(1, failed)
        .max(MAX_BULK_SCHEDULES, failed)
        .refine((ids) => new Set(ids).size === ids.length, failed),
      /** The rule the schedules move to; missing: their rules stay. */
      runsOnYearlyId: Id.optional(),
      /** The weekdays every schedule runs on from now; missing: their weekdays stay. */
      runsOnWeekly: z.array(z.enum(WEEKDAYS, failed), failed).min(1, failed).max(7, failed).optional(),
      /** Per line of the schedules: the version of its schedules the page loaded. */
      baseVersions: z
        .array(
          z.object({ lineId: Id, version: z.number(failed).int(failed).min(0, failed) }, failed),
          requiredField('baseVersions'),
        )
        .max(MAX_BULK_SCHEDULES, failed),
    },
    failed,
  )
  .refine((input) => input.runsOnYearlyId !== undefined || input.runsOnWeekly !== undefined, failed);
export type BulkSchedulesInput = z.infer<typeof BulkSchedulesInput>;
