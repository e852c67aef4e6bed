import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (@fastify/helmet): nosniff everywhere; a Content Security
 * Policy that allows our own scripts, styles and images only (no inline script, no eval, no
 * plugins, no framing: the admin board cannot be clickjacked; our own service worker and
 * manifest only), X-Frame-Options DENY for older
 * browsers, Referrer-Policy strict-origin-when-cross-origin, a Permissions-Policy that denies
 * camera, microphone, geolocation and payment. HSTS only on answers that went
 * out over HTTPS (directly, or by X-Forwarded-Proto from a trusted proxy): sent over plain
 * HTTP it would mean nothing, and on a local test server it would lock the browser out.
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
 * Browser features no page of the site uses, denied to every page and to anything it would
 * embed (Permissions-Policy; an empty list allows nobody). The one place to open one: a page
 * that needs the visitor's position (a map) gets `geolocation: ['self']` here (the whole site),
 * or, for its own path only, a test of request.url in the onRequest hook below.
 */
export const PERMISSIONS_POLICY: Readonly<Record<string, readonly string[]>> = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
};

/** 'camera=(), microphone=(), geolocation=(), payment=()'. */
export const PERMISSIONS_POLICY_VALUE = Object.entries(PERMISSIONS_POLICY)
  .map(([feature, allowed]) => `${feature}=(${allowed.join(' ')})`)
  .join(', ');

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
    // The old REST paths may be called from other origins (CORS_ORIGINS): no same-origin-only CORP.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  // On every answer: set as the request arrives, like helmet's headers, so errors carry it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY_VALUE);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
