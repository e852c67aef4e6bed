import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { buildApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { ACCOUNT_FAILURE_LIMIT } from '../services/auth.ts';
import { createUserCommands } from './user-commands.ts';

/**
 * `pnpm cli user unlock NAME` and `pnpm cli user signout NAME` against the database file a
 * running server serves: the CLI and the server each hold their own connection, as in real use.
 */

const PASSWORD = 'right-password-1';
let dir: string;
let dbPath: string;
let served: OpenedDatabase | undefined;
let app: FastifyInstance | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-user-lock-'));
  dbPath = join(dir, 'timetable.sqlite');
});
afterEach(async () => {
  await app?.close();
  if (served?.sqlite.open) served.sqlite.close();
  app = undefined;
  served = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Every password prompt is answered with PASSWORD. */
const commands = createUserCommands(async () => PASSWORD);

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir }, commands);

/** The server on the same database file, demo off. */
async function serve(): Promise<FastifyInstance> {
  served = openDatabase(dbPath);
  await migrateToLatest(served.kysely);
  app = await buildApp({
    db: served,
    env: {
      ...parseEnv({ LOG_LEVEL: 'silent' }),
      DEMO: false,
      JWT_SECRET: 'user-lock-tests-secret-0123456789-abcdef',
    },
  });
  return app;
}

let addressCount = 0;
/** A sign-in from an address of its own, so the per-address limit never gets in the way. */
async function signIn(
  server: FastifyInstance,
  username: string,
  password: string,
  door: 'trpc' | 'rest' = 'trpc',
  address?: string,
) {
  addressCount += 1;
  const res = await server.inject({
    method: 'POST',
    url: door === 'trpc' ? '/trpc/auth.signIn' : '/api/auth/signin',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress: address ?? `10.44.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`,
  });
  const body = res.json() as { result?: { data: { accessToken: string } }; accessToken?: string };
  return {
    status: res.statusCode,
    retryAfter: res.headers['retry-after'],
    token: body.result?.data.accessToken ?? body.accessToken,
  };
}

/** The answers of an admin read with the token, on tRPC and on the old REST path. */
async function adminReads(server: FastifyInstance, token: string): Promise<[number, number]> {
  const headers = { authorization: `Bearer ${token}` };
  const viaTrpc = await server.inject({ method: 'GET', url: '/trpc/admin.holidays.list', headers });
  const viaRest = await server.inject({ method: 'GET', url: '/api/holidays/all', headers });
  return [viaTrpc.statusCode, viaRest.statusCode];
}

describe('pnpm cli user unlock NAME', () => {
  it(`lifts the lock after ${ACCOUNT_FAILURE_LIMIT} wrong passwords at once`, async () => {
    expect((await cli('user', 'add', 'clerk')).code).toBe(0);
    const server = await serve();
    expect((await cli('user', 'unlock', 'clerk')).stdout).toBe('clerk was not locked\n');

    const wrong = await Promise.all(
      Array.from({ length: ACCOUNT_FAILURE_LIMIT }, (_, i) =>
        signIn(server, 'clerk', `wrong-password-${i}`, 'trpc', `10.45.0.${i + 1}`),
      ),
    );
    expect(wrong.map((r) => r.status)).toEqual(Array(ACCOUNT_FAILURE_LIMIT).fill(401));
    // Held against the addresses that guessed: even the right password is refused, on both
    // doors, with Retry-After.
    for (const door of ['trpc', 'rest'] as const) {
      const locked = await signIn(server, 'clerk', PASSWORD, door, '10.45.0.1');
      expect(locked.status).toBe(429);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    }

    const unlock = await cli('user', 'unlock', 'clerk');
    expect(unlock).toEqual({
      code: 0,
      stdout: `unlocked clerk (forgot ${ACCOUNT_FAILURE_LIMIT} wrong passwords)\n`,
      stderr: '',
    });
    const after = await signIn(server, 'clerk', PASSWORD, 'trpc', '10.45.0.1');
    expect(after.status).toBe(200);
    expect(await adminReads(server, after.token ?? '')).toEqual([200, 200]);
    expect((await cli('user', 'unlock', 'clerk')).stdout).toBe('clerk was not locked\n');
    // Twenty scrypt hashes: slow on a busy machine.
  }, 60_000);

  it('needs a name and an existing database', async () => {
    const missing = await cli('user', 'unlock');
    expect(missing.code).toBe(1);
    expect(missing.stderr).not.toBe('');
    const noDatabase = await cli('user', 'unlock', 'clerk');
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stdout).toBe('');
  });
});

describe('pnpm cli user signout NAME', () => {
  it('makes every token issued before it answer 401, on tRPC and the old REST paths', async () => {
    expect((await cli('user', 'add', 'clerk')).code).toBe(0);
    expect((await cli('user', 'add', 'other')).code).toBe(0);
    const server = await serve();
    const first = await signIn(server, 'clerk', PASSWORD);
    const second = await signIn(server, 'clerk', PASSWORD, 'rest');
    const others = await signIn(server, 'other', PASSWORD);
    for (const token of [first.token, second.token, others.token])
      expect(await adminReads(server, token ?? '')).toEqual([200, 200]);

    expect(await cli('user', 'signout', 'clerk')).toEqual({
      code: 0,
      stdout: 'signed clerk out everywhere\n',
      stderr: '',
    });
    expect(await adminReads(server, first.token ?? '')).toEqual([401, 401]);
    expect(await adminReads(server, second.token ?? '')).toEqual([401, 401]);
    // Only that user: another user's sign-in goes on working.
    expect(await adminReads(server, others.token ?? '')).toEqual([200, 200]);
    // Signing in again gives a token that works.
    const again = await signIn(server, 'clerk', PASSWORD);
    expect(again.status).toBe(200);
    expect(await adminReads(server, again.token ?? '')).toEqual([200, 200]);
  });

  it('says so for a user that does not exist', async () => {
    expect((await cli('user', 'add', 'clerk')).code).toBe(0);
    const res = await cli('user', 'signout', 'nobody');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('there is no user nobody');
  });
});
