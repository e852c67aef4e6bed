import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one entity-tag matcher of every public answer (the JSON answers, the calendar feeds,
 * /gtfs.zip): If-None-Match as RFC 9110 13.1.2 reads it. `*` matches any current answer; else a
 * comma-separated list of tags, each perhaps weak (`W/"..."`, as a proxy that compressed our
 * answer marks it), compared weakly (8.8.3.2): the opaque tags the same, weak or not.
 */
export function ifNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const ours = opaque(tag);
  for (const part of header.split(',')) {
    const candidate = part.trim();
    if (candidate === '*') return true;
    if (candidate !== '' && opaque(candidate) === ours) return true;
  }
  return false;
}

/** A tag without its weakness mark: `W/"x"` and `"x"` compare the same (weak comparison). */
function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/**
 * When the request names the tag (ifNoneMatch): answers 304 with no body, with the tag and the
 * public Cache-Control, and says true.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  if (!ifNoneMatch(request.headers['if-none-match'], tag)) return false;
  reply.code(304).header('etag', tag).header('cache-control', PUBLIC_CACHE_CONTROL).send();
  return true;
}
