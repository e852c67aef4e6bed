import { type AnyTRPCRouter, getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESS_ABOVE, varyOnEncoding } from '../http-cache.ts';
import { serializedAnswers } from '../services/answer-cache.ts';
import type { Context } from './init.ts';

/**
 * A short way in for the hottest public queries. tRPC's Fastify adapter turns every request
 * into a WHATWG Request and streams the reply, which caps a 2-core server near 1,000
 * requests a second whatever the procedure does. For a plain GET of one of FAST_LANE_PATHS
 * (batched or not, as the tRPC clients send it) this route calls the same procedure through
 * tRPC's public server-side caller (`router.createCaller`: input validation, middlewares and
 * error formatting included) and writes the same JSON envelope, kept serialized for the
 * current data and minute by services/answer-cache.ts. Everything else still goes through the
 * adapter.
 */

/** The public queries a visitor's phone asks most often. */
export const FAST_LANE_PATHS = ['timetable.departures', 'timetable.searchStops'] as const;

type Procedure = (input: unknown) => Promise<unknown>;

export function registerTrpcFastLane(
  app: FastifyInstance,
  options: { router: AnyTRPCRouter; prefix: string; createContext: (req: FastifyRequest) => Context },
): void {
  const { router, prefix, createContext } = options;
  const config = router._def._config;
  for (const path of FAST_LANE_PATHS) {
    // A GET must never run a mutation: only queries take this lane.
    const procedure = (router._def.procedures as Record<string, { _def: { type: string } } | undefined>)[
      path
    ];
    if (procedure?._def.type !== 'query') throw new Error(`The tRPC fast lane serves queries only: ${path}`);
    const segments = path.split('.');
    app.get(`${prefix}/${path}`, async (req, reply) => {
      const query = req.query as Record<string, string | string[] | undefined>;
      const batch = query.batch !== undefined;
      const ctx = createContext(req);
      let input: unknown;
      try {
        const answers = serializedAnswers(ctx.db, ctx.clock);
        const encoding = acceptedEncoding(req.headers['accept-encoding']);
        const send = (json: string) => {
          reply.type('application/json');
          if (encoding === null || json.length <= COMPRESS_ABOVE) return reply.send(json);
          return reply
            .header('content-encoding', encoding)
            .header('vary', varyOnEncoding(reply))
            .send(answers.compressed(req.url, encoding, json));
        };
        const kept = answers.get(req.url);
        if (kept !== undefined) return send(kept);
        const raw = typeof query.input === 'string' ? (JSON.parse(query.input) as unknown) : undefined;
        input =
          batch && raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)['0'] : raw;
        let procedureCall: unknown = router.createCaller(ctx);
        for (const segment of segments) procedureCall = (procedureCall as Record<string, unknown>)[segment];
        const data = await (procedureCall as Procedure)(input);
        const body = { result: { data } };
        const json = JSON.stringify(batch ? [body] : body);
        answers.set(req.url, json);
        return send(json);
      } catch (cause) {
        const error =
          cause instanceof SyntaxError
            ? new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not valid JSON', cause })
            : getTRPCErrorFromUnknown(cause);
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error, path }, 'tRPC procedure failed');
        const shape = getTRPCErrorShape({ config, error, type: 'query', path, input, ctx });
        const body = { error: shape };
        return reply
          .status(getHTTPStatusCodeFromError(error))
          .type('application/json')
          .send(batch ? [body] : body);
      }
    });
  }
}
