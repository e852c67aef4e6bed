import {
  type BoundFor,
  type ChangeStatus,
  changeStatus,
  type DayChanges,
  dayChanges,
  formatTime,
  type ServiceChange,
  scheduleRunsOn,
  serviceDayContext,
  travelOrder,
  tripRetimeOn,
  vilniusNow,
} from '@bus/core';
import {
  type Db,
  findScheduleLines,
  findTripSchedules,
  getStopsByIds,
  listHolidays,
  listLineInfos,
  listRoutes,
  listSchedules,
  listServiceChanges,
  listTripTimes,
  listYearlyRules,
  type OpenedDatabase,
} from '@bus/db';
import type { Actor } from './recorded-write.ts';

/**
 * What the service changes screen shows about one date (issue 27, staff side): the trips of a
 * line that run on it by the regular timetable (the same rules as the departures:
 * serviceDayContext + scheduleRunsOn), and, in words, what the changes holding on it do.
 * What runs with the changes applied is core's dayChanges, never decided here.
 */

/** A stop of a trip, in travel order (`index` is the timeList index a typed time names). */
export interface LineTripStop {
  index: number;
  stopId: number;
  name: string;
  /** 'HH:MM' as planned; null = the trip passes without a time. */
  time: string | null;
}

export interface LineTrip {
  id: number;
  scheduleId: number;
  boundFor: BoundFor;
  /** The first planned time ('HH:MM'). */
  firstTime: string;
  firstStop: string;
  lastStop: string;
  stops: LineTripStop[];
  /** The change that cancels it that day, or retimes it (null when none does). */
  cancelledBy: { id: number; title: string } | null;
  retimedBy: { id: number; title: string } | null;
}

export interface LineTrips {
  lineId: number;
  lineName: string;
  date: string;
  /** Both directions, by first time. */
  trips: LineTrip[];
}

/** Which schedules run on `date` by the regular timetable (weekday, yearly rule, holiday). */
async function runningSchedules(
  db: Db,
  date: string,
): Promise<(schedule: Parameters<typeof scheduleRunsOn>[0]) => boolean> {
  const [rules, holidays] = await Promise.all([listYearlyRules(db), listHolidays(db)]);
  const context = serviceDayContext(date, rules, holidays);
  return (schedule) => scheduleRunsOn(schedule, context);
}

async function changesOn(db: Db, date: string): Promise<DayChanges> {
  return dayChanges(await listServiceChanges(db), date);
}

/** A route's stops in a trip's travel order (core's travelOrder, on the stops themselves). */
function inTravelOrder<S extends { id: number }>(drawn: readonly S[], reversed: boolean): S[] {
  const byStop = new Map(drawn.map((s, i) => [i, s]));
  return travelOrder(
    drawn.map((_, i) => i),
    reversed,
  ).flatMap((i) => byStop.get(i) ?? []);
}

const byId = (change: ServiceChange | undefined) =>
  change === undefined ? null : { id: change.id, title: change.titleLt };

/** The trips of a line running on a date (none when the line has no such trips or does not exist). */
export async function getLineTrips(db: OpenedDatabase, lineId: number, date: string): Promise<LineTrips> {
  const [schedules, [line], runs, day] = await Promise.all([
    listSchedules(db.kysely, { lineId }),
    listLineInfos(db.kysely, [lineId]),
    runningSchedules(db.kysely, date),
    changesOn(db.kysely, date),
  ]);
  const routes = new Map((await listRoutes(db.kysely, { lineIds: [lineId] })).map((r) => [r.id, r.stops]));
  const trips: LineTrip[] = [];
  for (const schedule of schedules) {
    if (!runs(schedule)) continue;
    for (const trip of schedule.trips) {
      const drawn = routes.get(trip.routeId) ?? [];
      const ordered = inTravelOrder(drawn, trip.routeDirReversed);
      const stops = trip.timeList.map((time, index) => {
        const stop = ordered[index];
        return { index, stopId: stop?.id ?? 0, name: stop?.name ?? '', time };
      });
      const timed = stops.filter((s) => s.time !== null);
      const first = timed[0];
      if (first === undefined) continue;
      trips.push({
        id: trip.id,
        scheduleId: schedule.id,
        boundFor: trip.boundFor,
        firstTime: first.time as string,
        firstStop: first.name,
        lastStop: (timed[timed.length - 1] ?? first).name,
        stops,
        cancelledBy: byId(day.cancelled.get(trip.id)),
        retimedBy: byId(day.retimed.get(trip.id)),
      });
    }
  }
  trips.sort((a, b) => (a.firstTime < b.firstTime ? -1 : a.firstTime > b.firstTime ? 1 : a.id - b.id));
  return { lineId, lineName: line?.name ?? '', date, trips };
}

/** A trip as the preview names it: its line, first time and ends, and on that date. */
export interface PreviewTrip {
  id: number;
  lineId: number;
  lineName: string;
  firstTime: string;
  firstStop: string;
  lastStop: string;
  /** It runs on the date by the regular timetable (a cancel of a trip that does not run changes nothing). */
  runs: boolean;
  /** 'retime': the stops whose time that day differs from the planned one. */
  changedTimes: { index: number; stopName: string; planned: string | null; time: string | null }[];
}

