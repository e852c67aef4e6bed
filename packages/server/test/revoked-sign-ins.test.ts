import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findUserByUsername, migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { TOKEN_ISSUER } from '../src/auth/tokens.ts';
import { backupCommands } from '../src/cli/backup-commands.ts';
import { createUserCommands } from '../src/cli/user-commands.ts';
import { parseEnv } from '../src/env.ts';
import { runCliCaptured } from './cli-helpers.ts';

/**
 * Issue 25: a sign-in that was ended never comes back. Every path that ends one, through the
 * command line against the database file a running server serves (each with its own
 * connection, as in real use), and the server's answer to the old token on tRPC and on the old
 * REST path: a password change, a sign-out, a removal, a removal and a new user of the same
 * name, and a restore of an older backup.
 */

const SECRET = 'revoked-sign-ins-secret-0123456789-abcdef';
let dir: string;
let dbPath: string;
let served: OpenedDatabase | undefined;
let app: FastifyInstance | undefined;
/** What the next password prompt answers. */
let password = 'first-password-1';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-revoked-'));
  dbPath = join(dir, 'timetable.sqlite');
  password = 'first-password-1';
});
afterEach(async () => {
  await app?.close();
  if (served?.sqlite.open) served.sqlite.close();
  app = undefined;
  served = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const commands = [...backupCommands, ...createUserCommands(async () => password)];
const cli = async (...argv: string[]) => {
  const run = await runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir }, commands);
  expect(run.stderr, `pnpm cli ${argv.join(' ')}`).toBe('');
  expect(run.code, `pnpm cli ${argv.join(' ')}`).toBe(0);
  return run;
};

/** The server on the same database file, demo off. */
async function serve(): Promise<FastifyInstance> {
  served = openDatabase(dbPath);
  await migrateToLatest(served.kysely);
  app = await buildApp({
    db: served,
    env: { ...parseEnv({ LOG_LEVEL: 'silent' }), DEMO: false, JWT_SECRET: SECRET },
  });
  return app;
}

let addressCount = 0;
/** A sign-in from an address of its own (the per-address limit never gets in the way); its token. */
async function signIn(server: FastifyInstance, username: string, door: 'trpc' | 'rest' = 'trpc') {
  addressCount += 1;
  const res = await server.inject({
    method: 'POST',
    url: door === 'trpc' ? '/trpc/auth.signIn' : '/api/auth/signin',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress: `10.45.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`,
  });
  expect(res.statusCode, `sign-in of ${username}`).toBe(200);
  const body = res.json() as { result?: { data: { accessToken: string } }; accessToken?: string };
  return body.result?.data.accessToken ?? body.accessToken ?? '';
}

/** An admin read with the token, on tRPC and on the old REST path. */
async function adminReads(server: FastifyInstance, token: string): Promise<[number, number]> {
  const headers = { authorization: `Bearer ${token}` };
  const viaTrpc = await server.inject({ method: 'GET', url: '/trpc/admin.holidays.list', headers });
  const viaRest = await server.inject({ method: 'GET', url: '/api/holidays/all', headers });
  return [viaTrpc.statusCode, viaRest.statusCode];
}

const WORKS: [number, number] = [200, 200];
const REFUSED: [number, number] = [401, 401];

describe('an ended sign-in never works again', () => {
  it('issue 25: add anna, sign in, passwd, remove, add anna again: the first token stays refused', async () => {
    await cli('user', 'add', 'anna');
    const server = await serve();
    const first = await signIn(server, 'anna');
    expect(await adminReads(server, first)).toEqual(WORKS);

    password = 'second-password-2';
    await cli('user', 'passwd', 'anna');
    expect(await adminReads(server, first)).toEqual(REFUSED);
    const second = await signIn(server, 'anna', 'rest');
    expect(await adminReads(server, second)).toEqual(WORKS);

    await cli('user', 'remove', 'anna');
    expect(await adminReads(server, first)).toEqual(REFUSED);
    expect(await adminReads(server, second)).toEqual(REFUSED);

    password = 'first-password-1';
    await cli('user', 'add', 'anna');
    // The same name, the same password even: another user, and no old token is hers.
    expect(await adminReads(server, first)).toEqual(REFUSED);
    expect(await adminReads(server, second)).toEqual(REFUSED);
    const fresh = await signIn(server, 'anna');
    expect(await adminReads(server, fresh)).toEqual(WORKS);
  });

  it('user signout ends every token of that user, and a removal right after it keeps them ended', async () => {
    await cli('user', 'add', 'anna');
    await cli('user', 'add', 'jonas');
    const server = await serve();
    const anna = await signIn(server, 'anna');
    const jonas = await signIn(server, 'jonas', 'rest');
    await cli('user', 'signout', 'anna');
    expect(await adminReads(server, anna)).toEqual(REFUSED);
    expect(await adminReads(server, jonas)).toEqual(WORKS);
    await cli('user', 'remove', 'anna');
    await cli('user', 'add', 'anna');
    expect(await adminReads(server, anna)).toEqual(REFUSED);
  });

  it('a removal alone ends the tokens, and the removed user’s id is never given to the next user', async () => {
    await cli('user', 'add', 'anna');
    await cli('user', 'add', 'jonas');
    const server = await serve();
    const jonas = await signIn(server, 'jonas');
    const jonasId = (await findUserByUsername(served?.kysely ?? fail(), 'jonas'))?.id ?? 0;
    await cli('user', 'remove', 'jonas');
    expect(await adminReads(server, jonas)).toEqual(REFUSED);
    await cli('user', 'add', 'piotr');
    expect((await findUserByUsername(served?.kysely ?? fail(), 'piotr'))?.id).toBeGreaterThan(jonasId);
    expect(await adminReads(server, jonas)).toEqual(REFUSED);
  });

  it('refuses a token issued before tokens named their user by id (signed with the right key)', async () => {
    await cli('user', 'add', 'anna');
    const server = await serve();
    const user = await findUserByUsername(served?.kysely ?? fail(), 'anna');
    const old = await new SignJWT({ roles: ['ROLE_ADMIN'], te: user?.tokenEpoch })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('anna')
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await adminReads(server, old)).toEqual(REFUSED);
  });
});

