import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { databaseFiles, makePrivate } from '@bus/db';
import { jwtSecretPath } from './auth/jwt-secret.ts';
import { BACKUP_NAME } from './services/backups.ts';

/**
 * At every start the server makes its files that hold password hashes or the token key its
 * owner's only (mode 0600), whatever made them looser (an older version, a copy by hand, a
 * umask): the database with its WAL and SHM, the generated jwt-secret, the copies `restore`
 * keeps beside the database and the automatic backups in BACKUP_DIR. New ones are created so.
 */

function names(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The files of a server with this database and backup folder that must be private. */
export function privateFiles({
  dbPath,
  backupDir,
}: {
  dbPath: string;
  backupDir?: string | undefined;
}): string[] {
  const files: string[] = [];
  if (dbPath !== ':memory:') {
    const folder = dirname(dbPath);
    const kept = `${basename(dbPath)}.before-restore-`;
    files.push(...databaseFiles(dbPath), jwtSecretPath(dbPath));
    for (const name of names(folder))
      if (name.startsWith(kept) && name.endsWith('.sqlite')) files.push(join(folder, name));
  }
  if (backupDir !== undefined)
    for (const name of names(backupDir)) if (BACKUP_NAME.test(name)) files.push(join(backupDir, name));
  return files;
}

/** Tightens each file that others may read; says which it tightened and which are not ours to change. */
export function tightenPrivateFiles(files: readonly string[]): {
  tightened: string[];
  notPermitted: string[];
} {
  const tightened: string[] = [];
  const notPermitted: string[] = [];
  for (const file of files) {
    const result = makePrivate(file);
    if (result === 'tightened') tightened.push(file);
    else if (result === 'not-permitted') notPermitted.push(file);
  }
  return { tightened, notPermitted };
}
