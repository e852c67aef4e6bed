import { parseTime } from '../time.ts';
import type { ChangeStatus, NoticeText, ServiceChange } from './types.ts';

/**
 * What runs on a date with the service changes applied: the one rule the departures, the line
 * and trip pages, the posters, the calendar feeds and both GTFS feeds follow. The regular
 * timetable decides which trips run (service-day.ts); these changes then cancel some of them,
 * move their times, or close stops, on their dates only.
 */

/** The change holds on `date` (its window, both ends included; an open end always holds). */
export function changeHoldsOn(change: Pick<ServiceChange, 'from' | 'until'>, date: string): boolean {
  return (change.from === null || change.from <= date) && (change.until === null || date <= change.until);
}

/** The change holds on some date of from..until (both included). */
export function changeOverlaps(
  change: Pick<ServiceChange, 'from' | 'until'>,
  from: string,
  until: string,
): boolean {
  return (change.from === null || change.from <= until) && (change.until === null || from <= change.until);
}

export function changeStatus(change: Pick<ServiceChange, 'from' | 'until'>, today: string): ChangeStatus {
  if (change.until !== null && change.until < today) return 'past';
  if (change.from !== null && change.from > today) return 'upcoming';
  return 'current';
}

/** A trip's changed times on a date: each stop's minute (null = no time), and which were changed. */
export interface TripRetime {
  change: ServiceChange;
  /** Minutes after midnight per timeList index, with the change applied. */
  minutes: (number | null)[];
  /** Per index: the time differs from the planned one. */
  changed: boolean[];
}

/** The changes that hold on one date, indexed for the readers. */
export interface DayChanges {
  date: string;
  /** Every change holding on the date, by id (each is also a notice). */
  holding: readonly ServiceChange[];
  /** The cancel that stops a trip running (the oldest, when several do). */
  cancelled: ReadonlyMap<number, ServiceChange>;
  /** The retime of a trip (the newest, when several do). */
  retimed: ReadonlyMap<number, ServiceChange>;
  /** The closure of a stop (the oldest, when several do). */
  closed: ReadonlyMap<number, ServiceChange>;
}

export const NO_DAY_CHANGES: DayChanges = Object.freeze({
  date: '',
  holding: [],
  cancelled: new Map(),
  retimed: new Map(),
  closed: new Map(),
});

/** The changes holding on `date`, oldest first (ids ascend as they are made). */
export function dayChanges(changes: readonly ServiceChange[], date: string): DayChanges {
  const holding = changes.filter((c) => changeHoldsOn(c, date)).sort((a, b) => a.id - b.id);
  const cancelled = new Map<number, ServiceChange>();
  const retimed = new Map<number, ServiceChange>();
  const closed = new Map<number, ServiceChange>();
  for (const c of holding) {
    if (c.kind === 'cancel') for (const t of c.tripIds) if (!cancelled.has(t)) cancelled.set(t, c);
    if (c.kind === 'retime') for (const t of c.tripIds) retimed.set(t, c);
    if (c.kind === 'closure') for (const s of c.stopIds) if (!closed.has(s)) closed.set(s, c);
  }
  return { date, holding, cancelled, retimed, closed };
}

/** Nothing in it changes what runs (notices may still be there). */
export function changesNothing(day: DayChanges): boolean {
  return day.cancelled.size === 0 && day.retimed.size === 0 && day.closed.size === 0;
}

/**
 * A trip's times under a retime: every planned time moved by the shift, then the typed times of
 * this trip put in (a typed time may also give a time where none was planned). A moved time
 * that leaves the day (before 00:00 or after 23:59) is null: the save refuses such a change
 * (retimeProblems), so this only guards what is stored.
 */
export function retimedMinutes(
  change: Pick<ServiceChange, 'shiftMinutes' | 'stopTimes'>,
  tripId: number,
  planned: readonly (number | null)[],
): TripRetime['minutes'] {
  const shift = change.shiftMinutes ?? 0;
  const minutes = planned.map((m) => {
    if (m === null) return null;
    const moved = m + shift;
    return moved >= 0 && moved < 24 * 60 ? moved : null;
  });
  for (const st of change.stopTimes) {
    if (st.tripId !== tripId || st.index < 0 || st.index >= minutes.length) continue;
    minutes[st.index] = parseTime(st.time);
  }
  return minutes;
}

