/**
 * "Next buses now" on today's home (pure, no clock of its own): which departures are next and
 * how long until each, which have left, and where "now" falls in the hour grid. Minutes are
 * minutes after midnight in Vilnius (core's vilniusNow), as the domain rules count tooLate.
 */
import type { PublicOutput } from '../../../lib/public-api.ts';
import { type HourRow, splitTime, type Timed } from './hour-grid.ts';

/** A departure as the home gets it: with `live` when its bus is followed (issue 40). */
export type Departure = PublicOutput<'departures'>['items'][number];
/** The live part of a followed bus's departure (the server's live/layer.ts DepartureLive). */
export type Live = NonNullable<Departure['live']>;

/** Minutes after midnight of 'HH:MM...', null when malformed. */
export function minuteOf(time: string): number | null {
  const t = splitTime(time);
  return t && t.hour * 60 + t.minute;
}

/**
 * Whether the home shows (and fetches) "Next buses now": only for departures of today in
 * Vilnius, never for another date's.
 */
export function showsNextBuses(date: string | undefined, today: string): boolean {
  return date === today;
}

/**
 * Left already: on today, its minute is behind now's (a bus of this very minute has not left;
 * seconds are ignored, as core's isTooLate does). A date before today has left whole, even when
 * its answer came before midnight; on a later date the server's flag stands. A followed bus
 * (issue 40) has left once it has left the stop, and not before, whatever its time; without
 * live data its planned time counts again.
 */
export function hasLeft(
  item: Timed & { tooLate: boolean; live?: Live },
  date: string,
  now: { date: string; minutes: number },
) {
  if (date < now.date) return true;
  if (date !== now.date) return item.tooLate;
  const live = item.live;
  if (live?.departed) return true;
  if (live && !live.noLiveData) return false;
  const minute = minuteOf(item.timeDepart);
  return minute !== null && minute < now.minutes;
}

/**
 * Where the "now" marker goes: the row of now's hour and the index of the first item in it
 * that has not left (the row's length when all have). Before the grid's first row (04:48 when
 * it starts at 05), the start of that row; null only when the grid has no rows.
 */
export function nowSlot<T extends Timed>(
  rows: readonly HourRow<T>[],
  nowMinutes: number,
): { hour: number; index: number } | null {
  const hour = Math.floor(nowMinutes / 60);
  const first = rows[0];
  if (first && hour < first.hour) return { hour: first.hour, index: 0 };
  const row = rows.find((r) => r.hour === hour);
  if (!row) return null;
  const index = row.items.findIndex((item) => (minuteOf(item.timeDepart) ?? 0) >= nowMinutes);
  return { hour, index: index < 0 ? row.items.length : index };
}

/**
 * A loop bus passes the stop more than once a day: for each such departure, the time of its
 * next other pass ('08:04'; the last pass names the first), so both chips say they are one bus.
 */
export function otherPasses<T extends Timed & { tripId: number }>(items: readonly T[]): Map<T, string> {
  const byTrip = new Map<number, T[]>();
  for (const item of items) byTrip.set(item.tripId, [...(byTrip.get(item.tripId) ?? []), item]);
  const other = new Map<T, string>();
  for (const passes of byTrip.values())
    for (const [n, item] of passes.entries())
      if (passes.length > 1) other.set(item, (passes[(n + 1) % passes.length] as T).timeDepart.slice(0, 5));
  return other;
}
