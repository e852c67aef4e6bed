import type { Clock } from '@bus/core';
import { listSignInFailures, type OpenedDatabase } from '@bus/db';
import { ACCOUNT_FAILURE_LIMIT, ACCOUNT_FAILURE_WINDOW_MS } from '../auth.ts';

/** The most groups the admin board lists (the newest; the answer says how many there are). */
export const REFUSED_SIGN_INS_SHOWN = 200;

/** One account name and client address with wrong passwords in the window. */
export interface RefusedSignIn {
  username: string;
  /** The client address ('' when recorded before addresses were kept). */
  address: string;
  /** This address's wrong passwords for the name in the window. */
  failures: number;
  /** The name's wrong passwords from all addresses in the window. */
  nameFailures: number;
  /** The last of them from this address (ISO instant). */
  lastAt: string;
  /** Refused now because this address sent the limit itself, or because the name has it from all. */
  lockedBy: 'address' | 'name' | null;
  /** Until when the address is refused for this name (ISO instant); null: not locked. */
  lockedUntil: string | null;
  /** Whether a user has this name. */
  account: boolean;
}

export interface RefusedSignIns {
  /** The server's 'now' the answer is for (ISO instant). */
  at: string;
  windowMinutes: number;
  /** The wrong passwords that lock (ACCOUNT_FAILURE_LIMIT). */
  limit: number;
  /** Newest first, at most REFUSED_SIGN_INS_SHOWN. */
  items: RefusedSignIn[];
  /** All groups of the window, listed or not. */
  total: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The refused sign-ins (wrong passwords) of the current window for the admin board, per account
 * name and client address, with whether and until when that address is locked out of the name
 * (services/auth.ts signIn and takeSignInSlot). Read only: nothing is forgotten by looking.
 */
export async function refusedSignIns(db: OpenedDatabase, clock: Clock): Promise<RefusedSignIns> {
  const now = clock().getTime();
  const list = await listSignInFailures(db.kysely, {
    now,
    windowMs: ACCOUNT_FAILURE_WINDOW_MS,
    limit: ACCOUNT_FAILURE_LIMIT,
    rows: REFUSED_SIGN_INS_SHOWN,
  });
  return {
    at: iso(now),
    windowMinutes: ACCOUNT_FAILURE_WINDOW_MS / 60_000,
    limit: ACCOUNT_FAILURE_LIMIT,
    total: list.total,
    items: list.groups.map((group) => ({
      username: group.username,
      address: group.address,
      failures: group.failures,
      nameFailures: group.nameFailures,
      lastAt: iso(group.lastAt),
      lockedBy: group.lockedBy,
      lockedUntil: group.lockedUntil === null ? null : iso(group.lockedUntil),
      account: group.account,
    })),
  };
}
