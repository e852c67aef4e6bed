import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { type KeyedMessage, serverMessage } from '@bus/core';

/**
 * Password hashing with scrypt (memory-hard, in node:crypto, no native add-on). A hash is a
 * self-describing string `scrypt$N$r$p$<salt base64>$<hash base64>`, so the cost can be raised
 * later without breaking the hashes already stored.
 */

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 2^15 x 8 x 128 bytes = 32 MiB per hash, about 50-100 ms on a server core. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Caps what a stored hash may ask for, so a tampered row cannot make sign-in eat the machine. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    // Node refuses above 32 MiB by default; allow twice the need (128 * N * r * p).
    maxmem: 2 * 128 * params.N * params.r * params.p,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

let hashingCost: ScryptParams = DEFAULT_SCRYPT;

/**
 * The cost new hashes are made with (hashPassword without its own): DEFAULT_SCRYPT unless a test
 * run lowers it (vitest's setup of the server tests: test/cheap-passwords.ts). A hash names its
 * own cost, so hashes made at either cost verify alike; the server itself never calls this.
 */
export function setHashingCost(params: ScryptParams): void {
  hashingCost = params;
  dummyHash = undefined;
}

export async function hashPassword(password: string, params: ScryptParams = hashingCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function isPowerOfTwo(n: number): boolean {
  return Number.isSafeInteger(n) && n > 1 && (n & (n - 1)) === 0;
}

function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!isPowerOfTwo(N) || N > MAX_N) return null;
  if (!Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { params: { N, r, p }, salt, key };
}

/** Constant-time comparison of the derived key; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) {
    await verifyDummy(password);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Does the work of one verification against a hash nobody's password matches, so a sign-in
 * for an unknown user takes as long as one with a wrong password.
 */
export async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64'));
  const parsed = parseHash(await dummyHash);
  if (parsed) await derive(password, parsed.salt, parsed.params, parsed.key.length);
}

export const MIN_PASSWORD_LENGTH = 8;

/** The rule for passwords set with the CLI (the demo account's '2025' is seeded, not typed). */
export function passwordProblem(password: string): KeyedMessage | null {
  if (password.trim() === '') return serverMessage('passwordEmpty');
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return serverMessage('passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  return null;
}
