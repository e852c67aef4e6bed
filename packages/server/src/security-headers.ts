import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { tilesCspSource } from './map-tiles.ts';

/**
 * Security headers on every answer (helmet's, worked out once: see securityHeaders): nosniff everywhere; a Content Security
 * Policy that allows our own scripts, styles and images only (no inline script, no eval, no
 * plugins, no framing: the admin board cannot be clickjacked; our own service worker and
 * manifest only), X-Frame-Options DENY for older
 * browsers, Referrer-Policy strict-origin-when-cross-origin (other sites, such as the map tile
 * server, see our origin and no more: the OpenStreetMap tile policy asks for a Referer), a
 * Permissions-Policy that denies camera, microphone and payment, and the position (geolocation)
 * to everything but our own pages ("Stops near me"). The map's tile host is the one image
 * source beyond our own (MAP_TILES_URL, issue 29). HSTS only on answers that went
 * out over HTTPS (directly, or by X-Forwarded-Proto from a trusted proxy): sent over plain
 * HTTP it would mean nothing, and on a local test server it would lock the browser out.
 * The one exception to "no framing" is the stop widget (/embed/stop/{id}, issue 42): see
 * embedSecurityHeaders.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  // The service worker (/sw.js) and the web app manifest: our own files only (issue 15).
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The policy with the map's tile host among the image sources (issue 29), and `data:`: the map
 * library cancels a tile it no longer needs by pointing it at an empty data: GIF (an image from
 * nowhere, which can carry nothing in or out).
 */
export function contentSecurityPolicy(tilesUrl: string): Record<string, string[]> {
  return { ...CONTENT_SECURITY_POLICY, 'img-src': ["'self'", 'data:', tilesCspSource(tilesUrl)] };
}

/** helmet's options of every answer, the stop widget's too. */
const EVERY_ANSWER = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: false,
  // The old REST paths may be called from other origins (CORS_ORIGINS): no same-origin-only CORP.
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
} as const;

/**
 * The stop widget's page (/embed/stop/{id}, issue 42) is made to be framed by other sites: its
 * answer says `frame-ancestors *` and sends no X-Frame-Options (which has no "anyone" and would
 * win in older browsers). The rest of its policy is every page's, so it runs our own scripts only;
 * it has no sign-in, no admin and no forms, and sets no cookie, so a frame of it can be made to do
 * nothing on a visitor's behalf. Every other path, pages, answers and not-found alike, keeps
 * `frame-ancestors 'none'` and DENY: the route's `frameable` config, so it holds for that route
 * alone.
 */
export function embedSecurityHeaders(tilesUrl: string): HelmetOptions {
  return {
    ...EVERY_ANSWER,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityPolicy(tilesUrl), 'frame-ancestors': ['*'] },
    },
    frameguard: false,
  };
}

/** Every other answer's. */
export function siteSecurityHeaders(tilesUrl: string): HelmetOptions {
  return {
    ...EVERY_ANSWER,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(tilesUrl) },
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for `options`, worked out once: helmet's middleware, run on a
 * response that only records them. Its headers depend on its options alone (no nonces here),
 * while @fastify/helmet built the middleware again, parsing the policy, on every request
 * (about 35 µs each, as much as compressing the answers a server makes again under live buses).
 */
export function securityHeaders(options: HelmetOptions): readonly (readonly [string, string])[] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middleware is synchronous; a future one that is not would leave headers out.
  if (!done) throw new Error('helmet did not set its headers at once');
  return [...headers];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route may be framed by any site (the stop widget, issue 42): embedSecurityHeaders. */
    frameable?: true;
  }
}

/**
 * Browser features, denied to every page and to anything it would embed (Permissions-Policy;
 * an empty list allows nobody). The visitor's position is allowed to our own pages only:
 * "Stops near me" asks for it when pressed (issue 29). It is the whole site's, not one path's:
 * the app moves between its pages without loading a new document.
 */
export const PERMISSIONS_POLICY: Readonly<Record<string, readonly string[]>> = {
  camera: [],
  microphone: [],
  geolocation: ['self'],
  payment: [],
};

/** 'camera=(), microphone=(), geolocation=(self), payment=()'. */
export const PERMISSIONS_POLICY_VALUE = Object.entries(PERMISSIONS_POLICY)
  .map(([feature, allowed]) => `${feature}=(${allowed.join(' ')})`)
  .join(', ');

export async function registerSecurityHeaders(
  app: FastifyInstance,
  { tilesUrl }: { tilesUrl: string },
): Promise<void> {
  const site = securityHeaders(siteSecurityHeaders(tilesUrl));
  const frameable = securityHeaders(embedSecurityHeaders(tilesUrl));
  // On every answer, set as the request arrives (helmet's on the response, as helmet sets them),
  // so errors carry them too.
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of request.routeOptions.config?.frameable ? frameable : site)
      reply.raw.setHeader(name, value);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY_VALUE);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
