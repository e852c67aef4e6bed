import { WHOLE_YEAR_RULE_NAME } from '@bus/core';

/**
 * A yearly rule's name as the admin shows it: the whole-year rule ('Apskritus metus', its stored
 * name) in the wording of the language shown (`wholeYear`), any other rule by its own name.
 */
export function ruleDisplayName(name: string, wholeYear: string): string {
  return name === WHOLE_YEAR_RULE_NAME ? wholeYear : name;
}
