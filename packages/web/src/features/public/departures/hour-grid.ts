/** The timetable home's grid (spec section 2): one row per hour, 06 to 23, wider when needed. */
import type { DepartureItem, RouteType } from '@bus/core';

const ROUTE_TYPE_CLASS: Record<RouteType, string> = {
  'City Bus': 'chip--city',
  'Regional Bus': 'chip--regional',
  'Nationial Bus': 'chip--national',
};

/** A departure chip's classes: pastel by route type (spec), faded once it has left. */
export const chipClass = (item: Pick<DepartureItem, 'routeType'>, left = false) =>
  `chip ${ROUTE_TYPE_CLASS[item.routeType]}${left ? ' chip--too-late' : ''}`;

export const FIRST_HOUR = 6;
export const LAST_HOUR = 23;

export interface Timed {
  /** 'HH:MM', possibly followed by seconds. */
  timeDepart: string;
}

export interface HourRow<T> {
  hour: number;
  /** '06' */
  label: string;
  items: T[];
}

/** Hour and minute of 'HH:MM...'; null for anything malformed (such an item is not shown). */
export function splitTime(time: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** The chip's time: the first five characters (HH:MM). */
export function chipTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * Rows from 06 to 23, widened to the earliest and latest departure; each row's items by
 * minute. Items of the same minute keep their order (the server sorts by time, line, trip).
 */
export function buildHourGrid<T extends Timed>(items: readonly T[]): HourRow<T>[] {
  const timed = items.flatMap((item, index) => {
    const time = splitTime(item.timeDepart);
    return time ? [{ item, index, ...time }] : [];
  });
  let first = FIRST_HOUR;
  let last = LAST_HOUR;
  for (const t of timed) {
    first = Math.min(first, t.hour);
    last = Math.max(last, t.hour);
  }
  const rows: HourRow<T>[] = [];
  for (let hour = first; hour <= last; hour++) {
    const inHour = timed
      .filter((t) => t.hour === hour)
      .sort((a, b) => a.minute - b.minute || a.index - b.index)
      .map((t) => t.item);
    rows.push({ hour, label: String(hour).padStart(2, '0'), items: inHour });
  }
  return rows;
}
