import { describe, expect, it } from 'vitest';
import {
  formatPosition,
  isEmailAddress,
  isPhoneNumber,
  isWebAddress,
  parsePosition,
  parseStopPositionsCsv,
  siteBase,
} from './publishing.ts';

describe('parsePosition', () => {
  it.each([
    ['55.5248, 25.1043', { lat: 55.5248, lon: 25.1043 }],
    ['55.5248,25.1043', { lat: 55.5248, lon: 25.1043 }],
    ['  55.5248 ; 25.1043 ', { lat: 55.5248, lon: 25.1043 }],
    ['55.5248 25.1043', { lat: 55.5248, lon: 25.1043 }],
    ['55,5248 25,1043', { lat: 55.5248, lon: 25.1043 }],
    ['55,5248; 25,1043', { lat: 55.5248, lon: 25.1043 }],
    ['+55.52481234567, 25.1', { lat: 55.524812, lon: 25.1 }],
    ['55, 25', { lat: 55, lon: 25 }],
  ])('%j is %j', (text, position) => {
    expect(parsePosition(text)).toEqual({ ok: true, position });
  });

  it.each(['', '   '])('%j is no position', (text) => {
    expect(parsePosition(text)).toEqual({ ok: true, position: null });
  });

  it.each([
    ['55.5248', 'malformed'],
    ['55.5248, 25.1043, 3', 'malformed'],
    ['N55.5248, E25.1043', 'malformed'],
    ['55°31′29″N 25°6′15″E', 'malformed'],
    ['55.5248, abc', 'malformed'],
    ['1e1, 25', 'malformed'],
    ['25.1043, 55.5248', 'outside'],
    ['52.9, 25.1', 'outside'],
    ['57.6, 25.1', 'outside'],
    ['55.5, 19.9', 'outside'],
    ['55.5, 27.6', 'outside'],
    ['-55.5, 25.1', 'outside'],
  ])('%j is refused as %s', (text, problem) => {
    expect(parsePosition(text)).toEqual({ ok: false, problem });
  });

  it('formats what it parses back the same', () => {
    expect(formatPosition({ lat: 55.5248, lon: 25.1043 })).toBe('55.5248, 25.1043');
    expect(formatPosition(null)).toBe('');
  });
});

describe('addresses and phones', () => {
  it.each([
    ['https://autobusai.anyksciai.lt', true],
    ['http://anyksciai.lt/autobusai', true],
    ['autobusai.anyksciai.lt', false],
    ['javascript:alert(1)', false],
    ['mailto:info@anyksciai.lt', false],
    ['https://localhost', false],
    ['https://a b.lt', false],
  ])('isWebAddress(%j) = %s', (text, ok) => expect(isWebAddress(text)).toBe(ok));

  it.each([
    ['info@anyksciai.lt', true],
    ['info@anyksciai', false],
    ['in fo@anyksciai.lt', false],
  ])('isEmailAddress(%j) = %s', (text, ok) => expect(isEmailAddress(text)).toBe(ok));

  it.each([
    ['+370 381 51333', true],
    ['(8 381) 5 13 33', true],
    ['8-381-51333', true],
    ['call us', false],
    ['123', false],
  ])('isPhoneNumber(%j) = %s', (text, ok) => expect(isPhoneNumber(text)).toBe(ok));

  it('siteBase drops trailing slashes', () => {
    expect(siteBase('https://autobusai.anyksciai.lt//')).toBe('https://autobusai.anyksciai.lt');
  });
});

describe('parseStopPositionsCsv', () => {
  it('reads the lines, with CRLF, a BOM, quotes and empty lines', () => {
    const result = parseStopPositionsCsv(
      '\uFEFFstop_id,lat,lon\r\n1,55.5248,25.1043\r\n\r\n"2","55.6","25.2"\r\n',
    );
    expect(result).toEqual({
      ok: true,
      lines: [
        { line: 2, stopId: 1, position: { lat: 55.5248, lon: 25.1043 } },
        { line: 4, stopId: 2, position: { lat: 55.6, lon: 25.2 } },
      ],
    });
  });

  it.each([
    ['stop_id;lat;lon\n1;55.5;25.1', 1, 'the header must be stop_id,lat,lon'],
    ['stop_id,lat,lon\n0,55.5,25.1', 2, 'stop_id "0" is not a stop id'],
    ['stop_id,lat,lon\nx,55.5,25.1', 2, 'stop_id "x" is not a stop id'],
    ['stop_id,lat,lon\n1,55.5,25.1\n2,55.5', 3, 'expected 3 values (stop_id,lat,lon), found 2'],
    ['stop_id,lat,lon\n1,,25.1', 2, 'lat "" is not a number of degrees'],
    ['stop_id,lat,lon\n1,55.5,east', 2, 'lon "east" is not a number of degrees'],
    ['stop_id,lat,lon\n1,25.1,55.5', 2, "outside Lithuania's surroundings"],
    ['stop_id,lat,lon\n1,55.5,25.1\n1,55.6,25.1', 3, 'stop 1 is already on line 2'],
    ['stop_id,lat,lon\n1,55.5,25.1\n2,"55.6,25.1\n', 3, 'a quoted value is never closed'],
  ])('%j stops at line %i', (text, line, message) => {
    const result = parseStopPositionsCsv(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.line).toBe(line);
      expect(result.message).toContain(message);
    }
  });
});

describe('parseStopPositionsCsv of a large file', () => {
  it('reads a hundred thousand lines, and refuses more than the most it takes at the next line', () => {
    const text = `stop_id,lat,lon\n${Array.from({ length: 100_000 }, (_, i) => `${i + 1},55.5,25.1`).join('\n')}\n`;
    const read = parseStopPositionsCsv(text);
    expect(read.ok && read.lines.length).toBe(100_000);
    expect(read.ok && read.lines.at(-1)).toEqual({
      line: 100_001,
      stopId: 100_000,
      position: { lat: 55.5, lon: 25.1 },
    });
    expect(parseStopPositionsCsv(text, 99_999)).toEqual({
      ok: false,
      line: 100_001,
      message: 'more than 99999 positions (a file has one line a stop)',
    });
  });

  it('names the first bad line even after an unclosed quote further on', () => {
    expect(parseStopPositionsCsv('stop_id,lat,lon\n1,x,25.1\n2,"55.5,25.1\n')).toMatchObject({
      ok: false,
      line: 2,
    });
    expect(parseStopPositionsCsv('')).toMatchObject({ ok: false, line: 1 });
  });
});
