/**
 * Which departures the stop widget lists (pure; features/public/embed/widget.ts draws them):
 * the home's own answers (timetable.departures, one a day) read by the home's own rule of what
 * has left (departures/countdown.ts hasLeft: a followed bus until it has left the stop, however
 * late, else until its minute has passed). No service-day rule is worked out here: each day's
 * departures, cancelled ones and changed times included, are the server's.
 */
import { addDays } from '../../../lib/core.ts';
import { type Departure, hasLeft } from '../departures/countdown.ts';

/** A day of the list: its date and the departures shown of it, in the answer's order. */
export interface WidgetDay {
  date: string;
  items: Departure[];
}

/**
 * Up to `rows` departures: today's still to come (a cancelled one stays in its place, marked,
 * as on the home), then, when today has fewer left, the next days' from their first, day by
 * day, in the order of `days` (today's answer first, then the following dates' ones; a day
 * with none is left out). Every day after today is shown whole up to the count.
 */
export function widgetDays(
  days: readonly { date: string; items: readonly Departure[] }[],
  now: { date: string; minutes: number },
  rows: number,
): WidgetDay[] {
  const shown: WidgetDay[] = [];
  let left = rows;
  for (const day of days) {
    if (left <= 0) break;
    const coming = day.items.filter((item) => !hasLeft(item, day.date, now)).slice(0, left);
    if (coming.length === 0) continue;
    shown.push({ date: day.date, items: coming });
    left -= coming.length;
  }
  return shown;
}

/** How far ahead the widget looks for departures when today has too few left: a week. */
export const WIDGET_LOOK_AHEAD_DAYS = 7;

/**
 * The dates whose answers the list needs, given those already at hand: today's, then each
 * following day's until the list is full or a week has been looked at. `have` holds the dates
 * answered so far with their departures (today first); the next date to ask for, or null when
 * none is needed.
 */
export function nextDateToAsk(
  have: readonly { date: string; items: readonly Departure[] }[],
  now: { date: string; minutes: number },
  rows: number,
): string | null {
  if (have.length === 0) return now.date;
  const count = widgetDays(have, now, rows).reduce((n, day) => n + day.items.length, 0);
  if (count >= rows || have.length > WIDGET_LOOK_AHEAD_DAYS) return null;
  return addDays(now.date, have.length);
}
