import { type AnyTRPCRouter, getTRPCErrorFromUnknown } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterWaitingRequests } from '../riders-first.ts';
import { type Context, procedureOf, trpcErrorShape } from './init.ts';

/** The mutations the lane answers, and their context (the one tRPC's adapter makes of the request). */
export interface MutationLane {
  paths: readonly string[];
  createContext: (req: FastifyRequest, reply: FastifyReply) => Context;
}

/** tRPC's own test for a JSON body (its json content-type handler): the media type, case-insensitive. */
const isJson = (contentType: string | undefined) =>
  contentType?.toLowerCase().split(';', 1)[0]?.trim() === 'application/json';

/**
 * A short way in, like the hot queries' (public-read/trpc-fast-lane.ts), for a mutation sent
 * many times a second: a driver's position (drive.report, from every bus in service every
 * 5-10 s). Registered in tRPC's own scope, whose parser hands the body over as strictly decoded
 * text, it answers the request tRPC's clients send (POST, a JSON body, plain or as a batch of
 * one) through the server-side caller, with the adapter's envelope and its Vary header. Anything
 * else (another media type, a streamed batch, a body that is not JSON, a batch that is not an
 * object) goes on to tRPC's adapter, which answers it as it always has.
 */
export function registerTrpcMutationLane<TRouter extends AnyTRPCRouter>(
  scope: FastifyInstance,
  trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'],
  { paths, createContext }: MutationLane,
): void {
  const router = trpcOptions.router as TRouter & { createCaller: (ctx: Context) => unknown };
  for (const path of paths) {
    const segments = path.split('.');
    scope.post(`/${path}`, async (req, reply) => {
      const query = req.query as Record<string, string | string[] | undefined>;
      const accept = req.headers['trpc-accept'] ?? req.headers.accept;
      let input: unknown;
      let batch = false;
      let readable = isJson(req.headers['content-type']) && typeof req.body === 'string';
      readable &&= !(typeof accept === 'string' && accept.includes('application/jsonl'));
      readable &&= query.batch === undefined || typeof query.batch === 'string';
      if (readable) {
        batch = query.batch === '1';
        try {
          const raw = JSON.parse(req.body as string) as unknown;
          if (batch && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) readable = false;
          else input = batch ? (raw as Record<string, unknown>)['0'] : raw;
        } catch {
          readable = false;
        }
      }
      if (!readable) {
        await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
        return reply;
      }
      // The adapter's Vary; JSON (Fastify adds its charset).
      reply.header('vary', 'trpc-accept, accept').type('application/json');
      const ctx = createContext(req, reply);
      try {
        const procedure = procedureOf(router, ctx, segments);
        // Riders first (riders-first.ts): the requests that came in while this one was read are
        // answered before its procedure runs, and those that came in while it ran before its
        // answer is written.
        await afterWaitingRequests();
        const data = await procedure(input);
        await afterWaitingRequests();
        const body = { result: { data } };
        return reply.send(JSON.stringify(batch ? [body] : body));
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        trpcOptions.onError?.({ error, path, req, input, ctx, type: 'mutation' });
        const body = { error: trpcErrorShape(error, path, input, ctx) };
        return reply.status(getHTTPStatusCodeFromError(error)).send(JSON.stringify(batch ? [body] : body));
      }
    });
  }
}
