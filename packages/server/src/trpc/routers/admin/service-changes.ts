import { AdminDeleteInput, ListServiceChangesInput, SaveServiceChangeInput } from '@bus/core';
import {
  getServiceChanges,
  removeServiceChange,
  saveServiceChange,
} from '../../../services/admin/service-changes.ts';
import { adminProcedure, router } from '../../init.ts';

/** Service changes: cancelled trips, changed times, closed stops and notices (issue 27). */
export const adminServiceChangesRouter = router({
  list: adminProcedure
    .input(ListServiceChangesInput)
    .query(({ ctx, input }) => getServiceChanges(ctx.db, ctx.clock, input)),
  save: adminProcedure
    .input(SaveServiceChangeInput)
    .mutation(({ ctx, input }) => saveServiceChange(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeServiceChange(ctx.db, ctx.actor, input)),
});
