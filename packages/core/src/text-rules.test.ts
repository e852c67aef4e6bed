import { describe, expect, it } from 'vitest';
import { SaveLineFields, SaveStopFields } from './admin-inputs/index.ts';
import { MESSAGES } from './messages.ts';
import {
  loneSurrogatePath,
  normalizeText,
  TEXT_LIMITS,
  textProblem,
  textProblemMessage,
} from './text-rules.ts';

describe('text rules', () => {
  it.each([
    ['a plain name', 'Anykščių AS', false, null],
    ['letters of any language', 'Ąžuolų g. — 東京 — Ελλάδα', false, null],
    ['emoji', 'Stotelė 🚌', false, null],
    ['exactly the limit', 'x'.repeat(100), false, null],
    ['one over the limit', 'x'.repeat(101), false, 'too-long'],
    ['the limit in code points, not UTF-16 units', '🚌'.repeat(100), false, null],
    ['empty', '', false, 'empty'],
    ['only zero-width characters', '\u200B\u200C\u200D\uFEFF', false, 'empty'],
    ['only a bidi mark', '\u200F', false, 'empty'],
    ['a NUL character', 'a\u0000b', false, 'control'],
    ['a newline in a name', 'a\nb', false, 'control'],
    ['a tab', 'a\tb', false, 'control'],
    ['a right-to-left override', 'abc\u202Edef', false, 'control'],
    ['an isolate', 'abc\u2066def', false, 'control'],
    ['a newline in a multi-line text', 'first line\nsecond line', true, null],
    ['a tab in a multi-line text', 'a\tb', true, 'control'],
    ['an override in a multi-line text', 'a\n\u202Eb', true, 'control'],
    ['a lone high surrogate', 'Stotel\uD800', false, 'unpaired'],
    ['a lone low surrogate', '\uDC00 stotelė', false, 'unpaired'],
    ['two high surrogates', '\uD83D\uD83D\uDE8C', false, 'unpaired'],
    ['a low before a high', '\uDE8C\uD83D', true, 'unpaired'],
    ['a surrogate pair (one emoji)', '\uD83D\uDE8C', false, null],
  ] as const)('%s', (_what, text, multiline, problem) => {
    expect(textProblem(normalizeText(text), 100, multiline)).toBe(problem);
  });

  it.each([
    ['  Vikonys  ', 'Vikonys'],
    ['A\u030Angstrom', 'Ångstrom'],
    ['line one\r\nline two', 'line one\nline two'],
  ])('normalises %j', (raw, stored) => {
    expect(normalizeText(raw)).toBe(stored);
  });

  it.each([
    ['a plain object', { name: 'ok', stops: [{ name: 'ok' }] }, null],
    ['a string itself', '\uD800', ''],
    ['a nested field', { name: 'ok', stops: [{ name: 'ok' }, { name: 'x\uDBFF' }] }, 'stops.1.name'],
    ['a key', { 'k\uDC00': 1 }, 'k\uDC00'],
    ['numbers, booleans and nulls', { a: 1, b: true, c: null, d: [2, null] }, null],
  ] as const)('finds a lone surrogate in an input: %s', (_what, input, path) => {
    expect(loneSurrogatePath(input)).toBe(path);
  });

  it('names the field in its messages', () => {
    expect(textProblemMessage('stopName', 'too-long')).toBe('Stop name is too long: at most 100 characters');
    expect(textProblemMessage('holidayName', 'control')).toBe(
      'Holiday name contains control characters or text direction overrides',
    );
    expect(textProblemMessage('noticeTitle', 'unpaired')).toBe(
      'Notice title holds a broken character (a lone surrogate), which is not text',
    );
    expect(TEXT_LIMITS.noteValue).toBe(1000);
  });
});

describe('admin inputs follow the text rules', () => {
  const stop = (name: string) =>
    SaveStopFields.safeParse({ id: null, name, coords: null, defaultOption: false });
  it.each([
    ['a 900 KB name', 'x'.repeat(900_000), 'Stop name is too long: at most 100 characters'],
    ['zero-width characters only', '\u200B\u200B', 'Stop name is empty or only invisible characters'],
    ['a bidi override', 'Vikonys\u202E', 'Stop name contains control characters or text direction overrides'],
    ['nothing at all (the spec message)', '   ', MESSAGES.inputFailed],
  ])('refuses %s', (_what, name, message) => {
    const result = stop(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('stores names trimmed and NFC-normalised', () => {
    expect(stop('  Vikony\u0073\u030C ').data?.name).toBe('Vikonyš');
  });

  it('keeps line breaks in a schedule note but not in a line name', () => {
    const line = (name: string) =>
      SaveLineFields.safeParse({
        info: { id: null, name, routeStart: 'A', routeEnd: 'B', routeType: 'City Bus', customNotes: [] },
        routes: [],
      });
    expect(line('M35').success).toBe(true);
    expect(line('M\n35').success).toBe(false);
  });
});
