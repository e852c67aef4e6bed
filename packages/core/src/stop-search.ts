import { foldText } from './text.ts';

/**
 * The one stop search (the visitors' selectors, the old /api/busstop/search and the admin stop
 * search): what people type finds the stop they mean.
 *
 * - Case and accents do not matter ('anyksciu' finds 'Anykščių AS').
 * - Lithuanian case endings match each other: a place name changes its ending with the case
 *   (Anykščiai / Anykščių / Anykščiuose, Kavarskas / Kavarsko), so words are compared on
 *   their stem (the word without its ending, STEM_ENDINGS).
 * - Common abbreviations of stop names expand: AS = autobusų stotis, g. st. = geležinkelio
 *   stotis, k = kaimas (ABBREVIATIONS), in the names and in the query.
 * - The word being typed (the last one) also matches the start of a word: 'anyk' finds
 *   'Anykščių AS'.
 * - Queries of 3 letters or more also match anywhere in the name (domain rules).
 *
 * Ranking: the exact name, then names starting with the query, then names whose words match,
 * then names merely containing it; ties go to the stop with more weekly departures, then
 * Lithuanian alphabetical order.
 */

/** At most this many extra search names per stop (staff give them in the bus stops screen). */
export const MAX_SEARCH_NAMES = 10;

/**
 * A stop's extra search names as stored: each once (case and accents aside), in the order
 * given, leaving out any that is just the stop's own name.
 */
