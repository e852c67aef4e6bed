/**
 * Next buses now (pure; next-buses.tsx, a chunk of its own, is the only user, so none of this is
 * in the home's first load): which departures are next and how long until each.
 */
import { vilniusInstant } from '../../../lib/core.ts';
import { type Live, minuteOf } from './countdown.ts';
import type { Timed } from './hour-grid.ts';

/** Core's Vilnius clock: the real instant of a wall-clock minute. */
export { vilniusInstant };

export interface Upcoming<T> {
  item: T;
  /** Whole minutes until it leaves, 0 when it leaves this minute (real minutes: see below). */
  wait: number;
}

const MINUTE = 60_000;

/** What a service change of the date may say of a departure (issue 27). */
export interface Changed {
  cancelled?: true;
  notServed?: true;
}

/** The bus comes: not cancelled, and its stop not closed, on the date. */
export const comes = (item: Changed) => !item.cancelled && !item.notServed;

/**
 * When a departure comes: a followed bus's expected time (issue 40), else its time (the changed
 * one on a changed day); and whether it is still to come at `nowMinutes`: a followed bus until it
 * has left the stop, however late, else until its minute has passed.
 */
export function comingAt(item: Timed & { live?: Live }, nowMinutes: number): number | null {
  const live = item.live;
  const followed = live !== undefined && !live.noLiveData;
  const minute = minuteOf(followed ? live.expectedTime : item.timeDepart);
  if (minute === null || live?.departed) return null;
  return followed || minute >= nowMinutes ? minute : null;
}

/**
 * The first `count` departures of `now.date` that have not left by `now.minutes` (wall-clock
 * minutes, as the domain rules count tooLate), soonest first; a cancelled bus, or one from a
 * closed stop, is no next bus, and a changed time counts (timeDepart is the new one). A followed
 * bus counts by its expected time and until it has left (comingAt). The wait is counted in real
 * minutes: across the night the clocks change (2026-03-29, 2026-10-25) it is an hour less or more
 * than the wall-clock difference; a late bus expected in a minute gone by is due now.
 */
export function nextDepartures<T extends Timed & Changed & { live?: Live }>(
  items: readonly T[],
  now: { date: string; minutes: number },
  count = 3,
): Upcoming<T>[] {
  const from = vilniusInstant(now.date, now.minutes);
  return items
    .flatMap((item) => {
      const minute = comingAt(item, now.minutes);
      return minute !== null && comes(item) ? [{ item, minute }] : [];
    })
    .sort((a, b) => a.minute - b.minute)
    .slice(0, count)
    .map(({ item, minute }) => ({
      item,
      wait: Math.max(0, Math.round((vilniusInstant(now.date, minute) - from) / MINUTE)),
    }));
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