/** The trip's times on the day: unchanged (undefined) or retimed; cancelled trips are asked separately. */
export function tripRetimeOn(
  day: DayChanges,
  tripId: number,
  planned: readonly (number | null)[],
): TripRetime | undefined {
  const change = day.retimed.get(tripId);
  if (change === undefined) return undefined;
  const minutes = retimedMinutes(change, tripId, planned);
  return { change, minutes, changed: minutes.map((m, i) => m !== planned[i]) };
}

/** What a retime would do wrong to a trip: indexes whose time would leave the day, or go backwards. */
export interface RetimeProblems {
  /** Planned times the shift moves out of 00:00-23:59. */
  outOfDay: number[];
  /** Indexes whose time is earlier than the time before it (in travel order). */
  backwards: number[];
  /** Typed times at an index the trip does not have. */
  badIndex: number[];
}

export function retimeProblems(
  change: Pick<ServiceChange, 'shiftMinutes' | 'stopTimes'>,
  tripId: number,
  planned: readonly (number | null)[],
): RetimeProblems {
  const shift = change.shiftMinutes ?? 0;
  const outOfDay = planned.flatMap((m, i) =>
    m !== null && (m + shift < 0 || m + shift >= 24 * 60) && !typedAt(change, tripId, i) ? [i] : [],
  );
  const badIndex = change.stopTimes
    .filter((st) => st.tripId === tripId && (st.index < 0 || st.index >= planned.length))
    .map((st) => st.index);
  const minutes = retimedMinutes(change, tripId, planned);
  const backwards: number[] = [];
  let last: number | null = null;
  minutes.forEach((m, i) => {
    if (m === null) return;
    if (last !== null && m < last) backwards.push(i);
    last = m;
  });
  return { outOfDay, backwards, badIndex };
}

function typedAt(change: Pick<ServiceChange, 'stopTimes'>, tripId: number, index: number): boolean {
  return change.stopTimes.some((st) => st.tripId === tripId && st.index === index);
}

/** What a page shows, for finding the notices that concern it. */
export interface NoticeScope {
  lineIds?: readonly number[];
  stopIds?: readonly number[];
  tripIds?: readonly number[];
}

/** About the whole network: it names no line, stop or trip. */
export function concernsNetwork(change: Pick<ServiceChange, 'lineIds' | 'stopIds' | 'tripIds'>): boolean {
  return change.lineIds.length === 0 && change.stopIds.length === 0 && change.tripIds.length === 0;
}

/**
 * A notice concerns what a page shows when it is about the whole network, or names a line, stop
 * or trip the page shows (a closure's stop to use instead counts as a stop it names).
 */
export function concerns(change: ServiceChange, scope: NoticeScope): boolean {
  if (concernsNetwork(change)) return true;
  const has = (ids: readonly number[] | undefined, id: number) => ids?.includes(id) ?? false;
  return (
    change.lineIds.some((id) => has(scope.lineIds, id)) ||
    change.stopIds.some((id) => has(scope.stopIds, id)) ||
    (change.insteadStopId !== null && has(scope.stopIds, change.insteadStopId)) ||
    change.tripIds.some((id) => has(scope.tripIds, id))
  );
}

/** The notices among `changes` that concern `scope`, oldest first. */
export function noticesFor(changes: readonly ServiceChange[], scope: NoticeScope): ServiceChange[] {
  return changes.filter((c) => concerns(c, scope)).sort((a, b) => a.id - b.id);
}

/** The notice's title and text in a language; English falls back to Lithuanian. */
export function noticeIn(
  notice: Pick<NoticeText, 'titleLt' | 'textLt' | 'titleEn' | 'textEn'>,
  lang: 'lt' | 'en',
): { title: string; text: string | null } {
  if (lang === 'en' && notice.titleEn !== null)
    return { title: notice.titleEn, text: notice.textEn ?? notice.textLt };
  return { title: notice.titleLt, text: notice.textLt };
}
