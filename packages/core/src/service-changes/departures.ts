import { type DepartureItem, sortDepartures } from '../departures.ts';
import { formatTime, parseTime } from '../time.ts';
import { type DayChanges, noticesFor, retimedMinutes } from './day-changes.ts';
import type { ServiceChange } from './types.ts';

/**
 * The departures of a stop on a date with the date's service changes laid over them (issue 27),
 * by the rules of day-changes.ts: the regular answer (kept by service day) is worked out as
 * ever, and only where a change touches its trips or its stop does an item change.
 *   - a cancelled trip stays in its place (its planned time) with `cancelled`, `reason` (the
 *     change's reason, else its Lithuanian title) and `changeId`;
 *   - a retimed trip gets its new time at this stop (retimedMinutes at its travel index),
 *     `plannedTime` and `changeId`, is ordered by the new time, and is too late by it;
 *   - at a closed stop every departure is marked `notServed` with the closure's `changeId`.
 * A cancel wins over a closure, a closure's id over a retime's (the time still changes).
 */

/** A trip's stops and planned minutes, both in travel order: what a retime is applied to. */
export interface PlannedTrip {
  stops: readonly number[];
  minutes: readonly (number | null)[];
}

export interface DepartureChangeSources {
  /** The departure stop. */
  from: number;
  /** The trip's stops and planned times; asked only for retimed trips among the items. */
  plannedTrip: (tripId: number) => PlannedTrip | undefined;
  /** Whether a departure at this minute of the date has left (core's tooLateOn). */
  tooLate: (minute: number) => boolean;
}

/**
 * `items` (in departures order) with the day's changes applied: the very same array when no
 * change touches them (nothing is copied on the common path), else a new one in departures order.
 */
export function departuresWithChanges(
  items: readonly DepartureItem[],
  day: DayChanges,
  sources: DepartureChangeSources,
): readonly DepartureItem[] {
  const closure = day.closed.get(sources.from);
  if (closure === undefined && day.cancelled.size === 0 && day.retimed.size === 0) return items;
  let changed: DepartureItem[] | undefined;
  let moved = false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as DepartureItem;
    const next = changedDeparture(item, day, closure, sources);
    if (next === item) continue;
    changed ??= items.slice();
    changed[i] = next;
    if (next.timeDepart !== item.timeDepart) moved = true;
  }
  if (changed === undefined) return items;
  return moved ? sortDepartures(changed) : changed;
}

function changedDeparture(
  item: DepartureItem,
  day: DayChanges,
  closure: ServiceChange | undefined,
  sources: DepartureChangeSources,
): DepartureItem {
  const cancel = day.cancelled.get(item.tripId);
  if (cancel !== undefined)
    return { ...item, cancelled: true, reason: cancel.reason ?? cancel.titleLt, changeId: cancel.id };
  let next = item;
  const retime = day.retimed.get(item.tripId);
  if (retime !== undefined) {
    const minute = retimedMinuteAt(retime, item, sources);
    if (minute !== null)
      next = {
        ...item,
        tooLate: sources.tooLate(minute),
        timeDepart: formatTime(minute),
        plannedTime: item.timeDepart,
        changeId: retime.id,
      };
  }
  if (closure !== undefined) next = { ...next, notServed: true, changeId: closure.id };
  return next;
}

/**
 * The departure's minute under the retime, null when it stays as planned: the visit is found in
 * the trip's travel order as the stop's index with the departure's planned minute (a loop trip
 * passes the stop more than once, each time at another minute).
 */
function retimedMinuteAt(
  change: ServiceChange,
  item: DepartureItem,
  sources: DepartureChangeSources,
): number | null {
  const trip = sources.plannedTrip(item.tripId);
  const planned = parseTime(item.timeDepart);
  if (trip === undefined || planned === null) return null;
  const index = trip.stops.findIndex((stop, i) => stop === sources.from && trip.minutes[i] === planned);
  if (index === -1) return null;
  const minute = retimedMinutes(change, item.tripId, trip.minutes)[index] ?? null;
  return minute === planned ? null : minute;
}

/** A notice as a public page shows it: its texts, dates and link (the change without its times). */
export type NoticeView = Pick<
  ServiceChange,
  'id' | 'kind' | 'from' | 'until' | 'titleLt' | 'textLt' | 'titleEn' | 'textEn' | 'url'
>;

export function noticeView(change: ServiceChange): NoticeView {
  const { id, kind, from, until, titleLt, textLt, titleEn, textEn, url } = change;
  return { id, kind, from, until, titleLt, textLt, titleEn, textEn, url };
}

/** What the departures answer says of a notice: its view, and for a closure the stop to use. */
export interface PublicNotice extends NoticeView {
  insteadStopId?: number;
  insteadStopName?: string;
}

export function publicNotice(change: ServiceChange, stopName: (id: number) => string): PublicNotice {
  const notice: PublicNotice = noticeView(change);
  if (change.insteadStopId !== null) {
    notice.insteadStopId = change.insteadStopId;
    notice.insteadStopName = stopName(change.insteadStopId);
  }
  return notice;
}

/**
 * The notices holding on the day that concern a stop's departures: the stop itself, the lines
 * shown or the trips shown (noticesFor), oldest first.
 */
export function departureNotices(
  day: DayChanges,
  from: number,
  items: readonly DepartureItem[],
): ServiceChange[] {
  if (day.holding.length === 0) return [];
  // Only the ids some change names can matter: a hub shows thousands of trips, and noticesFor
  // looks each named id up in the lists it is given.
  const named = { lines: new Set<number>(), trips: new Set<number>() };
  for (const c of day.holding) {
    for (const id of c.lineIds) named.lines.add(id);
    for (const id of c.tripIds) named.trips.add(id);
  }
  const lineIds = new Set<number>();
  const tripIds = new Set<number>();
  for (const item of items) {
    if (named.lines.has(item.lineId)) lineIds.add(item.lineId);
    if (named.trips.has(item.tripId)) tripIds.add(item.tripId);
  }
  return noticesFor(day.holding, { stopIds: [from], lineIds: [...lineIds], tripIds: [...tripIds] });
}
