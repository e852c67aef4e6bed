import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import {
  type AnyRouter,
  callProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A short way in for the hottest public queries. tRPC's Fastify adapter turns every request
 * into a WHATWG Request and streams the reply, which caps a 2-core server near 1,000
 * requests a second whatever the procedure does. For a plain GET of one of `paths` (batched
 * or not, as the tRPC clients send it) this route calls the same procedure through tRPC's own
 * callProcedure (input validation, middlewares and error formatting included) and writes the
 * same JSON envelope. Everything else still goes through the adapter.
 */
export function registerTrpcFastLane<TContext>(
  app: FastifyInstance,
  options: {
    router: AnyRouter;
    prefix: string;
    paths: readonly string[];
    createContext: (req: FastifyRequest) => TContext;
    /**
     * Answers are kept (serialized) while this token stays the same: it must change whenever
     * anything an answer depends on changes (the data, the current minute).
     */
    cacheToken: (ctx: TContext) => string;
    /** Upper bound of the kept answers' total length (characters), so memory stays flat. */
    cacheChars?: number;
  },
): void {
  const { router, prefix, createContext, cacheToken, cacheChars = 4_000_000 } = options;
  const config = router._def._config;
  const cache = new Map<string, string>();
  let cachedChars = 0;
  const keep = (key: string, json: string) => {
    // A hub's whole day can be large; such answers are not worth the memory.
    if (json.length > cacheChars / 16 || cache.has(key)) return;
    // Map order is insertion order: the first key is the oldest.
    for (const [oldKey, old] of cache) {
      if (cachedChars + json.length <= cacheChars) break;
      cache.delete(oldKey);
      cachedChars -= old.length;
    }
    cache.set(key, json);
    cachedChars += json.length;
  };
  for (const path of options.paths) {
    app.get(`${prefix}/${path}`, async (req, reply) => {
      const query = req.query as Record<string, string | string[] | undefined>;
      const batch = query.batch !== undefined;
      const ctx = createContext(req);
      const key = `${cacheToken(ctx)}\u0000${req.url}`;
      const cached = cache.get(key);
      if (cached !== undefined) return reply.type('application/json').send(cached);
      let input: unknown;
      try {
        const raw = typeof query.input === 'string' ? (JSON.parse(query.input) as unknown) : undefined;
        input =
          batch && raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)['0'] : raw;
        const data = (await callProcedure({
          router,
          path,
          type: 'query',
          ctx,
          getRawInput: async () => input,
          signal: undefined,
          batchIndex: 0,
        })) as unknown;
        const body = { result: { data } };
        const json = JSON.stringify(batch ? [body] : body);
        keep(key, json);
        return reply.type('application/json').send(json);
      } catch (cause) {
        const error =
          cause instanceof SyntaxError
            ? new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not valid JSON', cause })
            : getTRPCErrorFromUnknown(cause);
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error, path }, 'tRPC procedure failed');
        const shape = getErrorShape({ config, error, type: 'query', path, input, ctx });
        const body = { error: shape };
        return reply
          .status(getHTTPStatusCodeFromError(error))
          .type('application/json')
          .send(batch ? [body] : body);
      }
    });
  }
}
