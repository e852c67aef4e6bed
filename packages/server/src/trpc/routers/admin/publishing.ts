import { SavePublishingInput } from '@bus/core';
import { publishingOverview } from '../../../public-read/gtfs/published.ts';
import { savePublishing } from '../../../services/admin/publishing.ts';
import { adminProcedure, router } from '../../init.ts';

/** The Publishing screen: its settings (the write side) and the feed they publish (the read side). */
export const adminPublishingRouter = router({
  get: adminProcedure.query(({ ctx }) => publishingOverview(ctx.db, ctx.clock)),
  save: adminProcedure.input(SavePublishingInput).mutation(async ({ ctx, input }) => {
    await savePublishing(ctx.db, ctx.clock, input);
    return publishingOverview(ctx.db, ctx.clock);
  }),
});
