import { HistoryFilterInput, RestoreChangeInput } from '@bus/core';
import { getHistory, restoreBatch, restoreChange } from '../../../services/admin/history.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminHistoryRouter = router({
  list: adminProcedure.input(HistoryFilterInput).query(({ ctx, input }) => getHistory(ctx.db, input)),
  restore: adminProcedure
    .input(RestoreChangeInput)
    .mutation(({ ctx, input }) => restoreChange(ctx.db, ctx.actor, input)),
  /** Every schedule of the save that wrote this change, as before it, in one step. */
  restoreBatch: adminProcedure
    .input(RestoreChangeInput)
    .mutation(({ ctx, input }) => restoreBatch(ctx.db, ctx.actor, input)),
});
