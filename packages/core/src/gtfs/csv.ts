/**
 * CSV, the one reader and writer of the GTFS files, the stop positions file and the route
 * distances file: RFC 4180 (quoted fields, "" escapes, CRLF or LF, a BOM at the start ignored),
 * separated by commas, or by semicolons where a reader asks (a spreadsheet set to Lithuanian
 * saves its CSV so, the comma being its decimal mark).
 */

export type CsvRow = Record<string, string | number | null | undefined>;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: readonly CsvRow[]): string {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export interface CsvRead {
  rows: string[][];
  lines: number[];
  /** The line where a quoted value starts that is never closed; nothing from there on is read. */
  unterminatedLine?: number;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

function countLineFeeds(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * Lines end at LF, with an optional CR before it; a lone CR is kept as data (so it shows up as
 * new_line_in_value rather than silently splitting a row). Blank lines are skipped, like
 * gtfs-validator does. Lenient where RFC 4180 is strict but the meaning is plain: a quote inside
 * an unquoted value, or text after a closing quote, is kept as it stands.
 *
 * Each row is given to `visit` with its 1-based line as it is read, so a large file need not be
 * held as rows (the stop positions file); `visit` returning false stops the reading there.
 * Returns the line where a quoted value starts that is never closed (nothing from there on is
 * read), if one is. `separator`: ',' (GTFS) or ';'.
 */
export function eachCsvRow(
  text: string,
  visit: (row: string[], line: number) => boolean | undefined,
  separator: ',' | ';' = ',',
): { unterminatedLine?: number } {
  const n = text.length;
  const SEPARATOR = separator.charCodeAt(0);
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let nextQuote = text.indexOf('"', pos);
  while (pos < n) {
    let eol = text.indexOf('\n', pos);
    if (eol === -1) eol = n;
    if (nextQuote !== -1 && nextQuote < pos) nextQuote = text.indexOf('"', pos);
    // Most rows have no quote at all; a plain split is several times faster than a char loop.
    if (nextQuote === -1 || nextQuote > eol) {
      const end = eol > pos && text.charCodeAt(eol - 1) === CR ? eol - 1 : eol;
      if (end > pos && visit(text.slice(pos, end).split(separator), line) === false) return {};
      pos = eol + 1;
      line++;
      continue;
    }
    const rowLine = line;
    const fields: string[] = [];
    let i = pos;
    for (;;) {
      let field = '';
      if (text.charCodeAt(i) === QUOTE) {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q === -1) return { unterminatedLine: rowLine };
          field += text.slice(i, q);
          line += countLineFeeds(text, i, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
      }
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === SEPARATOR || c === LF) break;
        j++;
      }
      const atRowEnd = j === n || text.charCodeAt(j) === LF;
      const end = atRowEnd && j > i && text.charCodeAt(j - 1) === CR ? j - 1 : j;
      fields.push(field + text.slice(i, end));
      if (!atRowEnd) {
        i = j + 1;
        continue;
      }
      if (visit(fields, rowLine) === false) return {};
      pos = j + 1;
      line++;
      break;
    }
  }
  return {};
}

/** Every row of a CSV text with its line (see eachCsvRow). */
export function readCsv(text: string): CsvRead {
  const rows: string[][] = [];
  const lines: number[] = [];
  const { unterminatedLine } = eachCsvRow(text, (row, line) => {
    rows.push(row);
    lines.push(line);
    return true;
  });
  return unterminatedLine === undefined ? { rows, lines } : { rows, lines, unterminatedLine };
}

/**
 * RFC 4180 CSV parse (quoted fields, "" escapes, CRLF or LF, BOM stripped) -> rows of fields,
 * with each row's 1-based line number. Blank lines are skipped. An unterminated quoted value
 * throws a SyntaxError naming the line it starts on, since the rest of the text cannot be read.
 */
export function parseCsv(text: string): { rows: string[][]; lines: number[] } {
  const read = readCsv(text);
  if (read.unterminatedLine !== undefined) {
    throw new SyntaxError(`line ${read.unterminatedLine}: a quoted value is never closed`);
  }
  return { rows: read.rows, lines: read.lines };
}
