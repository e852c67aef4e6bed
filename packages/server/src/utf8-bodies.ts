import { DomainError, findLoneSurrogate, serverMessage, textNotUnicode } from '@bus/core';
import type { AnyTRPCRouter } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import { trpcErrorOf } from './http-errors.ts';
import { trpcErrorShape } from './trpc/init.ts';
import { type MutationLane, registerTrpcMutationLane } from './trpc/mutation-lane.ts';

/**
 * JSON bodies that are not valid UTF-8 are refused with 400 (issue 25). Fastify and tRPC
 * decoded them leniently: `{"name":"x\xed\xa0\x80y"}` (a lone surrogate's bytes) was stored as
 * 'x\ufffd\ufffd\ufffdy'. Here a body is read as bytes and decoded with a fatal TextDecoder: on
 * the old REST paths before Fastify's own JSON parser (the same protections against
 * __proto__ and constructor keys), and in the tRPC scope before tRPC parses the text itself.
 */

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; INVALID_INPUT (400) when it is not valid UTF-8. */
export function decodeBody(body: Buffer): string {
  try {
    return STRICT_UTF8.decode(body);
  } catch {
    throw new DomainError('INVALID_INPUT', serverMessage('bodyNotUtf8'));
  }
}

type Done = (error: Error | null, body?: unknown) => void;

/** Replaces this scope's application/json parser with one that decodes strictly first. */
function strictJson(
  scope: FastifyInstance,
  parse: (request: FastifyRequest, text: string, done: Done) => void,
) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeBody(body as Buffer);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * The app's JSON bodies (the old REST paths): strict UTF-8, then Fastify's own parser, and no
 * text in the body or the query may hold a lone surrogate (JSON's "\ud800", valid UTF-8 text
 * that parses to what is not Unicode): 400 naming the field. (tRPC inputs: trpc/init.ts.)
 */
export function registerStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  strictJson(app, (request, text, done) => parseJson(request, text, done));
  app.addHook('preValidation', async (request) => {
    // tRPC's scope keeps the body as text: its inputs are checked when tRPC has parsed them.
    if (typeof request.body === 'string') return;
    const found = findLoneSurrogate(request.body) ?? findLoneSurrogate(request.query);
    if (found !== null) throw new DomainError('INVALID_INPUT', textNotUnicode(found));
  });
}

/**
 * tRPC's Fastify plugin in a scope of its own whose JSON parser (the plugin's: the text, which
 * tRPC parses) decodes strictly. The plugin replaces the parser it inherits, so it is run here
 * and its parser replaced after it. A refused body is answered as tRPC answers a request it
 * cannot read: one error (400, BAD_REQUEST), its message keyed like every server message.
 */
export function trpcWithStrictBodies<TRouter extends AnyTRPCRouter>(
  trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'],
  /** Mutations answered by the fast lane (trpc/mutation-lane.ts). */
  lane?: MutationLane,
): FastifyPluginCallback {
  return (scope, _options, done) => {
    // tRPC's adapter answers with a fetch Response, which @fastify/compress compresses as a
    // stream whatever its size; read whole here (its JSON is in memory already), a small answer
    // (a driver's position accepted, every few seconds per bus) goes out as it is, and a larger
    // one is compressed at once. The public answers were read and kept before this (http-cache.ts).
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!(payload instanceof Response) || payload.body === null) return payload;
      if (!(payload.headers.get('content-type') ?? '').startsWith('application/json')) return payload;
      const json = await payload.text();
      for (const [name, value] of payload.headers) if (name !== 'content-length') reply.header(name, value);
      reply.status(payload.status);
      return json;
    });
    fastifyTRPCPlugin<TRouter>(scope, { trpcOptions }, (error?: Error) => {
      if (error) return done(error);
      strictJson(scope, (_request, text, parsed) => parsed(null, text));
      if (lane !== undefined) registerTrpcMutationLane(scope, trpcOptions, lane);
      scope.setErrorHandler((failure, _request, reply) => {
        // Anything else goes on to the app's error handler.
        if (!(failure instanceof DomainError) || failure.code !== 'INVALID_INPUT') throw failure;
        const refused = trpcErrorOf(failure);
        if (refused === null) throw failure;
        return reply
          .status(400)
          .type('application/json')
          .send({ error: trpcErrorShape(refused, undefined, undefined) });
      });
      done();
    });
  };
}
