import { type FareRule, formatEuros } from '@bus/core';
import type { AdminMessages } from '../../../i18n/admin.ts';
import type { Language } from '../../../i18n/index.ts';
import { metersToKilometres } from './amount-text.ts';

/** The words of a rule (admin catalogue, fares.words). */
type RuleWords = AdminMessages['fares']['words'];

/**
 * A fare rule's method in words, as the list shows it: 'Flat fare €1.00', '€0.09 per km, rounded
 * to 10 ct, minimum €0.50', 'Distance bands: up to 3 km €0.80, up to 6 km €1.30' (Lithuanian:
 * 'Fiksuota kaina 1,00 €'...). Rounding and the minimum are said only where they apply (distance
 * fares) and do something (a step above a cent, a minimum above nothing).
 */
export function fareRuleInWords(
  rule: Pick<FareRule, 'method' | 'roundingCents' | 'minimumCents'>,
  words: RuleWords,
  language: Language,
): string {
  const euros = (cents: number) => formatEuros(cents, language);
  const { method } = rule;
  if (method.kind === 'flat') return words.flat(euros(method.cents));
  const extras = [
    rule.roundingCents > 1 ? words.rounded(rule.roundingCents) : null,
    rule.minimumCents > 0 ? words.minimum(euros(rule.minimumCents)) : null,
  ].filter((part) => part !== null);
  if (method.kind === 'perKm') return [words.perKm(euros(method.centsPerKm)), ...extras].join(', ');
  const bands = words.bands(
    method.bands
      .map((band) => words.band(metersToKilometres(band.upToMeters, language), euros(band.cents)))
      .join(', '),
  );
  // The bands are a list of their own: what follows them is set apart by a semicolon.
  return extras.length === 0 ? bands : `${bands}; ${extras.join(', ')}`;
}
