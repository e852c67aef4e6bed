import { type Clock, DomainError } from '@bus/core';
import type { OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { publicOrigin } from '../public-origin.ts';
import type { ReadMeta } from './cache-policy.ts';
import { ATOM_CONTENT_TYPE, type AtomLanguage, changesAtom } from './changes-atom.ts';
import { readOf } from './http-cache.ts';
import { keptFeed } from './read-context.ts';

/**
 * GET /changes.atom[?lang=en]: the service changes' Atom feed (changes-atom.ts). A
 * public answer like the others: ETag and Cache-Control from http-cache.ts, a 304 for a tag
 * sent back. It moves with today's date (what is current or upcoming) and names the site's
 * origin in its links, so its tag names both.
 */
export const CHANGES_ATOM_CACHE: ReadMeta = { cache: 'day', publishing: true, origin: true };

function languageOf(value: unknown): AtomLanguage {
  if (value === undefined || value === '' || value === 'lt') return 'lt';
  if (value === 'en') return 'en';
  throw new DomainError('INVALID_INPUT', 'lang must be "lt" or "en"');
}

export function registerChangesAtom(
  app: FastifyInstance,
  { db, clock, publicOrigins }: { db: OpenedDatabase; clock: Clock; publicOrigins: readonly string[] },
) {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/changes.atom',
    { config: { cache: CHANGES_ATOM_CACHE } },
    async (request, reply) => {
      const lang = languageOf(request.query.lang);
      const origin = await publicOrigin(db, publicOrigins, request);
      const read = readOf(request, db, clock);
      const key = `atom|${lang}|${read.now.date}|${origin}`;
      const atom = await keptFeed(read, key, () => changesAtom(read, origin, lang));
      return reply.type(ATOM_CONTENT_TYPE).send(atom);
    },
  );
}
