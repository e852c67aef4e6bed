import { DEFAULT_SCRYPT, setHashingCost } from '../src/auth/passwords.ts';

/**
 * Vitest setup of the server tests (vitest.config.ts): passwords are hashed at scrypt's
 * N = 2^10 instead of 2^15, a 32nd of the work. A sign-in checks a password at the cost its hash
 * names, so nothing the tests assert depends on it, only their time: the sign-in tests took half
 * a minute of a run's CPU less. DEFAULT_SCRYPT itself is tested in src/auth/passwords.test.ts, and a
 * test whose point is how long checks take (the sign-in gate under a flood, sign-in-race.test.ts)
 * puts the real cost back with `realHashingCost()`.
 */
export const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
setHashingCost(CHEAP_SCRYPT);

/** The server's own cost for the rest of the file (the setup lowers it again for the next file). */
export function realHashingCost(): void {
  setHashingCost(DEFAULT_SCRYPT);
}