describe('pnpm cli restore of an older backup', () => {
  it('says what happens to the users first, then signs everyone out; no user id given since comes back', async () => {
    await cli('user', 'add', 'anna');
    await cli('user', 'add', 'jonas');
    const server = await serve();
    // Signed in when the backup is made: the backup's own epochs would accept these tokens.
    const annaInBackup = await signIn(server, 'anna');
    const jonasInBackup = await signIn(server, 'jonas', 'rest');
    await cli('backup', 'older.sqlite');

    // Since the backup: anna changes her password, jonas is removed, piotr is added.
    password = 'second-password-2';
    await cli('user', 'passwd', 'anna');
    const annaNow = await signIn(server, 'anna');
    await cli('user', 'remove', 'jonas');
    await cli('user', 'add', 'piotr');
    const piotrNow = await signIn(server, 'piotr');
    const piotrId = (await findUserByUsername(served?.kysely ?? fail(), 'piotr'))?.id ?? 0;
    expect(await adminReads(server, annaNow)).toEqual(WORKS);
    expect(await adminReads(server, piotrNow)).toEqual(WORKS);

    const restore = await cli('restore', 'older.sqlite');
    const out = restore.stdout;
    const warning = out.indexOf("Users, passwords and sign-ins go back to the backup's state:");
    expect(warning).toBeGreaterThan(-1);
    // Said before anything is replaced or kept.
    expect(warning).toBeLessThan(out.indexOf('restored '));
    expect(warning).toBeLessThan(out.indexOf('is kept at'));
    expect(out).toContain('  come back (removed since the backup): jonas\n');
    expect(out).toContain('  removed (added since the backup): piotr\n');
    expect(out).toContain('  password or roles as in the backup: anna\n');
    expect(out).toContain('Everyone is signed out by the restore and must sign in again.');
    expect(out).toContain('Everyone who was signed in is signed out');

    // The running server: every token from before the restore is refused, the backup's too.
    for (const token of [annaInBackup, jonasInBackup, annaNow, piotrNow])
      expect(await adminReads(server, token)).toEqual(REFUSED);
    // Users and passwords are the backup's: anna signs in with her old password, jonas is back.
    password = 'first-password-1';
    expect(await adminReads(server, await signIn(server, 'anna'))).toEqual(WORKS);
    expect(await adminReads(server, await signIn(server, 'jonas', 'rest'))).toEqual(WORKS);

    // piotr is made again: a new id, not the one given since the backup, and his old token stays refused.
    await cli('user', 'add', 'piotr');
    expect((await findUserByUsername(served?.kysely ?? fail(), 'piotr'))?.id).toBeGreaterThan(piotrId);
    expect(await adminReads(server, piotrNow)).toEqual(REFUSED);
    // A second restore of the same backup signs everyone out again.
    const annaAgain = await signIn(server, 'anna');
    await cli('restore', 'older.sqlite');
    expect(await adminReads(server, annaAgain)).toEqual(REFUSED);
    expect(await adminReads(server, annaInBackup)).toEqual(REFUSED);
  }, 60_000);

  it('says when the users are the same as now', async () => {
    await cli('user', 'add', 'anna');
    await cli('backup', 'same.sqlite');
    const restore = await cli('restore', 'same.sqlite');
    expect(restore.stdout).toContain('  the backup has the same users, passwords and roles as now.\n');
  });
});

function fail(): never {
  throw new Error('the server is not running');
}
