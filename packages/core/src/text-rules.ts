/**
 * Bounded, visible text (hardening): every name and free-text field is trimmed and
 * NFC-normalised, has a maximum length, and is refused when it is empty or invisible after
 * trimming (only spaces, zero-width or other format characters), or holds control characters
 * (NUL, tabs, newlines in a name...) or bidirectional overrides (U+202A–U+202E, U+2066–U+2069),
 * which can make a name read differently from what it is. The free texts that staff write on
 * several lines (a schedule's time constraints, a line note's text) keep their line breaks.
 * Letters of any language and emoji are fine.
 * The admin inputs (tRPC and the old REST paths) and every import check the same rules.
 */

import { lineOfIndex, loneSurrogateIndex } from './text-lines.ts';

/** The longest each field may be, in characters (Unicode code points). */
export const TEXT_LIMITS = {
  stopName: 100,
  stopSearchName: 100,
  stopNote: 200,
  lineName: 100,
  lineEnd: 100,
  operator: 100,
  platform: 50,
  price: 100,
  via: 200,
  noteKey: 100,
  noteValue: 1000,
  routeNotes: 200,
  ruleName: 100,
  holidayName: 100,
  scheduleDescription: 500,
  publisherName: 100,
  webAddress: 200,
  phone: 30,
  noticeTitle: 200,
  noticeText: 2000,
  changeReason: 200,
  // Issue 41: a concession's name (in Lithuanian and in English).
  concessionName: 100,
  // Issue 42: a stop's bay or platform, as a departure board shows it ('3', 'A').
  bay: 10,
} as const;

export type TextField = keyof typeof TEXT_LIMITS;

/** Free texts that may run over several lines (the real data has such time constraints). */
export const MULTILINE_TEXT: ReadonlySet<TextField> = new Set<TextField>([
  'noteValue',
  'scheduleDescription',
  'noticeText',
]);

/** What people call each field in a message. */
export const TEXT_LABELS: Record<TextField, string> = {
  stopName: 'Stop name',
  stopSearchName: 'Extra search name',
  stopNote: 'Stop coords note',
  lineName: 'Line name',
  lineEnd: 'Line start or end',
  operator: 'Operator',
  platform: 'Anyksciu AS platform',
  price: 'Price',
  via: 'Via',
  noteKey: 'Note name',
  noteValue: 'Note text',
  routeNotes: 'Route notes',
  ruleName: 'Yearly rule name',
  holidayName: 'Holiday name',
  scheduleDescription: 'Time constraints description',
  publisherName: 'Publisher name',
  webAddress: 'Web address',
  phone: 'Phone',
  noticeTitle: 'Notice title',
  noticeText: 'Notice text',
  changeReason: 'Reason',
  concessionName: 'Concession name',
  bay: 'Bay',
};

/** 'unpaired': a lone UTF-16 surrogate (JSON's "\ud800"), which no text can hold or store. */
export type TextProblem = 'empty' | 'too-long' | 'control' | 'unpaired';

/** Every text problem, in the order textProblem checks them. */
export const TEXT_PROBLEMS: readonly TextProblem[] = ['unpaired', 'empty', 'control', 'too-long'];

// Spaces, format characters (zero-width, joiners, bidi marks) and the Hangul fillers.
const INVISIBLE = /[\s\p{Cf}\p{Zs}\u115F\u1160\u3164\uFFA0]/gu;
const FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const FORBIDDEN_BUT_LINE_BREAKS = /(?!\n)[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** True when the text holds a lone surrogate: not Unicode, stored as garbled bytes. */
export function hasLoneSurrogate(text: string): boolean {
  return loneSurrogateIndex(text) !== -1;
}

/** Where a lone surrogate is in an input: the text's path, and its line when the text has several. */
export interface LoneSurrogateAt {
  /** 'stops.2.name'; a key holding one counts too; '' for the input itself. */
  path: string;
  /** 1-based, lines ending at LF; null in a text of one line (and in a key). */
  line: number | null;
}

/**
 * Where in a parsed input (JSON: objects, arrays, strings) the first text holding a lone
 * surrogate is, or null when every text is Unicode. Walks at most `budget` values: inputs are
 * small (a text of many lines, such as a stops.txt, is one value).
 */
export function findLoneSurrogate(
  value: unknown,
  path = '',
  budget = { left: 100_000 },
): LoneSurrogateAt | null {
  if (--budget.left < 0) return null;
  if (typeof value === 'string') {
    const at = loneSurrogateIndex(value);
    if (at === -1) return null;
    return { path, line: value.includes('\n') ? lineOfIndex(value, at) : null };
  }
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path === '' ? key : `${path}.${key}`;
    if (hasLoneSurrogate(key)) return { path: at, line: null };
    const found = findLoneSurrogate(item, at, budget);
    if (found !== null) return found;
  }
  return null;
}

/** The path of findLoneSurrogate ('stops.2.name'), or null when every text is Unicode. */
export function loneSurrogatePath(value: unknown): string | null {
  return findLoneSurrogate(value)?.path ?? null;
}

/** Trimmed and NFC-normalised (line breaks as \n): the form text is stored in. */
export function normalizeText(raw: string): string {
  return raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/** What is wrong with a (normalised) text, or null. */
export function textProblem(text: string, max: number, multiline = false): TextProblem | null {
  if (hasLoneSurrogate(text)) return 'unpaired';
  if (text.replace(INVISIBLE, '') === '') return 'empty';
  if ((multiline ? FORBIDDEN_BUT_LINE_BREAKS : FORBIDDEN).test(text)) return 'control';
  if ([...text].length > max) return 'too-long';
  return null;
}

export function textProblemMessage(field: TextField, problem: TextProblem): string {
  const label = TEXT_LABELS[field];
  if (problem === 'empty') return `${label} is empty or only invisible characters`;
  if (problem === 'too-long') return `${label} is too long: at most ${TEXT_LIMITS[field]} characters`;
  if (problem === 'unpaired')
    return `${label} holds a broken character (a lone surrogate), which is not text`;
  return `${label} contains control characters or text direction overrides`;
}

/**
 * A field's text as it is stored: the normalised text, null for a blank optional one, or
 * what is wrong with it (with the message naming the field).
 */
export function checkFieldText(
  field: TextField,
  raw: string | null | undefined,
  required: boolean,
): { ok: true; value: string | null } | { ok: false; problem: TextProblem; message: string; blank: boolean } {
  const value = normalizeText(raw ?? '');
  if (value === '' && !required) return { ok: true, value: null };
  const problem = textProblem(value, TEXT_LIMITS[field], MULTILINE_TEXT.has(field));
  if (problem === null) return { ok: true, value };
  return { ok: false, problem, message: textProblemMessage(field, problem), blank: value === '' };
}
