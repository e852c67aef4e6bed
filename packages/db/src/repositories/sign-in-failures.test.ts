import { describe, expect, it } from 'vitest';
import { createTestDb, type OpenedDatabase } from '../connection.ts';
import { listSignInFailures } from './sign-in-failures.ts';
import { createUser, takeSignInSlot } from './users.ts';

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;
const LIMIT = 3;
const NOW = 1000 * MINUTE;
const SINCE = NOW - WINDOW;

/** Wrong passwords as recorded: name, address, minute. */
const FAILURES: [string, string, number][] = [
  // anna from A: the limit, so A is held by its own guesses (until 990 + 15).
  ['anna', '198.51.100.1', 990],
  ['anna', '198.51.100.1', 992],
  ['anna', '198.51.100.1', 995],
  // anna from B: one, but the name is full, so B is held too (until its own leaves, or 992 does).
  ['anna', '198.51.100.2', 996],
  // anna from C: before the window, not listed.
  ['anna', '198.51.100.3', 980],
  // boss from A: under the limit.
  ['boss', '198.51.100.1', 997],
  ['boss', '198.51.100.1', 998],
  // A made-up name, from before addresses were kept.
  ['ghost', '', 999],
];

async function recorded(): Promise<OpenedDatabase> {
  const db = await createTestDb();
  for (const username of ['anna', 'boss'])
    await createUser(db.kysely, { username, passwordHash: 'scrypt$x', roles: ['ROLE_ADMIN'] });
  const insert = db.sqlite.prepare('INSERT INTO sign_in_failure (username, address, at) VALUES (?, ?, ?)');
  for (const [username, address, minute] of FAILURES) insert.run(username, address, minute * MINUTE);
  return db;
}

describe('listSignInFailures', () => {
  it('groups the window by name and address, newest first, each with its lock as sign-in decides it', async () => {
    const db = await recorded();
    const list = await listSignInFailures(db.kysely, { now: NOW, windowMs: WINDOW, limit: LIMIT, rows: 200 });
    expect(list.total).toBe(4);
    expect(list.groups).toEqual([
      {
        username: 'ghost',
        address: '',
        failures: 1,
        nameFailures: 1,
        firstAt: 999 * MINUTE,
        lastAt: 999 * MINUTE,
        lockedBy: null,
        lockedUntil: null,
        account: false,
      },
      {
        username: 'boss',
        address: '198.51.100.1',
        failures: 2,
        nameFailures: 2,
        firstAt: 997 * MINUTE,
        lastAt: 998 * MINUTE,
        lockedBy: null,
        lockedUntil: null,
        account: true,
      },
      {
        username: 'anna',
        address: '198.51.100.2',
        failures: 1,
        nameFailures: 4,
        firstAt: 996 * MINUTE,
        lastAt: 996 * MINUTE,
        lockedBy: 'name',
        lockedUntil: 1007 * MINUTE,
        account: true,
      },
      {
        username: 'anna',
        address: '198.51.100.1',
        failures: 3,
        nameFailures: 4,
        firstAt: 990 * MINUTE,
        lastAt: 995 * MINUTE,
        lockedBy: 'address',
        lockedUntil: 1005 * MINUTE,
        account: true,
      },
    ]);

    // Each group's lock is what a sign-in from that address for that name would meet now
    // (each asked on its own copy: a slot taken is a new failure).
    for (const group of list.groups) {
      const copy = await recorded();
      const slot = takeSignInSlot(copy.sqlite, group.username, {
        now: NOW,
        since: SINCE,
        limit: LIMIT,
        address: group.address,
      });
      if (group.lockedUntil === null) expect(slot.taken, group.username).toBe(true);
      else expect(slot).toEqual({ taken: false, freesAt: group.lockedUntil - WINDOW });
    }
  });

  it('lists at most `rows` groups, the newest, and counts them all; an empty window is empty', async () => {
    const db = await recorded();
    const two = await listSignInFailures(db.kysely, { now: NOW, windowMs: WINDOW, limit: LIMIT, rows: 2 });
    expect(two.groups.map((g) => g.username)).toEqual(['ghost', 'boss']);
    expect(two.total).toBe(4);
    const later = await listSignInFailures(db.kysely, {
      now: NOW + 60 * MINUTE,
      windowMs: WINDOW,
      limit: LIMIT,
      rows: 200,
    });
    expect(later).toEqual({ groups: [], total: 0 });
  });

  it('finds the window by the index on `at`, not by reading the whole table', async () => {
    const db = await recorded();
    const plan = db.sqlite
      .prepare('EXPLAIN QUERY PLAN SELECT username, address, at FROM sign_in_failure WHERE at >= ?')
      .all(SINCE) as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/USING INDEX sign_in_failure_at/);
  });
});
