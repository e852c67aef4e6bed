import { englishMessage } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { realHashingCost } from '../../test/cheap-passwords.ts';
import { hashPassword, passwordProblem, verifyDummy, verifyPassword } from './passwords.ts';

// The server's own cost: the test setup lowers it for the other tests.
realHashingCost();

describe('password hashing (scrypt)', () => {
  it('writes a self-describing hash with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('2025');
    expect(await verifyPassword('2025', hash)).toBe(true);
    expect(await verifyPassword('2026', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('reads the cost from the hash, so hashes made with other parameters still verify', async () => {
    const cheap = await hashPassword('pw', { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });

  it('answers false (not an error) for an unreadable or hostile hash', async () => {
    for (const bad of [
      '',
      'bcrypt$2a$10$abc',
      'scrypt$3$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5a2V5a2V5',
      'scrypt$1073741824$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5a2V5a2V5',
    ]) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
    await expect(verifyDummy('anything')).resolves.toBeUndefined();
  });

  it('sets a minimum for passwords typed into the CLI', () => {
    const problem = (password: string) => {
      const keyed = passwordProblem(password);
      return keyed && englishMessage(keyed);
    };
    expect(problem('')).toMatch(/empty/);
    expect(problem('        ')).toMatch(/empty/);
    expect(problem('2025')).toMatch(/at least 8/);
    expect(passwordProblem('long enough')).toBeNull();
  });
});
