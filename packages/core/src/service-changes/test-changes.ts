import type { ServiceChange } from './types.ts';

/**
 * A service change for the unit tests: a network notice open at both ends unless `over` says
 * otherwise (tests only; not exported from the package).
 */
export function aServiceChange(over: Partial<ServiceChange> = {}): ServiceChange {
  return {
    id: 1,
    kind: 'notice',
    from: null,
    until: null,
    lineIds: [],
    stopIds: [],
    tripIds: [],
    shiftMinutes: null,
    stopTimes: [],
    insteadStopId: null,
    reason: null,
    titleLt: 'Pranešimas',
    textLt: null,
    titleEn: null,
    textEn: null,
    cause: 'UNKNOWN_CAUSE',
    effect: 'OTHER_EFFECT',
    url: null,
    ...over,
  };
}
