import { addDays } from './calendar.ts';

/**
 * Riders' notice of a new timetable: a line whose schedules include one
 * valid from a date within the next NEW_TIMETABLE_NOTICE_DAYS days (today included) says "New
 * timetable from <date>" on its page and on the stop pages it serves.
 */
export const NEW_TIMETABLE_NOTICE_DAYS = 60;

export interface NewTimetable {
  lineId: number;
  /** The first date of the new timetable ('YYYY-MM-DD'). */
  from: string;
}

/** The first new timetable of each line (in `lineIds` order) that starts from today to 60 days on. */
export function upcomingTimetables(
  starts: ReadonlyMap<number, readonly string[]>,
  lineIds: Iterable<number>,
  today: string,
): NewTimetable[] {
  const last = addDays(today, NEW_TIMETABLE_NOTICE_DAYS);
  const found: NewTimetable[] = [];
  for (const lineId of lineIds) {
    const from = starts.get(lineId)?.find((date) => date >= today && date <= last);
    if (from !== undefined) found.push({ lineId, from });
  }
  return found;
}
