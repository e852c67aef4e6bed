import {
  assembleDepartures,
  type Clock,
  type DayChanges,
  type DepartureItem,
  type DeparturesQuery,
  type DeparturesQueryInput,
  departureNotices,
  departuresWithChanges,
  effectiveDestination,
  type NewTimetable,
  normalizeDeparturesQuery,
  type PlannedTrip,
  type PublicNotice,
  publicNotice,
  tooLateOn,
  travelOrder,
  tripSelectionFilter,
  upcomingTimetables,
} from '@bus/core';
import { findDepartureCandidates, type OpenedDatabase, type ReadSnapshot, tripTimesOf } from '@bus/db';
import { checkPublicDate } from './date-window.ts';
import { departuresValidUntil, type ServiceDay, withTooLate } from './kept-answers.ts';
import {
  changesOn,
  keepDeparturesAnswer,
  keptChanges,
  keptDepartures,
  noteValidUntil,
  type ReadContext,
  readContext,
  serviceDay,
  snapshotOf,
  snapshotReader,
} from './read-context.ts';

export interface DeparturesResult {
  query: DeparturesQuery;
  items: DepartureItem[];
  /** The date is a public holiday (its table or Easter): only holiday services run. */
  holiday: boolean;
  /** The service changes of the date that concern the stop, the lines or the trips shown (when any). */
  notices?: PublicNotice[];
  /** Lines serving the stop with a new timetable within 60 days (when any). */
  newTimetables?: (NewTimetable & { lineName: string })[];
}

/**
 * A stop's departures for a date and direction by the regular timetable, as the posters and
 * calendar feeds read them (publicDepartures adds the date's service changes): the date's
 * service day (core rules on the read snapshot) -> the departures index -> assembled departures.
 * Kept by service day rather than date: which trips run depends on the date only through its
 * weekday, holiday flag and active yearly rules, so every date with the same ones shares an
 * answer; tooLate is worked out again for `now`.
 */
export function stopDepartures(read: ReadContext, input: DeparturesQueryInput): Promise<DeparturesResult> {
  return departures(read, input, false);
}

/**
 * The public departures answer (the tRPC procedure, the home and its next-buses panel, the old
 * home-from path): stopDepartures with the date's service changes laid over it (cancelled trips
 * marked in their place, changed times, a closed stop's departures marked not served) and the
 * notices that concern what it shows.
 */
export async function publicDepartures(
  read: ReadContext,
  input: DeparturesQueryInput,
): Promise<DeparturesResult> {
  // A date that is not one means today (spec section 5); one outside the window is refused.
  checkPublicDate(read, input.date);
  return departures(read, input, true);
}

/**
 * publicDepartures without the check of its date against the window, for a date the caller
 * worked out from one it checked (the comparison's week after a new timetable's first day).
 */
export function publicDeparturesNear(
  read: ReadContext,
  input: DeparturesQueryInput,
): Promise<DeparturesResult> {
  return departures(read, input, true);
}

async function departures(
  read: ReadContext,
  input: DeparturesQueryInput,
  changes: boolean,
): Promise<DeparturesResult> {
  const { now } = read;
  const query = normalizeDeparturesQuery(input, now.date);
  const day = await serviceDay(read, query.date);
  // The destination as the departures count it: one ignored (another stop, or City bound) makes
  // the same answer as none, so `to=1`, `to=2`, ... share it rather than each working it out.
  const key = `${query.from}|${effectiveDestination(query) ?? ''}|${query.dir}|${day.key}`;
  const kept = keptDepartures(read, key);
  const items = kept !== undefined ? withTooLate(kept, query.date, now) : await assembled(read, query, day);
  if (kept === undefined) keepDeparturesAnswer(read, key, items);
  const result: DeparturesResult = { query, items, holiday: day.context.isHoliday };
  if (!changes) return result;
  const upcoming = await newTimetablesAt(read, query.from);
  if (upcoming.length > 0) result.newTimetables = upcoming;
  // Kept per generation and date (changesOn): looked up without a wait on the common path.
  const dayChanges = keptChanges(read, query.date) ?? (await changesOn(read, query.date));
  const answer = dayChanges.holding.length === 0 ? result : await withChanges(read, result, dayChanges);
  // The answer moves with the clock only as its departures leave (tooLate): kept until the next does.
  noteValidUntil(read, departuresValidUntil([items, answer.items], query.date, now, read.minute));
  return answer;
}

