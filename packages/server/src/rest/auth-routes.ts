import { parseAdminInput, SignInInput } from '@bus/core';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../services/auth.ts';
import type { RestDeps } from './deps.ts';
import { legacySignIn } from './mappers.ts';

/** POST /api/auth/signin, answering the old JwtResponse shape (no wrapper). Signup is not exposed. */
export function registerAuthRoutes(app: FastifyInstance, { db, clock, auth }: RestDeps): void {
  app.post('/api/auth/signin', async (req) => {
    const input = parseAdminInput(SignInInput, req.body);
    const deps = { db: db.kysely, secret: auth.secret, limiter: auth.signInLimiter, clock };
    return legacySignIn(await signIn(deps, req.ip, input));
  });
}
