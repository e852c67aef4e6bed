import {
  type BoundFor,
  type DayChanges,
  type DepartureItem,
  type DeparturesQuery,
  DomainError,
  effectiveDestination,
  groupLinePrint,
  groupStopPoster,
  groupStopPosterParts,
  type LineInfo,
  type LinePrint,
  normalizeDeparturesQuery,
  noticeView,
  PRINT_WINDOW_DAYS,
  type PrintDeparture,
  type PrintTrip,
  parseTime,
  printNotices,
  type Stop,
  type StopPoster,
  serverMessage,
  serviceDays,
  travelOrder,
  tripRetimeOn,
  windowDates,
} from '@bus/core';
import {
  getLineInfo,
  getStopsByIds,
  listSchedules,
  type OpenedDatabase,
  type ScheduleWithTrips,
} from '@bus/db';
import { checkPublicDate } from './date-window.ts';
import { stopDepartures } from './departures.ts';
import type { NoticeView } from './notices.ts';
import { type ReadContext, snapshotOf } from './read-context.ts';
import { siteAddress } from './site.ts';

/**
 * The printed timetables (stop poster, line timetable) and the data of the calendar feeds. The
 * departures of each date come from stopDepartures itself (the same selection, destination and
 * cache as the timetable home); the dates each one runs on are then worked out by core with the
 * same service-day rules, so the poster and the feeds say what the home says on every date.
 */

/**
 * Every departure of a stop (home selection: from, to, dir) that runs on at least one of
 * `dates`, with its schedule's running rule.
 */
export async function departuresOverDates(
  read: ReadContext,
  query: Omit<DeparturesQuery, 'date'>,
  dates: readonly string[],
): Promise<PrintDeparture[]> {
  const { db } = read;
  const byKey = new Map<string, Omit<PrintDeparture, 'schedule'>>();
  for (const date of dates) {
    const { items } = await stopDepartures(read, {
      from: query.from,
      to: query.to ?? undefined,
      dir: query.dir,
      date,
    });
    for (const item of items) {
      const time = plannedTimeOf(item);
      const key = `${item.tripId}|${time}`;
      if (byKey.has(key)) continue;
      byKey.set(key, {
        tripId: item.tripId,
        schedId: item.schedId,
        lineId: item.lineId,
        lineName: item.lineName,
        minute: parseTime(time) ?? 0,
        destination: item.name,
      });
    }
  }
  const schedIds = [...new Set([...byKey.values()].map((d) => d.schedId))];
  const schedules = new Map(
    (await listSchedules(db.kysely, { scheduleIds: schedIds })).map((s) => [s.id, s]),
  );
  return [...byKey.values()].flatMap((d) => {
    const s = schedules.get(d.schedId);
    if (!s) return [];
    // The schedule's validity window too (issue 28): core's service-day rule reads it.
    const schedule = {
      runsOnWeekly: s.runsOnWeekly,
      runsOnYearlyId: s.runsOnYearlyId,
      runsOnPublicHolidays: s.runsOnPublicHolidays,
      validFrom: s.validFrom,
      validUntil: s.validUntil,
    };
    return [{ ...d, schedule }];
  });
}

/**
 * A departure's planned time: the regular timetable's. A departure whose time a service change
 * moved carries the planned one beside the new one (issue 27); the prints and feeds list the
 * planned departures and apply each date's changes themselves.
 */
function plannedTimeOf(item: DepartureItem & { plannedTime?: string | null | undefined }): string {
  return item.plannedTime ?? item.timeDepart;
}

/**
 * The minute a departure leaves the stop on a day its trip runs at changed times (core's
 * tripRetimeOn), found by its visit of the stop at its planned minute; null: no time there that
 * day. Schedules are read once per lookup function (one feed).
 */
export function changedStopMinutes(read: ReadContext) {
  const schedules = new Map<number, Promise<ScheduleWithTrips | undefined>>();
  return async (
    day: DayChanges,
    departure: Pick<PrintDeparture, 'tripId' | 'schedId' | 'minute'>,
    stopId: number,
  ): Promise<number | null> => {
    let schedule = schedules.get(departure.schedId);
    if (schedule === undefined) {
      schedule = listSchedules(read.db.kysely, { scheduleIds: [departure.schedId] }).then((s) => s[0]);
      schedules.set(departure.schedId, schedule);
    }
    const trip = (await schedule)?.trips.find((t) => t.id === departure.tripId);
    if (trip === undefined) return departure.minute;
    const snapshot = await snapshotOf(read);
    const stops = travelOrder(snapshot.routeStops.get(trip.routeId) ?? [], trip.routeDirReversed);
    const planned = trip.timeList.map((t) => (t === null ? null : parseTime(t)));
    const index = stops.findIndex((id, i) => id === stopId && planned[i] === departure.minute);
    const retime = tripRetimeOn(day, trip.id, planned);
    if (index === -1 || retime === undefined) return departure.minute;
    return retime.minutes[index] ?? null;
  };
}

