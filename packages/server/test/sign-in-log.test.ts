import { createTestDb, type OpenedDatabase, takeSignInSlot } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Env, parseEnv } from '../src/env.ts';
import { ACCOUNT_FAILURE_LIMIT } from '../src/services/auth.ts';
import { createTestUser, TEST_JWT_SECRET } from './admin-helpers.ts';

/**
 * Every sign-in, success or failure, on tRPC and on the old REST path, is logged with the user
 * name and the client address (behind a trusted proxy: the forwarded one), never the password.
 */

const USER = 'anna';
const PASSWORD = 'Right-Pass-7781-zq';

interface LogLine {
  level: number;
  msg: string;
  username?: string;
  ip?: string;
  outcome?: string;
}

/** Every byte the app's logger wrote, and the lines as JSON. */
interface CapturedLog {
  text: string;
  lines(): LogLine[];
}

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function loggedApp(
  env: Partial<Env> = {},
): Promise<{ app: FastifyInstance; db: OpenedDatabase; log: CapturedLog }> {
  const db: OpenedDatabase = await createTestDb();
  const log: CapturedLog = {
    text: '',
    lines: () =>
      log.text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as LogLine),
  };
  const app = await buildApp({
    db,
    env: { ...parseEnv({ LOG_LEVEL: 'info' }), JWT_SECRET: TEST_JWT_SECRET, DEMO: false, ...env },
    logStream: {
      write: (line: string) => {
        log.text += line;
      },
    },
  });
  apps.push(app);
  await createTestUser({ app, db }, USER, ['ROLE_ADMIN'], PASSWORD);
  return { app, db, log };
}

type Door = 'trpc' | 'rest';

async function signIn(
  app: FastifyInstance,
  door: Door,
  username: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: door === 'trpc' ? '/trpc/auth.signIn' : '/api/auth/signin',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ username, password }),
    remoteAddress,
  });
  return res.statusCode;
}

/** The sign-in lines of the log (success 'sign-in', failure 'sign-in refused'). */
function signInLines(log: CapturedLog): LogLine[] {
  return log.lines().filter((line) => line.msg === 'sign-in' || line.msg === 'sign-in refused');
}

describe.each(['trpc', 'rest'] as const)('sign-in log on %s', (door) => {
  let app: FastifyInstance;
  let log: CapturedLog;
  beforeAll(async () => {
    ({ app, log } = await loggedApp());
  });

  it('logs a success with the name and client address, at info, without the password', async () => {
    expect(await signIn(app, door, USER, PASSWORD, '203.0.113.5')).toBe(200);
    expect(signInLines(log)).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'sign-in',
        username: USER,
        ip: '203.0.113.5',
        outcome: 'signed-in',
      }),
    ]);
    expect(log.text).not.toContain(PASSWORD);
  });

  it('logs a wrong password and an unknown name, at warn, without the passwords tried', async () => {
    const before = signInLines(log).length;
    expect(await signIn(app, door, USER, 'Wrong-Guess-4410-xy', '203.0.113.6')).toBe(401);
    expect(await signIn(app, door, 'nobody-at-all', 'Other-Guess-9932-kw', '203.0.113.7')).toBe(401);
    expect(signInLines(log).slice(before)).toEqual([
      expect.objectContaining({ level: 40, username: USER, ip: '203.0.113.6', outcome: 'bad-credentials' }),
      expect.objectContaining({
        level: 40,
        username: 'nobody-at-all',
        ip: '203.0.113.7',
        outcome: 'bad-credentials',
      }),
    ]);
    for (const password of ['Wrong-Guess-4410-xy', 'Other-Guess-9932-kw', PASSWORD])
      expect(log.text).not.toContain(password);
  });
});

describe('sign-in log of a refused sign-in', () => {
  it('logs a sign-in refused by the per-address limit', async () => {
    const { app, log } = await loggedApp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push(await signIn(app, 'rest', USER, `Guess-${i}-Flood-55`, '203.0.113.8'));
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(answers[10]).toBe(429);
    const lines = signInLines(log);
    expect(lines).toHaveLength(11);
    expect(lines.every((line) => line.username === USER && line.ip === '203.0.113.8')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ outcome: 'too-many-from-address' });
    for (let i = 0; i < 11; i++) expect(log.text).not.toContain(`Guess-${i}-Flood-55`);
  });

  it('logs the refusal of a locked account with the name and address, never the right password sent', async () => {
    const { app, db, log } = await loggedApp();
    // The account's wrong passwords, as sign-in records them (cheaper than hashing 20 guesses).
    const now = Date.now();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++)
      takeSignInSlot(db.sqlite, USER, {
        now: now - i,
        since: 0,
        limit: ACCOUNT_FAILURE_LIMIT,
        address: `198.18.200.${i % 2 === 0 ? 1 : 2}`,
      });
    // Both addresses guessed: the name is held against them, even with the right password.
    for (const door of ['trpc', 'rest'] as const)
      expect(await signIn(app, door, USER, PASSWORD, `198.18.200.${door === 'trpc' ? 1 : 2}`)).toBe(429);
    expect(signInLines(log)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'sign-in refused',
        username: USER,
        ip: '198.18.200.1',
        outcome: 'account-locked',
      }),
      expect.objectContaining({
        level: 40,
        msg: 'sign-in refused',
        username: USER,
        ip: '198.18.200.2',
        outcome: 'account-locked',
      }),
    ]);
    expect(log.text).not.toContain(PASSWORD);
  });
});

describe('sign-in log behind a trusted proxy', () => {
  it('logs the forwarded client address, not the proxy', async () => {
    const { app, log } = await loggedApp({ TRUST_PROXY: ['127.0.0.1'] });
    const forwarded = { 'x-forwarded-for': '192.0.2.44' };
    expect(await signIn(app, 'trpc', USER, PASSWORD, '127.0.0.1', forwarded)).toBe(200);
    expect(await signIn(app, 'rest', USER, 'Proxy-Wrong-6621-pp', '127.0.0.1', forwarded)).toBe(401);
    expect(signInLines(log)).toEqual([
      expect.objectContaining({ username: USER, ip: '192.0.2.44', outcome: 'signed-in' }),
      expect.objectContaining({ username: USER, ip: '192.0.2.44', outcome: 'bad-credentials' }),
    ]);
    expect(log.text).not.toContain(PASSWORD);
    expect(log.text).not.toContain('Proxy-Wrong-6621-pp');
  });
});
