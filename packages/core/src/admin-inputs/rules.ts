import { z } from 'zod';
import { WEEKDAYS, YEARLY_RULE_TYPES } from '../domain.ts';
import { MESSAGES } from '../messages.ts';
import { isNewId } from '../reconcile.ts';
import {
  EntityId,
  failed,
  intLike,
  isValidMonthDay,
  list,
  MAX_ID,
  objectWhere,
  optionalIntLike,
  requiredText,
  uniqueIds,
} from './fields.ts';
import { BaseVersion } from './versions.ts';

// Yearly rules

export const TimePeriodInput = objectWhere(
  {
    id: EntityId,
    startMonth: intLike(1, 12),
    startDay: intLike(1, 31),
    endMonth: intLike(1, 12),
    endDay: intLike(1, 31),
  },
  (p) => isValidMonthDay(p.startMonth, p.startDay) && isValidMonthDay(p.endMonth, p.endDay),
);
export type TimePeriodInput = z.infer<typeof TimePeriodInput>;

export const PatternItemInput = z.object(
  { id: EntityId, nthOccurenceEachMonth: intLike(1, 5), dayOfWeek: z.enum(WEEKDAYS, failed) },
  failed,
);
export type PatternItemInput = z.infer<typeof PatternItemInput>;

export const YearlyRuleInput = z.object(
  {
    id: EntityId,
    periodName: requiredText('ruleName'),
    typeOfYearlyRule: z
      .enum(YEARLY_RULE_TYPES, failed)
      .nullish()
      .transform((t) => t ?? null),
    /** Borrow this rule's periods; another rule of the same list, by its (maybe temporary) id. */
    otherRuleId: optionalIntLike(-MAX_ID, MAX_ID),
    timePeriods: list(TimePeriodInput),
    pattern1Params: list(PatternItemInput),
  },
  failed,
);
export type YearlyRuleInput = z.infer<typeof YearlyRuleInput>;

/**
 * The complete set of rules (rules left out are to be deleted). Borrowing is checked within
 * the list: only a rule without own periods may borrow, never from itself, only from a rule
 * that borrows nothing (one level, docs/domain-rules.md), and a temporary id must be in the
 * list. A positive id outside the list names a stored rule this save would delete; the
 * service reports that as a conflict.
 */
export const SaveYearlyRulesFields = z
  .object({ rules: z.array(YearlyRuleInput, failed) }, failed)
  .superRefine(({ rules }, ctx) => {
    // Temporary ids too: otherRuleId may name a new rule by one.
    if (!uniqueIds(rules, false))
      ctx.addIssue({ code: 'custom', message: MESSAGES.inputFailed, path: ['rules'] });
    rules.forEach((rule, index) => {
      const other = rule.otherRuleId;
      if (other === null) return;
      const target = rules.find((r) => r.id !== null && r.id === other);
      const broken =
        rule.timePeriods.length > 0 ||
        (rule.id !== null && other === rule.id) ||
        (target ? target.otherRuleId !== null : isNewId(other));
      if (broken)
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.inputFailed,
          path: ['rules', index, 'otherRuleId'],
        });
    });
  });
export type SaveYearlyRulesFields = z.infer<typeof SaveYearlyRulesFields>;

/** The rules with the version the yearly rules page loaded. */
export const SaveYearlyRulesInput = SaveYearlyRulesFields.safeExtend({ baseVersion: BaseVersion });
export type SaveYearlyRulesInput = z.infer<typeof SaveYearlyRulesInput>;
