import type { FastifyInstance } from 'fastify';
import { registerAdminRoutes } from './admin-routes.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { registerLegacyCors } from './cors.ts';
import type { RestDeps } from './deps.ts';
import { registerOpenApiRoute } from './openapi.ts';
import { registerPublicRoutes } from './public-routes.ts';

/**
 * The old system's REST paths (spec section 7), served by the same services as the tRPC
 * procedures. Handlers parse with zod (accepting the legacy coercions), call one service
 * and map the result in mappers.ts; no SQL and no rules here. GET /api/openapi.json
 * describes them (openapi.ts).
 */
export function registerLegacyRest(
  app: FastifyInstance,
  deps: RestDeps & { corsOrigins: readonly string[] },
): void {
  registerLegacyCors(app, deps.corsOrigins);
  registerPublicRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerOpenApiRoute(app);
}
