import { isIsoDate, parseTime } from '../../../lib/core.ts';
import { parseStopId } from '../../../lib/timetable-query.ts';

/**
 * The journey planner's address (/plan?from=&to=&date=&time=&arriveBy=1&stepFree=1, issues 30
 * and 41), without
 * React: what the page shows and asks for comes from here, so a link or a reload shows the same.
 */
export interface PlanQuery {
  from: number | null;
  to: number | null;
  /** 'YYYY-MM-DD'; today when missing or not a date. */
  date: string;
  /** 'HH:MM'; now (on today) or 00:00 (on another date) when missing or not a time. */
  time: string;
  arriveBy: boolean;
  /** Step-free only (issue 41). */
  stepFree: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The query the address names; `now` fills in what it leaves out. */
export function readPlanQuery(search: string, now: { date: string; minutes: number }): PlanQuery {
  const params = new URLSearchParams(search);
  const date = params.get('date');
  const time = params.get('time');
  const day = date !== null && isIsoDate(date) ? date : now.date;
  const fallback = day === now.date ? hhmm(now.minutes) : '00:00';
  return {
    from: parseStopId(params.get('from')),
    to: parseStopId(params.get('to')),
    date: day,
    time: time !== null && /^\d\d:\d\d$/.test(time) && parseTime(time) !== null ? time : fallback,
    arriveBy: params.get('arriveBy') === '1',
    stepFree: params.get('stepFree') === '1',
  };
}

/** The address of a query (the stops only when chosen). */
export function writePlanQuery(q: PlanQuery): string {
  const params = new URLSearchParams();
  if (q.from !== null) params.set('from', String(q.from));
  if (q.to !== null) params.set('to', String(q.to));
  params.set('date', q.date);
  params.set('time', q.time);
  if (q.arriveBy) params.set('arriveBy', '1');
  if (q.stepFree) params.set('stepFree', '1');
  return params.toString();
}

/** The planner's input for the query, or null until both stops are chosen (and differ). */
export function planInput(q: PlanQuery) {
  if (q.from === null || q.to === null || q.from === q.to) return null;
  return {
    from: q.from,
    to: q.to,
    date: q.date,
    time: q.time,
    ...(q.arriveBy ? { arriveBy: true } : {}),
    ...(q.stepFree ? { stepFree: true } : {}),
  };
}

/** Minutes from one 'HH:MM' to a later one. */
export function minutesBetween(from: string, to: string): number {
  return (parseTime(to) as number) - (parseTime(from) as number);
}

/** A leg's trip page: its date, and its two stops highlighted. */
export function legTripPath(
  leg: { tripId: number; fromStopId: number; toStopId: number },
  date: string,
): string {
  return `/trip/${leg.tripId}?date=${date}&from=${leg.fromStopId}&to=${leg.toStopId}`;
}
