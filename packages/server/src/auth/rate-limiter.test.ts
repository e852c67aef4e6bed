import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter (sliding window)', () => {
  it('allows `limit` attempts per window and key, then refuses until the oldest leaves the window', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.tryAttempt('a'))).toEqual([true, true, true]);
    expect(limiter.tryAttempt('a')).toBe(false);
    expect(limiter.tryAttempt('b')).toBe(true);
    now = 59_999;
    expect(limiter.tryAttempt('a')).toBe(false);
    now = 60_000;
    expect([1, 2, 3].map(() => limiter.tryAttempt('a'))).toEqual([true, true, true]);
    expect(limiter.tryAttempt('a')).toBe(false);
  });

  it('does not count refused attempts, so a client that keeps trying gets back in once the window passes', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1000, () => now);
    expect(limiter.tryAttempt('x')).toBe(true);
    for (let i = 0; i < 5000; i++) limiter.tryAttempt('x');
    now = 1000;
    expect(limiter.tryAttempt('x')).toBe(true);
  });
});