export interface PreviewChange extends ServiceChange {
  status: ChangeStatus;
  lines: { id: number; name: string }[];
  /** The trips it cancels or retimes that day (a later change may have taken one over). */
  trips: PreviewTrip[];
  stops: { id: number; name: string }[];
  insteadStop: { id: number; name: string } | null;
}

export interface ServiceChangePreview {
  date: string;
  today: string;
  /** The changes holding on the date, oldest first (each is also the notice visitors read). */
  items: PreviewChange[];
}

/** Facts about trips: line, schedule, stops in travel order with planned minutes. */
async function tripFacts(db: Db, tripIds: readonly number[]) {
  const schedules = await findTripSchedules(db, tripIds);
  const scheduleLines = await findScheduleLines(db, [...schedules.values()]);
  const lineIds = [...new Set(scheduleLines.values())];
  const full = await listSchedules(db, { scheduleIds: [...new Set(schedules.values())] });
  const routes = new Map((await listRoutes(db, { lineIds })).map((r) => [r.id, r.stops]));
  const planned = new Map<number, (number | null)[]>();
  for (const row of await listTripTimes(db, tripIds)) {
    const list = planned.get(row.trip_id) ?? [];
    list.push(row.minute);
    planned.set(row.trip_id, list);
  }
  const facts = new Map<
    number,
    { schedule: (typeof full)[number]; lineId: number; stops: { id: number; name: string }[] }
  >();
  for (const schedule of full)
    for (const trip of schedule.trips) {
      if (!tripIds.includes(trip.id)) continue;
      const stops = inTravelOrder(routes.get(trip.routeId) ?? [], trip.routeDirReversed);
      facts.set(trip.id, {
        schedule,
        lineId: schedule.lineId,
        stops: stops.map((s) => ({ id: s.id, name: s.name })),
      });
    }
  return { facts, planned, lineIds };
}

/** What visitors will see on `date`: the changes holding then, with what each does, named. */
export async function previewServiceChanges(
  db: OpenedDatabase,
  clock: Actor['clock'],
  date: string,
): Promise<ServiceChangePreview> {
  const today = vilniusNow(clock).date;
  const [day, runs] = await Promise.all([changesOn(db.kysely, date), runningSchedules(db.kysely, date)]);
  const tripIds = [
    ...new Set(day.holding.flatMap((c) => (c.kind === 'cancel' || c.kind === 'retime' ? c.tripIds : []))),
  ];
  const { facts, planned, lineIds } = await tripFacts(db.kysely, tripIds);
  const allLineIds = [...new Set([...lineIds, ...day.holding.flatMap((c) => c.lineIds)])];
  const lineNames = new Map((await listLineInfos(db.kysely, allLineIds)).map((l) => [l.id, l.name]));
  const stopIds = day.holding.flatMap((c) => [
    ...c.stopIds,
    ...(c.insteadStopId === null ? [] : [c.insteadStopId]),
  ]);
  const stops = await getStopsByIds(db.kysely, stopIds);
  const stopOf = (id: number) => ({ id, name: stops.get(id)?.name ?? String(id) });
  const minute = (m: number | null | undefined) => (m === null || m === undefined ? null : formatTime(m));

  const previewTrip = (change: ServiceChange, tripId: number): PreviewTrip[] => {
    const fact = facts.get(tripId);
    if (fact === undefined) return [];
    // A later cancel or retime may be the one that holds for this trip: list it under that one.
    const owner = change.kind === 'cancel' ? day.cancelled.get(tripId) : day.retimed.get(tripId);
    if (owner?.id !== change.id) return [];
    const times = planned.get(tripId) ?? [];
    const firstIndex = times.findIndex((m) => m !== null);
    const lastIndex = times.length - 1 - [...times].reverse().findIndex((m) => m !== null);
    const retime = change.kind === 'retime' ? tripRetimeOn(day, tripId, times) : undefined;
    return [
      {
        id: tripId,
        lineId: fact.lineId,
        lineName: lineNames.get(fact.lineId) ?? '',
        firstTime: minute(times[firstIndex]) ?? '',
        firstStop: fact.stops[firstIndex]?.name ?? '',
        lastStop: fact.stops[lastIndex]?.name ?? '',
        runs: runs(fact.schedule),
        changedTimes:
          retime === undefined
            ? []
            : retime.changed.flatMap((changed, index) =>
                changed
                  ? [
                      {
                        index,
                        stopName: fact.stops[index]?.name ?? '',
                        planned: minute(times[index]),
                        time: minute(retime.minutes[index]),
                      },
                    ]
                  : [],
              ),
      },
    ];
  };

  const items = day.holding.map((change) => ({
    ...change,
    status: changeStatus(change, today),
    lines: change.lineIds.map((id) => ({ id, name: lineNames.get(id) ?? String(id) })),
    trips: change.tripIds
      .flatMap((id) => previewTrip(change, id))
      .sort((a, b) => (a.firstTime < b.firstTime ? -1 : a.firstTime > b.firstTime ? 1 : 0)),
    stops: change.stopIds.map(stopOf),
    insteadStop: change.insteadStopId === null ? null : stopOf(change.insteadStopId),
  }));
  return { date, today, items };
}
