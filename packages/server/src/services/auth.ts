import { type Clock, DomainError, MESSAGES, type SignInInput } from '@bus/core';
import { type Db, findUserByUsername } from '@bus/db';
import { verifyDummy, verifyPassword } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './users.ts';

export interface SignInDeps {
  db: Db;
  secret: Uint8Array;
  limiter: RateLimiter;
  clock: Clock;
}

export interface SignInResult {
  accessToken: string;
  tokenType: 'Bearer';
  id: number;
  username: string;
  roles: string[];
}

/**
 * Sign-in (legacy POST /api/auth/signin). An unknown user and a wrong password get the same
 * answer after the same amount of work; each client address gets a limited number of tries.
 */
export async function signIn(
  deps: SignInDeps,
  clientAddress: string,
  input: SignInInput,
): Promise<SignInResult> {
  if (!deps.limiter.tryAttempt(clientAddress))
    throw new DomainError('TOO_MANY_REQUESTS', MESSAGES.tooManySignIns);
  const user = await findUserByUsername(deps.db, input.username);
  if (!user) {
    await verifyDummy(input.password);
    throw new DomainError('UNAUTHORIZED', MESSAGES.badCredentials);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new DomainError('UNAUTHORIZED', MESSAGES.badCredentials);
  }
  const accessToken = await issueAccessToken(
    deps.secret,
    { username: user.username, roles: user.roles },
    deps.clock(),
  );
  return { accessToken, tokenType: 'Bearer', id: user.id, username: user.username, roles: user.roles };
}

export type AuthConfig = { demo: false } | { demo: true; demoUsername: string; demoPassword: string };

/** What the login page shows: the demo login only in demo mode. */
export function authConfig(demo: boolean): AuthConfig {
  return demo ? { demo: true, demoUsername: DEMO_USERNAME, demoPassword: DEMO_PASSWORD } : { demo: false };
}
