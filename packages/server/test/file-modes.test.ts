import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupTo, migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jwtSecretPath, resolveJwtSecret } from '../src/auth/jwt-secret.ts';
import { privateFiles, tightenPrivateFiles } from '../src/file-modes.ts';
import { writeBackup } from '../src/services/backups.ts';
import { runCliCaptured } from './cli-helpers.ts';

/**
 * Issue 25: the database, its WAL and SHM, the JWT secret and every backup hold password hashes
 * or the key that signs sign-ins: created mode 0600 whatever the umask, and tightened at start
 * when an older version (or anyone) left them readable by others.
 */

let dir: string;
let umask: number | undefined;
const opened: OpenedDatabase[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bus-modes-'));
  // The most open umask there is: a mode given when a file is created would then be kept as given.
  try {
    umask = process.umask(0);
  } catch {
    umask = undefined; // a worker thread may not change it; the default umask (022) still shows 0644 files
  }
});
afterEach(() => {
  for (const db of opened.splice(0)) if (db.sqlite.open) db.sqlite.close();
  if (umask !== undefined) process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

function open(file: string): OpenedDatabase {
  const db = openDatabase(file);
  opened.push(db);
  return db;
}

/** A database with a user in it (a password hash), its WAL holding the newest writes. */
async function liveDatabase(file: string): Promise<OpenedDatabase> {
  const db = open(file);
  await migrateToLatest(db.kysely);
  db.sqlite.prepare("INSERT INTO app_user (username, password_hash) VALUES ('anna', 'scrypt$x')").run();
  return db;
}

describe('files are created mode 0600', () => {
  it('a new database file, its WAL and its SHM', async () => {
    const file = join(dir, 'timetable.sqlite');
    await liveDatabase(file);
    for (const part of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(part), part).toBe(true);
      expect(mode(part), part).toBe(0o600);
    }
  });

  it('the generated JWT secret', () => {
    const databasePath = join(dir, 'timetable.sqlite');
    resolveJwtSecret({ configured: undefined, databasePath });
    expect(mode(jwtSecretPath(databasePath))).toBe(0o600);
  });

  it('a backup from pnpm cli backup, an automatic backup (in a folder of its own) and the copy a restore keeps', async () => {
    const file = join(dir, 'timetable.sqlite');
    (await liveDatabase(file)).sqlite.close();
    const cli = (...argv: string[]) =>
      runCliCaptured(argv, { env: { DB_PATH: file, LOG_LEVEL: 'silent' }, cwd: dir });

    expect((await cli('backup', 'by-hand.sqlite')).code).toBe(0);
    expect(mode(join(dir, 'by-hand.sqlite'))).toBe(0o600);

    const live = open(file);
    const { report } = await writeBackup(live, join(dir, 'backups'), 3, new Date('2026-11-26T03:00:00Z'));
    expect(mode(report.file)).toBe(0o600);
    expect(mode(join(dir, 'backups'))).toBe(0o700);
    live.sqlite.close();

    expect((await cli('restore', 'by-hand.sqlite')).code).toBe(0);
    const kept = readdirSync(dir).filter((name) => name.includes('.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(mode(join(dir, kept[0] ?? ''))).toBe(0o600);
    // The restore's own working copy is gone, and the restored database is as private as before.
    expect(readdirSync(dir).filter((name) => name.includes('.restoring-'))).toEqual([]);
    expect(mode(file)).toBe(0o600);
  });

  it('a restore into a path with no database yet', async () => {
    const source = join(dir, 'source.sqlite');
    const db = await liveDatabase(source);
    await backupTo(db.sqlite, join(dir, 'copy.sqlite'));
    const target = join(dir, 'new', 'timetable.sqlite');
    const run = await runCliCaptured(['restore', 'copy.sqlite'], {
      env: { DB_PATH: target, LOG_LEVEL: 'silent' },
      cwd: dir,
    });
    expect(run.stderr).toBe('');
    expect(mode(target)).toBe(0o600);
    expect(run.stdout).toContain('  the users are those of the backup.');
  });

  it('a failed backup leaves no file behind', async () => {
    const db = await liveDatabase(join(dir, 'timetable.sqlite'));
    writeFileSync(join(dir, 'taken.sqlite'), 'x');
    await expect(backupTo(db.sqlite, join(dir, 'taken.sqlite'))).rejects.toThrow(/EEXIST/);
    await expect(backupTo(db.sqlite, join(dir, 'no-folder', 'b.sqlite'))).rejects.toThrow(/ENOENT/);
    expect(existsSync(join(dir, 'no-folder'))).toBe(false);
  });
});

describe('files left readable by others are tightened at start', () => {
  it('the database, WAL and SHM when opened (the server and every command)', async () => {
    const file = join(dir, 'timetable.sqlite');
    (await liveDatabase(file)).sqlite.close();
    // As an older version left them, with the WAL and SHM of a server that did not stop cleanly.
    writeFileSync(`${file}-wal`, '');
    writeFileSync(`${file}-shm`, '');
    for (const part of [file, `${file}-wal`, `${file}-shm`]) chmodSync(part, 0o644);
    const db = open(file);
    for (const part of [file, `${file}-wal`, `${file}-shm`]) expect(mode(part), part).toBe(0o600);
    expect(db.sqlite.prepare('SELECT username FROM app_user').pluck().all()).toEqual(['anna']);
  });

  it('the JWT secret when it is read', () => {
    const databasePath = join(dir, 'timetable.sqlite');
    const first = resolveJwtSecret({ configured: undefined, databasePath });
    chmodSync(jwtSecretPath(databasePath), 0o644);
    const again = resolveJwtSecret({ configured: undefined, databasePath });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(mode(jwtSecretPath(databasePath))).toBe(0o600);
  });

  it('every file of the server: the database, the secret, the kept copies and the automatic backups', () => {
    const dbPath = join(dir, 'timetable.sqlite');
    const backupDir = join(dir, 'backups');
    mkdirSync(backupDir);
    // Made by an older version or by hand, readable by everyone.
    const ours = [
      dbPath,
      `${dbPath}-wal`,
      jwtSecretPath(dbPath),
      `${dbPath}.before-restore-2026-11-25T06-30-00.sqlite`,
      join(backupDir, 'timetable-20261125-063000.sqlite'),
    ];
    const others = [join(dir, 'notes.txt'), join(backupDir, 'readme.txt')];
    for (const file of [...ours, ...others]) {
      writeFileSync(file, 'x');
      chmodSync(file, 0o644);
    }

    const result = tightenPrivateFiles(privateFiles({ dbPath, backupDir }));
    expect(result.tightened.sort()).toEqual([...ours].sort());
    expect(result.notPermitted).toEqual([]);
    for (const file of ours) expect(mode(file), file).toBe(0o600);
    for (const file of others) expect(mode(file), file).toBe(0o644);
    // The next start finds nothing to do.
    expect(tightenPrivateFiles(privateFiles({ dbPath, backupDir })).tightened).toEqual([]);
  });

  it('an in-memory database has no files; a missing backup folder is no error', () => {
    expect(privateFiles({ dbPath: ':memory:', backupDir: join(dir, 'none') })).toEqual([]);
  });
});
