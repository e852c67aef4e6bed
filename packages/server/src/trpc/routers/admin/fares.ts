import {
  AdminDeleteInput,
  FareRulesListInput,
  SaveConcessionInput,
  SaveFareRuleInput,
  SaveThroughFareInput,
} from '@bus/core';
import {
  getConcessions,
  getFareRules,
  getThroughFares,
  removeConcession,
  removeFareRule,
  removeThroughFare,
  saveConcession,
  saveFareRule,
  saveThroughFare,
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

/** Issue 41: the through fares (one ticket for a journey changing from one line to another). */
export const adminThroughFaresRouter = router({
  list: adminProcedure.query(({ ctx }) => getThroughFares(ctx.db)),
  save: adminProcedure
    .input(SaveThroughFareInput)
    .mutation(({ ctx, input }) => saveThroughFare(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeThroughFare(ctx.db, ctx.actor, input)),
});
