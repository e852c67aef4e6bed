import { foldText } from './text.ts';

/**
 * The one stop search (the visitors' selectors, the old /api/busstop/search and the admin stop
 * search): what people type finds the stop they mean.
 *
 * - Case and accents do not matter ('anyksciu' finds 'Anykščių AS').
 * - Lithuanian case endings match each other: a place name changes its ending with the case
 *   (Anykščiai / Anykščių / Anykščiuose, Kavarskas / Kavarsko), so words are compared on
 *   their stem (the word without its ending, STEM_ENDINGS).
 * - Common abbreviations of stop names expand: AS (A.S.) = autobusų stotis, g. st. = geležinkelio
 *   stotis, k = kaimas, st. = stotelė, kr. = kryžkelė, gyv. = gyvenvietė (ABBREVIATIONS), in the
 *   names and in the query.
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
  // 'A.S.' / 'A. S.' as other timetables write the bus station (issue 29).
  [/\ba\.(?: s\.|s\.?)(?= |$)/g, 'autobusu stotis'],
  [/\bk\.?(?= |$)/g, 'kaimas'],
  // Issue 29: the words other timetables spell out ('Mokinių st. v.' = 'Mokinių stotelė v.').
  [/\bst\.?(?= |$)/g, 'stotele'],
  [/\bkr\.(?= |$)/g, 'kryzkele'],
  [/\bgyv\.(?= |$)/g, 'gyvenviete'],
  [/\bez\.(?= |$)/g, 'ezeras'],
  [/\bgimn\.(?= |$)/g, 'gimnazija'],
  [/\bmikr\.(?= |$)/g, 'mikrorajonas'],
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

/** Words that only say what kind of place a name is: left out when names are compared whole. */
const PLACE_WORDS = new Set(['kaim', 'stotel']);

/**
 * Names of the same stop as other timetables spell them (issue 29: positions from a GTFS
 * stops.txt) get the same key: case, accents, abbreviations, case endings and word order aside
 * ('Anykščių AS', 'Anykščiai AS' and 'ANYKŠČIŲ A.S.' are 'anyksc autobus stot'). `loose`
 * also leaves out the words naming the kind of place ('Kurkliai I k' is 'Kurkliai I').
 */
export function nameKey(name: string, loose = false): string {
  const { stems } = searchName(name);
  return (loose ? stems.filter((stem) => !PLACE_WORDS.has(stem)) : stems).sort().join(' ');
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

/** ` ${text}`.includes(` ${part}`) without making either string: `part` starts a word of `text`. */
function startsAWord(text: string, part: string): boolean {
  if (text.startsWith(part)) return true;
  for (let at = text.indexOf(part, 1); at !== -1; at = text.indexOf(part, at + 1))
    if (text.charCodeAt(at - 1) === 32) return true;
  return false;
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
    return startsAWord(name.folded, query.folded) || startsAWord(name.expanded, query.expanded) ? 2 : null;
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

/**
 * Which stops can match at all, by the letters of their names: built once per list of
 * candidates (the read snapshot's stops), so a query looks at the stops that share some of its
 * letters instead of every stop. Keys are up to three letters as one number (gramKey);
 * values are positions in the list, ascending.
 */
interface SearchIndex {
  /** By the first one, two or three letters of a word (of a folded or expanded name). */
  wordStarts: Map<number, Int32Array>;
  /** By three letters anywhere in a folded or expanded name. */
  trigrams: Map<number, Int32Array>;
}

/** Up to three UTF-16 units of `text` from `at` as one number (no unit is 0 in a name). */
function gramKey(text: string, at: number, length: number): number {
  let key = 0;
  for (let i = 0; i < 3; i++) key = key * 65536 + (i < length ? text.charCodeAt(at + i) : 0);
  return key;
}

const searchIndexes = new WeakMap<readonly SearchCandidate[], SearchIndex>();

/**
 * The index built a few candidates at a time (`step` does the next ones, false when all are
 * done), so a caller may let other work run in between (prepareSearchIndex).
 */
function searchIndexBuilder(candidates: readonly SearchCandidate[]) {
  const wordStarts = new Map<number, number[]>();
  const trigrams = new Map<number, number[]>();
  // A stop is listed once per key: positions only grow, so a repeat is the list's last entry.
  const add = (map: Map<number, number[]>, key: number, position: number) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [position]);
    else if (list[list.length - 1] !== position) list.push(position);
  };
  const index: SearchIndex = { wordStarts: new Map(), trigrams: new Map() };
  let position = 0;
  // Then the lists packed into typed arrays, a batch of keys at a time.
  let packing: Iterator<[Map<number, Int32Array>, number, number[]]> | null = null;
  function* lists(): Generator<[Map<number, Int32Array>, number, number[]]> {
    for (const [key, list] of wordStarts) yield [index.wordStarts, key, list];
    for (const [key, list] of trigrams) yield [index.trigrams, key, list];
  }
  return {
    index,
    step(batch: number): boolean {
      if (packing === null) {
        const end = Math.min(candidates.length, position + batch);
        for (; position < end; position++) {
          for (const name of (candidates[position] as SearchCandidate).names) {
            for (const text of name.folded === name.expanded ? [name.folded] : [name.folded, name.expanded]) {
              for (let i = 0; i < text.length; i++) {
                const left = text.length - i;
                if (i === 0 || text.charCodeAt(i - 1) === 32) {
                  for (let length = 1; length <= Math.min(3, left); length++)
                    add(wordStarts, gramKey(text, i, length), position);
                }
                if (left >= 3) add(trigrams, gramKey(text, i, 3), position);
              }
            }
          }
        }
        if (position === candidates.length) packing = lists();
        return true;
      }
      for (let n = 0; n < batch * 4; n++) {
        const next = packing.next();
        if (next.done) return false;
        const [target, key, list] = next.value;
        target.set(key, Int32Array.from(list));
      }
      return true;
    },
  };
}

