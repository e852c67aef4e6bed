import { siteBase } from '@bus/core';
import { getPublishingSettings, type OpenedDatabase } from '@bus/db';

/**
 * The site's public origin ('https://autobusai.anyksciai.lt'): the one place every answer that
 * names the site's own address gets it from (robots.txt's Sitemap line, sitemap.xml, the
 * pages' og:url, the calendar feeds' links and their ETag). In this order:
 *   1. the site address staff set on the Publishing page (what the GTFS feed and the printed
 *      timetables name too);
 *   2. with PUBLIC_ORIGIN set, the listed origin whose host the request's Host header names,
 *      else the first listed one;
 *   3. else the request's own scheme and Host header.
 * X-Forwarded-Host is never read, not even from a trusted proxy (Fastify's request.host would
 * believe it): a request cannot make the site name another site. X-Forwarded-Proto from a
 * trusted proxy still gives the scheme in case 3 (request.protocol).
 */

/** What of a request the origin depends on. */
export interface OriginRequest {
  /** http or https: from X-Forwarded-Proto only when the proxy is trusted (TRUST_PROXY). */
  protocol: string;
  headers: { host?: string | undefined };
}

/** A Host header as HTTP allows it: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** The request's Host header in lower case, or null when it is missing or no host at all. */
function hostOf(request: OriginRequest): string | null {
  const host = request.headers.host?.trim().toLowerCase() ?? '';
  return HOST.test(host) ? host : null;
}

/** The listed origin whose host (with its port, the scheme's default one left out) the Host header names. */
function listedOrigin(allowed: readonly string[], host: string | null): string | undefined {
  if (host === null) return undefined;
  return allowed.find((origin) => {
    const url = new URL(origin);
    const defaultPort = url.protocol === 'https:' ? ':443' : ':80';
    const asked = host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host;
    return url.host === asked;
  });
}

/** The rule above, for a site address (Publishing; null: none set) and the PUBLIC_ORIGIN list. */
export function chooseOrigin(
  siteUrl: string | null,
  allowed: readonly string[],
  request: OriginRequest,
): string {
  if (siteUrl !== null) return siteBase(siteUrl);
  const host = hostOf(request);
  if (allowed.length > 0) return listedOrigin(allowed, host) ?? (allowed[0] as string);
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host ?? 'localhost'}`;
}

/** The public origin of this request (reads the Publishing site address). */
export async function publicOrigin(
  db: OpenedDatabase,
  allowed: readonly string[],
  request: OriginRequest,
): Promise<string> {
  const { siteUrl } = (await getPublishingSettings(db.kysely)).settings;
  return chooseOrigin(siteUrl, allowed, request);
}
