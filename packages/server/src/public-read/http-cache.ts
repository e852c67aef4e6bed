import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import type { Clock } from '@bus/core';
import { type OpenedDatabase, publishingSavedAt } from '@bus/db';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type LiveLayer, liveAnswerOf } from '../live/layer.ts';
import { publicOrigin } from '../public-origin.ts';
import { AnswersAhead } from './answers-ahead.ts';
import { type CachePolicies, combined, type Declared, declared, type ReadMeta } from './cache-policy.ts';
import { answeredNotModified, PUBLIC_CACHE_CONTROL } from './etag.ts';
import type { AnswerTrips, Encoding, SerializedAnswers } from './kept-answers.ts';
import { dataTag, type ReadContext, readContext, serializedAnswers, validUntilOf } from './read-context.ts';

/**
 * HTTP caching and compression of the answers (files are compressed at build time; see app.ts).
 *
 * Public answers (the tRPC procedures and the routes that declare a cache policy, see
 * cache-policy.ts: the `timetable.*` queries, the old public REST paths, the calendar feeds)
 * carry an ETag named by this build, the data's version (the same in every
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's answer is cached (cache-policy.ts); a route without one is not. */
    cache?: ReadMeta;
  }
}

/** The origin a feed links to, as a tag names it: a short hash (a Host may hold any character). */
function originTag(origin: string): string {
  return `-o${createHash('sha256').update(origin).digest('base64url').slice(0, 10)}`;
}

const TRPC_PREFIX = '/trpc/';
/** The header of a live-laid answer's making ahead of the riders (AnswersAhead): not a rider's asking. */
const MADE_AHEAD = 'x-bus-made-ahead';

/**
 * How a GET is cached: as its route declares (`routeMeta`, the route's config) or, for a tRPC
 * URL, as every procedure it names declares in its meta (`policies`); null: not cached.
 */
export function answerPolicy(
  policies: CachePolicies,
  method: string,
  url: string,
  routeMeta: ReadMeta | undefined,
): Declared | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(TRPC_PREFIX)) return declared(routeMeta);
  // As the router and tRPC read it: '%2C' is a comma between procedures, and may name one that is not public.
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  return combined(
    path
      .slice(TRPC_PREFIX.length)
      .split(',')
      .map((p) => policies.get(p) ?? null),
  );
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag of a public answer, worked out when the request arrived. */
    publicTag?: string;
    /** Where its serialized answer is kept: the data and minute of the request's start. */
    publicAnswers?: SerializedAnswers;
    /** A live-laid answer (policy.live): its tag without the live part, worked out on arrival. */
    publicTagBase?: string;
    /** Its policy says `untilChanged`: kept past its minute as long as it noted (noteValidUntil). */
    publicUntilChanged?: boolean;
    /** The request's read context: the generation read once, when it arrived (see readOf). */
    publicRead?: ReadContext;
  }
}

/** The request's read context, made once: by the caching hook for a public answer, else on first use. */
export function readOf(request: FastifyRequest, db: OpenedDatabase, clock: Clock): ReadContext {
  request.publicRead ??= readContext(db, clock);
  return request.publicRead;
}

/** JSON up to this size goes out as it is. */
export const COMPRESS_ABOVE = 1024;

/** br when the browser takes it, else gzip, else none (q=0 refuses an encoding). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
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

/**
 * A kept (or just made) JSON answer, compressed when it is worth it and the browser takes it;
 * the compressed body is made once and kept beside the JSON. The one compress-and-send of the
 * kept answers (the caching hook and the tRPC fast lane).
 */
export async function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: SerializedAnswers,
  json: string,
  type = JSON_TYPE,
  key = request.url,
): Promise<FastifyReply> {
  reply.type(type);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null || json.length <= COMPRESS_ABOVE) return reply.send(json);
  return sendCompressed(reply, encoding, await answers.compressed(key, encoding, json), type);
}

/** The live tag of an answer that showed `shown`, as the live state is now (LiveLayer.tagOf). */
function liveTagOf(live: LiveLayer, read: ReadContext, shown: AnswerTrips): Promise<string> {
  return live.tagOf(read, shown.date, shown.tripIds, shown.exact === true, shown.visits);
}

/** Where a live-laid answer is kept: its URL and, when it shows followed buses, their live tag. */
function keptKey(url: string, liveTag: string): string {
  return liveTag === '' ? url : `${url}\n${liveTag}`;
}

