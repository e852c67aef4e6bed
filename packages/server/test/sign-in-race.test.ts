import { createTestDb, type OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { PASSWORD_CHECKS_AT_ONCE } from '../src/auth/sign-in-guards.ts';
import { parseEnv } from '../src/env.ts';
import { ACCOUNT_FAILURE_LIMIT } from '../src/services/auth.ts';
import { realHashingCost } from './cheap-passwords.ts';

/**
 * The sign-in limits under real concurrency: many guesses sent at once through the real HTTP
 * stack (a listening server, requests over loopback from "different clients" behind a trusted
 * proxy), on both doors, the tRPC procedure and the old REST path.
 */

const servers: FastifyInstance[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function listening(): Promise<{ base: string; db: OpenedDatabase }> {
  const db = await createTestDb();
  const app = await buildApp({
    db,
    env: {
      ...parseEnv({ LOG_LEVEL: 'silent' }),
      JWT_SECRET: 'sign-in-race-secret-0123456789-abcdefgh',
      DEMO: true,
      TRUST_PROXY: ['127.0.0.1'],
    },
  });
  servers.push(app);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { base, db };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  message: string;
}

/** One sign-in from `client` (as the proxy forwards it), through tRPC or the old REST path. */
async function signIn(base: string, i: number, username: string, password: string): Promise<Answer> {
  const rest = i % 2 === 1;
  const res = await fetch(`${base}${rest ? '/api/auth/signin' : '/trpc/auth.signIn'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    },
    body: JSON.stringify({ username, password }),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), message: text };
}

function failureRows(db: OpenedDatabase, username?: string): number {
  const row = (
    username === undefined
      ? db.sqlite.prepare('SELECT count(*) AS n FROM sign_in_failure').get()
      : db.sqlite.prepare('SELECT count(*) AS n FROM sign_in_failure WHERE username = ?').get(username)
  ) as { n: number };
  return row.n;
}

function tally(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('the per-account limit under concurrency', () => {
  it('a full account is held against the addresses that guessed; a flood from 100 new addresses gets at most one check each; the owner signs in', async () => {
    const { base, db } = await listening();
    // The account's limit, one wrong password from each of 20 addresses.
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
      expect((await signIn(base, i, 'boss', `wrong-guess-${i}`)).status).toBe(401);
    // Held against them now, even with the right password.
    const held = await signIn(base, 3, 'boss', '2025');
    expect(held.status).toBe(429);
    expect(held.message).toMatch(/Too many wrong passwords for this account/);
    expect(Number(held.retryAfter)).toBeGreaterThan(14 * 60);
    // 100 guesses at once from 100 addresses that never guessed: each is checked once (401), or
    // refused while the password checks are all taken (429); only checked ones are recorded.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(base, 100 + i, 'boss', `flood-guess-${i}`)),
    );
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(100);
    expect(failureRows(db, 'boss')).toBe(ACCOUNT_FAILURE_LIMIT + (counts[401] ?? 0));
    // The owner, at an address that never guessed, signs in.
    expect((await signIn(base, 500, 'boss', '2025')).status).toBe(200);
  });

  it('a flood of 400 guesses from 40 addresses: once the account has its limit, at most one check an address', async () => {
    const { base, db } = await listening();
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => signIn(base, i % 40, 'boss', `flood-guess-${i}`)),
    );
    const counts = tally(answers);
    // An address's first guess may be checked; its others only while the account is under its
    // limit (how many depends on the order the guesses arrive in): never more than that.
    expect(counts[401]).toBeLessThanOrEqual(40 + ACCOUNT_FAILURE_LIMIT - 1);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(400);
    expect(failureRows(db, 'boss')).toBe(counts[401]);
  });
});

describe('the password-check gate', () => {
  // The gate's point is checks that take a password check's real time. The account limits above
  // hold at any cost (their hashes are made at the tests' cheap one): they count checks, not time.
  beforeAll(() => realHashingCost());

  it('checks one password at a time, lets a bounded queue wait, and refuses the rest at once without recording them', async () => {
    const { base, db } = await listening();
    // Different names, so no account limit applies: only the gate can refuse.
    const n = 80;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => signIn(base, i, `name-${i}`, `guess-${i}`)),
    );
    const counts = tally(answers);
    const checked = counts[401] ?? 0;
    expect(checked).toBeGreaterThanOrEqual(PASSWORD_CHECKS_AT_ONCE);
    // The gate bounds the checks running or waiting at one time, not the total: on a loaded
    // machine a check can end before the last guesses arrive, and a place in the queue frees.
    // Without the gate all 80 would be checked; with it, most are refused (55 when all arrive
    // before the first check ends). The exact bound is shown in src/auth/sign-in-guards.test.ts.
    expect(checked).toBeLessThan(n / 2);
    expect(counts[429]).toBe(n - checked);
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.every((a) => a.retryAfter === '5' && /being checked right now/.test(a.message))).toBe(true);
    // Only the checked guesses count against their names; the refused ones gave their slot back.
    expect(failureRows(db)).toBe(checked);
    // Once the flood has passed, a sign-in goes through.
    expect((await signIn(base, 900, 'boss', '2025')).status).toBe(200);
  });
});
