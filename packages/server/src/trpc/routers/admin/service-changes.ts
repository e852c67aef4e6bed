import {
  AdminDeleteInput,
  LineIdInput,
  ListServiceChangesInput,
  SaveServiceChangeInput,
  StoredDate,
} from '@bus/core';
import { z } from 'zod';
import { getLineTrips, previewServiceChanges } from '../../../services/admin/service-change-days.ts';
import {
  getServiceChanges,
  removeServiceChange,
  saveServiceChange,
} from '../../../services/admin/service-changes.ts';
import { adminProcedure, router } from '../../init.ts';

/** A line and a date (the form's trips list): both required, the date within STORED_DATES. */
export const LineTripsInput = z.object({ lineId: LineIdInput.shape.id, date: StoredDate });
export const PreviewInput = z.object({ date: StoredDate });

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
  // The staff screen: the trips to pick from, and what visitors will see on a date.
  lineTrips: adminProcedure
    .input(LineTripsInput)
    .query(({ ctx, input }) => getLineTrips(ctx.db, input.lineId, input.date)),
  preview: adminProcedure
    .input(PreviewInput)
    .query(({ ctx, input }) => previewServiceChanges(ctx.db, ctx.clock, input.date)),
});
