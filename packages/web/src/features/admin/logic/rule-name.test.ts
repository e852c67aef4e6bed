import { WHOLE_YEAR_RULE_NAME } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { ruleDisplayName } from './rule-name.ts';

describe('ruleDisplayName', () => {
  it.each([
    [WHOLE_YEAR_RULE_NAME, '-'],
    ['Apskritus metus', '-'],
    ['Vasara', 'Vasara'],
    ['Mokslo metai', 'Mokslo metai'],
    ['', ''],
  ])('%j is shown as %j', (name, shown) => {
    expect(ruleDisplayName(name, '-')).toBe(shown);
  });
});
