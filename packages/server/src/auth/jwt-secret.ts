import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makePrivate } from '@bus/db';

/**
 * The key that signs access tokens. JWT_SECRET wins when set (env.ts has checked its length).
 * Otherwise one is generated on first start and kept next to the database file, readable by
 * the owner only, so tokens survive a restart; an in-memory database keeps it in memory.
 */

export const MIN_SECRET_BYTES = 32;
export const SECRET_FILE_NAME = 'jwt-secret';

export function jwtSecretPath(databasePath: string): string {
  return join(dirname(databasePath), SECRET_FILE_NAME);
}

export interface JwtSecretSource {
  /** JWT_SECRET from the environment, if set. */
  configured: string | undefined;
  /** The database file (better-sqlite3 `name`), or null for an in-memory database. */
  databasePath: string | null;
}

export function resolveJwtSecret({ configured, databasePath }: JwtSecretSource): Uint8Array {
  if (configured !== undefined) {
    const bytes = new TextEncoder().encode(configured);
    if (bytes.length < MIN_SECRET_BYTES)
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
    return bytes;
  }
  if (databasePath === null) return new Uint8Array(randomBytes(MIN_SECRET_BYTES));
  return readOrCreateSecretFile(jwtSecretPath(databasePath));
}

function readSecretFile(path: string): Uint8Array {
  const bytes = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new Error(
      `The token key file ${path} is damaged (shorter than ${MIN_SECRET_BYTES} bytes). ` +
        'Delete it to generate a new one; everyone signed in will have to sign in again.',
    );
  }
  return new Uint8Array(bytes);
}

function readOrCreateSecretFile(path: string): Uint8Array {
  try {
    const secret = readSecretFile(path);
    // A key file others can read (made by hand, or before it was made private) is made private.
    makePrivate(path);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole under a temporary name, then linked into place: a second process starting
  // at the same moment either wins the link or reads the complete file the first one made.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(MIN_SECRET_BYTES).toString('base64url')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    chmodSync(temporary, 0o600); // the mode above is filtered by the umask
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readSecretFile(path);
}
