import { z } from 'zod';
import { storedDateProblem } from '../date-bounds.ts';
import { failed } from './fields.ts';
import { requiredField } from './versions.ts';

/**
 * "New timetable from ...": schedules of one line or of several are copied
 * as new schedules valid from `from`, and the originals end the day before; one save, every
 * line's version checked (the schedule editor's version of that line), as a bulk change is.
 */

const Id = z.number(failed).int(failed).positive(failed);
/** At most this many lines, and schedules, in one save (as a bulk change). */
const MAX_ITEMS = 2000;

export const NewTimetableInput = z.object(
  {
    /** The first date of the new timetable ('YYYY-MM-DD', within STORED_DATES). */
    from: z.string(failed).superRefine((text, ctx) => {
      const problem = storedDateProblem(text);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: text });
    }),
    /**
     * The schedules to copy, of the lines in baseVersions. Missing or empty: every schedule of
     * those lines valid both on the day before `from` and on it.
     */
    scheduleIds: z
      .array(Id, failed)
      .max(MAX_ITEMS, failed)
      .refine((ids) => new Set(ids).size === ids.length, failed)
      .optional(),
    /** Per line: the version of its schedules the page loaded. */
    baseVersions: z
      .array(
        z.object({ lineId: Id, version: z.number(failed).int(failed).min(0, failed) }, failed),
        requiredField('baseVersions'),
      )
      .min(1, failed)
      .max(MAX_ITEMS, failed)
      .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, failed),
  },
  failed,
);
export type NewTimetableInput = z.infer<typeof NewTimetableInput>;