export interface StopPosterAnswer {
  query: DeparturesQuery;
  stop: { id: number; name: string };
  destination: { id: number; name: string } | null;
  /** The whole four weeks. */
  poster: StopPoster;
  /**
   * The new timetable the poster notes (core's groupStopPosterParts), or
   * null, and the parts it shows: the whole four weeks, or until the day before and from the date.
   */
  newTimetableFrom: string | null;
  parts: StopPoster[];
  siteUrl: string | null;
  /** The notices holding in the poster's four weeks that concern the stop or its departures. */
  notices?: NoticeView[];
}

/**
 * The stops of a home selection: the departure stop and the destination when it counts (it
 * narrows only the home station's departures going out, domain rules; elsewhere it is not
 * named, as the departures do not use it). NOT_FOUND names a stop that does not exist.
 */
export async function selectedStops(
  db: OpenedDatabase,
  query: Pick<DeparturesQuery, 'from' | 'to' | 'dir'>,
): Promise<{ stop: Stop; to: Stop | null }> {
  const stops = await getStopsByIds(db.kysely, query.to === null ? [query.from] : [query.from, query.to]);
  const stop = stops.get(query.from);
  if (!stop) throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id: query.from }));
  const counted = effectiveDestination({ from: query.from, to: query.to, dir: query.dir });
  const to = counted === null ? null : stops.get(counted);
  if (to === undefined)
    throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id: query.to ?? 0 }));
  return { stop, to };
}

/**
 * The stop poster for the home's selection, valid for PRINT_WINDOW_DAYS from the chosen date
 * (today when none is given).
 */
export async function getStopPoster(
  read: ReadContext,
  input: { from?: number | null; to?: number | null; dir?: string | null; date?: string | null },
): Promise<StopPosterAnswer> {
  const { db, now } = read;
  const query = normalizeDeparturesQuery(input, now.date);
  checkPublicDate(read, query.date);
  const { stop, to } = await selectedStops(db, query);
  const snapshot = await snapshotOf(read, { withDatabase: true });
  const dates = windowDates(query.date, PRINT_WINDOW_DAYS);
  const days = serviceDays(dates, snapshot.rules, snapshot.holidays);
  const departures = await departuresOverDates(read, query, dates);
  const { newTimetableFrom, parts } = groupStopPosterParts(departures, days, snapshot.rules);
  const poster =
    parts.length === 1 && parts[0] ? parts[0] : groupStopPoster(departures, days, snapshot.rules);
  const notices = printNotices((await snapshotOf(read)).serviceChanges, poster, {
    stopIds: to === null ? [stop.id] : [stop.id, to.id],
    lineIds: [...new Set(departures.map((d) => d.lineId))],
    tripIds: departures.map((d) => d.tripId),
  });
  return {
    query,
    stop: { id: stop.id, name: stop.name },
    destination: to === null ? null : { id: to.id, name: to.name },
    poster,
    newTimetableFrom,
    parts,
    siteUrl: await siteAddress(db),
    notices: notices.map(noticeView),
  };
}

export interface LinePrintAnswer {
  line: LineInfo;
  date: string;
  print: LinePrint;
  siteUrl: string | null;
  /** The notices holding in the print's four weeks that concern the line, its trips or stops. */
  notices?: NoticeView[];
}

/** A line's timetable per direction (stops x trips) for PRINT_WINDOW_DAYS from the date. */
export async function getLinePrint(
  read: ReadContext,
  lineId: number,
  date: string | null,
): Promise<LinePrintAnswer> {
  const { db } = read;
  checkPublicDate(read, date);
  const line = await getLineInfo(db.kysely, lineId);
  if (!line) throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  const schedules = await listSchedules(db.kysely, { lineId });
  const snapshot = await snapshotOf(read, { withDatabase: true });
  const start = date ?? read.now.date;
  const days = serviceDays(windowDates(start, PRINT_WINDOW_DAYS), snapshot.rules, snapshot.holidays);
  const trips: PrintTrip[] = schedules.flatMap((s) =>
    s.trips.map((t) => {
      const drawn = snapshot.routeStops.get(t.routeId) ?? [];
      const stops = travelOrder(drawn, t.routeDirReversed).map((id, i) => ({
        id,
        name: snapshot.stopNames.get(id) ?? '',
        time: t.timeList[i] ?? null,
      }));
      return {
        tripId: t.id,
        schedId: s.id,
        boundFor: t.boundFor as BoundFor,
        stops,
        schedule: {
          runsOnWeekly: s.runsOnWeekly,
          runsOnYearlyId: s.runsOnYearlyId,
          runsOnPublicHolidays: s.runsOnPublicHolidays,
          validFrom: s.validFrom,
          validUntil: s.validUntil,
        },
      };
    }),
  );
  const print = groupLinePrint(trips, days, snapshot.rules);
  const notices = printNotices((await snapshotOf(read)).serviceChanges, print, {
    lineIds: [lineId],
    tripIds: trips.map((t) => t.tripId),
    stopIds: [...new Set(trips.flatMap((t) => t.stops.map((s) => s.id)))],
  });
  return {
    line,
    date: start,
    print,
    siteUrl: await siteAddress(db),
    notices: notices.map(noticeView),
  };
}
