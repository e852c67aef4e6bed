import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jwtSecretPath, resolveJwtSecret } from './jwt-secret.ts';

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when given (at least 32 bytes)', () => {
    const secret = resolveJwtSecret({ configured: 'x'.repeat(32), databasePath: '/nonexistent/db.sqlite' });
    expect(new TextDecoder().decode(secret)).toBe('x'.repeat(32));
    expect(() => resolveJwtSecret({ configured: 'short', databasePath: null })).toThrow(/32 bytes/);
  });

  it('keeps a random key in memory for an in-memory database', () => {
    const a = resolveJwtSecret({ configured: undefined, databasePath: null });
    const b = resolveJwtSecret({ configured: undefined, databasePath: null });
    expect(a.length).toBe(32);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('creates the key file next to the database, owner-only, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-jwt-'));
    const databasePath = join(dir, 'timetable.sqlite');
    const path = jwtSecretPath(databasePath);
    expect(path).toBe(join(dir, 'jwt-secret'));
    const first = resolveJwtSecret({ configured: undefined, databasePath });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = resolveJwtSecret({ configured: undefined, databasePath });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url').equals(Buffer.from(first))).toBe(true);
  });

  it('stops with a clear error on a damaged key file instead of replacing it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-jwt-'));
    writeFileSync(join(dir, 'jwt-secret'), 'abc\n');
    expect(() => resolveJwtSecret({ configured: undefined, databasePath: join(dir, 'db.sqlite') })).toThrow(
      /damaged.*Delete it/,
    );
  });
});
