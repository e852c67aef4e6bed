import type { OpenedDatabase } from '@bus/db';
import { resolveJwtSecret } from './jwt-secret.ts';
import { createSignInLimiter, type RateLimiter, type Ticks } from './rate-limiter.ts';
import { PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING, PasswordCheckGate } from './sign-in-guards.ts';

/** What sign-in and the admin check need, made once per app instance by buildApp. */
export interface AuthRuntime {
  secret: Uint8Array;
  signInLimiter: RateLimiter;
  passwordChecks: PasswordCheckGate;
  demo: boolean;
}

export function createAuthRuntime(options: {
  db: OpenedDatabase;
  jwtSecret: string | undefined;
  demo: boolean;
  /** The monotonic clock of the sign-in limit (performance.now unless a test moves its own). */
  ticks?: Ticks | undefined;
}): AuthRuntime {
  const { sqlite } = options.db;
  return {
    secret: resolveJwtSecret({
      configured: options.jwtSecret,
      databasePath: sqlite.memory ? null : sqlite.name,
    }),
    signInLimiter: createSignInLimiter(options.ticks),
    passwordChecks: new PasswordCheckGate(PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING),
    demo: options.demo,
  };
}
