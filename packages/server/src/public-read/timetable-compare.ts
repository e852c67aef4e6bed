import { type ComparedRow, comparedDates, type Direction, markTimetableChange } from '@bus/core';
import { checkPublicDate } from './date-window.ts';
import { publicDeparturesNear } from './departures.ts';
import type { ReadContext } from './read-context.ts';

/**
 * The riders' comparison of a new timetable: a stop's departures in one
 * direction on the day before `change` beside the same weekday from it on (core's
 * markTimetableChange marks new, removed and moved ones). Both days as the site lists them, with
 * that day's service changes; cancelled departures are left out of the comparison.
 */
export interface TimetableComparison {
  stopId: number;
  dir: Direction;
  change: string;
  before: { date: string; rows: ComparedRow[] };
  after: { date: string; rows: ComparedRow[] };
}

export async function compareTimetables(
  read: ReadContext,
  input: { from: number; dir: Direction; change: string },
): Promise<TimetableComparison> {
  checkPublicDate(read, input.change);
  const dates = comparedDates(input.change);
  const day = async (date: string) =>
    (await publicDeparturesNear(read, { from: input.from, dir: input.dir, date })).items
      .filter((i) => !i.cancelled && !i.notServed)
      .map((i) => ({ lineId: i.lineId, lineName: i.lineName, time: i.timeDepart }));
  const [before, after] = await Promise.all([day(dates.before), day(dates.after)]);
  const marked = markTimetableChange(before, after);
  return {
    stopId: input.from,
    dir: input.dir,
    change: input.change,
    before: { date: dates.before, rows: marked.before },
    after: { date: dates.after, rows: marked.after },
  };
}
