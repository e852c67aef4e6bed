import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DumpParseError, type ParsedDump, parseMysqlDump } from './mysql-dump-parser.ts';

const DUMP_PATH = fileURLToPath(new URL('../../test/fixtures/anyksciai-mysql-dump.sql', import.meta.url));

const CREATE_T = `CREATE TABLE IF NOT EXISTS \`t\` (
  \`id\` bigint NOT NULL AUTO_INCREMENT,
  \`name\` varchar(255) DEFAULT NULL COMMENT 'a ; and a ) in a comment',
  \`flag\` bit(1) NOT NULL,
  \`kind\` enum('A','B') DEFAULT NULL,
  PRIMARY KEY (\`id\`),
  CONSTRAINT \`t_chk\` CHECK ((\`id\` between 0 and 9))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
`;

function rowsOf(dump: ParsedDump, table: string): Record<string, unknown>[] {
  return (dump.tables.get(table)?.rows ?? []).map((r) => Object.fromEntries(r.values));
}

function parseError(text: string): DumpParseError {
  try {
    parseMysqlDump(text, 'test.sql');
  } catch (error) {
    if (error instanceof DumpParseError) return error;
    throw error;
  }
  throw new Error('expected the dump to be refused');
}

describe('parseMysqlDump', () => {
  it('reads values of every kind and tracks the columns of CREATE TABLE', () => {
    const dump = parseMysqlDump(
      `-- a comment line
# another one
/*!40101 SET NAMES utf8 */;
SET @x = 'not; a statement end';
${CREATE_T}
LOCK TABLES \`t\` WRITE;
/* a block
   comment */
INSERT INTO \`t\` (\`id\`, \`name\`, \`flag\`, \`kind\`) VALUES
\t(1, 'It''s \\'quoted\\'', b'1', 'A'),
\t(2, 'line\\nbreak\\ttab\\\\back\\0nul\\r\\Z', b'0', NULL),
\t(3, NULL, 0, "double \\"quoted\\""),
\t(-4, _utf8mb4'intro', 1, 'B');
INSERT INTO t VALUES (5,'x;y',b'1','A');
UNLOCK TABLES;
`,
      'test.sql',
    );
    expect(dump.tables.get('t')?.columns).toEqual([
      { name: 'id', type: 'bigint', nullable: false },
      { name: 'name', type: 'varchar', nullable: true },
      { name: 'flag', type: 'bit', nullable: false },
      { name: 'kind', type: 'enum', nullable: true },
    ]);
    expect(rowsOf(dump, 't')).toEqual([
      { id: 1, name: "It's 'quoted'", flag: 1, kind: 'A' },
      { id: 2, name: 'line\nbreak\ttab\\back\0nul\r\x1a', flag: 0, kind: null },
      { id: 3, name: null, flag: 0, kind: 'double "quoted"' },
      { id: -4, name: 'intro', flag: 1, kind: 'B' },
      { id: 5, name: 'x;y', flag: 1, kind: 'A' },
    ]);
    expect(dump.tables.get('t')?.rows.map((r) => r.line)).toEqual([18, 19, 20, 21, 22]);
  });

  it('keeps tables that are created but have no rows', () => {
    const dump = parseMysqlDump(CREATE_T, 'test.sql');
    expect(dump.tables.get('t')?.rows).toEqual([]);
  });

  it('reads the real dump: every table, with the documented row counts', () => {
    const dump = parseMysqlDump(readFileSync(DUMP_PATH, 'utf8'), 'anyksciai.sql');
    const counts = Object.fromEntries([...dump.tables].map(([name, t]) => [name, t.rows.length]));
    expect(counts).toEqual({
      bus_stop: 195,
      line: 21,
      pattern1params: 8,
      public_holiday: 12,
      roles: 3,
      route: 40,
      route_busstops: 683,
      route_distance_meters_list: 2,
      runs_on_weekly: 306,
      runs_on_yearly: 10,
      schedule: 75,
      schedule_trips: 138,
      time_period: 11,
      trip1way: 138,
      trip1way_time_list: 2195,
      users: 1,
      user_roles: 3,
    });
    expect(rowsOf(dump, 'bus_stop')[0]).toEqual({
      id: 1,
      coords: null,
      default_option: 1,
      name: 'Anykščių AS',
    });
    expect(rowsOf(dump, 'trip1way_time_list')[0]).toEqual({
      trip1way_id: 1,
      time_list: '06:40:00.000000',
      time_list_order: 0,
    });
  });

  const failures: [string, string, RegExp][] = [
    [
      'an unterminated string',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(1, 'Anyk`,
      /line 10, column 6: unterminated string/,
    ],
    [
      'a file cut in the middle of a VALUES list',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(1, 'a', b'1', 'A'),\n\t(2, `,
      /line 11, column 6: unexpected end of file in the VALUES of `t` \(truncated file\?\)/,
    ],
    [
      'a file cut after a complete row',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(1, 'a', b'1', 'A'),\n`,
      /line 11, column 1: unexpected end of file in the VALUES of `t`/,
    ],
    [
      'a missing semicolon at the end',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(1, 'a', b'1', 'A')\n`,
      /line 11, column 1: INSERT INTO `t` is not terminated with ';'/,
    ],
    [
      'a row with too few values',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(1, 'a', b'1', 'A'),\n\t(2, 'b', b'0');`,
      /line 11, column 2: row has 3 values, but `t` has 4 columns/,
    ],
    [
      'a row with too many values',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(2, 'b', b'0', 'A', 5);`,
      /line 10, column 2: row has 5 values, but `t` has 4 columns/,
    ],
    [
      'text in a numeric column',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t('two', 'b', b'0', 'A');`,
      /line 10, column 3: `t`.`id` is bigint, but the value is the string "two"/,
    ],
    [
      'a bare word instead of a value',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(two, 'b', b'0', 'A');`,
      /line 10, column 3: `t`.`id`: expected a value, found "two"/,
    ],
    [
      'a number in a text column',
      `${CREATE_T}INSERT INTO \`t\` VALUES\n\t(2, 5, b'0', 'A');`,
      /line 10, column 6: `t`.`name` is varchar, but the value is "5"/,
    ],
    [
      'NULL in a NOT NULL column',
      `${CREATE_T}INSERT INTO \`t\` VALUES (2, 'b', NULL, 'A');`,
      /`t`.`flag` cannot be NULL/,
    ],
    [
      'a malformed number',
      `${CREATE_T}INSERT INTO \`t\` VALUES (2x, 'b', 0, 'A');`,
      /line 9, column 25: malformed number/,
    ],
    [
      'an unknown column',
      `${CREATE_T}INSERT INTO \`t\` (\`id\`, \`nope\`) VALUES (2, 'b');`,
      /line 9, column 24: table `t` has no column `nope`/,
    ],
    [
      'an INSERT into a table of unknown shape without a column list',
      'INSERT INTO `u` VALUES (1);',
      /line 1, column 1: INSERT INTO `u` has no column list and no CREATE TABLE before it/,
    ],
    ['an unterminated comment', 'SET x = 1;\n/* never closed', /line 2, column 1: unterminated \/\* comment/],
    [
      'a statement without its semicolon',
      'SET x = 1;\nUSE `db`',
      /line 2, column 1: statement is not terminated/,
    ],
    [
      'a CREATE TABLE cut short',
      CREATE_T.slice(0, 80),
      /line 1, column 1: CREATE TABLE `t` is not terminated \(truncated file\?\)/,
    ],
  ];

  it.each(failures)('refuses %s, naming the line and column', (_name, text, message) => {
    const error = parseError(text);
    expect(error.message).toMatch(/^test\.sql line \d+, column \d+: /);
    expect(error.message).toMatch(message);
  });

  it('names the line of a cut in the real dump', () => {
    const lines = readFileSync(DUMP_PATH, 'utf8').split('\n');
    // Line 3001 is a trip1way_time_list row; cut inside its time string.
    const cut = [...lines.slice(0, 3000), (lines[3000] ?? '').slice(0, 9)].join('\n');
    const error = parseError(cut);
    expect(error.line).toBe(3001);
    expect(error.message).toMatch(/line 3001, column 7: unterminated string/);
  });
});
