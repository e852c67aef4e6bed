import { describe, expect, it } from 'vitest';
import { parseStopsTxt } from './stops-txt.ts';

describe('parseStopsTxt reads', () => {
  it('columns in any order, quoted values, a BOM, CRLF; other columns ignored', () => {
    const text =
      '\uFEFFstop_lat,stop_code,stop_name,stop_id,stop_lon,location_type\r\n' +
      '55.5265,A1,"Anykščių AS, 1 aikštelė",LT1,25.1037,0\r\n' +
      '55.53,,"SB ""Elma""",LT2,25.11,\r\n';
    expect(parseStopsTxt(text)).toEqual({
      ok: true,
      skipped: 0,
      stops: [
        {
          line: 2,
          id: 'LT1',
          name: 'Anykščių AS, 1 aikštelė',
          position: { lat: 55.5265, lon: 25.1037 },
          locationType: 0,
        },
        { line: 3, id: 'LT2', name: 'SB "Elma"', position: { lat: 55.53, lon: 25.11 }, locationType: 0 },
      ],
    });
  });

  it('stations; leaves out entrances, nodes, boarding areas without a position and places far away', () => {
    const text = [
      'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station',
      'S,Utenos AS,55.497,25.603,1,',
      'E,Utenos AS įėjimas,55.497,25.603,2,S',
      'N,Mazgas,,,3,S',
      'B,Aikštelė,,,4,S',
      'B2,Aikštelė 2,55.4971,25.6031,4,S',
      'W,Warszawa Zachodnia,52.2195,20.9633,0,',
    ].join('\n');
    const read = parseStopsTxt(text);
    expect(read.ok && read.stops.map((s) => [s.id, s.locationType])).toEqual([
      ['S', 1],
      ['B2', 4],
    ]);
    expect(read.ok && read.skipped).toBe(4);
  });
});

describe('parseStopsTxt refuses, naming the line', () => {
  const header = 'stop_id,stop_name,stop_lat,stop_lon';
  it.each([
    ['', 1, 'the file is empty'],
    ['stop_id,name,lat,lon\nA,B,55,25', 1, 'the header has no stop_name, stop_lat, stop_lon'],
    [`${header}\nA,Pagiriai,55.5`, 2, 'expected 4 values, found 3'],
    [`${header}\nA,Pagiriai,55.5,25.1\n\nA,Pagojė,55.6,25.2`, 4, 'stop_id "A" is already on line 2'],
    [`${header}\n,Pagiriai,55.5,25.1`, 2, 'stop_id is empty'],
    [`${header}\nA,,55.5,25.1`, 2, 'stop "A" has no stop_name'],
    [
      `${header}\nA,Pagiriai,55.5,25.1\nB,Pagojė,55°36',25.2`,
      3,
      `stop_lat "55°36'" is not a latitude in degrees`,
    ],
    [`${header}\nA,Pagiriai,55.5,`, 2, 'stop_lon "" is not a longitude in degrees'],
    [`${header}\nA,Pagiriai,95.5,25.1`, 2, 'stop_lat "95.5" is not a latitude in degrees'],
    [`${header}\nA,"Pagiriai,55.5,25.1`, 2, 'a quoted value is never closed'],
    [`${header},location_type\nA,Pagiriai,55.5,25.1,7`, 2, 'location_type "7" is not 0, 1, 2, 3 or 4'],
    [`${header}\nA,Vilnius,25.28,54.67`, 1, "no stop of the file is in Lithuania's surroundings"],
  ])('%j: line %d, %s', (text, line, message) => {
    const read = parseStopsTxt(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.line).toBe(line);
    expect(read.message).toContain(message);
  });
});
