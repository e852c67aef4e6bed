import { describe, expect, it } from 'vitest';
import { linePath, tripPath } from './paths.ts';
import { withSearch } from './url.ts';

describe('withSearch', () => {
  it('keeps the current query string on a path', () => {
    expect(withSearch('/browse', 'from=3&dir=City+bound')).toBe('/browse?from=3&dir=City+bound');
    expect(withSearch('/', '?from=3')).toBe('/?from=3');
  });

  it('adds nothing when there is no query', () => {
    expect(withSearch('/browse', '')).toBe('/browse');
    expect(withSearch('/browse', '?')).toBe('/browse');
  });
});

describe('public paths', () => {
  it('builds line and trip paths matching the route table', () => {
    expect(linePath(7)).toBe('/browse/7');
    expect(linePath(7, 12, 30)).toBe('/browse/7/12/30');
    expect(tripPath(30)).toBe('/trip/30');
  });
});
