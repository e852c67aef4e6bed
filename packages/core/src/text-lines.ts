/**
 * Files read as text (a stop positions CSV, another feed's stops.txt): bytes that are not UTF-8
 * are refused, naming the line they are on, rather than decoded to U+FFFD ('�') and saved; a
 * text that holds a lone UTF-16 surrogate (what a lenient decoder or a crafted JSON "\ud800"
 * makes) is refused the same way. Lines end at LF, as the CSV reader counts them (a lone CR is
 * data), and are numbered from 1.
 */

/** After 'line N: ': what is wrong with a line that is not UTF-8 text. */
export const NOT_UTF8_TEXT = 'the text is not UTF-8 (save the file as UTF-8)';

const LF = 0x0a;

// A high surrogate not followed by a low one, or a low one not after a high one (no 'u' flag:
// the pattern sees the UTF-16 units themselves).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where the text's first lone surrogate is (a UTF-16 index), or -1 when it has none. */
export function loneSurrogateIndex(text: string): number {
  return text.search(LONE_SURROGATE);
}

/**
 * The index of the first byte that begins no UTF-8 character, or null when all of them are
 * UTF-8. The rules are the WHATWG decoder's (the one TextDecoder is): no overlong forms, no
 * surrogates (ED A0-BF), nothing above U+10FFFF, no sequence cut short (by the end, or by a
 * byte that does not continue it: the error is at the sequence's first byte).
 */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number | null {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      else if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      else if (b === 0xf4) upper = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < lower || c > upper) return i;
      lower = 0x80;
      upper = 0xbf;
    }
    i += need + 1;
  }
  return null;
}

/** The 1-based line of the byte at `at`: one more than the line feeds before it. */
export function lineOfByte(bytes: Uint8Array, at: number): number {
  let line = 1;
  for (let i = bytes.indexOf(LF); i !== -1 && i < at; i = bytes.indexOf(LF, i + 1)) line++;
  return line;
}

/** The 1-based line of the UTF-16 unit at `at` of a text. */
export function lineOfIndex(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The line of a text's first lone surrogate, or null when it has none. */
export function loneSurrogateLine(text: string): number | null {
  const at = loneSurrogateIndex(text);
  return at === -1 ? null : lineOfIndex(text, at);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A file's bytes as text (a BOM at the start dropped), or the line of its first bytes that are
 * not UTF-8. The whole file is decoded at once; only a refused one is walked to find the line.
 */
export function decodeUtf8Lines(bytes: Uint8Array): { ok: true; text: string } | { ok: false; line: number } {
  try {
    return { ok: true, text: STRICT_UTF8.decode(bytes) };
  } catch {
    // The decoder and firstInvalidUtf8Byte follow the same rules; were they ever to differ,
    // the file is still refused (at its first line rather than at no line).
    const at = firstInvalidUtf8Byte(bytes);
    return { ok: false, line: at === null ? 1 : lineOfByte(bytes, at) };
  }
}
