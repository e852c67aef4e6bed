import { vilniusTime } from './clock.ts';

/*
 * The other way round from vilniusTime: the real instant of a Vilnius wall-clock minute (the
 * web's countdown to the next buses, the browser tests' fixed clocks). A module of its own so
 * that a browser bundle holds it only in the chunk that uses it.
 */

const MINUTE = 60_000;

/** Minutes Vilnius' clock is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number): number {
  const { date, minutes } = vilniusTime(ms);
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
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
