import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { restoreFrom } from '../backup.ts';
import { createTestDb, migrateToLatest, openDatabase } from '../connection.ts';
import {
  createUser,
  deleteUser,
  endUserTokens,
  findUserByUsername,
  getMeta,
  setUserPassword,
  TOKEN_EPOCH_KEY,
  userById,
} from '../repositories/users.ts';
import { migrationProvider } from './index.ts';

const hash = 'scrypt$test';
const user = (username: string) => ({ username, passwordHash: hash, roles: ['ROLE_ADMIN'] });

/** A database at the schema before this migration, with users whose ids and epochs an old server gave. */
async function oldDatabase() {
  const opened = openDatabase(':memory:');
  const migrator = new Migrator({ db: opened.kysely, provider: migrationProvider });
  const { error } = await migrator.migrateTo('2026-11-28-departure-index');
  if (error) throw error;
  opened.sqlite.exec(`
    INSERT INTO app_user (id, username, password_hash, roles, demo, token_epoch) VALUES
      (1, 'boss', 'h1', '["ROLE_ADMIN"]', 1, 0),
      (2, 'anna', 'h2', '["ROLE_ADMIN"]', 0, 3),
      (3, 'jonas', 'h3', '["ROLE_USER"]', 0, 1);
  `);
  return opened;
}

async function migrate(db: ReturnType<typeof openDatabase>) {
  const { error } = await new Migrator({ db: db.kysely, provider: migrationProvider }).migrateToLatest();
  if (error) throw error;
}

describe('migration 2026-11-29-sign-ins-never-come-back', () => {
  it('makes app_user AUTOINCREMENT and starts the epoch counter on a new database', async () => {
    const { kysely, sqlite } = await createTestDb();
    const create = sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 'app_user'").pluck().get();
    expect(create).toContain('id INTEGER PRIMARY KEY AUTOINCREMENT');
    expect(await getMeta(kysely, TOKEN_EPOCH_KEY)).toBe('0');
    await kysely.destroy();
  });

  it('keeps every user, id, epoch and the unique names of an existing database', async () => {
    const db = await oldDatabase();
    const before = db.sqlite.prepare('SELECT * FROM app_user ORDER BY id').all();
    await migrate(db);
    expect(db.sqlite.prepare('SELECT * FROM app_user ORDER BY id').all()).toEqual(before);
    // The highest epoch any user had is where the counter starts.
    expect(await getMeta(db.kysely, TOKEN_EPOCH_KEY)).toBe('3');
    await expect(createUser(db.kysely, user('anna'))).rejects.toThrow(/UNIQUE/);
    // The removed newest user's id is not handed out again.
    await deleteUser(db.kysely, 'jonas');
    const again = await createUser(db.kysely, user('jonas'));
    expect(again.id).toBe(4);
    expect(again.tokenEpoch).toBe(4);
    await db.kysely.destroy();
  });
});

describe('user ids and token epochs are never given twice', () => {
  it('gives each new user, password change and sign-out an epoch above every earlier one', async () => {
    const { kysely } = await createTestDb();
    const seen: number[] = [];
    const epochOf = async (name: string) => (await findUserByUsername(kysely, name))?.tokenEpoch ?? -1;
    const steps: [string, () => Promise<unknown>, string][] = [
      ['add anna', () => createUser(kysely, user('anna')), 'anna'],
      ['add piotr', () => createUser(kysely, user('piotr')), 'piotr'],
      ['passwd anna', () => setUserPassword(kysely, 'anna', 'scrypt$other'), 'anna'],
      ['signout piotr', () => endUserTokens(kysely, 'piotr'), 'piotr'],
      ['signout anna', () => endUserTokens(kysely, 'anna'), 'anna'],
    ];
    for (const [label, step, name] of steps) {
      await step();
      const epoch = await epochOf(name);
      expect(epoch, label).toBeGreaterThan(Math.max(0, ...seen));
      seen.push(epoch);
    }
    // Another user's epoch stays where it was.
    expect(await epochOf('piotr')).toBe(seen[3]);
    await kysely.destroy();
  });

  it('gives a user removed and added again a new id and an epoch above the removed one', async () => {
    const { kysely, sqlite } = await createTestDb();
    const first = await createUser(kysely, user('anna'));
    await setUserPassword(kysely, 'anna', 'scrypt$second');
    const signedIn = await findUserByUsername(kysely, 'anna');
    expect(await deleteUser(kysely, 'anna')).toBe(true);
    const again = await createUser(kysely, user('anna'));
    expect(again.id).toBeGreaterThan(first.id);
    expect(again.tokenEpoch).toBeGreaterThan(signedIn?.tokenEpoch ?? Number.POSITIVE_INFINITY);
    expect(userById(sqlite, first.id)).toBeUndefined();
    expect(userById(sqlite, again.id)?.username).toBe('anna');
    await kysely.destroy();
  });

  it('works inside a caller’s transaction too', async () => {
    const { kysely } = await createTestDb();
    await kysely.transaction().execute(async (trx) => {
      await createUser(trx, user('anna'));
      await endUserTokens(trx, 'anna');
    });
    expect((await findUserByUsername(kysely, 'anna'))?.tokenEpoch).toBe(2);
    expect(await getMeta(kysely, TOKEN_EPOCH_KEY)).toBe('2');
    await kysely.destroy();
  });
});

describe('restoreFrom a backup made before this migration', () => {
  it('migrates it before it goes live: AUTOINCREMENT, ids and epochs above everything the live database gave', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-restore-old-'));
    try {
      // The backup: an old server's file (three users, epochs up to 3).
      const backup = await oldDatabase();
      await backup.sqlite.backup(join(dir, 'old-backup.sqlite'));
      backup.sqlite.close();
      // The live database went on: users up to id 6, epochs up to 9, the newest user removed.
      const livePath = join(dir, 'timetable.sqlite');
      const live = openDatabase(livePath);
      await migrateToLatest(live.kysely);
      for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) await createUser(live.kysely, user(name));
      for (const name of ['a', 'b', 'c']) await endUserTokens(live.kysely, name);
      await deleteUser(live.kysely, 'f');
      expect(await getMeta(live.kysely, TOKEN_EPOCH_KEY)).toBe('9');

      const { tokenEpoch } = await restoreFrom(join(dir, 'old-backup.sqlite'), livePath);
      expect(tokenEpoch).toBe(10);
      // The open connection sees the restored, migrated and settled database.
      const create = live.sqlite
        .prepare("SELECT sql FROM sqlite_master WHERE name = 'app_user'")
        .pluck()
        .get();
      expect(create).toContain('AUTOINCREMENT');
      const users = live.sqlite.prepare('SELECT id, username, token_epoch FROM app_user ORDER BY id').all();
      expect(users).toEqual([
        { id: 1, username: 'boss', token_epoch: 10 },
        { id: 2, username: 'anna', token_epoch: 10 },
        { id: 3, username: 'jonas', token_epoch: 10 },
      ]);
      const next = await createUser(live.kysely, user('piotr'));
      expect(next.id).toBe(7);
      expect(next.tokenEpoch).toBe(11);
      live.sqlite.close();
      // No working copy is left beside the database.
      expect(readdirSync(dir).filter((name) => name.includes('.restoring-'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
