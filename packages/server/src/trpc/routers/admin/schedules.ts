import { AdminDeleteInput, LineScopeInput, SaveSchedulesInput } from '@bus/core';
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
});
