/**
 * Reads the data out of a MySQL dump (mysqldump or HeidiSQL output): the rows of every
 * `INSERT INTO` statement, checked against the columns of the `CREATE TABLE` before it.
 * Everything else (SET, USE, LOCK TABLES, `/*!...*\/` directives) is skipped. It never
 * guesses: a truncated or malformed file fails with the line and column of the problem.
 */

import { DumpParseError, describe, isWord, Scanner, type Token } from './mysql-dump-scanner.ts';

export { DumpParseError };

/** bit literals (b'1') become numbers; strings are decoded (escapes resolved). */
export type SqlValue = string | number | null;

export interface DumpColumn {
  name: string;
  /** Lower-case base type: 'bigint', 'varchar', 'bit', 'time', ... */
  type: string;
  nullable: boolean;
}

export interface DumpRow {
  /** Line where the row's opening parenthesis is, for error messages further on. */
  line: number;
  values: ReadonlyMap<string, SqlValue>;
}

export interface DumpTable {
  name: string;
  /** From CREATE TABLE; null when the dump inserts into a table it never created. */
  columns: DumpColumn[] | null;
  rows: DumpRow[];
}

export interface ParsedDump {
  fileName: string;
  tables: ReadonlyMap<string, DumpTable>;
}

const NUMERIC_TYPES = new Set([
  'tinyint',
  'smallint',
  'mediumint',
  'int',
  'integer',
  'bigint',
  'decimal',
  'dec',
  'numeric',
  'fixed',
  'float',
  'double',
  'real',
  'bit',
  'bool',
  'boolean',
  'year',
]);

const TABLE_CONSTRAINT_WORDS = new Set([
  'PRIMARY',
  'KEY',
  'INDEX',
  'UNIQUE',
  'CONSTRAINT',
  'FOREIGN',
  'FULLTEXT',
  'SPATIAL',
  'CHECK',
]);

