/**
 * The route distances file of `pnpm cli import-distances` (issue 41: distances for distance
 * fares). One line a gap between two stops of a route variation:
 *
 *   route,stop_sequence,metres
 *   1,1,1850
 *   1,2,2400
 *
 * `route` is the route variation's id, `stop_sequence` the stop's place in that variation (1 is
 * its first stop, as the route editor numbers them) and `metres` the road distance from that stop
 * to the next one (so the last stop has none). Comma- or semicolon-separated (a spreadsheet set
 * to Lithuanian saves semicolons), UTF-8 with or without a BOM, empty lines skipped. Every
 * problem is found, each named by its line, so one run lists all there is to fix; a file with any
 * is not applied at all. Gaps the file does not name keep their distance.
 */

import { MAX_GAP_METRES } from './geo/road-distance.ts';
import { eachCsvRow } from './gtfs/csv.ts';
import { loneSurrogateLine, NOT_UTF8_TEXT } from './text-lines.ts';

export const ROUTE_DISTANCES_HEADER = 'route,stop_sequence,metres';

/** More lines than every gap of a country's routes; a longer file is refused there. */
export const MAX_ROUTE_DISTANCE_LINES = 200_000;

/** One distance of the file. */
export interface RouteDistanceLine {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  routeId: number;
  /** The stop's place in its route, 1-based: the distance is from it to the next stop. */
  sequence: number;
  metres: number;
}

export interface LineProblem {
  line: number;
  message: string;
}

/** The longest distance written in full: '300 km'. */
const MAX_GAP_TEXT = `${MAX_GAP_METRES / 1000} km`;

const WHOLE = /^\d{1,15}$/;

/** A metres cell: whole metres from 1 to MAX_GAP_METRES, or what is wrong with it. */
function readMetres(text: string): { metres: number } | { problem: string } {
  if (text === '') return { problem: 'metres is empty (leave the line out where the distance is not known)' };
  if (/^-\s*\d/.test(text)) return { problem: `metres ${JSON.stringify(text)} is negative` };
  if (!WHOLE.test(text))
    return { problem: `metres ${JSON.stringify(text)} is not a whole number of metres (like 1850)` };
  const metres = Number(text);
  if (metres === 0) return { problem: 'metres 0: two stops of a route are never at the same place' };
  if (metres > MAX_GAP_METRES)
    return {
      problem: `${metres} metres is more than ${MAX_GAP_TEXT} from a stop to the next: is it in metres?`,
    };
  return { metres };
}

/**
 * Reads the file's lines and every problem that the file alone shows: the header, the number of
 * values, ids and places that are no whole numbers, metres that are none or implausible, a gap
 * named twice. Whether the routes exist and have such a stop is checkRouteDistances'.
 */
export function parseRouteDistancesCsv(
  text: string,
  maxLines = MAX_ROUTE_DISTANCE_LINES,
): { lines: RouteDistanceLine[]; problems: LineProblem[] } {
  const notText = loneSurrogateLine(text);
  if (notText !== null) return { lines: [], problems: [{ line: notText, message: NOT_UTF8_TEXT }] };
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const lines: RouteDistanceLine[] = [];
  const problems: LineProblem[] = [];
  const seen = new Map<string, number>();
  let header = true;
  let headerWrong = false;
  let tooMany = false;
  const read = eachCsvRow(
    text,
    (row, line) => {
      const cells = row.map((cell) => cell.trim());
      if (header) {
        header = false;
        const names = cells.map((cell) => cell.toLowerCase()).join(',');
        if (names === ROUTE_DISTANCES_HEADER || names === 'route,stop_sequence,meters') return true;
        headerWrong = true;
        problems.push({
          line,
          message: `the header must be ${ROUTE_DISTANCES_HEADER} (found ${JSON.stringify(row.join(separator))})`,
        });
        // Columns of an unknown meaning: their values say nothing.
        return false;
      }
      if (lines.length + problems.length >= maxLines) {
        tooMany = true;
        problems.push({ line, message: `more than ${maxLines} distances (a file has one line a gap)` });
        return false;
      }
      const problem = (message: string) => {
        problems.push({ line, message });
        return true;
      };
      if (cells.length !== 3)
        return problem(`expected 3 values (${ROUTE_DISTANCES_HEADER}), found ${cells.length}`);
      const [routeText, sequenceText, metresText] = cells as [string, string, string];
      if (!WHOLE.test(routeText) || Number(routeText) < 1)
        return problem(`route ${JSON.stringify(routeText)} is not a route id (a positive whole number)`);
      if (!WHOLE.test(sequenceText) || Number(sequenceText) < 1)
        return problem(
          `stop_sequence ${JSON.stringify(sequenceText)} is not a stop's place in its route (1 for the first stop)`,
        );
      const metres = readMetres(metresText);
      if ('problem' in metres) return problem(metres.problem);
      const routeId = Number(routeText);
      const sequence = Number(sequenceText);
      const key = `${routeId}:${sequence}`;
      const earlier = seen.get(key);
      if (earlier !== undefined)
        return problem(`route ${routeId}, stop ${sequence} is already given on line ${earlier}`);
      seen.set(key, line);
      lines.push({ line, routeId, sequence, metres: metres.metres });
      return true;
    },
    separator,
  );
  if (header) problems.push({ line: 1, message: `the header must be ${ROUTE_DISTANCES_HEADER} (found "")` });
  if (read.unterminatedLine !== undefined && !headerWrong && !tooMany)
    problems.push({ line: read.unterminatedLine, message: 'a quoted value is never closed' });
  return { lines, problems };
}

/**
 * The problems of the file's lines against the stored routes (`stopCounts`: each route's number
 * of stops): a route that does not exist, a stop it does not have, its last stop given a
 * distance (there is no next stop).
 */
export function checkRouteDistances(
  lines: readonly RouteDistanceLine[],
  stopCounts: ReadonlyMap<number, number>,
): LineProblem[] {
  const problems: LineProblem[] = [];
  for (const { line, routeId, sequence } of lines) {
    const stops = stopCounts.get(routeId);
    if (stops === undefined) problems.push({ line, message: `there is no route ${routeId}` });
    else if (sequence === stops)
      problems.push({
        line,
        message: `stop ${sequence} is the last stop of route ${routeId}: there is no next stop to measure to`,
      });
    else if (sequence > stops)
      problems.push({ line, message: `route ${routeId} has ${stops} stops: there is no stop ${sequence}` });
  }
  return problems;
}

/** Problems in the order of their lines (a line's own before those found against the routes). */
export function byLine(problems: readonly LineProblem[]): LineProblem[] {
  return [...problems].sort((a, b) => a.line - b.line);
}

/** A route's distances with the file's put in (`current`: one entry a gap, null where unknown). */
export function withRouteDistances(
  current: readonly (number | null)[],
  lines: readonly Pick<RouteDistanceLine, 'sequence' | 'metres'>[],
): (number | null)[] {
  const next = [...current];
  for (const { sequence, metres } of lines) if (sequence - 1 < next.length) next[sequence - 1] = metres;
  return next;
}
