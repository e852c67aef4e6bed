import { readSync } from 'node:fs';

/**
 * Reads a JSON document whose top is an object of arrays (the project's dataset format) from a
 * file, a chunk at a time, and hands over each element of each array as it is parsed: a national
 * timetable (some 280 MB of JSON) is never held whole, as text or as objects.
 *
 * Our own reader rather than a streaming JSON library: the format has one shape, so only the top
 * two levels are walked here (strings skipped with indexOf, brackets counted) and each element
 * is parsed by the native JSON.parse, which is many times faster than a tokenizer written in
 * JavaScript. A document whose top is not an object is parsed whole (it is refused anyway).
 */

export interface TopLevelHandler {
  /** A member of the top object whose value is not an array, parsed whole. */
  member(key: string, value: unknown): void;
  /** An array member begins; its elements follow. */
  arrayStart(key: string): void;
  /** One element of an array member. */
  element(key: string, index: number, value: unknown): void;
  /** The whole document, when its top is not an object. */
  whole(value: unknown): void;
}

/** The file is not JSON: `offset` is the byte where reading stopped, or where the bad element starts. */
export class JsonSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
    /** The element the problem is in (`stops[3]`), when it is inside one. */
    readonly where: string | null,
  ) {
    super(reason);
    this.name = 'JsonSyntaxError';
  }
}

const CHUNK_BYTES = 1 << 20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

class ChunkReader {
  buf: Buffer;
  /** The bytes buf[0, end) are the file's bytes [base, base + end). */
  base = 0;
  end = 0;
  pos = 0;
  /** Bytes before this are no longer needed (the start of the value being scanned). */
  keep = 0;
  eof = false;

  constructor(
    private readonly fd: number,
    private readonly onBytes: (read: number) => void,
    private readonly chunkBytes: number,
  ) {
    this.buf = Buffer.allocUnsafe(chunkBytes * 2);
  }

  /** Reads more of the file; false at its end. Moves the bytes from `keep` on to the buffer's start. */
  more(): boolean {
    if (this.eof) return false;
    if (this.keep > 0) {
      this.buf.copyWithin(0, this.keep, this.end);
      this.base += this.keep;
      this.end -= this.keep;
      this.pos -= this.keep;
      this.keep = 0;
    }
    if (this.buf.length - this.end < this.chunkBytes) {
      // One value larger than the buffer (a whole document that is not an object): grow it.
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.end);
      this.buf = bigger;
    }
    const read = readSync(this.fd, this.buf, this.end, this.chunkBytes, null);
    if (read === 0) {
      this.eof = true;
      return false;
    }
    this.end += read;
    this.onBytes(this.base + this.end);
    return true;
  }

  offset(): number {
    return this.base + this.pos;
  }

  fail(reason: string, where: string | null = null): never {
    throw new JsonSyntaxError(reason, this.offset(), where);
  }

  /** The next byte that is not white space (pos left on it), or -1 at the end of the file. */
  peek(): number {
    for (;;) {
      while (this.pos < this.end) {
        const byte = this.buf[this.pos] as number;
        if (!isSpace(byte)) return byte;
        this.pos++;
      }
      this.keep = this.pos;
      if (!this.more()) return -1;
    }
  }

  expect(what: string, where: string | null = null): number {
    const byte = this.peek();
    if (byte === -1)
      this.fail(`unexpected end of the file where ${what} should be (is the file cut short?)`, where);
    return byte;
  }

  /** pos on an opening quote: moves past the closing one. */
  private skipString(where: string | null): void {
    let from = this.pos + 1;
    for (;;) {
      const quote = this.buf.indexOf(QUOTE, from);
      if (quote === -1 || quote >= this.end) {
        // more() may move the bytes to the buffer's start: `from` moves with them.
        const base = this.base;
        from = this.end;
        if (!this.more())
          this.fail('unexpected end of the file inside a string (is the file cut short?)', where);
        from -= this.base - base;
        continue;
      }
      let backslashes = 0;
      for (let i = quote - 1; i > this.pos && this.buf[i] === BACKSLASH; i--) backslashes++;
      if (backslashes % 2 === 0) {
        this.pos = quote + 1;
        return;
      }
      from = quote + 1;
    }
  }

  /** pos on the first byte of a value: moves past its end; the value's bytes are buf[keep, pos). */
  skipValue(where: string | null): void {
    this.keep = this.pos;
    const first = this.buf[this.pos] as number;
    if (first === QUOTE) {
      this.skipString(where);
      return;
    }
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
      // A number, true, false or null: up to the next separator; JSON.parse judges it.
      for (;;) {
        while (this.pos < this.end) {
          const byte = this.buf[this.pos] as number;
          if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) return;
          this.pos++;
        }
        if (!this.more()) return;
      }
    }
    let depth = 0;
    for (;;) {
      while (this.pos < this.end) {
        const byte = this.buf[this.pos] as number;
        if (byte === QUOTE) {
          this.skipString(where);
          continue;
        }
        this.pos++;
        if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
        else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) return;
        }
      }
      if (!this.more()) this.fail('unexpected end of the file (is it cut short?)', where);
    }
  }

  /** The value just skipped, parsed. */
  parseSkipped(where: string | null): unknown {
    const text = this.buf.toString('utf8', this.keep, this.pos);
    try {
      return JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      // V8 says where in the value when it can: 'Expected ...  in JSON at position 7'.
      const at = /^(.*?) in JSON at position (\d+)/.exec(message);
      if (at) {
        const chars = Number(at[2]);
        throw new JsonSyntaxError(
          at[1] as string,
          this.base + this.keep + Buffer.byteLength(text.slice(0, chars)),
          where,
        );
      }
      // 'Unexpected token '}', "{"a": }" is not valid JSON': the token, and the value's start.
      const token = /^(Unexpected token '.*?'),/.exec(message);
      throw new JsonSyntaxError(token ? (token[1] as string) : message, this.base + this.keep, where);
    }
  }
}

