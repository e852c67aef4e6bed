import { AdminDeleteInput, SaveHolidayInput } from '@bus/core';
import { getHolidays, removeHoliday, saveHoliday } from '../../../services/admin/holidays.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminHolidaysRouter = router({
  list: adminProcedure.query(({ ctx }) => getHolidays(ctx.db)),
  save: adminProcedure
    .input(SaveHolidayInput)
    .mutation(({ ctx, input }) => saveHoliday(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeHoliday(ctx.db, ctx.actor, input)),
});
