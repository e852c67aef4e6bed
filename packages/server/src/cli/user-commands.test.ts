import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUserByUsername, migrateToLatest, openDatabase, type UserRecord } from '@bus/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/cli-helpers.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { COMMANDS } from './commands.ts';
import { createUserCommands } from './user-commands.ts';

let dir: string;
let dbPath: string;
/** What the fake terminal "types" for each password prompt, in order. */
let typed: string[];
const prompts: string[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-users-'));
  dbPath = join(dir, 'timetable.sqlite');
  typed = [];
  prompts.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const commands = createUserCommands(async (_context, prompt) => {
  prompts.push(prompt);
  const next = typed.shift();
  if (next === undefined) throw new Error('no password typed');
  return next;
});

const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir }, commands);

async function user(username: string): Promise<UserRecord | undefined> {
  const { kysely: db } = openDatabase(dbPath);
  try {
    await migrateToLatest(db);
    return await findUserByUsername(db, username);
  } finally {
    await db.destroy();
  }
}

describe('pnpm cli user ...', () => {
  it('is registered in the command table', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(
      expect.arrayContaining(['user add', 'user passwd', 'user list', 'user remove']),
    );
  });

  it('adds an admin by default, with a hashed password', async () => {
    typed = ['s3cret-pass'];
    const res = await cli('user', 'add', 'jonas');
    expect(res).toMatchObject({ code: 0, stdout: 'added user jonas (ROLE_ADMIN)\n' });
    expect(prompts).toEqual(['Password for jonas: ']);
    const stored = await user('jonas');
    expect(stored?.roles).toEqual(['ROLE_ADMIN']);
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('s3cret-pass', stored?.passwordHash ?? '')).toBe(true);
  });

  it('takes another role with --role and refuses unknown roles', async () => {
    typed = ['s3cret-pass'];
    expect((await cli('user', 'add', 'clerk', '--role', 'ROLE_USER')).code).toBe(0);
    expect((await user('clerk'))?.roles).toEqual(['ROLE_USER']);
    const bad = await cli('user', 'add', 'x', '--role', 'ROLE_KING');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown role "ROLE_KING"');
  });

  it('refuses empty and short passwords, bad and duplicate usernames', async () => {
    typed = [''];
    expect((await cli('user', 'add', 'a')).stderr).toContain('error: the password is empty');
    typed = ['2025'];
    expect((await cli('user', 'add', 'a')).stderr).toContain('at least 8 characters');
    expect(await user('a')).toBeUndefined();
    expect((await cli('user', 'add', 'has space')).stderr).toContain('a username is');
    typed = ['long-enough'];
    await cli('user', 'add', 'jonas');
    typed = ['long-enough'];
    const again = await cli('user', 'add', 'jonas');
    expect(again).toMatchObject({ code: 1 });
    expect(again.stderr).toContain('user jonas already exists');
    expect(prompts).toHaveLength(3); // no password is asked for a name that is taken or invalid
  });

  it('changes a password, lists and removes users', async () => {
    typed = ['first-password', 'second-password'];
    await cli('user', 'add', 'jonas');
    expect((await cli('user', 'passwd', 'jonas')).stdout).toBe('changed the password of jonas\n');
    expect(await verifyPassword('second-password', (await user('jonas'))?.passwordHash ?? '')).toBe(true);
    typed = ['whatever-password'];
    expect((await cli('user', 'passwd', 'nobody')).stderr).toContain('there is no user nobody');

    const list = await cli('user', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^jonas\s+ROLE_ADMIN\s+created \d{4}-\d\d-\d\dT/);

    expect((await cli('user', 'remove', 'jonas')).stdout).toBe('removed user jonas\n');
    expect(await user('jonas')).toBeUndefined();
    expect((await cli('user', 'remove', 'jonas')).stderr).toContain('there is no user jonas');
    expect((await cli('user', 'list')).stdout).toBe('no users\n');
  });

  it('reads the password from a pipe: echo pw | pnpm cli user add bob', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const result = spawnSync(tsx, [main, 'user', 'add', 'bob'], {
      input: 'piped-password\n',
      env: { ...process.env, DB_PATH: dbPath },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('added user bob (ROLE_ADMIN)\n');
    expect(result.status).toBe(0);
    return user('bob').then(async (bob) => {
      expect(await verifyPassword('piped-password', bob?.passwordHash ?? '')).toBe(true);
    });
    // Starting tsx in a child process is slow on a busy machine.
  }, 90_000);
});
