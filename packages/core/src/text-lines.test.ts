import { describe, expect, it } from 'vitest';
import { parseStopPositionsCsv } from './gtfs/publishing.ts';
import { parseStopsTxt } from './gtfs/stops-txt.ts';
import { englishMessage, serverMessage, textNotUnicode } from './server-messages.ts';
import {
  decodeUtf8Lines,
  firstInvalidUtf8Byte,
  lineOfByte,
  lineOfIndex,
  loneSurrogateLine,
  NOT_UTF8_TEXT,
} from './text-lines.ts';
import { findLoneSurrogate } from './text-rules.ts';

/** Bytes from text with \xNN escapes for the raw ones: 'a\xff' is 0x61 0xFF. */
function bytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('\\x', i)) {
      out.push(Number.parseInt(text.slice(i + 2, i + 4), 16));
      i += 3;
    } else out.push(...new TextEncoder().encode(text[i] as string));
  }
  return new Uint8Array(out);
}

describe('firstInvalidUtf8Byte and decodeUtf8Lines', () => {
  it.each([
    ['ASCII', 'stop_id,lat,lon\n1,55.5,25.1\n', null, null],
    ['Lithuanian letters', 'Anykščių AS\nŽiežmariai\n', null, null],
    ['a four-byte character (emoji)', 'a\n🚌\n', null, null],
    ['empty', '', null, null],
    ['a BOM, then text', '\\xef\\xbb\\xbfstop_id', null, null],
    ['a byte 0xFF on line 1', 'a\\xffb\nc', 1, 1],
    ['a Latin-1 "ė" (0xEB) on line 3', 'stop_id,lat,lon\n1,55.5,25.1\nVilni\\xebus,55,25\n', 3, 33],
    ['a continuation byte alone on line 2', 'a\n\\x80\n', 2, 2],
    ['an overlong "/" (C0 AF)', 'x\ny\n\\xc0\\xaf', 3, 4],
    ['an overlong three-byte form (E0 80 AF)', '\\xe0\\x80\\xaf', 1, 0],
    ['a surrogate encoded (ED A0 80)', 'ok\n\n\nx\\xed\\xa0\\x80', 4, 6],
    ['above U+10FFFF (F4 90 80 80)', '\\xf4\\x90\\x80\\x80', 1, 0],
    ['F5 and above', 'a\n\\xf5', 2, 2],
    ['a sequence cut short at the end', 'a\nb\\xe2\\x82', 2, 3],
    ['a sequence cut short by a line feed: its own line', 'a\\xe2\n\\x82\\xac', 1, 1],
    ['CRLF lines count as one each', 'a\r\nb\r\n\\xff', 3, 6],
    ['a lone CR is no line end', 'a\rb\r\\xff', 1, 4],
    ['the first of several', 'a\n\\xff\n\\xff', 2, 2],
  ])('%s', (_what, input, line, at) => {
    const raw = bytes(input);
    expect(firstInvalidUtf8Byte(raw)).toBe(at);
    const decoded = decodeUtf8Lines(raw);
    if (line === null) expect(decoded).toEqual({ ok: true, text: new TextDecoder().decode(raw) });
    else expect(decoded).toEqual({ ok: false, line });
  });

  it('agrees with a fatal TextDecoder on every short byte sequence that matters', () => {
    // Seeded: the same bytes every run. Lead bytes, continuations, ASCII and line feeds mixed.
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const pick = [
      0x0a, 0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4,
      0xf5, 0xff,
    ];
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (let n = 0; n < 20_000; n++) {
      const raw = new Uint8Array(1 + (next() % 6)).map(() => pick[next() % pick.length] as number);
      let valid = true;
      try {
        strict.decode(raw);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8Byte(raw) === null, [...raw].join(' ')).toBe(valid);
    }
  });

  it('finds the line in a large file quickly', () => {
    const text = `stop_id,lat,lon\n${'1000000,55.5,25.1\n'.repeat(200_000)}`;
    const raw = new Uint8Array(text.length + 1);
    raw.set(new TextEncoder().encode(text));
    raw[text.length] = 0xff;
    expect(decodeUtf8Lines(raw)).toEqual({ ok: false, line: 200_002 });
  });
});

describe('lines of a text', () => {
  it.each([
    ['', 0, 1],
    ['abc', 2, 1],
    ['a\nb', 1, 1],
    ['a\nb', 2, 2],
    ['a\r\nb\nc', 5, 3],
  ])('%j at %i is line %i', (text, at, line) => {
    expect(lineOfIndex(text, at)).toBe(line);
    expect(lineOfByte(new TextEncoder().encode(text), at)).toBe(line);
  });

  it.each([
    ['no surrogate', 'a\nb', null],
    ['a pair (emoji) is fine', 'a\n\uD83D\uDE8C', null],
    ['a lone high surrogate on line 2', 'a\nb\uD800\nc', 2],
    ['a lone low surrogate on line 4', 'a\n\n\n\uDC00', 4],
    ['a low before a high on line 1', '\uDE8C\uD83D', 1],
  ])('loneSurrogateLine: %s', (_what, text, line) => {
    expect(loneSurrogateLine(text)).toBe(line);
  });

  it.each([
    ['a one-line field: no line', { name: 'x\uD800' }, { path: 'name', line: null }],
    ['a text of lines: its line', { stopsTxt: 'stop_id\n1\n2\uDFFF' }, { path: 'stopsTxt', line: 3 }],
    ['a key: no line', { 'k\uDC00': 'a\nb' }, { path: 'k\uDC00', line: null }],
    ['nothing', { stopsTxt: 'a\nb' }, null],
  ])('findLoneSurrogate: %s', (_what, input, found) => {
    expect(findLoneSurrogate(input)).toEqual(found);
  });
});

describe('the positions and stops.txt parsers refuse a lone surrogate at its line', () => {
  it('parseStopPositionsCsv', () => {
    expect(parseStopPositionsCsv('stop_id,lat,lon\n1,55.5,25.1\n2,55.\uD800,25.1\n')).toEqual({
      ok: false,
      line: 3,
      message: NOT_UTF8_TEXT,
    });
  });

  it('parseStopsTxt', () => {
    const result = parseStopsTxt('stop_id,stop_name,stop_lat,stop_lon\nA,Anyk\uDC00,55.5,25.1\n');
    expect(result).toMatchObject({ ok: false, line: 2, problem: { kind: 'notUtf8' } });
  });
});

describe('the messages name the line', () => {
  it.each([
    [
      { path: 'stopsTxt', line: 3 },
      'stopsTxt line 3 holds a broken character (a lone surrogate), which is not text',
    ],
    [{ path: 'name', line: null }, 'name holds a broken character (a lone surrogate), which is not text'],
  ])('textNotUnicode %j', (found, text) => {
    expect(englishMessage(textNotUnicode(found))).toBe(text);
  });

  it('stopsTxtProblem notUtf8', () => {
    expect(englishMessage(serverMessage('stopsTxtProblem', { line: 7, problem: { kind: 'notUtf8' } }))).toBe(
      'The stops file cannot be read: line 7: the text is not UTF-8 (save the file as UTF-8)',
    );
  });
});