export function parseMysqlDump(text: string, fileName: string): ParsedDump {
  // Annotated so TypeScript treats `scanner.fail(...)` (returns never) as ending the branch.
  const scanner: Scanner = new Scanner(text, fileName);
  const tables = new Map<string, DumpTable>();

  const table = (name: string): DumpTable => {
    let t = tables.get(name);
    if (!t) {
      t = { name, columns: null, rows: [] };
      tables.set(name, t);
    }
    return t;
  };

  const expect = (token: Token, what: string, ok: boolean): void => {
    if (!ok) scanner.fail(token.pos, `expected ${what}, found ${describe(token)}`);
  };

  /** Skips to the ';' that ends the statement; quotes and comments are tokens, so their ';' do not count. */
  const skipStatement = (start: Token): void => {
    for (;;) {
      const token = scanner.next();
      if (token.kind === 'eof')
        scanner.fail(start.pos, "statement is not terminated with ';' (truncated file?)");
      if (token.kind === 'punct' && token.text === ';') return;
    }
  };

  const readName = (): Token & { kind: 'ident' | 'word' } => {
    let token = scanner.next();
    expect(token, 'a table name', token.kind === 'ident' || token.kind === 'word');
    // db.`table`: keep the last part.
    while (scanner.peek().text === '.') {
      scanner.next();
      token = scanner.next();
      expect(token, 'a table name after "."', token.kind === 'ident' || token.kind === 'word');
    }
    return token as Token & { kind: 'ident' | 'word' };
  };

  const parseCreateTable = (start: Token): void => {
    let token = scanner.next();
    if (isWord(token, 'TEMPORARY')) token = scanner.next();
    expect(token, 'TABLE', isWord(token, 'TABLE'));
    if (isWord(scanner.peek(), 'IF')) {
      for (const word of ['IF', 'NOT', 'EXISTS']) {
        token = scanner.next();
        expect(token, word, isWord(token, word));
      }
    }
    const name = readName();
    token = scanner.next();
    if (isWord(token, 'LIKE', 'AS', 'SELECT')) {
      scanner.fail(
        token.pos,
        `CREATE TABLE \`${name.text}\` ${token.text.toUpperCase()} ... is not supported`,
      );
    }
    expect(token, "'(' after the table name", token.kind === 'punct' && token.text === '(');

    const columns: DumpColumn[] = [];
    for (;;) {
      // One column or constraint definition: tokens up to a ',' or ')' outside parentheses.
      const definition: Token[] = [];
      let depth = 0;
      let end: Token;
      for (;;) {
        end = scanner.next();
        if (end.kind === 'eof')
          scanner.fail(start.pos, `CREATE TABLE \`${name.text}\` is not terminated (truncated file?)`);
        if (end.kind === 'punct' && end.text === '(') depth++;
        if (end.kind === 'punct' && end.text === ')') {
          if (depth === 0) break;
          depth--;
        }
        if (end.kind === 'punct' && end.text === ',' && depth === 0) break;
        definition.push(end);
      }
      const [first, second] = definition;
      if (!first) scanner.fail(end.pos, `empty definition in CREATE TABLE \`${name.text}\``);
      const isConstraint = first.kind === 'word' && TABLE_CONSTRAINT_WORDS.has(first.text.toUpperCase());
      if (!isConstraint) {
        if ((first.kind !== 'ident' && first.kind !== 'word') || second?.kind !== 'word') {
          scanner.fail(first.pos, `expected a column name and type in CREATE TABLE \`${name.text}\``);
        }
        const words = definition.filter((t) => t.kind === 'word').map((t) => t.text.toUpperCase());
        const notNull = words.some((w, i) => w === 'NOT' && words[i + 1] === 'NULL');
        const primary = words.some((w, i) => w === 'PRIMARY' && words[i + 1] === 'KEY');
        columns.push({ name: first.text, type: second.text.toLowerCase(), nullable: !notNull && !primary });
      }
      if (end.text === ')') break;
    }
    skipStatement(start);
    table(name.text).columns = columns;
  };

  const parseValue = (column: string, tableName: string): { value: SqlValue; token: Token } => {
    let token = scanner.next();
    let negative = false;
    if (token.kind === 'punct' && (token.text === '-' || token.text === '+')) {
      negative = token.text === '-';
      token = scanner.next();
      expect(token, 'a number after the sign', token.kind === 'number');
    }
    // _utf8mb4'text': a character set introducer before a string.
    if (token.kind === 'word' && token.text.startsWith('_') && scanner.peek().kind === 'string') {
      token = scanner.next();
    }
    const where = `\`${tableName}\`.\`${column}\``;
    let value: SqlValue;
    if (token.kind === 'number') {
      value = Number(token.text) * (negative ? -1 : 1);
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
        scanner.fail(token.pos, `${where}: the number ${token.text} is too large`);
      }
    } else if (token.kind === 'string') {
      value = token.text;
    } else if (token.kind === 'bits') {
      value = token.text === '' ? 0 : Number.parseInt(token.text, 2);
    } else if (isWord(token, 'NULL')) {
      value = null;
    } else if (isWord(token, 'TRUE', 'FALSE')) {
      value = isWord(token, 'TRUE') ? 1 : 0;
    } else if (token.kind === 'eof') {
      scanner.fail(token.pos, `unexpected end of file in the VALUES of \`${tableName}\` (truncated file?)`);
    } else {
      scanner.fail(token.pos, `${where}: expected a value, found ${describe(token)}`);
    }
    return { value, token };
  };

  /** Against the CREATE TABLE column: catches misaligned or hand-edited rows. */
  const checkValue = (value: SqlValue, token: Token, column: DumpColumn, tableName: string): void => {
    const where = `\`${tableName}\`.\`${column.name}\``;
    const numeric = NUMERIC_TYPES.has(column.type);
    if (value === null) {
      if (!column.nullable) scanner.fail(token.pos, `${where} cannot be NULL`);
    } else if (numeric ? typeof value !== 'number' : typeof value !== 'string') {
      scanner.fail(token.pos, `${where} is ${column.type}, but the value is ${describe(token)}`);
    } else if (token.kind === 'bits' && column.type !== 'bit') {
      scanner.fail(token.pos, `${where} is ${column.type}, but the value is a bit literal`);
    }
  };

  const parseInsert = (start: Token): void => {
    let token = scanner.next();
    while (isWord(token, 'LOW_PRIORITY', 'DELAYED', 'HIGH_PRIORITY', 'IGNORE')) token = scanner.next();
    expect(token, 'INTO', isWord(token, 'INTO'));
    const name = readName();
    const target = table(name.text);
    const known = new Map((target.columns ?? []).map((c) => [c.name, c]));

    let columns: string[];
    token = scanner.next();
    if (token.kind === 'punct' && token.text === '(') {
      columns = [];
      for (;;) {
        const column = scanner.next();
        expect(column, 'a column name', column.kind === 'ident' || column.kind === 'word');
        if (target.columns && !known.has(column.text)) {
          scanner.fail(column.pos, `table \`${name.text}\` has no column \`${column.text}\``);
        }
        columns.push(column.text);
        const separator = scanner.next();
        if (separator.kind === 'punct' && separator.text === ')') break;
        expect(
          separator,
          "',' or ')' in the column list",
          separator.kind === 'punct' && separator.text === ',',
        );
      }
      token = scanner.next();
    } else if (target.columns) {
      columns = target.columns.map((c) => c.name);
    } else {
      scanner.fail(
        start.pos,
        `INSERT INTO \`${name.text}\` has no column list and no CREATE TABLE before it`,
      );
    }
    expect(token, 'VALUES', isWord(token, 'VALUES', 'VALUE'));
    const types = columns.map((c) => known.get(c));

    for (;;) {
      const open = scanner.next();
      if (open.kind === 'eof') {
        scanner.fail(open.pos, `unexpected end of file in the VALUES of \`${name.text}\` (truncated file?)`);
      }
      expect(open, "'(' to start a row", open.kind === 'punct' && open.text === '(');
      const parsed: { value: SqlValue; token: Token }[] = [];
      for (;;) {
        parsed.push(parseValue(columns[parsed.length] ?? `#${parsed.length + 1}`, name.text));
        const separator = scanner.next();
        if (separator.kind === 'punct' && separator.text === ')') break;
        if (separator.kind === 'eof') {
          scanner.fail(
            separator.pos,
            `unexpected end of file in the VALUES of \`${name.text}\` (truncated file?)`,
          );
        }
        expect(separator, "',' or ')' in a row", separator.kind === 'punct' && separator.text === ',');
      }
      // The count first: a missing value shifts the others, and their types would mislead.
      if (parsed.length !== columns.length) {
        scanner.fail(
          open.pos,
          `row has ${parsed.length} values, but \`${name.text}\` has ${columns.length} columns`,
        );
      }
      const values = new Map<string, SqlValue>();
      parsed.forEach(({ value, token }, i) => {
        const column = columns[i] as string;
        const type = types[i];
        if (type) checkValue(value, token, type, name.text);
        values.set(column, value);
      });
      target.rows.push({ line: scanner.locate(open.pos).line, values });

      const after = scanner.next();
      if (after.kind === 'punct' && after.text === ';') return;
      if (after.kind === 'eof') {
        scanner.fail(after.pos, `INSERT INTO \`${name.text}\` is not terminated with ';' (truncated file?)`);
      }
      expect(after, "',' or ';' after a row", after.kind === 'punct' && after.text === ',');
    }
  };

  for (;;) {
    const token = scanner.next();
    if (token.kind === 'eof') break;
    if (token.kind === 'punct' && token.text === ';') continue;
    if (isWord(token, 'INSERT', 'REPLACE')) {
      parseInsert(token);
    } else if (isWord(token, 'CREATE') && isWord(scanner.peek(), 'TABLE', 'TEMPORARY')) {
      parseCreateTable(token);
    } else if (isWord(token, 'DELIMITER')) {
      scanner.fail(token.pos, 'DELIMITER (stored routines or triggers) is not supported');
    } else {
      skipStatement(token);
    }
  }
  return { fileName, tables };
}
