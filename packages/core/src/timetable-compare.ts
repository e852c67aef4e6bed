import { addDays } from './calendar.ts';

/**
 * The riders' comparison of a new timetable: a stop's departures in one
 * direction on the day before the change beside those of the same weekday from the change on.
 * Each departure is marked: the same time as before, new, removed, or moved (the same line's
 * departure at another time, paired with the nearest one that is gone).
 */

/** The two dates compared: the day before the change, and the same weekday on or after it. */
export function comparedDates(change: string): { before: string; after: string } {
  return { before: addDays(change, -1), after: addDays(change, 6) };
}

export interface ComparedDeparture {
  lineId: number;
  lineName: string;
  /** 'HH:MM' */
  time: string;
}

export type CompareMark = 'same' | 'new' | 'removed' | 'moved';

export interface ComparedRow extends ComparedDeparture {
  mark: CompareMark;
  /** For a moved departure: its time on the other day. */
  otherTime?: string;
}

const MOVED_WITHIN_MINUTES = 60;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Both days' departures marked; each list keeps its own order. */
export function markTimetableChange(
  before: readonly ComparedDeparture[],
  after: readonly ComparedDeparture[],
): { before: ComparedRow[]; after: ComparedRow[] } {
  const key = (d: ComparedDeparture) => `${d.lineId}|${d.time}`;
  const count = (list: readonly ComparedDeparture[]) => {
    const counts = new Map<string, number>();
    for (const d of list) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
    return counts;
  };
  const [afterCounts, beforeCounts] = [count(after), count(before)];
  const take = (counts: Map<string, number>, d: ComparedDeparture) => {
    const n = counts.get(key(d)) ?? 0;
    if (n > 0) counts.set(key(d), n - 1);
    return n > 0;
  };
  const beforeRows: ComparedRow[] = before.map((d) => ({
    ...d,
    mark: take(afterCounts, d) ? 'same' : 'removed',
  }));
  const afterRows: ComparedRow[] = after.map((d) => ({ ...d, mark: take(beforeCounts, d) ? 'same' : 'new' }));
  // A removed and a new departure of the same line close in time: one departure moved.
  for (const gone of beforeRows) {
    if (gone.mark !== 'removed') continue;
    let best: ComparedRow | undefined;
    for (const made of afterRows) {
      if (made.mark !== 'new' || made.lineId !== gone.lineId) continue;
      const distance = Math.abs(minutes(made.time) - minutes(gone.time));
      if (distance > MOVED_WITHIN_MINUTES) continue;
      if (!best || distance < Math.abs(minutes(best.time) - minutes(gone.time))) best = made;
    }
    if (!best) continue;
    gone.mark = 'moved';
    gone.otherTime = best.time;
    best.mark = 'moved';
    best.otherTime = gone.time;
  }
  return { before: beforeRows, after: afterRows };
}
