/**
 * The departure board's address (issue 42): `/board?stops=1,2&title=…&lang=lt|en|both&rows=8
 * &theme=dark|light&orientation=landscape|portrait`. The address carries everything (nothing is
 * stored): the admin board's builder writes it (boardSearch), the board reads it (readBoardOptions)
 * and says on screen what it could not use, and what it did instead, rather than fail. Pure.
 */
import { BOARD_MAX_STOPS, BOARD_PATH } from '../../../lib/core.ts';

export const BOARD_LANGUAGES = ['lt', 'en', 'both'] as const;
export type BoardLanguage = (typeof BOARD_LANGUAGES)[number];
export const BOARD_THEMES = ['dark', 'light'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];
export const BOARD_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type BoardOrientation = (typeof BOARD_ORIENTATIONS)[number];

/** How many departures a board may list; a screen shows those that fit. */
export const BOARD_ROWS = { min: 1, max: 20 } as const;
/** The longest title (characters): one line of large type. */
export const BOARD_TITLE_MAX = 60;

export interface BoardOptions {
  /** Stop ids, each once, in the order given. */
  stops: number[];
  /** The heading; '' for the stops' names. */
  title: string;
  lang: BoardLanguage;
  /** How many departures at most (fewer when fewer fit on the screen). */
  rows: number;
  theme: BoardTheme;
  orientation: BoardOrientation;
}

/** What a board shows unless its address says otherwise. */
export const BOARD_DEFAULTS = {
  lang: 'lt',
  theme: 'dark',
  orientation: 'landscape',
} as const satisfies Partial<BoardOptions>;

/** Rows when the address names none: what fits in large type on a 1920×1080 screen either way round. */
export const DEFAULT_ROWS: Record<BoardOrientation, number> = { landscape: 8, portrait: 14 };

/** Something in the address the board could not use, and what it does instead. */
export type BoardProblem =
  | { kind: 'noStops' }
  /** A part of `stops` that is no stop id ('abc', '-1', '2.5'); left out. */
  | { kind: 'badStop'; value: string }
  /** More than BOARD_MAX_STOPS stops: the first ones are shown. */
  | { kind: 'tooManyStops'; max: number; left: number[] }
  | { kind: 'badRows'; value: string; used: number }
  | { kind: 'badOption'; option: 'lang' | 'theme' | 'orientation'; value: string; used: string }
  | { kind: 'titleTooLong'; max: number }
  /** Found by the server: an id that names no stop. */
  | { kind: 'unknownStop'; id: number };

const DIGITS = /^\d{1,9}$/;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((v) => v === raw?.trim().toLowerCase());
}

/** The board's options from its address's query (`?stops=1,2&…` or without the '?'). */
export function readBoardOptions(search: string): { options: BoardOptions; problems: BoardProblem[] } {
  const params = new URLSearchParams(search);
  const problems: BoardProblem[] = [];

  const stops: number[] = [];
  // 'stops=1,2' and 'stops=1&stops=2' alike; spaces and empty parts ('1,,2', '1, 2') are no problem.
  const parts = params
    .getAll('stops')
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const part of parts) {
    const id = DIGITS.test(part) ? Number(part) : 0;
    if (id <= 0) problems.push({ kind: 'badStop', value: part });
    else if (!stops.includes(id)) stops.push(id);
  }
  if (stops.length > BOARD_MAX_STOPS)
    problems.push({ kind: 'tooManyStops', max: BOARD_MAX_STOPS, left: stops.splice(BOARD_MAX_STOPS) });
  if (stops.length === 0) problems.unshift({ kind: 'noStops' });

  const choice = <T extends string>(
    option: 'lang' | 'theme' | 'orientation',
    values: readonly T[],
    fallback: T,
  ) => {
    const raw = params.get(option);
    if (raw === null || raw.trim() === '') return fallback;
    const found = oneOf(values, raw);
    if (found !== undefined) return found;
    problems.push({ kind: 'badOption', option, value: raw, used: fallback });
    return fallback;
  };
  const lang = choice('lang', BOARD_LANGUAGES, BOARD_DEFAULTS.lang);
  const theme = choice('theme', BOARD_THEMES, BOARD_DEFAULTS.theme);
  const orientation = choice('orientation', BOARD_ORIENTATIONS, BOARD_DEFAULTS.orientation);

  let rows = DEFAULT_ROWS[orientation];
  const rawRows = params.get('rows');
  if (rawRows !== null && rawRows.trim() !== '') {
    const n = DIGITS.test(rawRows.trim()) ? Number(rawRows.trim()) : Number.NaN;
    if (Number.isInteger(n) && n >= BOARD_ROWS.min && n <= BOARD_ROWS.max) rows = n;
    else {
      // Out of bounds: the nearest bound; not a number at all: the default.
      if (Number.isInteger(n)) rows = n < BOARD_ROWS.min ? BOARD_ROWS.min : BOARD_ROWS.max;
      problems.push({ kind: 'badRows', value: rawRows, used: rows });
    }
  }

  let title = (params.get('title') ?? '').replace(/\s+/g, ' ').trim();
  if ([...title].length > BOARD_TITLE_MAX) {
    title = `${[...title].slice(0, BOARD_TITLE_MAX - 1).join('')}…`;
    problems.push({ kind: 'titleTooLong', max: BOARD_TITLE_MAX });
  }
  return { options: { stops, title, lang, rows, theme, orientation }, problems };
}

/**
 * The address of a board with these options ('/board?stops=1,27&title=…'): the stops always, the
 * other options only where they differ from what the board does without them, so the link is
 * short and a board keeps following the defaults it was made with.
 */
export function boardPath(options: BoardOptions): string {
  const params = new URLSearchParams();
  params.set('stops', options.stops.join(','));
  const title = options.title.trim();
  if (title !== '') params.set('title', title);
  if (options.lang !== BOARD_DEFAULTS.lang) params.set('lang', options.lang);
  if (options.rows !== DEFAULT_ROWS[options.orientation]) params.set('rows', String(options.rows));
  if (options.theme !== BOARD_DEFAULTS.theme) params.set('theme', options.theme);
  if (options.orientation !== BOARD_DEFAULTS.orientation) params.set('orientation', options.orientation);
  // Commas between stop ids read better than %2C and are safe in a query.
  return `${BOARD_PATH}?${params.toString().replaceAll('%2C', ',')}`;
}
