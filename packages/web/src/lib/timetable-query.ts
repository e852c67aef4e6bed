import type { DeparturesQuery } from '@bus/core';
import { DIRECTIONS, type Direction, HOME_STOP_ID, isIsoDate, normalizeDeparturesQuery } from './core.ts';

/**
 * The header's state lives in the URL query (spec section 2): from, to, dir, date. Reading is
 * lenient (section 5 defaults); every user change writes all four back. These are pure
 * functions of (query string, today) so they are tested without a browser.
 */

/** What the header edits. `from` is null when the visitor cleared the departure selector. */
export interface HeaderQuery {
  from: number | null;
  to: number | null;
  dir: Direction;
  date: string;
}

const DIGITS = /^\d+$/;

/** A stop id from the URL: digits only, positive; anything else counts as not given. */
export function parseStopId(raw: string | null | undefined): number | null {
  const text = raw?.trim() ?? '';
  if (!DIGITS.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The query as the header shows it: dir and date defaulted, from and to only if valid. */
export function readHeaderQuery(search: string, today: string): HeaderQuery {
  const params = new URLSearchParams(search);
  const q = normalizeDeparturesQuery({ dir: params.get('dir'), date: params.get('date') }, today);
  return {
    from: parseStopId(params.get('from')),
    to: parseStopId(params.get('to')),
    dir: q.dir,
    date: q.date,
  };
}

/** The timetable home's query: every default applied, as the departures call wants it. */
export function readTimetableQuery(search: string, today: string): DeparturesQuery {
  return normalizeDeparturesQuery(readHeaderQuery(search, today), today);
}

/** The departure the departures list actually uses: a cleared selector means the home station. */
export function effectiveFrom(q: Pick<HeaderQuery, 'from'>): number {
  return q.from ?? HOME_STOP_ID;
}

/** Writes all four keys (an unset stop as an empty value), in a fixed order. */
export function writeHeaderQuery(q: HeaderQuery): string {
  return new URLSearchParams({
    from: q.from === null ? '' : String(q.from),
    to: q.to === null ? '' : String(q.to),
    dir: q.dir,
    date: q.date,
  }).toString();
}

/** A new departure; the destination is kept only while departing from the home station. */
export function withDeparture(q: HeaderQuery, stopId: number | null): HeaderQuery {
  return { ...q, from: stopId, to: stopId === HOME_STOP_ID || stopId === null ? q.to : null };
}

/** A destination (only from the home station) means going out. */
export function withDestination(q: HeaderQuery, stopId: number | null): HeaderQuery {
  if (stopId === null) return { ...q, to: null };
  return { ...q, from: effectiveFrom(q), to: stopId, dir: DIRECTIONS[0] };
}

/** City bound from the home station means the city buses: no destination. */
export function withDirection(q: HeaderQuery, dir: Direction): HeaderQuery {
  const clearsDestination = dir === DIRECTIONS[1] && effectiveFrom(q) === HOME_STOP_ID;
  return { ...q, dir, to: clearsDestination ? null : q.to };
}

export function withDate(q: HeaderQuery, date: string): HeaderQuery {
  return isIsoDate(date) ? { ...q, date } : q;
}

/** Whether the destination selector can be used: only when departing from the home station. */
export function destinationEnabled(q: Pick<HeaderQuery, 'from'>): boolean {
  return effectiveFrom(q) === HOME_STOP_ID;
}

/**
 * The empty day's link to /browse keeps the query; from the home station towards a destination,
 * the browse list is filtered by the destination instead (spec section 2).
 */
export function emptyDayBrowseSearch(search: string, q: DeparturesQuery): string {
  const params = new URLSearchParams(search);
  if (q.from === HOME_STOP_ID && q.to !== null) params.set('from', String(q.to));
  return params.toString();
}
