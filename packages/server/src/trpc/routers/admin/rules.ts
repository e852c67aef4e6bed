import { RuleScopeInput, SaveYearlyRulesInput } from '@bus/core';
import { getRulesWithUsage, saveRules } from '../../../services/admin/rules.ts';
import { getSchedulesByRule } from '../../../services/admin/schedules.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminRulesRouter = router({
  allWithUsage: adminProcedure.query(({ ctx }) => getRulesWithUsage(ctx.db)),
  saveAll: adminProcedure
    .input(SaveYearlyRulesInput)
    .mutation(({ ctx, input }) => saveRules(ctx.db, ctx.actor, input)),
  schedulesByRule: adminProcedure
    .input(RuleScopeInput)
    .query(({ ctx, input }) => getSchedulesByRule(ctx.db, input.ruleId)),
});
