import { type Clock, DomainError, type SignInInput, serverMessage } from '@bus/core';
import {
  clearSignInFailures,
  findUserByUsername,
  type OpenedDatabase,
  releaseSignInSlot,
  takeSignInSlot,
} from '@bus/db';
import { verifyDummy, verifyPassword } from '../auth/passwords.ts';
import type { AuthRuntime } from '../auth/runtime.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './users.ts';

export interface SignInDeps {
  db: OpenedDatabase;
  /** The token key, the per-address limiter, the password-check gate and demo mode. */
  auth: Pick<AuthRuntime, 'secret' | 'signInLimiter' | 'passwordChecks' | 'demo'>;
  clock: Clock;
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

/** Per account name and window: the wrong passwords one address may send, and all addresses before the name is held against those that sent any. */
export const ACCOUNT_FAILURE_LIMIT = 20;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
/** What a refused sign-in waits when the password checks are all taken. */
const BUSY_RETRY_SECONDS = 5;

function accountLocked(endsAt: number, now: number): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
  return new DomainError(
    'TOO_MANY_REQUESTS',
    serverMessage('accountLocked', { minutes: Math.ceil(retryAfterSeconds / 60) }),
    {
      retryAfterSeconds,
    },
  );
}

/**
 * Sign-in (legacy POST /api/auth/signin). An unknown user and a wrong password get the same
 * answer after the same amount of work. Each client address gets 10 tries a minute. Per
 * account name (existing or not, so the answer tells nothing) and 15 minutes: an address gets
 * 20 password checks; once the name has had 20 wrong passwords from all addresses together,
 * every address that sent one of them is refused, and an address that sent none still gets its
 * check (takeSignInSlot). So guesses from one address stop at 20, guesses spread over many
 * addresses get one per address, and nobody's guessing can lock the owner out when they sign in
 * from their own address (a lock that held the account against every address let anyone keep
 * it locked for ever). A refusal is 429 with the seconds to wait (details.retryAfterSeconds,
 * sent as Retry-After). The demo account signs in only in demo mode.
 *
 * The order makes the limits hold under any concurrency and keeps a flood cheap: the address
 * limit is checked in memory; then the account's slot is taken in one synchronous step
 * (takeSignInSlot: a locked name costs one indexed read and writes nothing) before the
 * password is checked, so no more than the limit are ever checked. The check itself waits its
 * turn at the password-check gate (one at a time); a full gate refuses before the slot is
 * taken, or gives it back.
 */
export async function signIn(
  deps: SignInDeps,
  clientAddress: string,
  input: SignInInput,
): Promise<SignInResult> {
  const { auth } = deps;
  const { username } = input;
  const now = deps.clock().getTime();
  const logged = { username, ip: clientAddress };
  const refuse = (outcome: string, error: DomainError): never => {
    deps.log?.warn({ ...logged, outcome }, 'sign-in refused');
    throw error;
  };
  if (!auth.signInLimiter.tryAttempt(clientAddress))
    refuse(
      'too-many-from-address',
      new DomainError('TOO_MANY_REQUESTS', serverMessage('tooManySignIns'), { retryAfterSeconds: 60 }),
    );
  const busy = () =>
    new DomainError('TOO_MANY_REQUESTS', serverMessage('signInBusy'), {
      retryAfterSeconds: BUSY_RETRY_SECONDS,
    });
  if (auth.passwordChecks.full) refuse('busy', busy());

  const slot = takeSignInSlot(deps.db.sqlite, username, {
    now,
    since: now - ACCOUNT_FAILURE_WINDOW_MS,
    limit: ACCOUNT_FAILURE_LIMIT,
    address: clientAddress,
  });
  if (!slot.taken)
    return refuse('account-locked', accountLocked(slot.freesAt + ACCOUNT_FAILURE_WINDOW_MS, now));

  const user = await findUserByUsername(deps.db.kysely, username);
  // The demo account outside demo mode is treated as no account at all.
  const usable = user && !(user.demo === true && !auth.demo) ? user : undefined;
  const passwordOk = await auth.passwordChecks.run(async () => {
    if (usable) return verifyPassword(input.password, usable.passwordHash);
    await verifyDummy(input.password);
    return false;
  });
  if (passwordOk === null) {
    releaseSignInSlot(deps.db.sqlite, slot.id);
    return refuse('busy', busy());
  }
  if (!usable || !passwordOk) {
    // The slot taken above stays as this name's recorded failure.
    return refuse('bad-credentials', new DomainError('UNAUTHORIZED', serverMessage('badCredentials')));
  }
  // This address's wrong passwords are forgotten; other addresses' still count.
  await clearSignInFailures(deps.db.kysely, username, clientAddress);
  const accessToken = await issueAccessToken(
    auth.secret,
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
