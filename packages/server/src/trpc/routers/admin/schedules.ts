import {
  AdminDeleteInput,
  BulkSchedulesInput,
  LineScopeInput,
  NewTimetableInput,
  SaveSchedulesInput,
} from '@bus/core';
import { bulkUpdateSchedules } from '../../../services/admin/bulk-schedules.ts';
import { newTimetableFrom } from '../../../services/admin/new-timetable.ts';
import { getLineSchedules, removeSchedule, saveSchedules } from '../../../services/admin/schedules.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminSchedulesRouter = router({
  byLine: adminProcedure
    .input(LineScopeInput)
    .query(({ ctx, input }) => getLineSchedules(ctx.db, input.lineId)),
  saveList: adminProcedure
    .input(SaveSchedulesInput)
    .mutation(({ ctx, input }) => saveSchedules(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeSchedule(ctx.db, ctx.actor, input)),
  /** Several schedules moved to another rule and/or given the same weekdays at once. */
  bulkUpdate: adminProcedure
    .input(BulkSchedulesInput)
    .mutation(({ ctx, input }) => bulkUpdateSchedules(ctx.db, ctx.actor, input)),
  // Copies of the chosen schedules valid from a date, the originals ending the day before.
  newTimetableFrom: adminProcedure
    .input(NewTimetableInput)
    .mutation(({ ctx, input }) => newTimetableFrom(ctx.db, ctx.actor, input)),
});
