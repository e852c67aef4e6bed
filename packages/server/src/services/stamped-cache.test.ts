import { describe, expect, it } from 'vitest';
import { StampedCache } from './stamped-cache.ts';

describe('StampedCache', () => {
  it('finds an entry only under the stamp it was stored with', () => {
    const cache = new StampedCache<string>(10, 100);
    cache.set('1:5', 'a', 'A');
    expect(cache.get('1:5', 'a')).toBe('A');
    expect(cache.get('1:6', 'a')).toBeUndefined();
    // Storing under a new stamp drops everything older.
    cache.set('1:6', 'b', 'B');
    expect(cache.size).toBe(1);
    expect(cache.get('1:5', 'a')).toBeUndefined();
    expect(cache.get('1:6', 'b')).toBe('B');
  });

  it('evicts the least recently used entries beyond its entry or weight bound', () => {
    const cache = new StampedCache<number>(3, 10);
    for (const key of ['a', 'b', 'c']) cache.set('s', key, 1);
    cache.get('s', 'a'); // a is now the most recently used
    cache.set('s', 'd', 1);
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.get('s', k) !== undefined)).toEqual(['a', 'c', 'd']);
    cache.set('s', 'heavy', 2, 9); // weight 9 + 3 others > 10: the oldest go until it fits
    expect(cache.get('s', 'heavy')).toBe(2);
    expect(cache.size).toBe(2);
    cache.set('s', 'too heavy', 3, 11); // never fits: not stored, nothing evicted
    expect(cache.get('s', 'too heavy')).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
