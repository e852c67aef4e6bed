import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Context, procedureOf, trpcErrorShape } from '../trpc/init.ts';
import type { CachePolicies } from './cache-policy.ts';

/**
 * A short way in for the hottest public queries. tRPC's Fastify adapter turns every request
 * into a WHATWG Request and streams the reply, which caps a 2-core server near 1,000
 * requests a second whatever the procedure does. For a plain GET of a query whose meta says
 * `fastLane: true` (batched or not, as the tRPC clients send it) this route calls the same
 * procedure through tRPC's public server-side caller (`router.createCaller`: input validation,
 * middlewares and error formatting included) and writes the same JSON envelope. It keeps
 * nothing itself: the serving hooks (http-cache.ts) answer a kept answer before it runs and keep
 * what it sends, under the one rule of every public answer. Everything else still goes through
 * the adapter.
 */

export function registerTrpcFastLane(
  app: FastifyInstance,
  options: {
    router: { createCaller: (ctx: Context) => unknown };
    prefix: string;
    createContext: (req: FastifyRequest) => Context;
    policies: CachePolicies;
  },
): void {
  const { router, prefix, createContext, policies } = options;
  // Only queries are in `policies` (CacheSettings: the router's queries): a GET never runs a mutation.
  for (const [path, policy] of policies) {
    if (!policy.fastLane) continue;
    const segments = path.split('.');
    app.get(`${prefix}/${path}`, async (req, reply) => {
      const query = req.query as Record<string, string | string[] | undefined>;
      const batch = query.batch !== undefined;
      const ctx = createContext(req);
      let input: unknown;
      try {
        const raw = typeof query.input === 'string' ? (JSON.parse(query.input) as unknown) : undefined;
        input =
          batch && raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)['0'] : raw;
        const data = await procedureOf(router, ctx, segments)(input);
        const body = { result: { data } };
        // Kept (when the request may be) and compressed by the serving hooks, as every public answer.
        return reply.type('application/json').send(JSON.stringify(batch ? [body] : body));
      } catch (cause) {
        const error =
          cause instanceof SyntaxError
            ? new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not valid JSON', cause })
            : getTRPCErrorFromUnknown(cause);
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error, path }, 'tRPC procedure failed');
        const body = { error: trpcErrorShape(error, path, input, ctx) };
        return reply
          .status(getHTTPStatusCodeFromError(error))
          .type('application/json')
          .send(batch ? [body] : body);
      }
    });
  }
}
