import { describe, expect, it } from 'vitest';
import { legRange, legRowProps } from './leg-rows.ts';

describe('a journey leg on the trip page', () => {
  it('runs from the first visit of its stop to the next visit of the other', () => {
    expect(legRange([1, 2, 3, 2, 4], 2, 4)).toEqual([1, 4]);
    expect(legRange([1, 2, 3, 2, 4], 3, 2)).toEqual([2, 3]);
    // Not a leg of this trip (the other way round, a stop it lacks, no `to`): nothing marked as a leg.
    expect(legRange([1, 2, 3], 3, 1)).toBeNull();
    expect(legRange([1, 2, 3], 1, 9)).toBeNull();
    expect(legRange([1, 2, 3], 1, null)).toBeNull();
  });

  it('marks its ends selected (the first as the rider’s place) and the stops between', () => {
    expect([0, 1, 2, 3, 4].map((i) => legRowProps([1, 3], i))).toEqual([
      {},
      { className: 'is-selected', 'aria-current': 'location' },
      { className: 'is-on-leg' },
      { className: 'is-selected' },
      {},
    ]);
  });
});
