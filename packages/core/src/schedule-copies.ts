import { WEEKDAYS } from './domain.ts';
import { isStoredId } from './reconcile.ts';
import { formatTime, parseTime } from './time.ts';

/**
 * The old REST paths' whole-list save of a line's schedules (rest-contract §1.22) carries no
 * version: the old client posts back every schedule of the line as it loaded it, edited or not.
 * A schedule sent back exactly as it was at an earlier time, but not as it is now, is a stale
 * copy: someone else changed it after the page was loaded, and saving it would silently undo
 * their change. A schedule equal to no earlier state was edited by the user and is saved.
 *
 * Only the content counts, as the old client spells it or not: weekdays and trips in any order,
 * '06:05:00' and '06:05', '' and null for a missing time. A new trip (no stored id) makes the
 * schedule an edit, since no stored state has it.
 */

export interface ScheduleContent {
  runsOnWeekly: readonly string[];
  runsOnYearlyId: number | null;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  trips: readonly {
    id: number | null;
    boundFor: string;
    routeId: number | null;
    routeDirReversed: boolean;
    timeList: readonly (string | null)[];
  }[];
}

/** 'HH:MM' for a time in any spelling parseTime reads; null for none; other text kept as it is (never equal to a stored time). */
function timeKey(time: string | null): string | null {
  if (time === null || time.trim() === '') return null;
  const minutes = parseTime(time.trim());
  return minutes === null ? `?${time}` : formatTime(minutes);
}

const weekdayOrder = (day: string) => {
  const index = (WEEKDAYS as readonly string[]).indexOf(day);
  return index === -1 ? WEEKDAYS.length : index;
};

/** A schedule's content as one text: equal texts, equal schedules. */
export function scheduleContentKey(schedule: ScheduleContent): string {
  const trips = schedule.trips
    .map((trip) => ({
      id: isStoredId(trip.id) ? trip.id : null,
      boundFor: trip.boundFor,
      routeId: trip.routeId,
      routeDirReversed: trip.routeDirReversed,
      timeList: trip.timeList.map(timeKey),
    }))
    .sort((a, b) => (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER));
  return JSON.stringify([
    [...new Set(schedule.runsOnWeekly)].sort((a, b) => weekdayOrder(a) - weekdayOrder(b)),
    schedule.runsOnYearlyId,
    schedule.runsOnPublicHolidays,
    schedule.timeConstraintsDescription,
    trips,
  ]);
}

/**
 * The ids of the posted schedules that are stale copies: equal to an earlier state of theirs
 * (`earlier`: every state each has had, as the history keeps them) and not to the current one
 * (`current`: the stored schedules by id). New schedules (no stored id) and ids not stored are
 * never stale copies here (the save itself refuses unknown ids).
 */
export function findStaleCopies(
  posted: readonly (ScheduleContent & { id: number | null })[],
  current: ReadonlyMap<number, ScheduleContent>,
  earlier: ReadonlyMap<number, readonly ScheduleContent[]>,
): number[] {
  const stale: number[] = [];
  for (const schedule of posted) {
    if (!isStoredId(schedule.id)) continue;
    const now = current.get(schedule.id);
    if (now === undefined) continue;
    const key = scheduleContentKey(schedule);
    if (key === scheduleContentKey(now)) continue;
    if ((earlier.get(schedule.id) ?? []).some((state) => scheduleContentKey(state) === key))
      stale.push(schedule.id);
  }
  return stale;
}

/** The posted schedules that differ from what is stored now: only these can be stale copies. */
export function changedFromStored(
  posted: readonly (ScheduleContent & { id: number | null })[],
  current: ReadonlyMap<number, ScheduleContent>,
): number[] {
  return posted.flatMap((schedule) => {
    if (!isStoredId(schedule.id)) return [];
    const now = current.get(schedule.id);
    return now !== undefined && scheduleContentKey(schedule) !== scheduleContentKey(now) ? [schedule.id] : [];
  });
}
