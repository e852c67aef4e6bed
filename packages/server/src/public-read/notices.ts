import {
  changeStatus,
  type DayChanges,
  formatTime,
  type NoticeScope,
  type NoticeView,
  noticesFor,
  noticeView,
  parseTime,
  type ServiceChange,
  tripRetimeOn,
} from '@bus/core';
import { listEntityChanges, type OpenedDatabase } from '@bus/db';
import { changesOn, type ReadContext, snapshotOf } from './read-context.ts';

/**
 * The service changes as the public pages read them (issue 27): the notices that concern a
 * page on a date, what a trip does on a date (cancelled, changed times), which stops are
 * closed, and the list of every current and upcoming notice (the Service changes page, the
 * header's link, the Atom feed). Everything here follows core's rules (dayChanges, noticesFor,
 * tripRetimeOn, changeStatus); nothing decides for itself what runs.
 */

export type { NoticeView } from '@bus/core';

/** The notices holding on the day that concern what a page shows, oldest first. */
export function dayNotices(day: DayChanges, scope: NoticeScope): NoticeView[] {
  return noticesFor(day.holding, scope).map(noticeView);
}

/** What a trip does on a date when a change touches it. */
export interface TripDayChange {
  tripId: number;
  /** The trip does not run on the date. */
  cancelled: boolean;
  /** Staff's reason (shown beside "Cancelled"), or null. */
  reason: string | null;
  /** Its times on the date per timeList index ('HH:MM', travel order) when they changed; else null. */
  times: (string | null)[] | null;
  /** The change doing it (its notice is among the page's notices). */
  changeId: number;
}

/** A trip's change on the day (a cancel wins over a retime), or null when it runs as planned. */
export function tripDayChange(
  day: DayChanges,
  trip: { id: number; timeList: readonly (string | null)[] },
): TripDayChange | null {
  const cancel = day.cancelled.get(trip.id);
  if (cancel !== undefined)
    return { tripId: trip.id, cancelled: true, reason: cancel.reason, times: null, changeId: cancel.id };
  const planned = trip.timeList.map((t) => (t === null ? null : parseTime(t)));
  const retime = tripRetimeOn(day, trip.id, planned);
  if (retime === undefined) return null;
  return {
    tripId: trip.id,
    cancelled: false,
    reason: retime.change.reason,
    times: retime.minutes.map((m) => (m === null ? null : formatTime(m))),
    changeId: retime.change.id,
  };
}

/** A stop closed on the date: its departures are not served there. */
export interface ClosedStop {
  stopId: number;
  /** The stop to use instead, when staff named one. */
  insteadStop: { id: number; name: string } | null;
  reason: string | null;
  changeId: number;
}

/** The closures among `stopIds` on the day. */
export function closedStops(
  day: DayChanges,
  stopIds: Iterable<number>,
  stopName: (id: number) => string,
): ClosedStop[] {
  const out: ClosedStop[] = [];
  for (const stopId of new Set(stopIds)) {
    const closure = day.closed.get(stopId);
    if (closure === undefined) continue;
    const instead = closure.insteadStopId;
    out.push({
      stopId,
      insteadStop: instead === null ? null : { id: instead, name: stopName(instead) },
      reason: closure.reason,
      changeId: closure.id,
    });
  }
  return out.sort((a, b) => a.stopId - b.stopId);
}

/** A notice on the Service changes page and in the Atom feed: what it concerns, named. */
export interface ListedNotice extends NoticeView {
  status: 'current' | 'upcoming';
  cause: ServiceChange['cause'];
  effect: ServiceChange['effect'];
  lines: { id: number; name: string }[];
  stops: { id: number; name: string }[];
  /** The trips it names (a cancel's or retime's; their line is among `lines`). */
  tripIds: number[];
  insteadStop: { id: number; name: string } | null;
}

export interface ServiceChangesPage {
  /** Today in Vilnius: what current and upcoming are counted from. */
  today: string;
  /** Holding today: the one that began last first (open-started ones last). */
  current: ListedNotice[];
  /** Still to come: the soonest first. */
  upcoming: ListedNotice[];
}

/** Every current and upcoming notice, grouped, each with the lines and stops it names. */
export async function serviceChangesPage(read: ReadContext): Promise<ServiceChangesPage> {
  const snapshot = await snapshotOf(read);
  const today = read.now.date;
  const listed = (c: ServiceChange, status: ListedNotice['status']): ListedNotice => ({
    ...noticeView(c),
    status,
    cause: c.cause,
    effect: c.effect,
    lines: c.lineIds.map((id) => ({ id, name: snapshot.lines.get(id)?.name ?? String(id) })),
    stops: c.stopIds.map((id) => ({ id, name: snapshot.stopNames.get(id) ?? String(id) })),
    tripIds: c.tripIds,
    insteadStop:
      c.insteadStopId === null
        ? null
        : { id: c.insteadStopId, name: snapshot.stopNames.get(c.insteadStopId) ?? String(c.insteadStopId) },
  });
  const current: ListedNotice[] = [];
  const upcoming: ListedNotice[] = [];
  for (const c of snapshot.serviceChanges) {
    const status = changeStatus(c, today);
    if (status === 'current') current.push(listed(c, status));
    if (status === 'upcoming') upcoming.push(listed(c, status));
  }
  // '' sorts before every date: an open start counts as the oldest beginning.
  current.sort((a, b) => (b.from ?? '').localeCompare(a.from ?? '') || b.id - a.id);
  upcoming.sort((a, b) => (a.from ?? '').localeCompare(b.from ?? '') || a.id - b.id);
  return { today, current, upcoming };
}

/** How many notices hold today (the header links to the Service changes page when any do). */
export async function noticesToday(read: ReadContext): Promise<{ count: number }> {
  return { count: (await changesOn(read, read.now.date)).holding.length };
}

/** When each change was last saved: its newest history entry's time (ISO, UTC), by change id. */
export async function lastSavedAt(db: OpenedDatabase, ids: readonly number[]): Promise<Map<number, string>> {
  const at = new Map<number, string>();
  for (const entry of await listEntityChanges(db.kysely, 'service_change', ids))
    if (entry.entityId !== null) at.set(entry.entityId, entry.at);
  return at;
}
