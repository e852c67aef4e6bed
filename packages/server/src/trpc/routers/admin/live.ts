import { LivePunctualityInput } from '@bus/core';
import { liveNow, livePunctuality } from '../../../live/staff.ts';
import { adminProcedure, router } from '../../init.ts';

/** Live buses for staff (issue 40): who is driving what now, what sends nothing, and punctuality. */
export const adminLiveRouter = router({
  now: adminProcedure.query(({ ctx }) => liveNow(ctx.live, ctx.read())),
  punctuality: adminProcedure
    .input(LivePunctualityInput)
    .query(({ ctx, input }) => livePunctuality(ctx.live, ctx.read(), input)),
});
