import { createTestDb, deleteUser, findUserByUsername, type OpenedDatabase } from '@bus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { ACCOUNT_FAILURE_LIMIT } from '../src/services/auth.ts';
import { changePassword, removeUser, signOutUser, unlockUser } from '../src/services/users.ts';
import { createTestUser, TEST_JWT_SECRET, trpc } from './admin-helpers.ts';

/**
 * Access that ends when it should, on a real SQLite database: demo mode only where it is safe,
 * tokens that stop at a password change, sign-out or removal, and a per-account sign-in limit
 * that holds across addresses.
 */

const appOn = (db: OpenedDatabase, env: Record<string, unknown> = {}) =>
  buildApp({ db, env: { ...parseEnv({ LOG_LEVEL: 'silent' }), JWT_SECRET: TEST_JWT_SECRET, ...env } });

const signIn = (
  app: Awaited<ReturnType<typeof appOn>>,
  username: string,
  password: string,
  remoteAddress = '10.1.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress,
  });

describe('demo mode only where it is safe', () => {
  it.each([
    [{}, true],
    [{ HOST: '127.0.0.1' }, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '192.168.1.20' }, false],
    [{ HOST: '0.0.0.0', DEMO: '1' }, true],
    [{ HOST: '127.0.0.1', DEMO: '0' }, false],
    [{ HOST: '0.0.0.0', DEMO: '' }, false],
    // Behind a reverse proxy (README: putting it on the internet) the loopback is public.
    [{ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' }, false],
    [{ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1', DEMO: '1' }, true],
  ])('%j -> DEMO %s', (source, demo) => {
    expect(parseEnv(source).DEMO).toBe(demo);
  });

  it('with demo off, the demo account of a demo database cannot sign in, its tokens fail, nothing publishes it', async () => {
    const db = await createTestDb();
    const demoApp = await appOn(db, { DEMO: true });
    const signedIn = await signIn(demoApp, 'boss', '2025');
    expect(signedIn.statusCode).toBe(200);
    const token = (signedIn.json() as { result: { data: { accessToken: string } } }).result.data.accessToken;
    await demoApp.close();

    const app = await appOn(db, { DEMO: false });
    try {
      expect((await trpc(app, 'query', 'auth.config')).data).toEqual({ demo: false });
      const refused = await signIn(app, 'boss', '2025', '10.1.0.2');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { message: 'Bad credentials' } });
      expect((await trpc(app, 'query', 'admin.holidays.list', undefined, token)).status).toBe(401);
      const rest = await app.inject({
        method: 'GET',
        url: '/api/holidays/all',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('creates the demo account once: removed, it stays removed; a database begun without demo never gets one', async () => {
    const db = await createTestDb();
    await (await appOn(db, { DEMO: true })).close();
    expect((await findUserByUsername(db.kysely, 'boss'))?.demo).toBe(true);
    await removeUser(db.kysely, 'boss');
    await (await appOn(db, { DEMO: true })).close();
    expect(await findUserByUsername(db.kysely, 'boss')).toBeUndefined();

    const plain = await createTestDb();
    await (await appOn(plain, { DEMO: false })).close();
    await (await appOn(plain, { DEMO: true })).close();
    expect(await findUserByUsername(plain.kysely, 'boss')).toBeUndefined();
  });

  it('a demo account whose password the operator changed is theirs: it signs in with demo off', async () => {
    const db = await createTestDb();
    await (await appOn(db, { DEMO: true })).close();
    await changePassword(db.kysely, 'boss', 'a-real-password-1');
    const app = await appOn(db, { DEMO: false });
    try {
      expect((await signIn(app, 'boss', 'a-real-password-1')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('tokens end when access ends', () => {
  let db: OpenedDatabase;
  let app: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    db = await createTestDb();
    app = await appOn(db, { DEMO: false });
  });
  afterAll(() => app.close());

  const tokenOf = async (username: string, password: string) => {
    const res = await signIn(app, username, password, `10.2.0.${Math.floor(Math.random() * 200) + 1}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { result: { data: { accessToken: string } } }).result.data.accessToken;
  };
  const works = async (token: string) => {
    const viaTrpc = (await trpc(app, 'query', 'admin.holidays.list', undefined, token)).status;
    const viaRest = (
      await app.inject({
        method: 'GET',
        url: '/api/holidays/all',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;
    return [viaTrpc, viaRest];
  };

  it.each([
    [
      'a password change',
      (name: string) => changePassword(db.kysely, name, 'another-password-2'),
      'another-password-2',
    ],
    ['a sign-out', (name: string) => signOutUser(db.kysely, name), 'first-password-1'],
    ['a removal', (name: string) => removeUser(db.kysely, name), null],
  ] as const)(
    '%s ends every token issued before it, on tRPC and the old REST paths',
    async (_what, end, after) => {
      const name = `user${Math.floor(Math.random() * 1e6)}`;
      await createTestUser({ app, db }, name, ['ROLE_ADMIN'], 'first-password-1');
      const token = await tokenOf(name, 'first-password-1');
      expect(await works(token)).toEqual([200, 200]);
      await end(name);
      expect(await works(token)).toEqual([401, 401]);
      // Signing in again gives a token that works.
      if (after !== null) expect(await works(await tokenOf(name, after))).toEqual([200, 200]);
    },
  );
});

describe('sign-in limit per account, across addresses', () => {
  let db: OpenedDatabase;
  let app: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    db = await createTestDb();
    app = await appOn(db, { DEMO: false });
    await createTestUser({ app, db }, 'clerk', ['ROLE_ADMIN'], 'right-password-1');
  });
  afterAll(() => app.close());

  it(`after ${ACCOUNT_FAILURE_LIMIT} wrong passwords from many addresses holds the account against them, not against its owner; unknown names alike; unlock lifts it`, async () => {
    for (const name of ['clerk', 'nobody-here']) {
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
        const res = await signIn(app, name, `wrong-${i}`, `10.3.${i}.1`);
        expect(res.statusCode).toBe(401);
      }
      // An address that guessed is refused now, the right password too.
      const locked = await signIn(app, name, 'right-password-1', '10.3.0.1');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect((locked.json() as { error: { message: string } }).error.message).toBe(
        'Too many wrong passwords for this account, try again in 15 minutes',
      );
    }
    // The same answer whether the account exists or not; the old REST path is limited too.
    const rest = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: { username: 'clerk', password: 'right-password-1' },
      remoteAddress: '10.3.1.1',
    });
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toBeDefined();
    // A fresh address gets one guess while the account is held: wrong, and it is held too.
    expect((await signIn(app, 'clerk', 'wrong-again', '10.3.201.1')).statusCode).toBe(401);
    expect((await signIn(app, 'clerk', 'right-password-1', '10.3.201.1')).statusCode).toBe(429);
    // The owner, from an address that never guessed, signs in; the guessers stay held.
    expect((await signIn(app, 'clerk', 'right-password-1', '10.3.202.1')).statusCode).toBe(200);
    expect((await signIn(app, 'clerk', 'right-password-1', '10.3.2.1')).statusCode).toBe(429);

    expect(await unlockUser(db.kysely, 'clerk')).toBe(ACCOUNT_FAILURE_LIMIT + 1);
    expect((await signIn(app, 'clerk', 'right-password-1', '10.3.2.1')).statusCode).toBe(200);
    // Other accounts were never affected.
    await deleteUser(db.kysely, 'nobody-here');
  });
});