function sendCompressed(reply: FastifyReply, encoding: Encoding, body: Buffer, type = JSON_TYPE) {
  return reply
    .type(type)
    .header('content-encoding', encoding)
    .header('vary', varyOnEncoding(reply))
    .send(body);
}

/** Vary with Accept-Encoding added to what is there (CORS varies on Origin). */
export function varyOnEncoding(reply: FastifyReply): string {
  const vary = reply.getHeader('vary');
  return vary === undefined || vary === '' ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`;
}

/**
 * The one rule of which requests may be answered from, and into, the kept public answers: a GET
 * (or HEAD) of an answer that declares a cache policy (its route's config, or every tRPC query
 * it names: answerPolicy), never a signed-in one (an Authorization header), whatever path it
 * came by (the tRPC adapter, the fast lane, the old REST paths, the feeds). Null: not kept.
 */
export function keepable(request: FastifyRequest, policies: CachePolicies): Declared | null {
  if (request.headers.authorization !== undefined) return null;
  return answerPolicy(policies, request.method, request.url, request.routeOptions.config?.cache);
}

/**
 * An answer whose tag is known only once it is worked out (/gtfs.zip: the zip's own): 304 when
 * the request names the tag, else the tag and the public Cache-Control set for the answer about
 * to be sent. True when answered.
 */
export function revalidated(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  if (answeredNotModified(request, reply, tag)) return true;
  reply.header('etag', tag).header('cache-control', PUBLIC_CACHE_CONTROL);
  return false;
}

/** How the kept answers were used, for the operator's figures (metrics.ts): one count per answer. */
export interface KeptCounter {
  inc(labels: { outcome: 'hit' | 'miss' | 'not_modified' }): void;
}

export async function registerHttpCaching(
  app: FastifyInstance,
  {
    db,
    clock,
    publicOrigins,
    policies,
    kept: counted,
    live,
  }: {
    db: OpenedDatabase;
    clock: Clock;
    publicOrigins: readonly string[];
    policies: CachePolicies;
    kept: KeptCounter;
    /** Live buses, laid over the answers whose policy says `live` (issue 40). */
    live: LiveLayer;
  },
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

  // Live-laid answers made again ahead of the riders when a trip they show reports
  // (answers-ahead.ts): through the server's own door, as a browser asks, marked so that the
  // making does not count as a rider's asking.
  const ahead = new AnswersAhead({
    kept: async (url) => {
      const read = readContext(db, clock);
      const answers = serializedAnswers(read);
      const shown = answers.shown(url);
      if (shown === undefined) return undefined;
      const key = keptKey(url, await liveTagOf(live, read, shown));
      return answers.keptCompressed(key, 'br') !== undefined || answers.get(key) !== undefined;
    },
    make: async (url) => {
      await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', [MADE_AHEAD]: '1' } });
    },
  });
  const unsubscribe = live.onChange((tripIds) => ahead.changed(tripIds));
  // The live state read a quarter second at a time while answers are hot, also between requests.
  const looking = setInterval(() => {
    if (ahead.size > 0) live.following();
  }, 250).unref();
  app.addHook('onClose', async () => {
    clearInterval(looking);
    unsubscribe();
  });

  // preHandler, not onRequest: the headers of every onRequest hook (CORS, security) are set
  // by then, also on an answer given from here.
  app.addHook('preHandler', async (request, reply) => {
    const policy = keepable(request, policies);
    if (policy === null) return;
    // Both read before any work: see dataTag in read-context.ts.
    const publishing = policy.publishing
      ? `-p${Date.parse(publishingSavedAt(db.sqlite) || '1970-01-01T00:00:00Z').toString(36)}`
      : '';
    // A feed's links go to the request's host when Publishing and PUBLIC_ORIGIN name no site address.
    const origin = policy.origin ? originTag(await publicOrigin(db, publicOrigins, request)) : '';
    // The request's generation, read once here and carried to the services (readOf).
    const read = readOf(request, db, clock);
    const answers = serializedAnswers(read);
    const base = `${BUILD}-${dataTag(read, policy.byMinute)}${publishing}${origin}`;
    // Live buses (issue 40): the answer's trips, as its last making under this data and minute
    // noted them, name the live part of its tag and where it is kept. Not known yet while
    // buses are followed: worked out, and tagged once made (onSend).
    let key = request.url;
    let liveTag = '';
    if (policy.live) {
      request.publicTagBase = base;
      const shown = answers.shown(request.url);
      if (shown === undefined && live.following()) {
        counted.inc({ outcome: 'miss' });
        request.publicAnswers = answers;
        request.publicUntilChanged = policy.untilChanged;
        return;
      }
      liveTag = shown === undefined ? '' : await liveTagOf(live, read, shown);
      key = keptKey(request.url, liveTag);
      if (shown !== undefined && request.headers[MADE_AHEAD] === undefined) ahead.asked(request.url, shown);
    }
    const tag = `"${base}${liveTag === '' ? '' : `-l${liveTag}`}"`;
    request.publicTag = tag;
    if (answeredNotModified(request, reply, tag)) {
      counted.inc({ outcome: 'not_modified' });
      return reply;
    }
    // The same URL under the same data and minute has the same answer: sent as it was kept,
    // compressed as the browser asks when that is kept (also when the JSON was too big to keep).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const body = encoding === null ? undefined : answers.keptCompressed(key, encoding);
    if (encoding !== null && body !== undefined) {
      counted.inc({ outcome: 'hit' });
      return sendCompressed(reply, encoding, body);
    }
    const kept = answers.get(key);
    if (kept !== undefined) {
      counted.inc({ outcome: 'hit' });
      return sendKeptJson(request, reply, answers, kept, JSON_TYPE, key);
    }
    counted.inc({ outcome: 'miss' });
    request.publicAnswers = answers;
    request.publicUntilChanged = policy.untilChanged;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // tRPC's adapter sends a fetch Response, whose status reaches the reply only after this hook.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    let key = request.url;
    if (request.publicTagBase !== undefined && request.publicAnswers !== undefined && status === 200) {
      // A live-laid answer just made (not one sent as kept): tagged and kept by the live state
      // it was made under.
      const shown = liveAnswerOf(request.publicRead);
      const liveTag = shown?.tag ?? '';
      if (shown !== undefined) {
        const trips = {
          date: shown.date,
          tripIds: shown.tripIds,
          ...(shown.exact ? { exact: true } : {}),
          ...(shown.visits ? { visits: shown.visits } : {}),
        };
        request.publicAnswers?.trips.set(request.url, trips);
        if (request.headers[MADE_AHEAD] === undefined) ahead.asked(request.url, trips);
      }
      request.publicTag = `"${request.publicTagBase}${liveTag === '' ? '' : `-l${liveTag}`}"`;
      key = keptKey(request.url, liveTag);
    }
    if (request.publicTag === undefined || status !== 200) return payload;
    reply.header('etag', request.publicTag).header('cache-control', PUBLIC_CACHE_CONTROL);
    // Only what the handler produced (a kept answer was sent above without this), and only JSON:
    // a kept answer goes out as JSON (a calendar feed is worked out each time).
    const answers = request.publicAnswers;
    if (answers === undefined) return payload;
    if (payload instanceof Response) {
      // The tRPC adapter's answer (a batch naming more than the fast lane's one query): read
      // whole, kept, and sent as the string it is, with its headers and status.
      const type = payload.headers.get('content-type') ?? '';
      if (!type.startsWith('application/json') || payload.body === null) return payload;
      const json = await payload.text();
      for (const [name, value] of payload.headers) if (name !== 'content-length') reply.header(name, value);
      reply.status(payload.status);
      return await keepJson(request, reply, answers, json, key);
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload === 'string' && (type === '' || type.startsWith('application/json'))) {
      // One answer (the fast lane's one query) that said until when it holds: kept that long.
      const until = request.publicUntilChanged ? validUntilOf(request.publicRead) : undefined;
      return await keepJson(request, reply, answers, payload, key, until);
    }
    return payload;
  });
}

/**
 * A public JSON answer just worked out: kept, and compressed here as the browser asks (the
 * compressed body kept beside it, as sendKeptJson does), so the next request for it is answered
 * from what was kept, compressed once. @fastify/compress leaves a body that has its encoding.
 */
async function keepJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: SerializedAnswers,
  json: string,
  key: string,
  until?: number,
): Promise<string | Buffer> {
  answers.set(key, json, until);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null || json.length <= COMPRESS_ABOVE) return json;
  const body = await answers.compressed(key, encoding, json);
  reply.header('content-encoding', encoding).header('vary', varyOnEncoding(reply));
  return body;
}
