import {
  type BoundFor,
  type DeparturesQuery,
  DomainError,
  effectiveDestination,
  groupLinePrint,
  groupStopPoster,
  type LineInfo,
  type LinePrint,
  normalizeDeparturesQuery,
  PRINT_WINDOW_DAYS,
  type PrintDeparture,
  type PrintTrip,
  parseTime,
  type Stop,
  type StopPoster,
  serverMessage,
  serviceDays,
  travelOrder,
  windowDates,
} from '@bus/core';
import {
  getLineInfo,
  getPublishingSettings,
  getStopsByIds,
  listSchedules,
  type OpenedDatabase,
} from '@bus/db';
import { stopDepartures } from '../public-read/departures.ts';
import { currentSnapshot } from '../public-read/generation.ts';
import type { ReadContext } from '../public-read/read-context.ts';

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
      const key = `${item.tripId}|${item.timeDepart}`;
      if (byKey.has(key)) continue;
      byKey.set(key, {
        tripId: item.tripId,
        schedId: item.schedId,
        lineId: item.lineId,
        lineName: item.lineName,
        minute: parseTime(item.timeDepart) ?? 0,
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
    const schedule = {
      runsOnWeekly: s.runsOnWeekly,
      runsOnYearlyId: s.runsOnYearlyId,
      runsOnPublicHolidays: s.runsOnPublicHolidays,
    };
    return [{ ...d, schedule }];
  });
}

/** The site's address as the Publishing settings give it; null: the page uses its own origin. */
async function siteAddress(db: OpenedDatabase): Promise<string | null> {
  return (await getPublishingSettings(db.kysely)).settings.siteUrl;
}

export interface StopPosterAnswer {
  query: DeparturesQuery;
  stop: { id: number; name: string };
  destination: { id: number; name: string } | null;
  poster: StopPoster;
  siteUrl: string | null;
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
  const { stop, to } = await selectedStops(db, query);
  const snapshot = await currentSnapshot(db);
  const dates = windowDates(query.date, PRINT_WINDOW_DAYS);
  const days = serviceDays(dates, snapshot.rules, snapshot.holidays);
  const departures = await departuresOverDates(read, query, dates);
  return {
    query,
    stop: { id: stop.id, name: stop.name },
    destination: to === null ? null : { id: to.id, name: to.name },
    poster: groupStopPoster(departures, days, snapshot.rules),
    siteUrl: await siteAddress(db),
  };
}

export interface LinePrintAnswer {
  line: LineInfo;
  date: string;
  print: LinePrint;
  siteUrl: string | null;
}

/** A line's timetable per direction (stops x trips) for PRINT_WINDOW_DAYS from the date. */
export async function getLinePrint(
  read: ReadContext,
  lineId: number,
  date: string | null,
): Promise<LinePrintAnswer> {
  const { db } = read;
  const line = await getLineInfo(db.kysely, lineId);
  if (!line) throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  const schedules = await listSchedules(db.kysely, { lineId });
  const snapshot = await currentSnapshot(db);
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
        },
      };
    }),
  );
  return {
    line,
    date: start,
    print: groupLinePrint(trips, days, snapshot.rules),
    siteUrl: await siteAddress(db),
  };
}
