import { describe, expect, it } from 'vitest';
import { type RuleForm, rulesToInput, validateRules } from './rules-form.ts';

function rule(overrides: Partial<RuleForm> = {}): RuleForm {
  return {
    id: 4,
    periodName: 'Summer',
    typeOfYearlyRule: null,
    otherRuleId: null,
    timePeriods: [{ id: -1, startMonth: 6, startDay: 1, endMonth: 8, endDay: 31 }],
    pattern1Params: [],
    ...overrides,
  };
}

describe('yearly rules save input', () => {
  it('sends new periods and patterns with null ids, keeps a new rule’s temporary id', () => {
    const input = rulesToInput([
      rule(),
      rule({
        id: -9,
        timePeriods: [],
        otherRuleId: 4,
        pattern1Params: [{ id: -2, nthOccurenceEachMonth: 1, dayOfWeek: 'FRIDAY' }],
      }),
    ]);
    expect(input.rules[0]?.timePeriods[0]?.id).toBeNull();
    expect(input.rules[1]).toMatchObject({ id: -9, otherRuleId: 4, pattern1Params: [{ id: null }] });
    expect(validateRules([rule(), rule({ id: -9, timePeriods: [], otherRuleId: 4 })]).success).toBe(true);
  });

  it('drops the borrowed rule of a rule that has own periods', () => {
    expect(rulesToInput([rule({ otherRuleId: 3 })]).rules[0]?.otherRuleId).toBeNull();
  });

  it('names what is missing: the name, a period’s dates, a pattern’s weekday and occurrence', () => {
    const result = validateRules([
      rule({
        periodName: ' ',
        timePeriods: [{ id: -1, startMonth: 6, startDay: 1, endMonth: null, endDay: null }],
        pattern1Params: [{ id: -3, nthOccurenceEachMonth: null, dayOfWeek: null }],
      }),
    ]);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.paths).toEqual(
      expect.arrayContaining([
        'rules.0.periodName',
        'rules.0.timePeriods.0.endMonth',
        'rules.0.pattern1Params.0.dayOfWeek',
        'rules.0.pattern1Params.0.nthOccurenceEachMonth',
      ]),
    );
  });
});
