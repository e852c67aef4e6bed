/**
 * Folds a name for diacritic- and case-insensitive search: 'Anykščių AS' -> 'anyksciu as'.
 * NFD splits letters from their accents; the combining marks are then dropped.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('lt')
    .replace(/\s+/g, ' ')
    .trim();
}

const collator = new Intl.Collator('lt', { sensitivity: 'base' });

/** Lithuanian alphabetical order. */
export function compareLt(a: string, b: string): number {
  return collator.compare(a, b);
}
