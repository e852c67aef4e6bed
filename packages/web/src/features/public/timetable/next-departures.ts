/**
 * Next buses now (pure; next-buses.tsx, a chunk of its own, is the only user, so none of this is
 * in the home's first load): which departures are next and how long until each.
 */
import { minuteOf } from './countdown.ts';
import type { Timed } from './hour-grid.ts';

export interface Upcoming<T> {
  item: T;
  /** Whole minutes until it leaves, 0 when it leaves this minute. */
  wait: number;
}

/** The first `count` departures that have not left by `nowMinutes`, soonest first. */
export function nextDepartures<T extends Timed>(
  items: readonly T[],
  nowMinutes: number,
  count = 3,
): Upcoming<T>[] {
  return items
    .flatMap((item) => {
      const minute = minuteOf(item.timeDepart);
      return minute !== null && minute >= nowMinutes ? [{ item, wait: minute - nowMinutes }] : [];
    })
    .sort((a, b) => a.wait - b.wait)
    .slice(0, count);
}

/** A wait as whole hours and the minutes beyond them: 72 -> [1, 12]. */
export function waitParts(wait: number): [hours: number, minutes: number] {
  return [Math.floor(wait / 60), wait % 60];
}

/**
 * How far "No more buses today" looks for the next day with a bus, day by day: three weeks,
 * so a line that runs on the 1st and 3rd Friday of the month is found too.
 */
export const LOOK_AHEAD_DAYS = 21;
