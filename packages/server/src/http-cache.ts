import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import type { Clock } from '@bus/core';
import { type OpenedDatabase, publishingSavedAt } from '@bus/db';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from './public-origin.ts';
import { publicAnswer, type SerializedAnswers } from './services/answer-cache.ts';

/**
 * HTTP caching and compression of the answers (files are compressed at build time; see app.ts).
 *
 * Public answers (the tRPC `timetable.*` queries, the old public REST paths and the calendar
 * feeds /calendar/*) carry an ETag named by this build, the data's version (the same in every
 * process serving the file; see dataVersion) and, for departures, the minute, else the day.
 * Answers that say the site's address (the printed timetables, the calendar feeds) also name the
 * Publishing settings' save time, and a calendar feed the origin its links go to (see
 * public-origin.ts). A request that sends the tag back gets 304
 * before any work is done. `Cache-Control: public, no-cache`: a browser or a shared cache (nginx
 * in front of several processes) keeps the answer and reuses it after a 304, but asks every
 * time, so the first answer after an admin save is the new one everywhere. A few seconds of
 * max-age would save a round trip, and show staff their own save missing; a 304 is about 200
 * bytes.
 *
 * JSON bodies over 1 KB go out brotli or gzip compressed, as the browser asks (@fastify/compress;
 * the tRPC fast lane keeps its compressed answers and sets the encoding itself).
 */

/** Old REST paths every visitor may call, and whether their answer depends on the minute. */
const PUBLIC_REST: ReadonlyMap<string, boolean> = new Map([
  ['/api/scheduleItem/home-from', true],
  ['/api/busstop/search', false],
  ['/api/line/line-preview-withid-public', false],
  ['/api/scheduleItem/schedule-by-lineid-browse', false],
  ['/api/scheduleItem/schedule-by-tripid', false],
  ['/api/busstop/get2', false],
]);

/** The tRPC queries whose answer depends on the minute (tooLate). */
const TIMED_PROCEDURES: ReadonlySet<string> = new Set(['timetable.departures']);

/**
 * Public answers that also say the site's address from the Publishing settings (printed
 * timetables, calendar feeds): a Publishing save is no timetable change (dataVersion stays), so
 * their tag names the settings' save time too.
 */
const PUBLISHING_PROCEDURES: ReadonlySet<string> = new Set(['timetable.stopPoster', 'timetable.linePrint']);
const CALENDAR_PREFIX = '/calendar/';

/** Whether a GET asks for a calendar feed (whose events link to the public origin). */
function isCalendar(url: string): boolean {
  return url.startsWith(CALENDAR_PREFIX);
}

/** The origin a feed links to, as a tag names it: a short hash (a Host may hold any character). */
function originTag(origin: string): string {
  return `-o${createHash('sha256').update(origin).digest('base64url').slice(0, 10)}`;
}

/** Whether a public GET's answer says the Publishing settings (see PUBLISHING_PROCEDURES). */
export function readsPublishing(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path.startsWith(CALENDAR_PREFIX)) return true;
  if (!path.startsWith('/trpc/')) return false;
  let procedures: string[];
  try {
    procedures = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
  } catch {
    return false;
  }
  return procedures.some((p) => PUBLISHING_PROCEDURES.has(p));
}

/** How a GET is cached: by minute ('timed'), by day ('daily'), or not at all (null). */
export function publicAnswerKind(method: string, url: string): 'timed' | 'daily' | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  // As the router and tRPC read it: '%2C' is a comma between procedures, and may name one that is not public.
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  // The calendar feeds (/calendar/stop/1.ics, /calendar/trip/2.ics): from today on, by day.
  if (path.startsWith(CALENDAR_PREFIX)) return 'daily';
  if (path.startsWith('/trpc/')) {
    const procedures = path.slice('/trpc/'.length).split(',');
    if (!procedures.every((p) => p.startsWith('timetable.'))) return null;
    return procedures.some((p) => TIMED_PROCEDURES.has(p)) ? 'timed' : 'daily';
  }
  const timed = PUBLIC_REST.get(path);
  return timed === undefined ? null : timed ? 'timed' : 'daily';
}

/**
 * This build, in the tag too: a new version of the server may answer the same data
 * differently. A hash of the running entry script: in production the one bundled file
 * (dist/main.js), the same in every process that runs it, and new with every change.
 */
