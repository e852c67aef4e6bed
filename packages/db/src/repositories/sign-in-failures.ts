import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The wrong passwords of the current window as the admin board lists them: one group per
 * account name and client address, with whether that address is locked out of that name now
 * and until when, by the same rule as takeSignInSlot's refusal (users.ts).
 */
export interface SignInFailureGroup {
  username: string;
  /** The client address ('' for failures recorded before addresses were kept). */
  address: string;
  /** This address's wrong passwords for this name in the window. */
  failures: number;
  /** The name's wrong passwords from all addresses in the window. */
  nameFailures: number;
  /** The first and the last of this address's wrong passwords in the window (ms). */
  firstAt: number;
  lastAt: number;
  /**
   * Why the address is refused for this name now: it sent `limit` itself ('address'), or the
   * name has `limit` from all addresses together and this address sent one of them ('name');
   * null when its next password would be checked.
   */
  lockedBy: 'address' | 'name' | null;
  /** When the address may be checked again for this name (ms); null when not locked. */
  lockedUntil: number | null;
  /** Whether a user has this name (guesses at made-up names are limited and listed alike). */
  account: boolean;
}

export interface SignInFailureList {
  /** The newest groups first (by their last wrong password), at most `rows`. */
  groups: SignInFailureGroup[];
  /** Every group of the window, shown or not. */
  total: number;
}

export interface SignInFailureRequest {
  now: number;
  /** The window's length (ms): failures at `now - windowMs` or later count. */
  windowMs: number;
  /** The wrong passwords that fill the window (ACCOUNT_FAILURE_LIMIT). */
  limit: number;
  /** The most groups listed. */
  rows: number;
}

interface GroupRow {
  username: string;
  address: string;
  failures: number;
  name_failures: number;
  first_at: number;
  last_at: number;
  /** The `limit`-th newest of this address's failures, when it has that many. */
  here_nth_at: number | null;
  /** The `limit`-th newest of the name's failures, when it has that many. */
  name_nth_at: number | null;
  account: number;
  total: number;
}

/**
 * The window's wrong passwords grouped by name and address, newest first, at most `rows`, in
 * one read (an index on `at` finds the window; migration 2026-12-04). What it reads is bounded
 * by what can be recorded in a window: a failure is a password check that was made, and the
 * checks run one at a time (services/auth.ts), some 10-20 a second.
 *
 * Locked, as `refusal` in users.ts decides for a request now: an address that sent `limit`
 * is refused until its `limit`-th newest failure leaves the window; once the name has `limit`
 * from all addresses, an address that sent any is refused until its own failures have left
 * the window or the name is under the limit again, whichever comes first.
 */
export async function listSignInFailures(
  db: Kysely<Database>,
  { now, windowMs, limit, rows }: SignInFailureRequest,
): Promise<SignInFailureList> {
  const since = now - windowMs;
  const { rows: found } = await sql<GroupRow>`
    WITH ranked AS (
      SELECT username, address, at,
        row_number() OVER (PARTITION BY username, address ORDER BY at DESC, id DESC) AS here_rank,
        row_number() OVER (PARTITION BY username ORDER BY at DESC, id DESC) AS name_rank,
        count(*) OVER (PARTITION BY username) AS name_failures
      FROM sign_in_failure
      WHERE at >= ${since}
    ),
    name_nth AS (
      SELECT username, at AS name_nth_at FROM ranked WHERE name_rank = ${limit}
    ),
    grouped AS (
      SELECT username, address,
        count(*) AS failures,
        max(name_failures) AS name_failures,
        min(at) AS first_at,
        max(at) AS last_at,
        max(CASE WHEN here_rank = ${limit} THEN at END) AS here_nth_at
      FROM ranked
      GROUP BY username, address
    )
    SELECT grouped.*, name_nth.name_nth_at,
      EXISTS (SELECT 1 FROM app_user WHERE app_user.username = grouped.username) AS account,
      count(*) OVER () AS total
    FROM grouped LEFT JOIN name_nth USING (username)
    ORDER BY last_at DESC, username, address
    LIMIT ${rows}
  `.execute(db);
  return {
    // Every row carries it; no row: the window is empty.
    total: found[0]?.total ?? 0,
    groups: found.map((row) => {
      const lock = lockOf(row, limit);
      return {
        username: row.username,
        address: row.address,
        failures: row.failures,
        nameFailures: row.name_failures,
        firstAt: row.first_at,
        lastAt: row.last_at,
        lockedBy: lock?.by ?? null,
        lockedUntil: lock === null ? null : lock.freesAt + windowMs,
        account: row.account === 1,
      };
    }),
  };
}

/** `refusal` of users.ts on a group's counts: why and from when (ms) it is freed, or null. */
function lockOf(row: GroupRow, limit: number): { by: 'address' | 'name'; freesAt: number } | null {
  if (row.failures >= limit && row.here_nth_at !== null) return { by: 'address', freesAt: row.here_nth_at };
  if (row.name_failures >= limit && row.name_nth_at !== null)
    return { by: 'name', freesAt: Math.min(row.last_at, row.name_nth_at) };
  return null;
}
