import { describe, expect, it } from 'vitest';
import { PasswordCheckGate } from './sign-in-guards.ts';

/** A check that ends when the test says. */
function held<T>(value: T) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = false;
  return {
    check: async () => {
      started = true;
      await done;
      return value;
    },
    release: () => release(),
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PasswordCheckGate', () => {
  it('runs `concurrency` checks at once, the next ones in arrival order, and refuses beyond the queue', async () => {
    const gate = new PasswordCheckGate(1, 2);
    const a = held('a');
    const b = held('b');
    const c = held('c');
    const runs = [gate.run(a.check), gate.run(b.check), gate.run(c.check)];
    expect(await gate.run(async () => 'd')).toBeNull();
    expect(gate.full).toBe(true);
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, false, false]);
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    a.release();
    await tick();
    expect([b.started(), c.started()]).toEqual([true, false]);
    expect(gate.full).toBe(false);
    b.release();
    c.release();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('passes the turn on when a check fails', async () => {
    const gate = new PasswordCheckGate(1, 5);
    const failing = gate.run(async () => {
      throw new Error('scrypt failed');
    });
    const next = gate.run(async () => 'ok');
    await expect(failing).rejects.toThrow('scrypt failed');
    expect(await next).toBe('ok');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it.each([
    [1, 0, 1],
    [2, 0, 2],
    [2, 3, 5],
  ])('concurrency %i, queue %i: %i accepted of 10 sent at once', async (concurrency, waiting, accepted) => {
    const gate = new PasswordCheckGate(concurrency, waiting);
    let most = 0;
    let now = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        gate.run(async () => {
          now += 1;
          most = Math.max(most, now);
          await tick();
          now -= 1;
          return true;
        }),
      ),
    );
    expect(results.filter((r) => r === true)).toHaveLength(accepted);
    expect(most).toBe(concurrency);
  });
});