/**
 * Reads the file open at `fd` from its start; `onBytes` hears how many bytes have been read.
 * `chunkBytes`: how much is read at a time (tests read a few bytes at a time, to cut every value).
 */
export function readTopLevel(
  fd: number,
  handler: TopLevelHandler,
  onBytes: (read: number) => void = () => {},
  chunkBytes = CHUNK_BYTES,
): void {
  const reader = new ChunkReader(fd, onBytes, chunkBytes);
  const first = reader.peek();
  if (first === -1) reader.fail('the file is empty');
  if (first !== OPEN_BRACE) {
    // Not the format at all: parsed whole so the dataset check can say what it is.
    reader.skipValue(null);
    handler.whole(reader.parseSkipped(null));
    if (reader.peek() !== -1) reader.fail('Unexpected non-whitespace character after JSON');
    return;
  }
  reader.pos++;
  let members = 0;
  for (;;) {
    let byte = reader.expect("a member name or '}'");
    if (byte === CLOSE_BRACE && members === 0) {
      reader.pos++;
      break;
    }
    if (members > 0) {
      if (byte === CLOSE_BRACE) {
        reader.pos++;
        break;
      }
      if (byte !== COMMA) reader.fail("Expected ',' or '}' after a member of the top-level object");
      reader.pos++;
      byte = reader.expect('a member name');
    }
    if (byte !== QUOTE) reader.fail("Expected a member name (in double quotes) or '}'");
    reader.skipValue(null);
    const key = reader.parseSkipped(null) as string;
    if (reader.expect("':'") !== COLON) reader.fail(`Expected ':' after the member name "${key}"`);
    reader.pos++;
    byte = reader.expect(`the value of "${key}"`);
    members++;
    if (byte !== OPEN_BRACKET) {
      reader.skipValue(key);
      handler.member(key, reader.parseSkipped(key));
      continue;
    }
    reader.pos++;
    handler.arrayStart(key);
    for (let index = 0; ; index++) {
      const where = `${key}[${index}]`;
      byte = reader.expect(index === 0 ? "a value or ']'" : "',' or ']'", where);
      if (byte === CLOSE_BRACKET) {
        reader.pos++;
        break;
      }
      if (index > 0) {
        if (byte !== COMMA) reader.fail(`Expected ',' or ']' after ${key}[${index - 1}]`, where);
        reader.pos++;
        byte = reader.expect('a value', where);
      }
      reader.skipValue(where);
      handler.element(key, index, reader.parseSkipped(where));
    }
  }
  if (reader.peek() !== -1) reader.fail('Unexpected non-whitespace character after JSON');
}

/** The 1-based line and column of a byte of the file (read again from the start: errors only). */
export function lineAndColumn(fd: number, offset: number): { line: number; column: number } {
  const buf = Buffer.allocUnsafe(CHUNK_BYTES);
  let line = 1;
  let lineStart = 0;
  for (let at = 0; at < offset; ) {
    const read = readSync(fd, buf, 0, Math.min(buf.length, offset - at), at);
    if (read === 0) break;
    for (let i = buf.indexOf(0x0a); i !== -1 && i < read; i = buf.indexOf(0x0a, i + 1)) {
      line++;
      lineStart = at + i + 1;
    }
    at += read;
  }
  // Columns count characters, not bytes: the line's start up to the offset, decoded.
  const head = Buffer.allocUnsafe(Math.max(0, offset - lineStart));
  const read = head.length === 0 ? 0 : readSync(fd, head, 0, head.length, lineStart);
  return { line, column: head.toString('utf8', 0, read).length + 1 };
}
