import { parseAdminInput, SignInInput } from '@bus/core';
import { retryAfterOf, signIn } from '../services/auth.ts';
import { legacySignIn } from './mappers.ts';
import type { RestPath } from './registry.ts';
import * as S from './schemas.ts';

/** POST /api/auth/signin, answering the old JwtResponse shape (no wrapper). Signup is not exposed. */
export const AUTH_PATHS: RestPath[] = [
  {
    method: 'post',
    path: '/api/auth/signin',
    summary: 'Sign in; the accessToken goes into "Authorization: Bearer <accessToken>"',
    access: 'auth',
    body: 'SignInInput',
    response: S.JwtResponse,
    errors: [400, 401, 429],
    handle: async ({ req, reply, deps: { db, clock, auth } }) => {
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
    },
  },
];
