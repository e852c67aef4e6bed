/**
 * Seeded pseudo-random numbers (mulberry32): the same seed gives the same synthetic
 * timetable and the same query mix on every machine, so runs are comparable.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}

/**
 * Picks indexes in proportion to non-negative weights in O(log n) per pick (prefix sums +
 * binary search); used to aim queries at busy stops.
 */
export class WeightedIndex {
  private readonly prefix: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.prefix = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += Math.max(0, weights[i] ?? 0);
      this.prefix[i] = sum;
    }
    if (sum <= 0) throw new Error('WeightedIndex needs at least one positive weight');
  }

  pick(rng: Rng): number {
    const total = this.prefix[this.prefix.length - 1] ?? 0;
    const r = rng.next() * total;
    let lo = 0;
    let hi = this.prefix.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.prefix[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
