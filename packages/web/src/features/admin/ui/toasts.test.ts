import { describe, expect, it } from 'vitest';
import { ALERT_MS } from './toasts.tsx';

describe('alert durations (spec section 9)', () => {
  it('are 3 s for validation and save success, 8 s for trip rules, 2 s for a delete', () => {
    expect(ALERT_MS).toEqual({ standard: 3000, tripRules: 8000, deleted: 2000 });
  });
});
