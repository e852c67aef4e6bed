import type { FastifyInstance } from 'fastify';
import { registerAdminPaths } from './admin-paths.ts';
import { AUTH_PATHS } from './auth-paths.ts';
import { registerLegacyCors } from './cors.ts';
import type { RestDeps } from './deps.ts';
import { OPENAPI_PATHS } from './openapi.ts';
import { PUBLIC_PATHS } from './public-paths.ts';
import { registerPaths } from './registry.ts';

/**
 * The old system's REST paths (spec section 7), served by the same services as the tRPC
 * procedures. Each path is declared once (public-paths.ts, auth-paths.ts, admin-paths.ts: its
 * handler and what GET /api/openapi.json says of it, openapi.ts). Handlers parse with zod
 * (accepting the legacy coercions), call one service and map the result in mappers.ts; no SQL
 * and no rules here.
 */
export function registerLegacyRest(
  app: FastifyInstance,
  deps: RestDeps & { corsOrigins: readonly string[] },
): void {
  registerLegacyCors(app, deps.corsOrigins);
  registerPaths(app, PUBLIC_PATHS, deps);
  registerPaths(app, AUTH_PATHS, deps);
  registerAdminPaths(app, deps);
  registerPaths(app, OPENAPI_PATHS, deps);
}