function searchIndexOf(candidates: readonly SearchCandidate[]): SearchIndex {
  let index = searchIndexes.get(candidates);
  if (index === undefined) {
    const builder = searchIndexBuilder(candidates);
    while (builder.step(Number.MAX_SAFE_INTEGER));
    index = builder.index;
    searchIndexes.set(candidates, index);
  }
  return index;
}

/**
 * Builds the candidates' index now rather than in the first search that needs it (a serving
 * process prepares a new stop list before it serves it), a few hundred stops at a time: after
 * each batch `slicing.due()` says whether to let other work run (`slicing.pause()`) first.
 */
export async function prepareSearchIndex(
  candidates: readonly SearchCandidate[],
  slicing: { due(): boolean; pause(): Promise<void> } | null = null,
): Promise<void> {
  if (searchIndexes.has(candidates)) return;
  const builder = searchIndexBuilder(candidates);
  while (builder.step(slicing === null ? Number.MAX_SAFE_INTEGER : 200)) {
    if (slicing?.due()) await slicing.pause();
  }
  // A search meanwhile may have built it already: keep the one in use.
  if (!searchIndexes.has(candidates)) searchIndexes.set(candidates, builder.index);
}

/**
 * A new list of the same stops with the same names in the same places (only their busyness
 * moved) uses the index of the old one instead of building its own.
 */
export function shareSearchIndex(from: readonly SearchCandidate[], to: readonly SearchCandidate[]): void {
  const index = searchIndexes.get(from);
  if (index !== undefined && from.length === to.length) searchIndexes.set(to, index);
}

const NONE = new Int32Array(0);

/**
 * The positions of the candidates that can match the query, ascending: every stop matchRank
 * matches, and some it does not. Null when the index cannot narrow it down (every stop is
 * looked at). Why each list covers its case (see matchRank):
 * - 1-2 letters match at the start of a word only: of the folded name (the folded query), or
 *   of the expanded name (the expanded query).
 * - Longer queries match (rank 0, 1, 3) a name containing the folded query (folded) or the
 *   expanded query (expanded), or (rank 0, 2) a name whose words each match a query word: a
 *   name word that equals a query word, has its stem, or starts with it or its stem, starts
 *   with the stem. So the name has a word starting with the stem of the variant's longest word.
 */
export function stopsThatCanMatch(
  candidates: readonly SearchCandidate[],
  query: PreparedQuery,
): Int32Array | null {
  const { folded, expanded } = query;
  if (folded === '' || expanded === '') return null;
  const index = searchIndexOf(candidates);
  const wordStart = (text: string) =>
    index.wordStarts.get(gramKey(text, 0, Math.min(text.length, folded.length <= 2 ? 2 : 3))) ?? NONE;
  let lists: Int32Array[];
  if (folded.length <= 2) {
    lists = [wordStart(folded), wordStart(expanded)];
  } else {
    if (expanded.length < 3) return null;
    lists = [
      index.trigrams.get(gramKey(folded, 0, 3)) ?? NONE,
      index.trigrams.get(gramKey(expanded, 0, 3)) ?? NONE,
    ];
    for (const { words, stems } of query.variants) {
      if (words.length === 0) continue;
      let longest = 0;
      for (let i = 1; i < words.length; i++)
        if ((words[i] as string).length > (words[longest] as string).length) longest = i;
      lists.push(wordStart(stems[longest] as string));
    }
  }
  const distinct = [...new Set(lists)].filter((list) => list.length > 0);
  if (distinct.length <= 1) return distinct[0] ?? NONE;
  const all = new Int32Array(distinct.reduce((n, list) => n + list.length, 0));
  let at = 0;
  for (const list of distinct) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i] as number;
  return all.subarray(0, n);
}

/** The stops matching `query`, best first; at most `limit` (all when undefined). */
export function searchStops<C extends SearchCandidate>(
  candidates: readonly C[],
  query: string,
  limit?: number,
): SearchHit<C>[] {
  const prepared = prepareQuery(query);
  const positions = stopsThatCanMatch(candidates, prepared);
  return searchAmong(candidates, positions, prepared, limit);
}

/** searchStops looking at every candidate, without the index (what the index must agree with). */
export function searchEveryStop<C extends SearchCandidate>(
  candidates: readonly C[],
  query: string,
  limit?: number,
): SearchHit<C>[] {
  return searchAmong(candidates, null, prepareQuery(query), limit);
}

function searchAmong<C extends SearchCandidate>(
  candidates: readonly C[],
  positions: Int32Array | null,
  prepared: PreparedQuery,
  limit: number | undefined,
): SearchHit<C>[] {
  const orderOf = (hit: SearchHit<C>) =>
    sortRank(prepared, hit.stop.names[hit.nameIndex] as SearchName, hit.rank);
  const better = (a: SearchHit<C>, b: SearchHit<C>) =>
    orderOf(a) - orderOf(b) ||
    b.stop.weeklyDepartures - a.stop.weeklyDepartures ||
    a.stop.order - b.stop.order;
  const hits: SearchHit<C>[] = [];
  const count = positions === null ? candidates.length : positions.length;
  for (let p = 0; p < count; p++) {
    const stop = candidates[positions === null ? p : (positions[p] as number)] as C;
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