/** The lines serving the stop whose new timetable starts within 60 days (issue 28). */
async function newTimetablesAt(
  read: ReadContext,
  stopId: number,
): Promise<(NewTimetable & { lineName: string })[]> {
  const snapshot = await snapshotOf(read);
  const { starts } = snapshot.windows;
  if (starts.size === 0) return [];
  const serving = new Set<number>();
  for (const [routeId, stops] of snapshot.routeStops) {
    const lineId = snapshot.routeLines.get(routeId);
    if (lineId !== undefined && starts.has(lineId) && stops.includes(stopId)) serving.add(lineId);
  }
  return upcomingTimetables(
    starts,
    [...serving].sort((a, b) => a - b),
    read.now.date,
  ).map((n) => ({
    ...n,
    lineName: snapshot.lines.get(n.lineId)?.name ?? '',
  }));
}

/** The departures of the date's service day, worked out from the departures index. */
async function assembled(
  read: ReadContext,
  query: DeparturesQuery,
  day: ServiceDay,
): Promise<DepartureItem[]> {
  const snapshot = await snapshotOf(read);
  const { reader, held } = snapshotReader(read);
  const candidates = findDepartureCandidates(
    reader,
    {
      stopId: query.from,
      date: day.context.date,
      weekdayBit: day.context.weekdayBit,
      isHoliday: day.context.isHoliday,
      activeRuleIds: day.context.activeRuleIds,
      ...tripSelectionFilter(query),
    },
    snapshot.lines,
    // Held at the snapshot's state: its trips' facts hold, nothing to check.
    held ? { trips: snapshot.trips, stamp: null } : snapshot,
  );
  const items = assembleDepartures(query, read.now, candidates, {
    stopIds: (id) => snapshot.routeStops.get(id),
    stopName: (id) => snapshot.stopNames.get(id) ?? '',
  });
  // A low-floor bus with a ramp (issue 41), marked; nothing said of the others.
  const lowFloor = snapshot.lowFloorSchedules;
  return lowFloor.size === 0
    ? items
    : items.map((item) => (lowFloor.has(item.schedId) ? { ...item, stepFree: true as const } : item));
}

/**
 * The service changes of the date laid over a service day's departures (core's rules): the
 * answer is left as it is (the same objects, so the same JSON byte for byte) when the date has
 * no change; the kept answer itself is never changed, as other dates share it.
 */
async function withChanges(
  read: ReadContext,
  result: DeparturesResult,
  day: DayChanges,
): Promise<DeparturesResult> {
  const { query } = result;
  const snapshot = await snapshotOf(read);
  const items = departuresWithChanges(result.items, day, {
    from: query.from,
    plannedTrip: (tripId) => plannedTrip(read, snapshot, tripId),
    tooLate: tooLateOn(query.date, read.now),
  }) as DepartureItem[];
  const stopName = (id: number) => snapshot.stopNames.get(id) ?? '';
  const notices = departureNotices(day, query.from, items).map((c) => publicNotice(c, stopName));
  return notices.length > 0 ? { ...result, items, notices } : { ...result, items };
}

/** A trip's stops and planned minutes in travel order, read through the generation's connection. */
function plannedTrip(read: ReadContext, snapshot: ReadSnapshot, tripId: number): PlannedTrip | undefined {
  const trip = tripTimesOf(snapshotReader(read).reader, tripId);
  const drawn = trip && snapshot.routeStops.get(trip.routeId);
  if (trip === undefined || drawn === undefined) return undefined;
  return { stops: travelOrder(drawn, trip.reversed), minutes: trip.minutes };
}

/** publicDepartures for a caller outside a request (the benchmark, tests). */
export function getDepartures(
  db: OpenedDatabase,
  input: DeparturesQueryInput,
  clock: Clock,
): Promise<DeparturesResult> {
  return publicDepartures(readContext(db, clock), input);
}
