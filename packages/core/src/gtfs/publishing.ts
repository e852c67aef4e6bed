/**
 * What the GTFS feed needs that the timetable itself does not hold: stop positions and the
 * publishing settings (the site's address, the publisher, each operator's web address and
 * phone, the feed window). Zod-free: the checks are plain functions, so the stops screen can
 * use them in the browser, and the admin schemas wrap them.
 */

import type { Position } from '../domain.ts';
import { loneSurrogateLine, NOT_UTF8_TEXT } from '../text-lines.ts';
import { eachCsvRow } from './csv.ts';

/**
 * Lithuania with a margin around it (its extent is about 53.9-56.5 N, 20.9-26.9 E), so a stop
 * just over a border still fits while a swapped pair or a position elsewhere does not.
 */
export const POSITION_BOUNDS = { minLat: 53, maxLat: 57.5, minLon: 20, maxLon: 27.5 } as const;

export type PositionProblem = 'malformed' | 'outside';

/** Decimal degrees as a map writes them: '55.52', '-3.1', '25.1048'. */
const DEGREES = /^[+-]?\d{1,3}(\.\d{1,12})?$/;

export function parseDegrees(text: string): number | null {
  const trimmed = text.trim();
  return DEGREES.test(trimmed) ? Number(trimmed) : null;
}

export function positionInBounds({ lat, lon }: Position): boolean {
  const b = POSITION_BOUNDS;
  return lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
}

/** Six decimals is about 10 cm: enough for a bus stop, and what maps copy. */
export function roundPosition({ lat, lon }: Position): Position {
  return { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 };
}

/**
 * 'latitude, longitude' as pasted from a map ('55.5248, 25.1043', also with a semicolon or only
 * spaces between, or with decimal commas as Lithuanian is written: '55,5248 25,1043'); blank
 * is no position. Anything else, or a place outside Lithuania's surroundings, is a problem.
 */
export function parsePosition(
  text: string,
): { ok: true; position: Position | null } | { ok: false; problem: PositionProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, position: null };
  const spaced = trimmed.split(/\s*;\s*|\s+/);
  const decimalCommas =
    !trimmed.includes('.') && spaced.length === 2 && spaced.every((p) => /^[+-]?\d+,\d+$/.test(p));
  const parts = decimalCommas ? spaced.map((p) => p.replace(',', '.')) : trimmed.split(/\s*[,;]\s*|\s+/);
  if (parts.length !== 2) return { ok: false, problem: 'malformed' };
  const lat = parseDegrees(parts[0] as string);
  const lon = parseDegrees(parts[1] as string);
  if (lat === null || lon === null) return { ok: false, problem: 'malformed' };
  const position = roundPosition({ lat, lon });
  return positionInBounds(position) ? { ok: true, position } : { ok: false, problem: 'outside' };
}

export function formatPosition(position: Position | null): string {
  return position === null ? '' : `${position.lat}, ${position.lon}`;
}

/** What staff set for one operator (by its name as the lines write it). */
export interface OperatorContact {
  name: string;
  url: string | null;
  phone: string | null;
}

export interface PublishingSettings {
  /** The public site's address, e.g. 'https://autobusai.anyksciai.lt'. */
  siteUrl: string | null;
  publisherName: string | null;
  /** An e-mail address or a web address where riders and planners report problems. */
  publisherContact: string | null;
  operators: OperatorContact[];
  /** How many days the feed covers, from the day it is made. */
  windowDays: number;
}

export const FEED_WINDOW_DAYS = { min: 30, max: 730, default: 365 } as const;

export const EMPTY_PUBLISHING_SETTINGS: PublishingSettings = {
  siteUrl: null,
  publisherName: null,
  publisherContact: null,
  operators: [],
  windowDays: FEED_WINDOW_DAYS.default,
};

