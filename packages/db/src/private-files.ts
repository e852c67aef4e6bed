import { chmodSync, closeSync, fchmodSync, openSync, statSync } from 'node:fs';

/**
 * Files that hold password hashes or the key that signs sign-ins (the database, its WAL and
 * SHM, the JWT secret, every backup) are readable and writable by their owner only. A mode given
 * when a file is created is filtered by the process's umask, a chmod is not: so each is created
 * empty with this mode and chmod-ed before anything is written into it, and SQLite gives the
 * WAL, SHM and journal files it makes the mode of their database file.
 */
export const PRIVATE_FILE_MODE = 0o600;

/** Creates an empty file that only its owner may read; throws (EEXIST) when there is one. */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/**
 * What makePrivate found: the file was already private, was tightened now, does not exist, or
 * is someone else's and could not be changed.
 */
export type PrivateMode = 'private' | 'tightened' | 'missing' | 'not-permitted';

/** Takes every access of group and others away from an existing file (mode 0600). */
export function makePrivate(path: string): PrivateMode {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  if ((mode & 0o077) === 0) return 'private';
  try {
    chmodSync(path, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'EACCES' || code === 'EROFS') return 'not-permitted';
    if (code === 'ENOENT') return 'missing';
    throw error;
  }
  return 'tightened';
}

/** A database file with the WAL and SHM files SQLite keeps beside it. */
export function databaseFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`];
}
