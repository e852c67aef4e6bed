/** The Lithuanian form for a count: 1, 21, 31… / 2–9, 22–29… / 0, 10–20, 30… */
export function pluralForm(n: number, one: string, few: string, many: string): string {
  const units = n % 10;
  const tens = n % 100;
  if (units === 1 && tens !== 11) return one;
  if (units >= 2 && (tens < 10 || tens > 19)) return few;
  return many;
}

/** A count phrase: '1 stotelė', '2 stotelės', '10 stotelių'. */
export function plural(n: number, one: string, few: string, many: string): string {
  return `${n} ${pluralForm(n, one, few, many)}`;
}
