import { SIGN_IN_LIMITS, SIGN_IN_MESSAGES } from '@bus/core';
import { createTestDb, createUser, type OpenedDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import * as passwords from '../src/auth/passwords.ts';
import { parseEnv } from '../src/env.ts';
import { TEST_JWT_SECRET } from './admin-helpers.ts';

/**
 * Sign-in input caps (hardening): a user name over 100 characters or a password over 1000 is
 * refused with 400 and a message saying so, on tRPC and on the old REST path, before the
 * password is hashed and before a failed sign-in is recorded (a 1 MB user name used to land in
 * sign_in_failure and in the log).
 */

// Spies on the real hashing, to show it is never reached for a refused input.
vi.mock('../src/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/auth/passwords.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), verifyDummy: vi.fn(real.verifyDummy) };
});

const USER = 'caps-admin';
const PASSWORD = 'caps-password-123';
const MAX_USER = SIGN_IN_LIMITS.username;
const MAX_PASSWORD = SIGN_IN_LIMITS.password;

let db: OpenedDatabase;
let app: FastifyInstance;
let address = 0;

beforeAll(async () => {
  db = await createTestDb();
  app = await buildApp({
    db,
    env: { ...parseEnv({ LOG_LEVEL: 'silent' }), JWT_SECRET: TEST_JWT_SECRET, DEMO: false },
  });
  await createUser(db.kysely, {
    username: USER,
    passwordHash: await passwords.hashPassword(PASSWORD),
    roles: ['ROLE_ADMIN'],
  });
});

afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  await db.kysely.deleteFrom('sign_in_failure').execute();
  vi.mocked(passwords.verifyPassword).mockClear();
  vi.mocked(passwords.verifyDummy).mockClear();
});

async function failureRows(): Promise<{ username: string }[]> {
  return db.kysely.selectFrom('sign_in_failure').select('username').execute();
}

function hashings(): number {
  return (
    vi.mocked(passwords.verifyPassword).mock.calls.length + vi.mocked(passwords.verifyDummy).mock.calls.length
  );
}

type Path = 'trpc' | 'rest';

/** One sign-in, each from its own address so the per-address limit never gets in the way. */
async function signIn(path: Path, body: unknown): Promise<{ status: number; message: string | undefined }> {
  address += 1;
  const res = await app.inject({
    method: 'POST',
    url: path === 'trpc' ? '/trpc/auth.signIn' : '/api/auth/signin',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}`,
  });
  const json = res.json<{ error?: { message?: string }; message?: string }>();
  return { status: res.statusCode, message: path === 'trpc' ? json.error?.message : json.message };
}

const paths: Path[] = ['trpc', 'rest'];

it('the limits are 100 characters for the user name and 1000 for the password, and the messages say so', () => {
  expect(SIGN_IN_LIMITS).toEqual({ username: 100, password: 1000 });
  expect(SIGN_IN_MESSAGES.usernameTooLong).toBe('User name is too long: at most 100 characters');
  expect(SIGN_IN_MESSAGES.passwordTooLong).toBe('Password is too long: at most 1000 characters');
});

describe.each(paths)('sign-in caps on %s', (path) => {
  it.each([
    [
      'a 1 MB user name',
      { username: 'x'.repeat(1_000_000), password: 'wrong' },
      SIGN_IN_MESSAGES.usernameTooLong,
    ],
    [
      'a user name one over',
      { username: 'u'.repeat(MAX_USER + 1), password: 'wrong' },
      SIGN_IN_MESSAGES.usernameTooLong,
    ],
    [
      'a user name of emoji one over',
      { username: '🚌'.repeat(MAX_USER + 1), password: 'wrong' },
      SIGN_IN_MESSAGES.usernameTooLong,
    ],
    [
      'a password one over',
      { username: USER, password: 'p'.repeat(MAX_PASSWORD + 1) },
      SIGN_IN_MESSAGES.passwordTooLong,
    ],
    [
      'a 1 MB password',
      { username: 'nobody', password: 'p'.repeat(1_000_000) },
      SIGN_IN_MESSAGES.passwordTooLong,
    ],
    [
      'both too long',
      { username: 'u'.repeat(MAX_USER + 1), password: 'p'.repeat(MAX_PASSWORD + 1) },
      `${SIGN_IN_MESSAGES.usernameTooLong}; ${SIGN_IN_MESSAGES.passwordTooLong}`,
    ],
  ])('%s: 400 with a clear message, nothing hashed, no failure recorded', async (_label, body, message) => {
    const res = await signIn(path, body);
    expect(res.status).toBe(400);
    expect(res.message).toBe(message);
    expect(hashings()).toBe(0);
    expect(await failureRows()).toEqual([]);
  });

  it('a user name of exactly the maximum (spaces around not counted) is still a sign-in: wrong, and recorded', async () => {
    const name = 'u'.repeat(MAX_USER);
    const res = await signIn(path, { username: `  ${name}  `, password: 'p'.repeat(MAX_PASSWORD) });
    expect(res.status).toBe(401);
    expect(res.message).toBe('Bad credentials');
    expect(hashings()).toBe(1);
    expect(await failureRows()).toEqual([{ username: name }]);
  });

  it('a real account still signs in; a wrong password is still recorded', async () => {
    expect((await signIn(path, { username: USER, password: PASSWORD })).status).toBe(200);
    const wrong = await signIn(path, { username: USER, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(await failureRows()).toEqual([{ username: USER }]);
  });

  it('an empty field still gets the spec message before any cap', async () => {
    const res = await signIn(path, { username: '', password: 'p'.repeat(MAX_PASSWORD + 1) });
    expect(res.status).toBe(400);
    expect(res.message).toBe('This field is required!');
    expect(await failureRows()).toEqual([]);
  });
});
