import { SaveChangeRulesInput } from '@bus/core';
import { getChangeRules, saveChangeRules } from '../../../services/admin/change-rules.ts';
import { adminProcedure, router } from '../../init.ts';

/** Changes between buses (issue 30): the planner's change times and change places. */
export const adminChangeRulesRouter = router({
  get: adminProcedure.query(({ ctx }) => getChangeRules(ctx.db)),
  save: adminProcedure
    .input(SaveChangeRulesInput)
    .mutation(({ ctx, input }) => saveChangeRules(ctx.db, ctx.actor, input)),
});
