import { parseTime } from '@bus/core';

/** What ordering needs of a schedule: its trips' times ('HH:MM', '' or null when not filled in). */
export interface TimedSchedule {
  id: number;
  trips: readonly { timeList: readonly (string | null)[] }[];
}

/** The schedule's first departure: the earliest first filled-in time of its trips, in minutes; null when none. */
export function firstDeparture(schedule: TimedSchedule): number | null {
  let first: number | null = null;
  for (const trip of schedule.trips) {
    for (const time of trip.timeList) {
      const minutes = time === null ? null : parseTime(time.trim());
      if (minutes === null) continue;
      if (first === null || minutes < first) first = minutes;
      break;
    }
  }
  return first;
}

/**
 * The schedule editor's order: by first departure as stored (`stored`, the schedules as loaded),
 * so a card does not jump while its times are typed; ties by id. Schedules with no time and new
 * ones (not in `stored`) come last, new ones in the order they were added.
 */
export function orderByFirstDeparture<T extends { id: number }>(
  forms: readonly T[],
  stored: readonly TimedSchedule[],
): T[] {
  const key = new Map(stored.map((s) => [s.id, firstDeparture(s)]));
  const rank = (form: T) => {
    const minutes = key.get(form.id);
    // Stored with a time, stored without one, new.
    return minutes === undefined ? 2 : minutes === null ? 1 : 0;
  };
  return forms
    .map((form, index) => ({ form, index }))
    .sort((a, b) => {
      const byRank = rank(a.form) - rank(b.form);
      if (byRank !== 0) return byRank;
      const ka = key.get(a.form.id) ?? null;
      const kb = key.get(b.form.id) ?? null;
      if (ka !== null && kb !== null && ka !== kb) return ka - kb;
      return rank(a.form) === 2 ? a.index - b.index : a.form.id - b.form.id;
    })
    .map(({ form }) => form);
}
