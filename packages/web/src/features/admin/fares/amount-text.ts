import type { Language } from '../../../i18n/index.ts';

/**
 * Money and distances as staff type them on the fares screen (issue 41): euros with a comma or a
 * dot ('1,20', '1.20', '€1.20', '1,20 €'), kilometres likewise ('2,5'). What is stored is whole
 * cents and metres; the conversion is done on the digits, never through floating euros.
 */

/** Euros: digits, at most 2 decimals after a comma or a dot, an optional euro sign before or after. */
const EUROS = /^(?:€ ?)?(\d{1,7})?(?:[.,](\d{1,2}))?(?: ?(?:€|eur))?$/i;
/** Kilometres: digits, at most 3 decimals (metres), an optional 'km' after. */
const KILOMETRES = /^(\d{1,7})?(?:[.,](\d{1,3}))?(?: ?km)?$/i;

/** The digits before and after the separator, when `text` is one number of that pattern. */
function parts(pattern: RegExp, text: string): { whole: string; fraction: string } | null {
  const match = pattern.exec(text.trim().replace(/\s+/g, ' '));
  if (match === null) return null;
  const [, whole, fraction] = match;
  if (whole === undefined && fraction === undefined) return null;
  return { whole: whole ?? '0', fraction: fraction ?? '' };
}

/** '1,20', '1.20', '1,2', '€1', '0,05 €' as whole cents (120, 120, 120, 100, 5); null when it is no amount. */
export function eurosToCents(text: string): number | null {
  const found = parts(EUROS, text);
  return found === null ? null : Number(found.whole) * 100 + Number(found.fraction.padEnd(2, '0'));
}

/** Cents as the amount field shows them: '1,20' in Lithuanian, '1.20' in English (the label says €). */
export function centsToText(cents: number, language: Language): string {
  const euros = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${euros}${language === 'lt' ? ',' : '.'}${rest}`;
}

/** '3', '2,5', '2.25 km', '0,8' as metres (3000, 2500, 2250, 800); null when it is no distance. */
export function kilometresToMeters(text: string): number | null {
  const found = parts(KILOMETRES, text);
  return found === null ? null : Number(found.whole) * 1000 + Number(found.fraction.padEnd(3, '0'));
}

/** Metres as kilometres without trailing zeros: 3000 '3', 2500 '2,5' (Lithuanian) or '2.5'. */
export function metersToKilometres(meters: number, language: Language): string {
  const whole = Math.floor(meters / 1000);
  const rest = String(meters % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest === '' ? String(whole) : `${whole}${language === 'lt' ? ',' : '.'}${rest}`;
}

/** A whole number as typed ('10'); NaN when it is something else, '' when blank (the schema says which). */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
