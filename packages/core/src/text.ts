/**
 * Folds a name for diacritic- and case-insensitive search: 'Anykščių AS' -> 'anyksciu as'.
 * NFD splits letters from their accents; the combining marks are then dropped.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('lt').replace(/\s+/g, ' ').trim();
}

const collator = new Intl.Collator('lt', { sensitivity: 'base' });

/** Lithuanian alphabetical order. */
export function compareLt(a: string, b: string): number {
  return collator.compare(a, b);
}

const numericCollator = new Intl.Collator('lt', { sensitivity: 'base', numeric: true });

/** Line names as people count them: M5 before M27 before M35, then Lithuanian alphabetical order. */
export function compareLineNames(a: string, b: string): number {
  return numericCollator.compare(a, b);
}

/**
 * A key whose plain binary order is Lithuanian alphabetical order, so SQLite can sort by it:
 * č, š, ž are letters of their own after c, s, z; y sorts with i; the nosine and long vowels
 * (ą ę ė į ų ū) sort with their base letter. Ties break on the folded and then the exact name.
 */
export function lithuanianSortKey(name: string): string {
  const folded = foldText(name);
  let primary = '';
  for (const ch of name.normalize('NFC').toLocaleLowerCase('lt').replace(/\s+/g, ' ').trim()) {
    if (ch === 'č') primary += 'c~';
    else if (ch === 'š') primary += 's~';
    else if (ch === 'ž') primary += 'z~';
    else if (ch === 'y') primary += 'i';
    else primary += foldText(ch) || ch;
  }
  return `${primary}\u0001${folded}\u0001${name}`;
}

export type StopSearchMode = 'defaults' | 'word-prefix' | 'substring';

/** How a visitor's query searches (domain rules, 'Bus stop search'). */
export function stopSearchPlan(query: string): { mode: StopSearchMode; folded: string } {
  const folded = foldText(query);
  if (folded.length === 0) return { mode: 'defaults', folded };
  return { mode: folded.length <= 2 ? 'word-prefix' : 'substring', folded };
}

export const STOP_SEARCH_LIMIT = 10;

/** A stop as the in-memory search sees it. */
export interface SearchableStop {
  id: number;
  folded: string;
  defaultOption: boolean;
}

/**
 * The visitor's stop search over stops already in Lithuanian order (domain rules, 'Bus stop
 * search'): names starting with the query first, then the rest; 1-2 letters match the start
 * of any word, longer queries anywhere. One pass, stopping once the first group is full.
 */
export function searchSortedStops<S extends SearchableStop>(
  sorted: readonly S[],
  plan: { mode: StopSearchMode; folded: string },
  limit: number,
): S[] {
  if (plan.mode === 'defaults') return sorted.filter((s) => s.defaultOption).slice(0, limit);
  const q = plan.folded;
  const wordStart = ` ${q}`;
  const starts: S[] = [];
  const others: S[] = [];
  for (const stop of sorted) {
    if (stop.folded.startsWith(q)) {
      starts.push(stop);
      if (starts.length === limit) break;
    } else if (
      others.length < limit &&
      (plan.mode === 'substring' ? stop.folded.includes(q) : stop.folded.includes(wordStart))
    ) {
      others.push(stop);
    }
  }
  return starts.concat(others).slice(0, limit);
}

/**
 * A stop as every selector and the old search API write it: its name, with the coords note
 * in brackets when there is one ('Mokinių st. v. (Prie Andrioniškių)').
 */
export function stopLabel(stop: { name: string; coords: string | null }): string {
  const note = stop.coords?.trim();
  return note ? `${stop.name} (${note})` : stop.name;
}
