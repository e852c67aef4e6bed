import { type Clock, type Direction, DomainError, effectiveDestination } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../public-origin.ts';
import type { ReadMeta } from './cache-policy.ts';
import { stopCalendar, tripCalendar } from './calendar-feed.ts';
import { readOf } from './http-cache.ts';
import { keptFeed } from './read-context.ts';

/**
 * The calendar feeds' fixed addresses (the home and the trip page link to them):
 *   GET /calendar/stop/{stopId}.ics?dir=Out+bound|City+bound&to={stopId}
 *   GET /calendar/trip/{tripId}.ics
 * Public answers: ETag and Cache-Control come from http-cache.ts like every public answer.
 */

/** From today on, so by day; their events link to the site (Publishing, the origin). */
export const CALENDAR_FEED_CACHE: ReadMeta = { cache: 'day', publishing: true, origin: true };

const ICS_FILE = /^([1-9]\d{0,15})\.ics$/;
const POSITIVE_ID = /^[1-9]\d{0,15}$/;

/** A positive id up to Number.MAX_SAFE_INTEGER (16 digits reach beyond it), else null. */
function safeId(digits: string | undefined): number | null {
  if (digits === undefined || !POSITIVE_ID.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : null;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

function idOf(file: string, what: string): number {
  const id = safeId(ICS_FILE.exec(file)?.[1]);
  if (id === null) throw new DomainError('NOT_FOUND', `No such calendar: ${what} ${file}`);
  return id;
}

function directionOf(value: unknown): Direction {
  if (value === undefined || value === '' || value === 'Out bound') return 'Out bound';
  if (value === 'City bound') return 'City bound';
  throw new DomainError('INVALID_INPUT', 'dir must be "Out bound" or "City bound"');
}

function destinationOf(value: unknown): number | null {
  if (value === undefined || value === '') return null;
  const id = typeof value === 'string' ? safeId(value) : null;
  if (id !== null) return id;
  throw new DomainError('INVALID_INPUT', 'to must be a stop id (a positive whole number)');
}

export function registerCalendarFeeds(
  app: FastifyInstance,
  { db, clock, publicOrigins }: { db: OpenedDatabase; clock: Clock; publicOrigins: readonly string[] },
) {
  // Where the events' links go: the site's public origin (public-origin.ts). Its ETag names it
  // too (http-cache.ts), so a shared cache never confirms a copy made for another origin.
  const originOf = (request: FastifyRequest) => publicOrigin(db, publicOrigins, request);

  app.get<{ Params: { file: string }; Querystring: Record<string, string | undefined> }>(
    '/calendar/stop/:file',
    { config: { cache: CALENDAR_FEED_CACHE } },
    async (request, reply) => {
      const from = idOf(request.params.file, 'stop');
      const dir = directionOf(request.query.dir);
      const to = destinationOf(request.query.to);
      const origin = await originOf(request);
      // Kept by the destination as the departures count it (effectiveDestination): one they
      // ignore makes the same feed as none, so `to=1`, `to=2`, ... do not each write a hub's feed.
      const counted = effectiveDestination({ from, to, dir });
      const read = readOf(request, db, clock);
      const key = `stop|${from}|${counted ?? ''}|${dir}|${read.now.date}|${origin}`;
      const ics = await keptFeed(read, key, () => stopCalendar(read, { from, to, dir }, origin));
      return reply
        .type(CALENDAR_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="stop-${from}.ics"`)
        .send(ics);
    },
  );
  const trip = { config: { cache: CALENDAR_FEED_CACHE } };
  app.get<{ Params: { file: string } }>('/calendar/trip/:file', trip, async (request, reply) => {
    const tripId = idOf(request.params.file, 'trip');
    const origin = await originOf(request);
    const read = readOf(request, db, clock);
    const key = `trip|${tripId}|${read.now.date}|${origin}`;
    const ics = await keptFeed(read, key, () => tripCalendar(read, tripId, origin));
    return reply
      .type(CALENDAR_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="trip-${tripId}.ics"`)
      .send(ics);
  });
}
