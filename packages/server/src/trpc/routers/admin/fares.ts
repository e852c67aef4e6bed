import { AdminDeleteInput, FareRulesListInput, SaveConcessionInput, SaveFareRuleInput } from '@bus/core';
import {
  getConcessions,
  getFareRules,
  removeConcession,
  removeFareRule,
  saveConcession,
  saveFareRule,
} from '../../../services/admin/fares.ts';
import { adminProcedure, router } from '../../init.ts';

/** Issue 41: the lines' fare rules (a price list per line and date). */
export const adminFaresRouter = router({
  list: adminProcedure.input(FareRulesListInput).query(({ ctx, input }) => getFareRules(ctx.db, input)),
  save: adminProcedure
    .input(SaveFareRuleInput)
    .mutation(({ ctx, input }) => saveFareRule(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeFareRule(ctx.db, ctx.actor, input)),
});

/** Issue 41: the concessions (riders who pay a share of the fare). */
export const adminConcessionsRouter = router({
  list: adminProcedure.query(({ ctx }) => getConcessions(ctx.db)),
  save: adminProcedure
    .input(SaveConcessionInput)
    .mutation(({ ctx, input }) => saveConcession(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeConcession(ctx.db, ctx.actor, input)),
});
