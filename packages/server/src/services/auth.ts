import { type Clock, DomainError, type SignInInput, serverMessage } from '@bus/core';
import {
  clearSignInFailures,
  type Db,
  findUserByUsername,
  listSignInFailures,
  recordSignInFailure,
} from '@bus/db';
import { verifyDummy, verifyPassword } from '../auth/passwords.ts';
import type { RateLimiter } from '../auth/rate-limiter.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './users.ts';

export interface SignInDeps {
  db: Db;
  secret: Uint8Array;
  limiter: RateLimiter;
  clock: Clock;
  /** Demo mode: only then may the demo account sign in. */
  demo: boolean;
  /** Where each attempt is logged (user name, client address and outcome; never the password). */
  log?: SignInLog | undefined;
}

export interface SignInLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface SignInResult {
  accessToken: string;
  tokenType: 'Bearer';
  id: number;
  username: string;
  roles: string[];
}

/** Per account, from all addresses together: this many wrong passwords within the window lock it. */
export const ACCOUNT_FAILURE_LIMIT = 20;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Sign-in (legacy POST /api/auth/signin). An unknown user and a wrong password get the same
 * answer after the same amount of work. Each client address gets 10 tries a minute; each
 * account name (existing or not, so the answer tells nothing) 20 wrong passwords in 15
 * minutes from all addresses together, then 429 with the seconds to wait until the window
 * passes (details.retryAfterSeconds, sent as Retry-After). The demo account signs in only in
 * demo mode.
 */
export async function signIn(
  deps: SignInDeps,
  clientAddress: string,
  input: SignInInput,
): Promise<SignInResult> {
  const { username } = input;
  const now = deps.clock().getTime();
  const logged = { username, ip: clientAddress };
  if (!deps.limiter.tryAttempt(clientAddress)) {
    deps.log?.warn({ ...logged, outcome: 'too-many-from-address' }, 'sign-in refused');
    throw new DomainError('TOO_MANY_REQUESTS', serverMessage('tooManySignIns'), { retryAfterSeconds: 60 });
  }
  const failures = await listSignInFailures(deps.db, username, now - ACCOUNT_FAILURE_WINDOW_MS);
  if (failures.length >= ACCOUNT_FAILURE_LIMIT) {
    const oldest = failures[failures.length - ACCOUNT_FAILURE_LIMIT] ?? now;
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + ACCOUNT_FAILURE_WINDOW_MS - now) / 1000));
    deps.log?.warn({ ...logged, outcome: 'account-locked' }, 'sign-in refused');
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      serverMessage('accountLocked', { minutes: Math.ceil(retryAfterSeconds / 60) }),
      {
        retryAfterSeconds,
      },
    );
  }
  const user = await findUserByUsername(deps.db, username);
  // The demo account outside demo mode is treated as no account at all.
  const usable = user && !(user.demo === true && !deps.demo) ? user : undefined;
  let passwordOk = false;
  if (usable) passwordOk = await verifyPassword(input.password, usable.passwordHash);
  else await verifyDummy(input.password);
  if (!usable || !passwordOk) {
    await recordSignInFailure(deps.db, username, now, now - ACCOUNT_FAILURE_WINDOW_MS);
    deps.log?.warn({ ...logged, outcome: 'bad-credentials' }, 'sign-in refused');
    throw new DomainError('UNAUTHORIZED', serverMessage('badCredentials'));
  }
  await clearSignInFailures(deps.db, username);
  const accessToken = await issueAccessToken(
    deps.secret,
    { userId: usable.id, username: usable.username, roles: usable.roles, tokenEpoch: usable.tokenEpoch },
    deps.clock(),
  );
  deps.log?.info({ ...logged, outcome: 'signed-in' }, 'sign-in');
  return { accessToken, tokenType: 'Bearer', id: usable.id, username: usable.username, roles: usable.roles };
}

/** The seconds a refused sign-in must wait (for Retry-After), when the error says. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof DomainError) || error.code !== 'TOO_MANY_REQUESTS') return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

export type AuthConfig = { demo: false } | { demo: true; demoUsername: string; demoPassword: string };

/** What the login page shows: the demo login only in demo mode. */
export function authConfig(demo: boolean): AuthConfig {
  return demo ? { demo: true, demoUsername: DEMO_USERNAME, demoPassword: DEMO_PASSWORD } : { demo: false };
}
