import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DATASET_PATH } from './default-dataset.ts';
import { JsonSyntaxError, lineAndColumn, readTopLevel } from './json-top-level.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-json-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The document as readTopLevel hands it over, put together again. */
function read(text: string, chunkBytes?: number): unknown {
  const path = join(dir, 'doc.json');
  writeFileSync(path, text);
  const fd = openSync(path, 'r');
  try {
    const document: Record<string, unknown> = {};
    let whole: unknown;
    readTopLevel(
      fd,
      {
        member: (key, value) => {
          document[key] = value;
        },
        arrayStart: (key) => {
          document[key] = [];
        },
        element: (key, index, value) => {
          (document[key] as unknown[])[index] = value;
        },
        whole: (value) => {
          whole = value;
        },
      },
      () => {},
      chunkBytes,
    );
    return whole === undefined ? document : whole;
  } finally {
    closeSync(fd);
  }
}

function syntaxError(text: string): JsonSyntaxError {
  try {
    read(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('readTopLevel', () => {
  it('gives what JSON.parse gives, read a few bytes at a time (every value cut somewhere)', () => {
    const text = readFileSync(DEFAULT_DATASET_PATH, 'utf8');
    const expected = JSON.parse(text);
    for (const chunk of [1, 2, 3, 7, 64, 4096]) expect(read(text, chunk)).toEqual(expected);
  });

  it('skips brackets, braces, commas and escaped quotes inside strings', () => {
    const tricky = {
      format: 'a "quoted" ]}{[ text, with \\ and \\" and ünïcödė',
      version: 1,
      stops: [{ name: '"]', x: ['}', '\\'] }, { name: '\\\\"' }, [], {}, 'text', 12.5e3, null, true],
      empty: [],
      nested: { a: [1, { b: '}]' }] },
    };
    for (const chunk of [1, 5, 1 << 20]) {
      expect(read(JSON.stringify(tricky), chunk)).toEqual(tricky);
      expect(read(JSON.stringify(tricky, null, 3), chunk)).toEqual(tricky);
    }
  });

  it('parses a document whose top is not an object whole', () => {
    expect(read(' [1, 2] ')).toEqual([1, 2]);
    expect(read('"x"')).toBe('x');
    expect(read('{}')).toEqual({});
  });

  it('says where the JSON breaks, by byte, and in which element', () => {
    const cut = syntaxError('{"format": "x",\n "stops": [{"id": 1}, {"id": 2');
    expect(cut.reason).toMatch(/unexpected end of the file/);
    expect(cut.where).toBe('stops[1]');

    const missingComma = syntaxError('{"stops": [{"id": 1} {"id": 2}]}');
    expect(missingComma.reason).toBe("Expected ',' or ']' after stops[0]");
    expect(missingComma.offset).toBe(21);

    const inside = syntaxError('{"stops": [{"id": 1, "name" "x"}]}');
    expect(inside.reason).toBe('Unexpected string');
    // V8's position in the element, as a byte of the file.
    expect(inside.offset).toBe(28);
    expect(inside.where).toBe('stops[0]');

    expect(syntaxError('{"a": 1} x').reason).toBe('Unexpected non-whitespace character after JSON');
    expect(syntaxError('').reason).toBe('the file is empty');
  });

  it('finds the line and column of a byte, counting characters', () => {
    const path = join(dir, 'lines.txt');
    writeFileSync(path, 'ab\nčd\nef');
    const fd = openSync(path, 'r');
    try {
      expect(lineAndColumn(fd, 0)).toEqual({ line: 1, column: 1 });
      // 'č' is two bytes, one character.
      expect(lineAndColumn(fd, 6)).toEqual({ line: 2, column: 3 });
      expect(lineAndColumn(fd, 7)).toEqual({ line: 3, column: 1 });
    } finally {
      closeSync(fd);
    }
  });
});