const BUILD = (() => {
  const entry = process.argv[1];
  try {
    return createHash('sha256')
      .update(readFileSync(entry ?? fileURLToPath(import.meta.url)))
      .digest('base64url')
      .slice(0, 10);
  } catch {
    return 'dev';
  }
})();

export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag of a public answer, worked out when the request arrived. */
    publicTag?: string;
    /** Where its serialized answer is kept: the data and minute of the request's start. */
    publicAnswers?: SerializedAnswers;
  }
}

/** JSON up to this size goes out as it is. */
export const COMPRESS_ABOVE = 1024;

/** br when the browser takes it, else gzip, else none (q=0 refuses an encoding). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A kept JSON answer, compressed when it is worth it and the browser takes it. */
function sendKept(request: FastifyRequest, reply: FastifyReply, answers: SerializedAnswers, json: string) {
  reply.type(JSON_TYPE);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null || json.length <= COMPRESS_ABOVE) return reply.send(json);
  return sendCompressed(reply, encoding, answers.compressed(request.url, encoding, json));
}

function sendCompressed(reply: FastifyReply, encoding: 'br' | 'gzip', body: Buffer) {
  return reply
    .type(JSON_TYPE)
    .header('content-encoding', encoding)
    .header('vary', varyOnEncoding(reply))
    .send(body);
}

/** Vary with Accept-Encoding added to what is there (CORS varies on Origin). */
export function varyOnEncoding(reply: FastifyReply): string {
  const vary = reply.getHeader('vary');
  return vary === undefined || vary === '' ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`;
}

function matches(request: FastifyRequest, tag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  // A list of tags, each perhaps weak (W/): a proxy that compressed our answer weakens it.
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

export async function registerHttpCaching(
  app: FastifyInstance,
  { db, clock, publicOrigins }: { db: OpenedDatabase; clock: Clock; publicOrigins: readonly string[] },
): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: within a few per cent of the best size for JSON, at a fraction of the time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Our answers are at most a few hundred KB: compressing them at once beats a stream.
    syncThreshold: 1024 * 1024,
  });

  // preHandler, not onRequest: the headers of every onRequest hook (CORS, security) are set
  // by then, also on an answer given from here.
  app.addHook('preHandler', async (request, reply) => {
    const kind = publicAnswerKind(request.method, request.url);
    // A request that signs in is never answered from, or into, what everyone is served.
    if (kind === null || request.headers.authorization !== undefined) return;
    // Both read before any work: see tagOf in answer-cache.ts.
    const publishing = readsPublishing(request.url)
      ? `-p${Date.parse(publishingSavedAt(db.sqlite) || '1970-01-01T00:00:00Z').toString(36)}`
      : '';
    // A feed's links go to the request's host when Publishing and PUBLIC_ORIGIN name no site address.
    const origin = isCalendar(request.url) ? originTag(await publicOrigin(db, publicOrigins, request)) : '';
    const { tag: version, answers } = publicAnswer(db, clock, kind === 'timed');
    const tag = `"${BUILD}-${version}${publishing}${origin}"`;
    request.publicTag = tag;
    if (matches(request, tag)) {
      return reply.code(304).header('etag', tag).header('cache-control', PUBLIC_CACHE_CONTROL).send();
    }
    // The same URL under the same data and minute has the same answer: sent as it was kept,
    // compressed as the browser asks when that is kept (also when the JSON was too big to keep).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const body = encoding === null ? undefined : answers.keptCompressed(request.url, encoding);
    if (encoding !== null && body !== undefined) return sendCompressed(reply, encoding, body);
    const kept = answers.get(request.url);
    if (kept !== undefined) return sendKept(request, reply, answers, kept);
    request.publicAnswers = answers;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // tRPC's adapter sends a fetch Response, whose status reaches the reply only after this hook.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (request.publicTag !== undefined && status === 200) {
      reply.header('etag', request.publicTag).header('cache-control', PUBLIC_CACHE_CONTROL);
      // Only what the handler produced (the kept answer was sent above without this), and only
      // JSON: a kept answer goes out as JSON (a calendar feed is worked out each time).
      const type = String(reply.getHeader('content-type') ?? '');
      const json = payload instanceof Response || type === '' || type.startsWith('application/json');
      if (request.publicAnswers !== undefined && typeof payload === 'string' && json) {
        request.publicAnswers.set(request.url, payload);
      }
    }
    return payload;
  });
}
