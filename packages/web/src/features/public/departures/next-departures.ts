/**
 * Next buses now (pure; next-buses.tsx, a chunk of its own, is the only user, so none of this is
 * in the home's first load): which departures are next and how long until each.
 */
import { minuteOf } from './countdown.ts';
import type { Timed } from './hour-grid.ts';

export interface Upcoming<T> {
  item: T;
  /** Whole minutes until it leaves, 0 when it leaves this minute (real minutes: see below). */
  wait: number;
}

// Vilnius' wall clock, to find the real instant of a wall-clock minute ('Europe/Vilnius' is
// core's SERVICE_TIME_ZONE, not imported: one more export of the first load's chunk).
const vilniusClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Vilnius',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const MINUTE = 60_000;

/** Minutes Vilnius' clock is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number): number {
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of vilniusClock.formatToParts(ms)) p[part.type] = part.value;
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour) % 24,
    Number(p.minute),
  );
  return Math.round((wall - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
}

/**
 * The instant (ms since 1970) of minute `minute` after midnight of `date` ('YYYY-MM-DD') on
 * Vilnius' clock. A minute the clock skips (03:00-03:59 on the last Sunday of March) counts as
 * winter time, as a clock not yet put forward shows it; one it shows twice (03:00-03:59 on the
 * last Sunday of October) is the first.
 */
export function vilniusInstant(date: string, minute: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  const before = offsetAt(wall - 24 * 60 * MINUTE);
  for (const offset of [before, offsetAt(wall + 24 * 60 * MINUTE)]) {
    const at = wall - offset * MINUTE;
    if (offsetAt(at) === offset) return at;
  }
  return wall - before * MINUTE;
}

/**
 * The first `count` departures of `now.date` that have not left by `now.minutes` (wall-clock
 * minutes, as the domain rules count tooLate), soonest first. The wait is counted in real
 * minutes: across the night the clocks change (2026-03-29, 2026-10-25) it is an hour less or
 * more than the wall-clock difference.
 */
export function nextDepartures<T extends Timed>(
  items: readonly T[],
  now: { date: string; minutes: number },
  count = 3,
): Upcoming<T>[] {
  const from = vilniusInstant(now.date, now.minutes);
  return items
    .flatMap((item) => {
      const minute = minuteOf(item.timeDepart);
      return minute !== null && minute >= now.minutes ? [{ item, minute }] : [];
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
