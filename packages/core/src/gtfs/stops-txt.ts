/**
 * A GTFS stops.txt of another feed (a national or a neighbouring one), read for its stops'
 * names and positions (issue 29: stop positions in one step). Columns in any order, quoted
 * values, a BOM; the file is refused, named by its line, when it is not such a file.
 */

import type { Position } from '../domain.ts';
import { loneSurrogateLine, NOT_UTF8_TEXT } from '../text-lines.ts';
import { readCsv } from './csv.ts';
import { POSITION_BOUNDS, parseDegrees, positionInBounds, roundPosition } from './publishing.ts';

/** A stop of the other feed. */
export interface FeedStop {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  id: string;
  name: string;
  position: Position;
  /** GTFS location_type: 0 (or empty) a stop or platform, 1 a station, 4 a boarding area. */
  locationType: number;
}

export interface StopsTxtRead {
  ok: true;
  /** The stops and stations with a position in Lithuania's surroundings. */
  stops: FeedStop[];
  /** Entrances, generic nodes, and places outside Lithuania's surroundings: left out. */
  skipped: number;
}

/** What is wrong with a stops.txt, at a line (the server's stopsTxtProblem message words it). */
export type StopsTxtProblem =
  /** Bytes that are not UTF-8 (the command line reads them), or a lone surrogate in the text. */
  | { kind: 'notUtf8' }
  | { kind: 'unclosedQuote' }
  | { kind: 'empty' }
  | { kind: 'missingColumns'; columns: string[]; found: string }
  | { kind: 'valueCount'; expected: number; found: number }
  | { kind: 'emptyId' }
  | { kind: 'duplicateId'; id: string; earlierLine: number }
  | { kind: 'noName'; id: string }
  | { kind: 'badLocationType'; value: string }
  | { kind: 'badDegrees'; column: 'stop_lat' | 'stop_lon'; value: string }
  | { kind: 'noneInLithuania' };

export type StopsTxtResult =
  | StopsTxtRead
  | { ok: false; line: number; problem: StopsTxtProblem /** In English. */; message: string };

/** The English of a problem (after 'stops.txt line N: '). */
export function stopsTxtProblemText(problem: StopsTxtProblem): string {
  switch (problem.kind) {
    case 'notUtf8':
      return NOT_UTF8_TEXT;
    case 'unclosedQuote':
      return 'a quoted value is never closed';
    case 'empty':
      return 'the file is empty';
    case 'missingColumns':
      return `the header has no ${problem.columns.join(', ')} (a GTFS stops.txt has stop_id, stop_name, stop_lat, stop_lon; found ${JSON.stringify(problem.found)})`;
    case 'valueCount':
      return `expected ${problem.expected} values, found ${problem.found}`;
    case 'emptyId':
      return 'stop_id is empty';
    case 'duplicateId':
      return `stop_id ${JSON.stringify(problem.id)} is already on line ${problem.earlierLine}`;
    case 'noName':
      return `stop ${JSON.stringify(problem.id)} has no stop_name`;
    case 'badLocationType':
      return `location_type ${JSON.stringify(problem.value)} is not 0, 1, 2, 3 or 4`;
    case 'badDegrees':
      return `${problem.column} ${JSON.stringify(problem.value)} is not a ${problem.column === 'stop_lat' ? 'latitude' : 'longitude'} in degrees`;
    case 'noneInLithuania': {
      const b = POSITION_BOUNDS;
      return `no stop of the file is in Lithuania's surroundings (lat ${b.minLat}-${b.maxLat}, lon ${b.minLon}-${b.maxLon})`;
    }
  }
}

const refused = (line: number, problem: StopsTxtProblem): StopsTxtResult => ({
  ok: false,
  line,
  problem,
  message: stopsTxtProblemText(problem),
});

export const STOPS_TXT_COLUMNS = ['stop_id', 'stop_name', 'stop_lat', 'stop_lon'] as const;

/** location_type 2 (entrance) and 3 (generic node) are not where a bus stops. */
const NOT_A_STOP = new Set([2, 3]);

export function parseStopsTxt(text: string): StopsTxtResult {
  const notText = loneSurrogateLine(text);
  if (notText !== null) return refused(notText, { kind: 'notUtf8' });
  const read = readCsv(text);
  if (read.unterminatedLine !== undefined) return refused(read.unterminatedLine, { kind: 'unclosedQuote' });
  const [header, ...rows] = read.rows;
  if (header === undefined) return refused(1, { kind: 'empty' });
  const columns = header.map((cell) => cell.trim());
  const missing = STOPS_TXT_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    return refused(read.lines[0] ?? 1, {
      kind: 'missingColumns',
      columns: missing,
      found: columns.join(','),
    });
  const at = (column: string) => columns.indexOf(column);
  const [idAt, nameAt, latAt, lonAt] = STOPS_TXT_COLUMNS.map(at) as [number, number, number, number];
  const typeAt = at('location_type');
  const stops: FeedStop[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  for (const [i, row] of rows.entries()) {
    const line = read.lines[i + 1] as number;
    if (row.length !== columns.length)
      return refused(line, { kind: 'valueCount', expected: columns.length, found: row.length });
    const cell = (index: number) => (index === -1 ? '' : (row[index] as string).trim());
    const id = cell(idAt);
    if (id === '') return refused(line, { kind: 'emptyId' });
    const earlier = seen.get(id);
    if (earlier !== undefined) return refused(line, { kind: 'duplicateId', id, earlierLine: earlier });
    seen.set(id, line);
    const typeText = cell(typeAt);
    if (!/^[0-4]?$/.test(typeText)) return refused(line, { kind: 'badLocationType', value: typeText });
    const locationType = Number(typeText);
    const latText = cell(latAt);
    const lonText = cell(lonAt);
    // Entrances and nodes are left out; boarding areas may have no position of their own.
    if (NOT_A_STOP.has(locationType) || (locationType === 4 && latText === '' && lonText === '')) {
      skipped++;
      continue;
    }
    const name = cell(nameAt);
    if (name === '') return refused(line, { kind: 'noName', id });
    const lat = parseDegrees(latText);
    const lon = parseDegrees(lonText);
    if (lat === null || Math.abs(lat) > 90)
      return refused(line, { kind: 'badDegrees', column: 'stop_lat', value: latText });
    if (lon === null || Math.abs(lon) > 180)
      return refused(line, { kind: 'badDegrees', column: 'stop_lon', value: lonText });
    const position = roundPosition({ lat, lon });
    // A national feed reaches Riga and Warsaw: a stop that far away is none of ours.
    if (!positionInBounds(position)) {
      skipped++;
      continue;
    }
    stops.push({ line, id, name, position, locationType });
  }
  if (stops.length === 0) return refused(read.lines[0] ?? 1, { kind: 'noneInLithuania' });
  return { ok: true, stops, skipped };
}
