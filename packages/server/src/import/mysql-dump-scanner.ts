/**
 * The tokens of a MySQL dump (mysql-dump-parser.ts reads statements out of them): identifiers,
 * words, strings with their escapes resolved, numbers, bit literals and punctuation, with the
 * line and column of each position for error messages. Comments and `/*!...*\/` directives are
 * skipped here.
 */

export class DumpParseError extends Error {
  constructor(
    readonly fileName: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${fileName} line ${line}, column ${column}: ${reason}`);
    this.name = 'DumpParseError';
  }
}

export type Token =
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'word'; text: string; pos: number }
  | { kind: 'string'; text: string; pos: number }
  | { kind: 'number'; text: string; pos: number }
  | { kind: 'bits'; text: string; pos: number }
  | { kind: 'punct'; text: string; pos: number }
  | { kind: 'eof'; text: ''; pos: number };

const SIMPLE_ESCAPES: Record<string, string> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  // MySQL keeps the backslash before % and _ (they only matter in LIKE patterns).
  '%': '\\%',
  _: '\\_',
};

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 || // _
    code === 36 || // $
    code > 127
  );
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export class Scanner {
  pos = 0;
  private lineCursorPos = 0;
  private lineCursorLine = 1;
  private lineCursorStart = 0;

  constructor(
    readonly text: string,
    readonly fileName: string,
  ) {}

  /** Line and column of a position; fast for the increasing positions of a forward scan. */
  locate(pos: number): { line: number; column: number } {
    if (pos < this.lineCursorPos) {
      this.lineCursorPos = 0;
      this.lineCursorLine = 1;
      this.lineCursorStart = 0;
    }
    let next = this.text.indexOf('\n', this.lineCursorPos);
    while (next !== -1 && next < pos) {
      this.lineCursorLine++;
      this.lineCursorStart = next + 1;
      next = this.text.indexOf('\n', next + 1);
    }
    this.lineCursorPos = pos;
    return { line: this.lineCursorLine, column: pos - this.lineCursorStart + 1 };
  }

  fail(pos: number, reason: string): never {
    const { line, column } = this.locate(pos);
    throw new DumpParseError(this.fileName, line, column, reason);
  }

  private skipSpaceAndComments(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.pos);
      if (code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 0xfeff) {
        this.pos++;
      } else if (
        code === 45 && // "-- " needs whitespace after the dashes in MySQL
        text.charCodeAt(this.pos + 1) === 45 &&
        (this.pos + 2 >= text.length || /\s/.test(text.charAt(this.pos + 2)))
      ) {
        this.skipToLineEnd();
      } else if (code === 35) {
        this.skipToLineEnd();
      } else if (code === 47 && text.charCodeAt(this.pos + 1) === 42) {
        // /*!40101 ... */ is an executable comment: session settings that do not affect the data.
        const end = text.indexOf('*/', this.pos + 2);
        if (end === -1) this.fail(this.pos, 'unterminated /* comment');
        this.pos = end + 2;
      } else {
        return;
      }
    }
  }

  private skipToLineEnd(): void {
    const end = this.text.indexOf('\n', this.pos);
    this.pos = end === -1 ? this.text.length : end + 1;
  }

  next(): Token {
    this.skipSpaceAndComments();
    const text = this.text;
    const pos = this.pos;
    if (pos >= text.length) return { kind: 'eof', text: '', pos };
    const ch = text.charAt(pos);
    const code = text.charCodeAt(pos);

    if (ch === "'" || ch === '"') return { kind: 'string', text: this.readQuoted(ch), pos };
    if (ch === '`') {
      const end = text.indexOf('`', pos + 1);
      if (end === -1) this.fail(pos, 'unterminated `identifier`');
      this.pos = end + 1;
      return { kind: 'ident', text: text.slice(pos + 1, end), pos };
    }
    if ((ch === 'b' || ch === 'B') && text.charAt(pos + 1) === "'") {
      const end = text.indexOf("'", pos + 2);
      if (end === -1) this.fail(pos, 'unterminated bit literal');
      const bits = text.slice(pos + 2, end);
      if (!/^[01]*$/.test(bits)) this.fail(pos, `malformed bit literal b'${bits}'`);
      this.pos = end + 1;
      return { kind: 'bits', text: bits, pos };
    }
    if (isDigit(code) || (ch === '.' && isDigit(text.charCodeAt(pos + 1)))) {
      const match = /^(?:0b[01]+|0x[0-9a-fA-F]+|\d*\.?\d+(?:[eE][-+]?\d+)?)/.exec(text.slice(pos, pos + 100));
      const literal = match?.[0] ?? '';
      this.pos = pos + literal.length;
      if (isWordChar(text.charCodeAt(this.pos))) {
        this.fail(pos, `malformed number ${JSON.stringify(text.slice(pos, this.pos + 1))}`);
      }
      if (literal.startsWith('0b')) return { kind: 'bits', text: literal.slice(2), pos };
      if (literal.startsWith('0x')) this.fail(pos, 'hexadecimal literals are not supported');
      return { kind: 'number', text: literal, pos };
    }
    if (isWordChar(code)) {
      let end = pos + 1;
      while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
      this.pos = end;
      return { kind: 'word', text: text.slice(pos, end), pos };
    }
    this.pos = pos + 1;
    return { kind: 'punct', text: ch, pos };
  }

  peek(): Token {
    const saved = this.pos;
    const token = this.next();
    this.pos = saved;
    return token;
  }

  private readQuoted(quote: string): string {
    const text = this.text;
    const start = this.pos;
    let out = '';
    let i = start + 1;
    for (;;) {
      const q = text.indexOf(quote, i);
      const b = text.indexOf('\\', i);
      if (q === -1) this.fail(start, 'unterminated string');
      if (b !== -1 && b < q) {
        out += text.slice(i, b);
        if (b + 1 >= text.length) this.fail(start, 'unterminated string');
        const escaped = text.charAt(b + 1);
        out += SIMPLE_ESCAPES[escaped] ?? escaped;
        i = b + 2;
        continue;
      }
      out += text.slice(i, q);
      if (text.charAt(q + 1) === quote) {
        out += quote;
        i = q + 2;
        continue;
      }
      this.pos = q + 1;
      return out;
    }
  }
}

export function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'the end of the file';
    case 'string':
      return `the string ${JSON.stringify(token.text)}`;
    case 'ident':
      return `\`${token.text}\``;
    case 'bits':
      return `b'${token.text}'`;
    default:
      return JSON.stringify(token.text);
  }
}

export function isWord(token: Token, ...words: string[]): boolean {
  return token.kind === 'word' && words.includes(token.text.toUpperCase());
}
