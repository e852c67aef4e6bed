import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusedSignIns } from '../src/services/admin/sign-ins.ts';
import { type AdminTestApp, adminApp, adminClient, createTestUser, tokenFor, trpc } from './admin-helpers.ts';

/**
 * The refused sign-ins on the admin board (admin.signIns.refused, issue 37): real sign-ins
 * through the app, on a clock the test moves (the app's date clock and the monotonic clock of
 * the per-address limit alike), never the real one.
 */

const START = Date.parse('2026-11-29T10:00:00Z');
let now = START;
const at = (minutes: number, seconds = 0) => START + minutes * 60_000 + seconds * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: AdminTestApp;
let staff: ReturnType<typeof adminClient>;

beforeAll(async () => {
  t = await adminApp({ clock: () => new Date(now), ticks: () => now });
  staff = adminClient(t.app, t.adminToken);
  await createTestUser(t, 'anna', ['ROLE_ADMIN'], 'annas-own-password');
  await createTestUser(t, 'clerk', ['ROLE_USER']);
});
afterAll(() => t?.app.close());

async function signIn(username: string, password: string, address: string, when: number) {
  now = when;
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/auth.signIn',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress: address,
  });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
}

async function refused(when: number): Promise<RefusedSignIns> {
  now = when;
  const res = await staff.query<RefusedSignIns>('admin.signIns.refused');
  expect(res.status).toBe(200);
  return res.data;
}

const GUESSER = '198.51.100.7';
const SECOND_GUESSER = '198.51.100.8';
const TYPO = '203.0.113.5';

describe('admin.signIns.refused', () => {
  it('is empty before anyone guesses, and says its window and limit', async () => {
    expect(await refused(at(0))).toEqual({
      at: iso(at(0)),
      windowMinutes: 15,
      limit: 20,
      items: [],
      total: 0,
    });
  });

  it('lists the wrong passwords per account and address with counts; the locked address is marked locked, until when', async () => {
    // Three typos for boss from one address.
    for (const minute of [0, 1, 2])
      expect((await signIn('boss', `typo-${minute}`, TYPO, at(minute))).status).toBe(401);
    // Twenty guesses at anna from another, ten seconds apart (under the 10 a minute per address).
    for (let i = 0; i < 20; i++)
      expect((await signIn('anna', `guess-${i}`, GUESSER, at(3, i * 10))).status).toBe(401);
    // The 21st is refused without a check, and is not counted.
    const held = await signIn('anna', 'guess-20', GUESSER, at(6, 20));
    expect(held.status).toBe(429);
    // anna herself, from her own address: her sign-in works and leaves nothing to list.
    expect((await signIn('anna', 'annas-own-password', '192.0.2.1', at(6, 30))).status).toBe(200);
    // A new address gets its one check; the name is full, so that address is held from then on.
    expect((await signIn('anna', 'guess-21', SECOND_GUESSER, at(7))).status).toBe(401);

    const board = await refused(at(8));
    expect(board.total).toBe(3);
    expect(board.items).toEqual([
      {
        username: 'anna',
        address: SECOND_GUESSER,
        failures: 1,
        nameFailures: 21,
        lastAt: iso(at(7)),
        lockedBy: 'name',
        // Free again when the name is under 20: its second oldest (10:03:10) leaves the window.
        lockedUntil: iso(at(18, 10)),
        account: true,
      },
      {
        username: 'anna',
        address: GUESSER,
        failures: 20,
        nameFailures: 21,
        lastAt: iso(at(6, 10)),
        lockedBy: 'address',
        lockedUntil: iso(at(18)),
        account: true,
      },
      {
        username: 'boss',
        address: TYPO,
        failures: 3,
        nameFailures: 3,
        lastAt: iso(at(2)),
        lockedBy: null,
        lockedUntil: null,
        account: true,
      },
    ]);

    // What the board says is what a sign-in from there meets: refused for the seconds left.
    const again = await signIn('anna', 'annas-own-password', GUESSER, at(8));
    expect(again).toEqual({ status: 429, retryAfter: String(10 * 60) });
  });

  it('counts only the window: a guess older than 15 minutes is no longer listed', async () => {
    const board = await refused(at(16, 30));
    const typos = board.items.find((item) => item.address === TYPO);
    // Of 10:00, 10:01 and 10:02 only the last is inside the 15 minutes before 10:16:30.
    expect(typos).toMatchObject({ failures: 1, lastAt: iso(at(2)), lockedBy: null });
  });

  it('forgets an address once its right password is given there', async () => {
    expect((await signIn('boss', '2025', TYPO, at(16, 40))).status).toBe(200);
    const board = await refused(at(16, 50));
    expect(board.items.map((item) => `${item.username} ${item.address}`)).toEqual([
      `anna ${SECOND_GUESSER}`,
      `anna ${GUESSER}`,
    ]);
  });

  it('lists guesses at names nobody has, marked so', async () => {
    expect((await signIn('administrator', 'admin', '198.51.100.9', at(17))).status).toBe(401);
    const board = await refused(at(17, 10));
    expect(board.items[0]).toMatchObject({ username: 'administrator', account: false, failures: 1 });
  });

  it('gives nothing to anyone but staff: 401 without a sign-in, 403 without the admin role', async () => {
    now = at(17, 20);
    const anonymous = await trpc<RefusedSignIns>(t.app, 'query', 'admin.signIns.refused');
    expect(anonymous).toMatchObject({ status: 401, code: 'UNAUTHORIZED', data: undefined });
    const garbage = await trpc(t.app, 'query', 'admin.signIns.refused', undefined, 'not-a-token');
    expect(garbage).toMatchObject({ status: 401, data: undefined });
    const clerk = await tokenFor(t.db, 'clerk', ['ROLE_USER'], new Date(now));
    const notStaff = await trpc(t.app, 'query', 'admin.signIns.refused', undefined, clerk);
    expect(notStaff).toMatchObject({ status: 403, code: 'FORBIDDEN', data: undefined });
  });
});
