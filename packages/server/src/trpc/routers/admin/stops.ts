import { AdminDeleteInput, AdminStopSearchInput, SaveStopInput } from '@bus/core';
import {
  getAllStops,
  getStopsWithUsage,
  removeStop,
  saveStop,
  searchStopsWithUsage,
} from '../../../services/admin/stops.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminStopsRouter = router({
  list: adminProcedure.query(({ ctx }) => getAllStops(ctx.db)),
  listWithUsage: adminProcedure.query(({ ctx }) => getStopsWithUsage(ctx.db)),
  search: adminProcedure
    .input(AdminStopSearchInput)
    .query(({ ctx, input }) => searchStopsWithUsage(ctx.db, input.query)),
  save: adminProcedure.input(SaveStopInput).mutation(({ ctx, input }) => saveStop(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeStop(ctx.db, ctx.actor, input)),
});
