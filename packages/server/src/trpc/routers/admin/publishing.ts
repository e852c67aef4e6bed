import { SavePublishingInput } from '@bus/core';
import { getPublishing, savePublishing } from '../../../services/admin/publishing.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminPublishingRouter = router({
  get: adminProcedure.query(({ ctx }) => getPublishing(ctx.db, ctx.clock)),
  save: adminProcedure
    .input(SavePublishingInput)
    .mutation(({ ctx, input }) => savePublishing(ctx.db, ctx.clock, input)),
});
