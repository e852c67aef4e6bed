import { parseAdminInput, SignInInput } from '@bus/core';
import type { FastifyInstance } from 'fastify';
import { retryAfterOf, signIn } from '../services/auth.ts';
import type { RestDeps } from './deps.ts';
import { legacySignIn } from './mappers.ts';

/** POST /api/auth/signin, answering the old JwtResponse shape (no wrapper). Signup is not exposed. */
export function registerAuthRoutes(app: FastifyInstance, { db, clock, auth }: RestDeps): void {
  app.post('/api/auth/signin', async (req, reply) => {
    // Too long a user name or password is refused here, before any hashing or recorded failure.
    const input = parseAdminInput(SignInInput, req.body);
    const deps = { db, auth, clock, log: req.log };
    try {
      return legacySignIn(await signIn(deps, req.ip, input));
    } catch (error) {
      const seconds = retryAfterOf(error);
      if (seconds !== undefined) reply.header('Retry-After', String(seconds));
      throw error;
    }
  });
}
