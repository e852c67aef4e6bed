import { describe, expect, it } from 'vitest';
import {
  byLine,
  checkRouteDistances,
  parseRouteDistancesCsv,
  withRouteDistances,
} from './route-distances.ts';
import { NOT_UTF8_TEXT } from './text-lines.ts';

describe('parseRouteDistancesCsv', () => {
  it.each([
    ['commas, LF', 'route,stop_sequence,metres\n1,1,1850\n1,2,2400\n'],
    [
      'CRLF, a BOM, an empty line and spaces',
      '\uFEFFroute, stop_sequence ,metres\r\n1,1,1850\r\n\r\n 1 ,2, 2400 \r\n',
    ],
    ['semicolons, as a Lithuanian spreadsheet saves', 'route;stop_sequence;metres\n1;1;1850\n1;2;2400'],
    ['quoted values and "meters"', 'Route,Stop_Sequence,Meters\n"1","1","1850"\n1,2,"2400"\n'],
  ])('reads %s', (_what, text) => {
    const read = parseRouteDistancesCsv(text);
    expect(read.problems).toEqual([]);
    expect(read.lines.map(({ routeId, sequence, metres }) => [routeId, sequence, metres])).toEqual([
      [1, 1, 1850],
      [1, 2, 2400],
    ]);
  });

  it('numbers the lines as the file has them', () => {
    expect(parseRouteDistancesCsv('route,stop_sequence,metres\n\n7,3,900\n').lines).toEqual([
      { line: 3, routeId: 7, sequence: 3, metres: 900 },
    ]);
  });

  it.each([
    ['1,1', 'expected 3 values (route,stop_sequence,metres), found 2'],
    ['1,1,1850,x', 'expected 3 values (route,stop_sequence,metres), found 4'],
    ['M35,1,1850', 'route "M35" is not a route id (a positive whole number)'],
    ['0,1,1850', 'route "0" is not a route id (a positive whole number)'],
    ['1,0,1850', `stop_sequence "0" is not a stop's place in its route (1 for the first stop)`],
    ['1,first,1850', `stop_sequence "first" is not a stop's place in its route (1 for the first stop)`],
    ['1,1,', 'metres is empty (leave the line out where the distance is not known)'],
    ['1,1,-40', 'metres "-40" is negative'],
    ['1,1,1850.5', 'metres "1850.5" is not a whole number of metres (like 1850)'],
    ['1,1,"1,85"', 'metres "1,85" is not a whole number of metres (like 1850)'],
    ['1,1,1.85 km', 'metres "1.85 km" is not a whole number of metres (like 1850)'],
    ['1,1,0', 'metres 0: two stops of a route are never at the same place'],
    ['1,1,300001', '300001 metres is more than 300 km from a stop to the next: is it in metres?'],
  ])('refuses %j', (row, message) => {
    expect(parseRouteDistancesCsv(`route,stop_sequence,metres\n${row}\n`)).toEqual({
      lines: [],
      problems: [{ line: 2, message }],
    });
  });

  it('takes 300 km, the most', () => {
    expect(parseRouteDistancesCsv('route,stop_sequence,metres\n1,1,300000').lines).toHaveLength(1);
  });

  it('finds every problem, each on its line, a gap named twice on its second line', () => {
    const text = ['route,stop_sequence,metres', '1,1,1850', '1,2,-5', '1,1,1900', '2,1,abc', '2,2,700'].join(
      '\n',
    );
    expect(parseRouteDistancesCsv(text)).toEqual({
      lines: [
        { line: 2, routeId: 1, sequence: 1, metres: 1850 },
        { line: 6, routeId: 2, sequence: 2, metres: 700 },
      ],
      problems: [
        { line: 3, message: 'metres "-5" is negative' },
        { line: 4, message: 'route 1, stop 1 is already given on line 2' },
        { line: 5, message: 'metres "abc" is not a whole number of metres (like 1850)' },
      ],
    });
  });

  it.each([
    ['', 'the header must be route,stop_sequence,metres (found "")'],
    ['\n\n', 'the header must be route,stop_sequence,metres (found "")'],
    [
      'stop_id,lat,lon\n1,55.5,25.1',
      'the header must be route,stop_sequence,metres (found "stop_id,lat,lon")',
    ],
    ['1,1,1850\n1,2,2400', 'the header must be route,stop_sequence,metres (found "1,1,1850")'],
  ])('refuses a file without the header, %j, at line 1 and reads no further', (text, message) => {
    expect(parseRouteDistancesCsv(text)).toEqual({ lines: [], problems: [{ line: 1, message }] });
  });

  it('refuses a quote never closed, and a lone surrogate before anything else', () => {
    expect(parseRouteDistancesCsv('route,stop_sequence,metres\n1,1,900\n1,2,"900\n').problems).toEqual([
      { line: 3, message: 'a quoted value is never closed' },
    ]);
    expect(parseRouteDistancesCsv('route,stop_sequence,metres\n1,1,900\n1,\uD800,900\n').problems).toEqual([
      { line: 3, message: NOT_UTF8_TEXT },
    ]);
  });

  it('refuses more lines than it takes, at the first one too many', () => {
    const text = `route,stop_sequence,metres\n${Array.from({ length: 5 }, (_, i) => `1,${i + 1},100`).join('\n')}`;
    expect(parseRouteDistancesCsv(text, 5).problems).toEqual([]);
    expect(parseRouteDistancesCsv(text, 4).problems).toEqual([
      { line: 6, message: 'more than 4 distances (a file has one line a gap)' },
    ]);
  });
});

describe('checkRouteDistances', () => {
  // Route 1 has 4 stops (3 gaps), route 2 has 2 (1 gap).
  const stopCounts = new Map([
    [1, 4],
    [2, 2],
  ]);
  const line = (line: number, routeId: number, sequence: number) => ({
    line,
    routeId,
    sequence,
    metres: 500,
  });

  it.each([
    [line(2, 1, 1), []],
    [line(2, 1, 3), []],
    [line(2, 2, 1), []],
    [line(2, 9, 1), ['there is no route 9']],
    [line(2, 1, 4), ['stop 4 is the last stop of route 1: there is no next stop to measure to']],
    [line(2, 2, 2), ['stop 2 is the last stop of route 2: there is no next stop to measure to']],
    [line(2, 1, 5), ['route 1 has 4 stops: there is no stop 5']],
  ])('%j: %j', (given, messages) => {
    expect(checkRouteDistances([given], stopCounts).map((p) => p.message)).toEqual(messages);
  });

  it('lists the problems of both kinds by line', () => {
    const fromFile = [{ line: 5, message: 'metres "-5" is negative' }];
    const fromRoutes = checkRouteDistances([line(3, 9, 1), line(7, 1, 9)], stopCounts);
    expect(byLine([...fromFile, ...fromRoutes]).map((p) => p.line)).toEqual([3, 5, 7]);
  });
});

describe('withRouteDistances', () => {
  it('puts the given gaps in and keeps the others', () => {
    expect(
      withRouteDistances(
        [null, 1200, null],
        [
          { sequence: 1, metres: 800 },
          { sequence: 2, metres: 1250 },
        ],
      ),
    ).toEqual([800, 1250, null]);
  });
});