/** An absolute http(s) address; `new URL` alone would take 'mailto:' or 'javascript:'. */
export function isWebAddress(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

/** Digits with the usual separators: '+370 381 50000', '(8 381) 5 00 00'. */
export function isPhoneNumber(text: string): boolean {
  return /^\+?[\d ()-]{5,30}$/.test(text) && /\d{5}/.test(text.replace(/\D/g, ''));
}

/** A site address without the trailing slash, so paths join cleanly. */
export function siteBase(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

/** A line of a stop positions file. */
export interface StopPositionLine {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  stopId: number;
  position: Position;
}

/**
 * The most positions one file gives: a file has a line a stop, and a country has far fewer
 * stops. A longer file is refused at the line after the last one read, so what a file costs to
 * read stays bounded (a million positions, as objects, are about 130 MB).
 */
export const MAX_STOP_POSITION_LINES = 1_000_000;

/**
 * A stop positions file: the header `stop_id,lat,lon`, then one stop per line. The first bad
 * line stops the whole file (all or nothing), named by its number; empty lines are skipped. A
 * text holding a lone surrogate (not UTF-8 text) is refused at that line before anything else.
 * The rows are checked as they are read, so a file of a million lines is held once as text and
 * once as its positions, not also as rows of cells.
 */
export function parseStopPositionsCsv(
  text: string,
  maxLines = MAX_STOP_POSITION_LINES,
): { ok: true; lines: StopPositionLine[] } | { ok: false; line: number; message: string } {
  const notText = loneSurrogateLine(text);
  if (notText !== null) return { ok: false, line: notText, message: NOT_UTF8_TEXT };
  let refused: { ok: false; line: number; message: string } | undefined;
  const refuse = (line: number, message: string) => {
    refused = { ok: false, line, message };
    return false;
  };
  let header = true;
  const lines: StopPositionLine[] = [];
  const seen = new Map<number, number>();
  const read = eachCsvRow(text, (row, line) => {
    if (header) {
      header = false;
      if (row.map((cell) => cell.trim()).join(',') === 'stop_id,lat,lon') return true;
      return refuse(line, `the header must be stop_id,lat,lon (found ${JSON.stringify(row.join(','))})`);
    }
    if (lines.length >= maxLines)
      return refuse(line, `more than ${maxLines} positions (a file has one line a stop)`);
    if (row.length !== 3) return refuse(line, `expected 3 values (stop_id,lat,lon), found ${row.length}`);
    const [idText, latText, lonText] = row.map((cell) => cell.trim()) as [string, string, string];
    if (!/^\d{1,15}$/.test(idText) || Number(idText) < 1)
      return refuse(line, `stop_id ${JSON.stringify(idText)} is not a stop id (a positive whole number)`);
    const stopId = Number(idText);
    const lat = parseDegrees(latText);
    const lon = parseDegrees(lonText);
    if (lat === null) return refuse(line, `lat ${JSON.stringify(latText)} is not a number of degrees`);
    if (lon === null) return refuse(line, `lon ${JSON.stringify(lonText)} is not a number of degrees`);
    const position = roundPosition({ lat, lon });
    if (!positionInBounds(position))
      return refuse(
        line,
        `${lat}, ${lon} is outside Lithuania's surroundings (lat ${POSITION_BOUNDS.minLat}-${POSITION_BOUNDS.maxLat}, lon ${POSITION_BOUNDS.minLon}-${POSITION_BOUNDS.maxLon}): are lat and lon swapped?`,
      );
    const earlier = seen.get(stopId);
    if (earlier !== undefined) return refuse(line, `stop ${stopId} is already on line ${earlier}`);
    seen.set(stopId, line);
    lines.push({ line, stopId, position });
    return true;
  });
  if (refused) return refused;
  if (read.unterminatedLine !== undefined)
    return { ok: false, line: read.unterminatedLine, message: 'a quoted value is never closed' };
  if (header) return { ok: false, line: 1, message: 'the header must be stop_id,lat,lon (found "")' };
  return { ok: true, lines };
}
