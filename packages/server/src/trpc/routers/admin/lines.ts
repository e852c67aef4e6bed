import { AdminDeleteInput, AdminIdInput, SaveLineInput } from '@bus/core';
import {
  emptyLine,
  getAdminLinePreviews,
  getLineFull,
  removeLine,
  saveLine,
} from '../../../services/admin/lines.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminLinesRouter = router({
  list: adminProcedure.query(({ ctx }) => getAdminLinePreviews(ctx.db)),
  getFull: adminProcedure.input(AdminIdInput).query(({ ctx, input }) => getLineFull(ctx.db, input.id)),
  empty: adminProcedure.query(() => emptyLine()),
  saveFull: adminProcedure
    .input(SaveLineInput)
    .mutation(({ ctx, input }) => saveLine(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeLine(ctx.db, ctx.actor, input)),
});
