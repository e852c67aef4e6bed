import { describe, expect, it } from 'vitest';
import { createTestDb } from '../connection.ts';
import { clearSignInFailures, releaseSignInSlot, takeSignInSlot } from './users.ts';

const MINUTE = 60_000;

describe('takeSignInSlot', () => {
  it('gives `limit` slots per name and window; the next is refused with the time a slot frees', async () => {
    const db = await createTestDb();
    const at = (minute: number) => ({
      now: minute * MINUTE,
      since: (minute - 15) * MINUTE,
      limit: 3,
      address: '10.0.0.1',
    });
    expect(takeSignInSlot(db.sqlite, 'anna', at(100))).toMatchObject({ taken: true });
    expect(takeSignInSlot(db.sqlite, 'anna', at(101))).toMatchObject({ taken: true });
    expect(takeSignInSlot(db.sqlite, 'anna', at(102))).toMatchObject({ taken: true });
    expect(takeSignInSlot(db.sqlite, 'anna', at(103))).toEqual({ taken: false, freesAt: 100 * MINUTE });
    // Other names are not affected.
    expect(takeSignInSlot(db.sqlite, 'boss', at(103))).toMatchObject({ taken: true });
    // Just after minute 115 the oldest has left the window: one slot again, and old rows are forgotten.
    expect(takeSignInSlot(db.sqlite, 'anna', at(116))).toMatchObject({ taken: true });
    expect(takeSignInSlot(db.sqlite, 'anna', at(116))).toEqual({ taken: false, freesAt: 101 * MINUTE });
    const rows = db.sqlite
      .prepare("SELECT at FROM sign_in_failure WHERE username = 'anna' ORDER BY at")
      .all();
    expect(rows).toEqual([101, 102, 116].map((m) => ({ at: m * MINUTE })));
  });

  it('a refusal writes nothing; a released slot is given back; clearing empties the name', async () => {
    const db = await createTestDb();
    const opts = { now: 1_000, since: 0, limit: 2, address: '10.0.0.1' };
    const first = takeSignInSlot(db.sqlite, 'anna', opts);
    const second = takeSignInSlot(db.sqlite, 'anna', opts);
    const count = () =>
      (db.sqlite.prepare('SELECT count(*) AS n FROM sign_in_failure').get() as { n: number }).n;
    const changesBefore = db.sqlite.prepare('SELECT total_changes() AS n').get();
    expect(takeSignInSlot(db.sqlite, 'anna', opts).taken).toBe(false);
    expect(db.sqlite.prepare('SELECT total_changes() AS n').get()).toEqual(changesBefore);
    expect(count()).toBe(2);
    if (!second.taken || !first.taken) throw new Error('expected two slots');
    releaseSignInSlot(db.sqlite, second.id);
    expect(count()).toBe(1);
    expect(takeSignInSlot(db.sqlite, 'anna', opts).taken).toBe(true);
    expect(await clearSignInFailures(db.kysely, 'anna')).toBe(2);
    expect(count()).toBe(0);
  });

  it('holds a name against the addresses that guessed, never against one that did not', async () => {
    const db = await createTestDb();
    const from = (address: string, now = 1_000) =>
      takeSignInSlot(db.sqlite, 'boss', { now, since: 0, limit: 3, address });
    // One address: three wrong passwords, then refused (the name is not full from elsewhere).
    expect([1, 2, 3].map(() => from('A').taken)).toEqual([true, true, true]);
    expect(from('A', 2_000)).toEqual({ taken: false, freesAt: 1_000 });
    // The name now has its three: a clean address still gets its check, and then is held too.
    expect(from('B', 3_000).taken).toBe(true);
    expect(from('B', 3_500)).toEqual({ taken: false, freesAt: 1_000 });
    // A third clean address (the owner's) is checked; its success forgets only its own failure.
    const owner = from('C', 4_000);
    expect(owner.taken).toBe(true);
    expect(await clearSignInFailures(db.kysely, 'boss', 'C')).toBe(1);
    expect(from('B', 5_000).taken).toBe(false);
    // user unlock forgets them all.
    expect(await clearSignInFailures(db.kysely, 'boss')).toBe(4);
    expect(from('A', 6_000).taken).toBe(true);
  });
});
