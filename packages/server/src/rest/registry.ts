import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type CachePolicy, cachedBy } from '../public-read/cache-policy.ts';
import type { Actor } from '../services/admin/recorded-write.ts';
import type { RestDeps } from './deps.ts';
import type { RequestBodyName } from './request-bodies.ts';

/**
 * One old REST path, declared once: what the OpenAPI document says of it (openapi.ts) and the
 * handler registered for it (registerPaths), so a path cannot be served and left undocumented,
 * or documented and not served.
 */
export interface RestPath {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI's form: '/api/busstop/delete/{id}' (registered as Fastify's '/api/busstop/delete/:id'). */
  path: string;
  summary: string;
  access: 'public' | 'auth' | 'admin';
  query?: z.ZodType;
  pathParams?: z.ZodType;
  body?: RequestBodyName;
  /** Schema of the 200 answer (schemas.ts); null: an empty body. */
  response: z.ZodType | null;
  errors: number[];
  /** How the answer is cached (public-read/cache-policy.ts); none: not cached. */
  cache?: CachePolicy;
  handle: (call: PathCall) => unknown;
}

/** What a handler gets: the request, the reply, the layer's dependencies and (admin paths) the signed-in user. */
export interface PathCall {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: RestDeps;
  actor: () => Actor;
}

/** '/api/busstop/delete/{id}' -> '/api/busstop/delete/:id' */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const noActor = (): Actor => {
  throw new Error('an open path has no signed-in user');
};

/** Registers each path's handler on `app` (a plugin scope for the admin paths, with their check). */
export function registerPaths(
  app: FastifyInstance,
  paths: readonly RestPath[],
  deps: RestDeps,
  actorOf: (req: FastifyRequest) => Actor = noActor,
): void {
  for (const path of paths) {
    app.route({
      method: path.method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
      url: fastifyPath(path.path),
      ...(path.cache === undefined ? {} : cachedBy(path.cache)),
      handler: async (req, reply) => path.handle({ req, reply, deps, actor: () => actorOf(req) }),
    });
  }
}
