import type { FastifyInstance } from 'fastify';

/**
 * CORS for the legacy paths only, so an old client hosted on another origin can be allowed
 * (CORS_ORIGINS). Origins not listed get no CORS headers, and the browser blocks them.
 */
export function registerLegacyCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      // Returned, so the request ends here (an async hook that only sends may go on to the handler).
      return reply
        .header('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS')
        .header('access-control-allow-headers', 'Content-Type, Authorization')
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    }
  });
}
