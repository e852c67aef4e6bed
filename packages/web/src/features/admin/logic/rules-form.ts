import { SaveYearlyRulesFields, type Weekday, type YearlyRule, type YearlyRuleType } from '@bus/core';
import { savedId } from './temp-ids.ts';

/** The yearly rules editor's model: unset parts are null until picked. */
export interface RuleForm {
  id: number;
  periodName: string;
  typeOfYearlyRule: YearlyRuleType | null;
  otherRuleId: number | null;
  timePeriods: PeriodForm[];
  pattern1Params: PatternForm[];
}

export interface PeriodForm {
  id: number;
  startMonth: number | null;
  startDay: number | null;
  endMonth: number | null;
  endDay: number | null;
}

export interface PatternForm {
  id: number;
  nthOccurenceEachMonth: number | null;
  dayOfWeek: Weekday | null;
}

export function ruleToForm(rule: YearlyRule): RuleForm {
  return {
    id: rule.id,
    periodName: rule.periodName,
    typeOfYearlyRule: rule.typeOfYearlyRule,
    otherRuleId: rule.otherRuleId,
    timePeriods: rule.timePeriods.map((p) => ({ ...p })),
    pattern1Params: rule.pattern1Params.map((p) => ({ ...p })),
  };
}

/**
 * The rules as the save posts them. A rule keeps its temporary id, because another rule of
 * the list may borrow a new rule's periods through it (the API maps it); periods and pattern
 * items send null for new ones. A rule with own periods borrows nothing.
 */
export function rulesToInput(rules: readonly RuleForm[]) {
  return {
    rules: rules.map((rule) => ({
      id: rule.id,
      periodName: rule.periodName,
      typeOfYearlyRule: rule.typeOfYearlyRule,
      otherRuleId: rule.timePeriods.length > 0 ? null : rule.otherRuleId,
      timePeriods: rule.timePeriods.map((p) => ({
        id: savedId(p.id),
        startMonth: p.startMonth ?? 0,
        startDay: p.startDay ?? 0,
        endMonth: p.endMonth ?? 0,
        endDay: p.endDay ?? 0,
      })),
      pattern1Params: rule.pattern1Params.map((p) => ({
        id: savedId(p.id),
        nthOccurenceEachMonth: p.nthOccurenceEachMonth ?? 0,
        dayOfWeek: p.dayOfWeek ?? '',
      })),
    })),
  };
}

/** Spec section 5's rule checks with core's schema: the input to send, or the paths to outline. */
export function validateRules(rules: readonly RuleForm[]) {
  const result = SaveYearlyRulesFields.safeParse(rulesToInput(rules));
  if (result.success) return { success: true as const, data: result.data };
  return { success: false as const, paths: result.error.issues.map((issue) => issue.path.join('.')) };
}
