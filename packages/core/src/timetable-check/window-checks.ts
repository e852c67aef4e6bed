import { addDays, daysBetween } from '../calendar.ts';
import type { TimetableDataset } from '../dataset.ts';
import { weekdaysToMask } from '../service-day.ts';
import { type Add, lineNames, scheduleRef, scheduleTarget } from './findings.ts';

/*
 * The checks of schedules' validity windows (issue 28): windows that end before they start,
 * windows wholly in the past, a line with days between an old timetable's end and the new one's
 * start, and copies made by "New timetable from ..." that were never changed. Pure: `today`
 * (YYYY-MM-DD, Vilnius) is passed in.
 */

type Schedule = TimetableDataset['schedules'][number];

const fromOf = (s: Schedule) => s.validFrom ?? null;
const untilOf = (s: Schedule) => s.validUntil ?? null;
const outOfOrder = (s: Schedule) => {
  const from = fromOf(s);
  const until = untilOf(s);
  return from !== null && until !== null && until < from;
};

/** A window that ends before it starts, or one that ended before today: the schedule never runs again. */
export function windowNeverRunsAgain(schedule: Schedule, today: string): boolean {
  const until = untilOf(schedule);
  return outOfOrder(schedule) || (until !== null && until < today);
}

export function checkWindows(dataset: TimetableDataset, today: string, add: Add): void {
  const names = lineNames(dataset);
  for (const schedule of dataset.schedules) {
    const ref = scheduleRef(schedule, names);
    const from = fromOf(schedule);
    const until = untilOf(schedule);
    if (from !== null && until !== null && until < from) {
      add('windowOutOfOrder', { ...ref, validFrom: from, validUntil: until }, [scheduleTarget(ref)]);
    } else if (until !== null && until < today) {
      // The schedule's card has its Delete button: the link goes there.
      add('windowPast', { ...ref, validFrom: from, validUntil: until }, [scheduleTarget(ref)]);
    }
  }
  checkGaps(dataset, today, add);
  checkUnchangedCopies(dataset, today, add);
}

/**
 * Days of a line no schedule's window covers, between one that ends on D and the next that
 * starts on D+k (k > 1): the union of the line's windows (those in order) has a hole there.
 * Holes that ended before today are history and not reported.
 */
function checkGaps(dataset: TimetableDataset, today: string, add: Add): void {
  const byLine = new Map<number, Schedule[]>();
  for (const schedule of dataset.schedules) {
    if (outOfOrder(schedule)) continue;
    byLine.set(schedule.lineId, [...(byLine.get(schedule.lineId) ?? []), schedule]);
  }
  for (const line of dataset.lines) {
    const windows = (byLine.get(line.id) ?? [])
      .map((s) => ({ from: fromOf(s) ?? '', until: untilOf(s) }))
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    // The last covered day so far ('' before any; null: no end, nothing after can be a gap).
    let coveredUntil: string | null | undefined;
    for (const window of windows) {
      if (coveredUntil === null) break;
      if (coveredUntil !== undefined && window.from > addDays(coveredUntil, 1)) {
        const lastGapDay = addDays(window.from, -1);
        if (lastGapDay >= today) {
          const days = daysBetween(coveredUntil, window.from) - 1;
          add(
            'timetableGap',
            { lineId: line.id, lineName: line.name, lastDay: coveredUntil, nextFrom: window.from, days },
            [{ kind: 'lineSchedules', lineId: line.id, name: line.name }],
          );
        }
      }
      if (coveredUntil === undefined || window.until === null || window.until > coveredUntil)
        coveredUntil = window.until;
    }
  }
}

/** What a schedule runs, without its id and window: its days and its trips' routes, directions and times. */
function contentKey(schedule: Schedule): string {
  const trips = schedule.trips
    .map((t) => JSON.stringify([t.boundFor, t.routeId, t.routeDirReversed, t.timeList]))
    .sort();
  return JSON.stringify([
    weekdaysToMask(schedule.runsOnWeekly),
    schedule.runsOnYearlyId,
    schedule.runsOnPublicHolidays,
    trips,
  ]);
}

/**
 * A copy "New timetable from ..." made and nobody changed: the dataset does not link a copy to
 * its original, so the pair is found as that save leaves it: the same line, the original ending
 * the day before the copy starts, and the same days and trips. Only copies still to come (starting
 * after today) are reported: then there is time to edit them.
 */
function checkUnchangedCopies(dataset: TimetableDataset, today: string, add: Add): void {
  const names = lineNames(dataset);
  const endingOn = new Map<string, Schedule[]>();
  for (const schedule of dataset.schedules) {
    const until = untilOf(schedule);
    if (until === null || outOfOrder(schedule)) continue;
    const key = `${schedule.lineId}|${until}`;
    endingOn.set(key, [...(endingOn.get(key) ?? []), schedule]);
  }
  for (const copy of dataset.schedules) {
    const from = fromOf(copy);
    if (from === null || from <= today || outOfOrder(copy)) continue;
    const originals = endingOn.get(`${copy.lineId}|${addDays(from, -1)}`) ?? [];
    const key = contentKey(copy);
    const original = originals.find((o) => o.id !== copy.id && contentKey(o) === key);
    if (original === undefined) continue;
    const ref = scheduleRef(copy, names);
    add('unchangedCopy', { ...ref, originalId: original.id, from }, [
      scheduleTarget(ref),
      scheduleTarget(scheduleRef(original, names)),
    ]);
  }
}
