import type { BoundFor } from '@bus/core';
import type { Messages } from './en.ts';

/** A trip's direction as the trip page and the printed line name it ('From Anykščiai', 'One way'). */
export function directionLabel(m: Messages, boundFor: BoundFor): string {
  if (boundFor === 'Out bound') return m.header.outBound;
  if (boundFor === 'City bound') return m.header.cityBoundElsewhere;
  return m.trip.oneWay;
}
