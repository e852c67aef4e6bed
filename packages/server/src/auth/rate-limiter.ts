/** Milliseconds on a clock that only moves forward (not the date: see RateLimiter). */
export type Ticks = () => number;

/**
 * In-memory sliding-window limiter: at most `limit` attempts per key within `windowMs`.
 * One per app instance (state dies with the process, which is fine for slowing down password
 * guessing on a single server). The window is a duration, so it is measured on the monotonic
 * clock (performance.now), not on the app's date clock: a wall clock set back (by NTP, or a
 * test server's clock fixed at one moment) neither frees nor locks anyone.
 */
export class RateLimiter {
  private readonly attempts = new Map<string, number[]>();
  private hitsSinceSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly ticks: Ticks = () => performance.now(),
  ) {}

  /** Records an attempt for `key`; false (and nothing recorded) when the key is over its limit. */
  tryAttempt(key: string): boolean {
    const now = this.ticks();
    this.sweepNowAndThen(now);
    const recent = this.recent(key, now);
    if (recent.length >= this.limit) {
      this.attempts.set(key, recent);
      return false;
    }
    recent.push(now);
    this.attempts.set(key, recent);
    return true;
  }

  private recent(key: string, now: number): number[] {
    return (this.attempts.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  /** Forgets idle keys from time to time, so many one-off clients cannot grow the map forever. */
  private sweepNowAndThen(now: number): void {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 1000) return;
    this.hitsSinceSweep = 0;
    for (const key of [...this.attempts.keys()]) {
      const recent = this.recent(key, now);
      if (recent.length === 0) this.attempts.delete(key);
      else this.attempts.set(key, recent);
    }
  }
}

export const SIGN_IN_LIMIT = 10;
export const SIGN_IN_WINDOW_MS = 60_000;

export function createSignInLimiter(ticks: Ticks = () => performance.now()): RateLimiter {
  return new RateLimiter(SIGN_IN_LIMIT, SIGN_IN_WINDOW_MS, ticks);
}
