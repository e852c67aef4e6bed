import { describe, expect, it } from 'vitest';
import { eachCsvRow, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it.each<[string, string, string[][], number[]]>([
    [
      'plain rows',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'no line end at the end',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'CRLF',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'a BOM',
      '\uFEFFa,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'empty values',
      ',\n,x\n',
      [
        ['', ''],
        ['', 'x'],
      ],
      [1, 2],
    ],
    [
      'a quoted comma',
      'a,b\n"1,5",2\n',
      [
        ['a', 'b'],
        ['1,5', '2'],
      ],
      [1, 2],
    ],
    ['escaped quotes', 'a\n"say ""hi"""\n', [['a'], ['say "hi"']], [1, 2]],
    [
      'an empty quoted value',
      'a,b\n"",x\n',
      [
        ['a', 'b'],
        ['', 'x'],
      ],
      [1, 2],
    ],
    [
      'a quoted last value before CRLF',
      'a,b\r\n1,"2"\r\n3,4\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
      ],
      [1, 2, 3],
    ],
    [
      'a quoted line break, counted in later line numbers',
      'a,b\n"x\ny",1\nz,2\n',
      [
        ['a', 'b'],
        ['x\ny', '1'],
        ['z', '2'],
      ],
      [1, 2, 4],
    ],
    ['a quoted CRLF kept as it is', 'a\n"x\r\ny"\n', [['a'], ['x\r\ny']], [1, 2]],
    ['blank lines skipped, trailing ones too', 'a\n\n1\r\n\r\n\n', [['a'], ['1']], [1, 3]],
    ['a lone CR kept as data', 'a\nx\ry\n', [['a'], ['x\ry']], [1, 2]],
    ['a quote inside an unquoted value kept', 'a\n5" screen\n', [['a'], ['5" screen']], [1, 2]],
    ['only a BOM', '\uFEFF', [], []],
    ['nothing', '', [], []],
  ])('reads %s', (_, input, rows, lines) => {
    expect(parseCsv(input)).toEqual({ rows, lines });
  });

  it('reports an unterminated quote with the line it starts on', () => {
    expect(() => parseCsv('a,b\n1,2\n3,"four\n5,6\n')).toThrow(
      new SyntaxError('line 3: a quoted value is never closed'),
    );
  });
});

describe('eachCsvRow with semicolons', () => {
  const rows = (text: string) => {
    const read: [number, string[]][] = [];
    eachCsvRow(
      text,
      (row, line) => {
        read.push([line, row]);
        return true;
      },
      ';',
    );
    return read;
  };

  it('splits at semicolons, plain and quoted, and keeps commas as data', () => {
    expect(rows('\uFEFFa;b\r\n1,5;"x;y"\n\n"q""";2\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['1,5', 'x;y']],
      [4, ['q"', '2']],
    ]);
  });
});