export function distinctSearchNames(name: string, names: readonly string[]): string[] {
  const seen = new Set([foldText(name)]);
  return names.filter((extra) => {
    const folded = foldText(extra);
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

/** Abbreviations of stop names, folded, with what they stand for (folded). */
export const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/\bg\.? ?st\.?(?= |$)/g, 'gelezinkelio stotis'],
  [/\bgel\.? ?st\.?(?= |$)/g, 'gelezinkelio stotis'],
  [/\bas\b/g, 'autobusu stotis'],
  [/\bk\.?(?= |$)/g, 'kaimas'],
];

/**
 * Lithuanian noun and adjective endings (folded, so 'ų' is 'u' and 'ė' is 'e'), longest first:
 * the stem is what is left once one is cut, keeping at least 4 letters.
 */
export const STEM_ENDINGS: readonly string[] = [
  'iuose',
  'uose',
  'iuje',
  'ioje',
  'iams',
  'iems',
  'iais',
  'yje',
  'oje',
  'eje',
  'uje',
  'ams',
  'ems',
  'ais',
  'iai',
  'ios',
  'iu',
  'io',
  'ai',
  'os',
  'as',
  'is',
  'ys',
  'us',
  'es',
  'ui',
  'ei',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];

const MIN_STEM = 4;

/** A folded word without its case ending ('anyksciai' and 'anyksciu' -> 'anyksc'). */
export function stemOf(word: string): string {
  for (const ending of STEM_ENDINGS) {
    if (word.length - ending.length >= MIN_STEM && word.endsWith(ending))
      return word.slice(0, word.length - ending.length);
  }
  return word;
}

/** Folded, with the abbreviations spelled out: 'Anykščių AS' -> 'anyksciu autobusu stotis'. */
export function searchForm(text: string): string {
  let folded = foldText(text).replace(/[,;()"'/-]+/g, ' ');
  for (const [pattern, full] of ABBREVIATIONS) folded = folded.replace(pattern, full);
  return folded.replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
}

/** A name prepared for searching (done once per stop, not per query). */
export interface SearchName {
  /** foldText of the name. */
  folded: string;
  /** searchForm of the name. */
  expanded: string;
  words: string[];
  stems: string[];
}

export function searchName(name: string): SearchName {
  const expanded = searchForm(name);
  const words = expanded.split(' ').filter((w) => w !== '');
  return { folded: foldText(name), expanded, words, stems: words.map(stemOf) };
}

/** How well a name matches (lower is better); null: no match. */
export type MatchRank = 0 | 1 | 2 | 3;

export interface PreparedQuery {
  folded: string;
  expanded: string;
  /**
   * The query's words as typed and with abbreviations spelled out: 'k' may be the start of
   * 'Kavarskas' or the abbreviation of 'kaimas', so both are tried.
   */
  variants: { words: string[]; stems: string[] }[];
  /** First letters of the first word of each variant: a name that can match contains one. */
  heads: string[];
}

export function prepareQuery(query: string): PreparedQuery {
  const { folded, expanded, words, stems } = searchName(query);
  const typed = foldText(query)
    .replace(/[,;()"'/.-]+/g, ' ')
    .split(' ')
    .filter((w) => w !== '');
  const variants = [{ words, stems }];
  if (typed.join(' ') !== words.join(' ')) variants.push({ words: typed, stems: typed.map(stemOf) });
  return {
    folded,
    expanded,
    variants,
    heads: variants.map((v) => (v.words[0] ?? '').slice(0, 3)),
  };
}

/** Every query word matches a different word of the name, in any order. */
function wordsMatch(variant: { words: string[]; stems: string[] }, name: SearchName): boolean {
  if (variant.words.length === 0) return false;
  const used = new Set<number>();
  return variant.words.every((word, i) => {
    const stem = variant.stems[i] as string;
    const last = i === variant.words.length - 1;
    const index = name.words.findIndex(
      (candidate, j) =>
        !used.has(j) &&
        (candidate === word ||
          name.stems[j] === stem ||
          (stem.length >= MIN_STEM && (name.stems[j] as string).startsWith(stem)) ||
          (last && candidate.startsWith(word))),
    );
    if (index === -1) return false;
    used.add(index);
    return true;
  });
}

export function matchRank(query: PreparedQuery, name: SearchName): MatchRank | null {
  if (query.folded === '') return null;
  // Most names share nothing with the query: a substring test or two rules them out.
  if (!query.heads.some((head) => name.expanded.includes(head)) && !name.folded.includes(query.folded))
    return null;
  if (name.folded === query.folded || name.expanded === query.expanded) return 0;
  if (name.folded.startsWith(query.folded) || name.expanded.startsWith(query.expanded)) return 1;
  // One or two letters: the start of a word, nothing more (domain rules).
  if (query.folded.length <= 2)
    return ` ${name.folded}`.includes(` ${query.folded}`) ||
      ` ${name.expanded}`.includes(` ${query.expanded}`)
      ? 2
      : null;
  const matched = query.variants.find((variant) => wordsMatch(variant, name));
  if (matched) {
    // Every word the same (endings aside) is as good as the exact name.
    const same =
      matched.stems.length === name.stems.length && matched.stems.every((s, i) => s === name.stems[i]);
    return same ? 0 : 2;
  }
  if (
    query.folded.length >= 3 &&
    (name.folded.includes(query.folded) || name.expanded.includes(query.expanded))
  )
    return 3;
  return null;
}

/** A stop as the search sees it: its names, how busy it is, its place in alphabetical order. */
export interface SearchCandidate {
  id: number;
  /** The name and any extra search names, prepared. */
  names: readonly SearchName[];
  weeklyDepartures: number;
  /** Position in Lithuanian alphabetical order (lower first). */
  order: number;
}

export interface SearchHit<C extends SearchCandidate> {
  stop: C;
  rank: MatchRank;
  /** Which of its names matched (0: the stop's own name). */
  nameIndex: number;
}

/**
 * Where a match sorts: its rank, except that a name the same as the query only once endings
 * are set aside (rank 0: 'Raguva' for 'Raguvos') comes after the names starting with the query
 * as typed ('Raguvos kr.', rank 1): the exact name and prefix matches come first.
 */
function sortRank(query: PreparedQuery, name: SearchName, rank: MatchRank): number {
  return rank === 0 && name.folded !== query.folded && name.expanded !== query.expanded ? 1.5 : rank;
}

/** The stops matching `query`, best first; at most `limit` (all when undefined). */
export function searchStops<C extends SearchCandidate>(
  candidates: readonly C[],
  query: string,
  limit?: number,
): SearchHit<C>[] {
  const prepared = prepareQuery(query);
  const orderOf = (hit: SearchHit<C>) =>
    sortRank(prepared, hit.stop.names[hit.nameIndex] as SearchName, hit.rank);
  const better = (a: SearchHit<C>, b: SearchHit<C>) =>
    orderOf(a) - orderOf(b) ||
    b.stop.weeklyDepartures - a.stop.weeklyDepartures ||
    a.stop.order - b.stop.order;
  const hits: SearchHit<C>[] = [];
  for (const stop of candidates) {
    let hit: SearchHit<C> | null = null;
    for (let nameIndex = 0; nameIndex < stop.names.length; nameIndex++) {
      const rank = matchRank(prepared, stop.names[nameIndex] as SearchName);
      if (rank === null) continue;
      const candidate = { stop, rank, nameIndex };
      if (hit === null || orderOf(candidate) < orderOf(hit)) hit = candidate;
    }
    if (hit === null) continue;
    if (limit === undefined) {
      hits.push(hit);
      continue;
    }
    // Only the best `limit` are kept, in order (a one-letter query matches thousands of stops).
    if (hits.length === limit && better(hit, hits[limit - 1] as SearchHit<C>) >= 0) continue;
    let at = hits.length;
    while (at > 0 && better(hit, hits[at - 1] as SearchHit<C>) < 0) at--;
    hits.splice(at, 0, hit);
    if (hits.length > limit) hits.pop();
  }
  return limit === undefined ? hits.sort(better) : hits;
}
