import { addDays } from '../calendar.ts';
import { SERVICE_TIME_ZONE } from '../clock.ts';
import type { TimetableDataset } from '../dataset.ts';
import { stepFreeCode, WEEKDAYS } from '../domain.ts';
import { backwardSteps, directionContradicted } from '../plausibility.ts';
import { dayChanges, NO_DAY_CHANGES } from '../service-changes/day-changes.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { foldText } from '../text.ts';
import { csvField, type CsvRow as Row, toCsv } from './csv.ts';
import { fareFiles } from './fare-files.ts';
import { isEmailAddress, type PublishingSettings, siteBase } from './publishing.ts';
import {
  type CompiledService,
  compileService,
  type FeedWindow,
  runningDates,
  windowServiceDays,
} from './service-dates.ts';
import { plannedMinutes, plannedVisits, travelStops, tripVariants } from './trip-days.ts';
import { FEED_FILE_ORDER, type GtfsNotice, StreamedFile, validateGtfs } from './validate.ts';
import { windowGapNotices, windowGaps } from './window-gaps.ts';

/**
 * The timetable as a GTFS Schedule feed (https://gtfs.org/schedule/reference/), built from the
 * very data the site shows: ids are the database ids, so they stay the same from one export to
 * the next; each schedule is one service whose dates are compiled by service-dates.ts.
 *
 * Exact day by day with the service changes (dayChanges): a trip cancelled on a date does not
 * run on it, a trip with changed times or a closed stop runs on those dates as a trip variant
 * of its own (trip-days.ts: `104-r7`, `104-x12`) with those times and without those visits; a
 * trip whose dates so differ from its schedule's runs on a service of its own
 * (`<scheduleId>-<n>`), the other trips keep the schedule's service.
 *
 * What a stop visit becomes: the trip's stops in travel order (a reversed trip drives its
 * route backwards), one stop_times row per stop that has a time, stop_sequence = the position
 * in travel order. Nobody boards at the trip's last stop or leaves at its first, which is what
 * the site's departures say too (it never lists a departure from a trip's last stop). A stop
 * without a time is not written at all: the site lists no departure there, so a planner must
 * not offer one either (writing it without a time would let planners interpolate one).
 */

/** Something that keeps the feed from being published, in terms staff can act on. */
export type FeedProblem =
  | { kind: 'setting'; field: 'siteUrl' | 'publisherName' | 'publisherContact' }
  | { kind: 'lineOperator'; lineId: number; lineName: string }
  | { kind: 'operatorUrl'; operator: string }
  | { kind: 'stopPosition'; stopId: number; stopName: string }
  | {
      kind: 'timesBackwards';
      lineId: number;
      lineName: string;
      scheduleId: number;
      tripId: number;
      stopName: string;
      from: string;
      to: string;
    }
  /** A trip whose direction contradicts its stop order (core's directionContradicted): planners would get it the wrong way round. */
  | {
      kind: 'directionMismatch';
      lineId: number;
      lineName: string;
      scheduleId: number;
      tripId: number;
      boundFor: 'City bound' | 'Out bound';
      /** The first and the last stop in travel order. */
      firstStopName: string;
      lastStopName: string;
    }
  | { kind: 'noService' }
  /** An error of the feed's own validation that none of the above explains. */
  | { kind: 'notice'; notice: GtfsNotice };

export interface FeedSummary {
  start: string;
  end: string;
  version: string;
  agencies: number;
  stops: number;
  routes: number;
  trips: number;
  stopTimes: number;
  services: number;
}

/** The ids the feed's files hold, as written (what the GTFS-Realtime feeds may refer to). */
export interface FeedIds {
  agencies: string[];
  routes: Set<string>;
  stops: Set<string>;
  trips: Set<string>;
}

/** What a feed's build found: whether it may be published, and what it holds. */
export interface FeedReport {
  /** Empty when the feed can be published. */
  problems: FeedProblem[];
  /** The validator's warnings (the feed may be published with them). */
  warnings: GtfsNotice[];
  summary: FeedSummary;
  ids: FeedIds;
}

export interface BuiltFeed extends FeedReport {
  /** File name -> CSV text, in the order of FEED_FILE_ORDER. */
  files: Map<string, string>;
}

/**
 * Where a feed's files go as they are made (a zip being written, or memory): one file at a
 * time, in the order opened; stop_times.txt comes first and in pieces, the others whole.
 */
export interface FeedSink {
  open(name: string): { write(text: string): void; close(): void };
}

const UTF8 = new TextEncoder();
const TEXT = new TextDecoder();
const EMPTY = new Uint8Array(0);

/** The files that grow with the timetable are written and checked in pieces of about this many characters. */
const PIECE = 1 << 20;

/**
 * A file written a piece at a time, each piece checked as it goes (StreamedFile): rows are
 * added as CSV lines, and a piece may end only where a group ends (a trip, a service).
 */
function piecewise(sink: FeedSink, name: string, columns: readonly string[], checks: StreamedFile[]) {
  const file = sink.open(name);
  const check = new StreamedFile(name, columns);
  checks.push(check);
  let piece = `${columns.join(',')}\r\n`;
  // The first piece starts with the header, which the check has of its own.
  let headerLength = piece.length;
  let checked = false;
  const flush = () => {
    // A file of a header alone is checked as one too (its empty_file warning).
    if (piece.length > headerLength || !checked) check.piece(piece.slice(headerLength));
    checked = true;
    if (piece.length > 0) file.write(piece);
    piece = '';
    headerLength = 0;
  };
  return {
    add(line: string) {
      piece += line;
    },
    /** A group ended: the piece may end here. */
    groupEnd() {
      if (piece.length >= PIECE) flush();
    },
    close() {
      flush();
      file.close();
    },
  };
}

// wheelchair_accessible: the schedule's low-floor bus with a ramp (issue 41), 0 not known, 1 yes, 2 no.
const TRIPS_COLUMNS = [
  'route_id',
  'service_id',
  'trip_id',
  'trip_headsign',
  'direction_id',
  'wheelchair_accessible',
];
const CALENDAR_DATES_COLUMNS = ['service_id', 'date', 'exception_type'];
const STOP_TIMES_COLUMNS = [
  'trip_id',
  'arrival_time',
  'departure_time',
  'stop_id',
  'stop_sequence',
  'pickup_type',
  'drop_off_type',
];

export interface FeedInput {
  dataset: TimetableDataset;
  settings: PublishingSettings;
  /** The first day of the feed (today in Vilnius), YYYY-MM-DD. */
  start: string;
  /** The data's change time, as the feed's version. */
  version: string;
  /**
   * The service changes (cancelled trips, changed times, closed stops): the feed is exact day
   * by day, so a trip runs on each date as dayChanges says. None: the regular timetable.
   */
  changes?: readonly ServiceChange[];
  /**
   * The change places (two stops counted as one place for changing buses; not part of the
   * dataset): where a through fare's journey may change besides a stop both lines pass.
   */
  changePlaces?: readonly { stopA: number; stopB: number }[];
}

/** YYYY-MM-DD -> YYYYMMDD */
export function gtfsDate(date: string): string {
  return date.replaceAll('-', '');
}

function gtfsTime(minute: number): string {
  const h = Math.floor(minute / 60);
  return `${String(h).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
}

/** A stable id for an operator, which the timetable knows only by name: 'Transporto Centras' -> 'transporto-centras'. */
export function agencyId(operator: string): string {
  const slug = foldText(operator)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? 'operator' : slug;
}

const DIRECTION_ID: Record<string, number | null> = { 'Out bound': 0, 'City bound': 1, 'One way': null };

/**
 * Fields a FeedProblem already names when they are empty or malformed (settings, positions,
 * operators); the validator's notices of those kinds about them are not said twice.
 */
const EXPLAINED_CODES = new Set([
  'missing_required_field',
  'missing_required_column',
  'invalid_url',
  'invalid_email',
]);
const EXPLAINED_FIELDS = new Set([
  'stop_lat',
  'stop_lon',
  'agency_url',
  'agency_id',
  'feed_publisher_url',
  'feed_publisher_name',
  'feed_contact_email',
  'feed_contact_url',
]);

/** The feed in memory (tests, a town's data): the files as text, and the report. */
export function buildFeed(input: FeedInput): BuiltFeed {
  const texts = new Map<string, string[]>();
  const report = writeFeed(input, {
    open(name) {
      const parts: string[] = [];
      texts.set(name, parts);
      return { write: (text) => parts.push(text), close: () => {} };
    },
  });
  const files = new Map<string, string>();
  for (const name of FEED_FILE_ORDER) {
    const parts = texts.get(name);
    if (parts !== undefined) files.set(name, parts.join(''));
  }
  return { files, ...report };
}

/**
 * The feed written into a sink, in bounded memory: stop_times.txt, the one file that grows
 * with the timetable (millions of rows nationally), is written and checked a piece at a time
 * as the trips are made, never held whole; the other files are written after it.
 */
export function writeFeed(
  { dataset, settings, start, version, changes = [], changePlaces = [] }: FeedInput,
  sink: FeedSink,
): FeedReport {
  const window: FeedWindow = { start, days: settings.windowDays };
  const end = addDays(start, settings.windowDays - 1);
  const problems: FeedProblem[] = [];
  if (!settings.siteUrl) problems.push({ kind: 'setting', field: 'siteUrl' });
  if (!settings.publisherName) problems.push({ kind: 'setting', field: 'publisherName' });
  if (!settings.publisherContact) problems.push({ kind: 'setting', field: 'publisherContact' });

  const days = windowServiceDays(window, dataset.yearlyRules, dataset.holidays);
  const stopsById = new Map(dataset.stops.map((s) => [s.id, s]));
  const linesById = new Map(dataset.lines.map((l) => [l.id, l]));
  const routesById = new Map(dataset.lines.flatMap((l) => l.routes.map((r) => [r.id, r] as const)));

  // The service changes of every date of the window, by core's one rule (dayChanges).
  const dayByDate = new Map(days.map((day) => [day.date, dayChanges(changes, day.date)]));
  const dayOf = (date: string) => dayByDate.get(date) ?? NO_DAY_CHANGES;

  // Each service's dates as one bit per day of the window: a national feed has over a hundred
  // thousand services, and their date lists were most of what its build held. They are
  // compiled to calendar rows and exceptions one at a time as they are written.
  const dayIndex = new Map(days.map((day, i) => [day.date, i]));
  const services = new Map<string, Uint8Array>();
  // The trips' rows wait for stop_times.txt, whose zip entry is open while the trips are made:
  // kept as UTF-8 bytes a megabyte at a time (a string per row took several times the room).
  const tripPieces: Uint8Array[] = [];
  let tripText = '';
  let tripCount = 0;
  let stopTimeCount = 0;
  const checks: StreamedFile[] = [];
  const stopTimes = piecewise(sink, 'stop_times.txt', STOP_TIMES_COLUMNS, checks);
  const usedStops = new Set<number>();
  const usedLines = new Set<number>();
  const ids: FeedIds = { agencies: [], routes: new Set(), stops: new Set(), trips: new Set() };
  for (const schedule of [...dataset.schedules].sort((a, b) => a.id - b.id)) {
    const line = linesById.get(schedule.lineId);
    if (!line) continue;
    const dates = runningDates(schedule, days);
    if (dates.length === 0) continue;
    const lowFloor = stepFreeCode(schedule.stepFree ?? 'unknown');
    // A trip whose dates differ from its schedule's (a date cancelled, changed times) runs on
    // a service of its own: one per distinct set of dates, shared by the trips that have it.
    const serviceIds = new Map<string, string>([[dates.join(), String(schedule.id)]]);
    const serviceOf = (variantDates: readonly string[]): string => {
      const key = variantDates.join();
      let id = serviceIds.get(key);
      if (id === undefined) {
        id = `${schedule.id}-${serviceIds.size}`;
        serviceIds.set(key, id);
      }
      if (!services.has(id)) {
        const bits = new Uint8Array(Math.ceil(days.length / 8));
        for (const date of variantDates) {
          const i = dayIndex.get(date) as number;
          bits[i >> 3] = (bits[i >> 3] as number) | (1 << (i & 7));
        }
        services.set(id, bits);
      }
      return id;
    };
    for (const trip of [...schedule.trips].sort((a, b) => a.id - b.id)) {
      const route = routesById.get(trip.routeId);
      if (!route) continue;
      const travel = travelStops(trip, route.stopIds);
      const planned = plannedMinutes(trip, travel);
      if (plannedVisits(travel, planned).length === 0) continue;
      const back = backwardSteps(trip.timeList).steps[0];
      if (back) {
        problems.push({
          kind: 'timesBackwards',
          lineId: line.id,
          lineName: line.name,
          scheduleId: schedule.id,
          tripId: trip.id,
          stopName: stopsById.get(travel[back.index] as number)?.name ?? '',
          from: back.from,
          to: back.to,
        });
      }
      const lastIndex = travel.length - 1;
      const lastStop = stopsById.get(travel[lastIndex] as number);
      if (trip.boundFor !== 'One way' && directionContradicted(trip.boundFor, travel[0], travel[lastIndex])) {
        problems.push({
          kind: 'directionMismatch',
          lineId: line.id,
          lineName: line.name,
          scheduleId: schedule.id,
          tripId: trip.id,
          boundFor: trip.boundFor,
          firstStopName: stopsById.get(travel[0] as number)?.name ?? '',
          lastStopName: lastStop?.name ?? '',
        });
      }
      for (const variant of tripVariants(trip.id, travel, planned, dates, dayOf)) {
        tripText += `${line.id},${csvField(serviceOf(variant.dates))},${csvField(variant.tripId)},${csvField(lastStop?.name ?? '')},${DIRECTION_ID[trip.boundFor] ?? ''},${lowFloor}\r\n`;
        tripCount++;
        if (tripText.length >= PIECE) {
          tripPieces.push(UTF8.encode(tripText));
          tripText = '';
        }
        ids.trips.add(variant.tripId);
        const tripField = csvField(variant.tripId);
        for (const visit of variant.visits) {
          const time = gtfsTime(visit.minute);
          usedStops.add(visit.stopId);
          // The columns of STOP_TIMES_COLUMNS; no value here needs quoting but the trip id.
          stopTimes.add(
            `${tripField},${time},${time},${visit.stopId},${visit.index},${visit.index === lastIndex ? 1 : 0},${visit.index === 0 ? 1 : 0}\r\n`,
          );
          stopTimeCount++;
        }
        // Pieces end between trips: the check sees each trip whole.
        stopTimes.groupEnd();
        usedLines.add(line.id);
      }
    }
  }
  stopTimes.close();
  const tripsFile = piecewise(sink, 'trips.txt', TRIPS_COLUMNS, checks);
  // Each kept piece ends with a whole row: a trip is one row, so pieces end between groups.
  tripPieces.push(UTF8.encode(tripText));
  tripText = '';
  for (let i = 0; i < tripPieces.length; i++) {
    tripsFile.add(TEXT.decode(tripPieces[i]));
    tripPieces[i] = EMPTY;
    tripsFile.groupEnd();
  }
  tripsFile.close();
  if (tripCount === 0) problems.push({ kind: 'noService' });

  const lines = dataset.lines.filter((l) => usedLines.has(l.id)).sort((a, b) => a.id - b.id);
  const operators = new Map<string, string>();
  for (const line of lines) {
    if (line.operator === null) problems.push({ kind: 'lineOperator', lineId: line.id, lineName: line.name });
    else operators.set(agencyId(line.operator), line.operator);
    ids.routes.add(String(line.id));
  }
  const contacts = new Map(settings.operators.map((o) => [o.name, o]));
  const agencyRows: Row[] = [];
  for (const [id, name] of [...operators].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const contact = contacts.get(name);
    if (!contact?.url) problems.push({ kind: 'operatorUrl', operator: name });
    ids.agencies.push(id);
    agencyRows.push({
      agency_id: id,
      agency_name: name,
      agency_url: contact?.url ?? '',
      agency_timezone: SERVICE_TIME_ZONE,
      agency_lang: 'lt',
      agency_phone: contact?.phone ?? '',
    });
  }

  const site = settings.siteUrl ? siteBase(settings.siteUrl) : null;
  const routeRows: Row[] = lines.map((line) => ({
    route_id: line.id,
    agency_id: line.operator === null ? '' : agencyId(line.operator),
    route_short_name: line.name,
    route_long_name: [line.routeStart, line.routeEnd].filter(Boolean).join(' – '),
    route_type: 3,
    route_url: site === null ? '' : `${site}/browse/${line.id}`,
  }));

  const stopRows: Row[] = [];
  for (const stop of [...dataset.stops].sort((a, b) => a.id - b.id)) {
    if (!usedStops.has(stop.id)) continue;
    const position = stop.position ?? null;
    if (position === null) problems.push({ kind: 'stopPosition', stopId: stop.id, stopName: stop.name });
    ids.stops.add(String(stop.id));
    stopRows.push({
      stop_id: stop.id,
      stop_name: stop.name,
      stop_desc: stop.coords ?? '',
      stop_lat: position?.lat,
      stop_lon: position?.lon,
      // Step-free boarding (issue 41): 0 not known, 1 yes, 2 no.
      wheelchair_boarding: stepFreeCode(stop.stepFree ?? 'unknown'),
    });
  }

  const calendarRows: Row[] = [];
  // calendar_dates.txt only when a service has an exception (as calendar.txt only when one has a
  // weekly row): opened at the first (nothing else is being written meanwhile).
  let calendarDates: ReturnType<typeof piecewise> | null = null;
  for (const [serviceId, bits] of services) {
    const service: CompiledService = compileService(
      days.filter((_, i) => ((bits[i >> 3] as number) & (1 << (i & 7))) !== 0).map((day) => day.date),
    );
    if (service.weekly) {
      const row: Row = { service_id: serviceId };
      WEEKDAYS.forEach((weekday, i) => {
        row[weekday.toLowerCase()] = service.weekly?.weekdays[i] ? 1 : 0;
      });
      row.start_date = gtfsDate(service.weekly.start);
      row.end_date = gtfsDate(service.weekly.end);
      calendarRows.push(row);
    }
    const exceptions = [
      ...service.added.map((date) => ({ date, type: 1 })),
      ...service.removed.map((date) => ({ date, type: 2 })),
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    if (exceptions.length === 0) continue;
    calendarDates ??= piecewise(sink, 'calendar_dates.txt', CALENDAR_DATES_COLUMNS, checks);
    const id = csvField(serviceId);
    for (const { date, type } of exceptions) calendarDates.add(`${id},${gtfsDate(date)},${type}\r\n`);
    calendarDates.groupEnd();
  }
  // Written by the loop, which TypeScript does not follow into the closure's type.
  (calendarDates as ReturnType<typeof piecewise> | null)?.close();

  // The fares (issue 41), GTFS Fares v2: none while no price list of a line in the feed is in
  // force on its days. A price list that starts or ends inside the window has its days as a
  // calendar.txt service of their own (its timeframe's).
  const fares = fareFiles({
    lines,
    stops: new Map(stopRows.map((row) => [Number(row.stop_id), String(row.stop_name)])),
    fareRules: dataset.fareRules ?? [],
    concessions: dataset.concessions ?? [],
    throughFares: dataset.throughFares ?? [],
    changePlaces,
    start,
    end,
  });
  if (fares !== null) calendarRows.push(...fares.calendarRows);

  const contact = settings.publisherContact ?? '';
  // The other files, small beside stop_times.txt: held as text for the check, then written.
  const files = new Map<string, string>();
  files.set(
    'agency.txt',
    toCsv(
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang', 'agency_phone'],
      agencyRows,
    ),
  );
  files.set(
    'stops.txt',
    toCsv(['stop_id', 'stop_name', 'stop_desc', 'stop_lat', 'stop_lon', 'wheelchair_boarding'], stopRows),
  );
  files.set(
    'routes.txt',
    toCsv(
      ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type', 'route_url'],
      routeRows,
    ),
  );
  if (calendarRows.length > 0) {
    files.set(
      'calendar.txt',
      toCsv(['service_id', ...WEEKDAYS.map((w) => w.toLowerCase()), 'start_date', 'end_date'], calendarRows),
    );
  }
  for (const [name, text] of fares?.files ?? []) files.set(name, text);
  files.set(
    'feed_info.txt',
    toCsv(
      [
        'feed_publisher_name',
        'feed_publisher_url',
        'feed_lang',
        'feed_start_date',
        'feed_end_date',
        'feed_version',
        'feed_contact_email',
        'feed_contact_url',
      ],
      [
        {
          feed_publisher_name: settings.publisherName ?? '',
          feed_publisher_url: site ?? '',
          feed_lang: 'lt',
          feed_start_date: gtfsDate(start),
          feed_end_date: gtfsDate(end),
          feed_version: version,
          feed_contact_email: isEmailAddress(contact) ? contact : '',
          feed_contact_url: isEmailAddress(contact) ? '' : contact,
        },
      ],
    ),
  );

  // The feed checks itself. What the problems above already name is not said twice, and a
  // feed with no trips at all has nothing more to say.
  const notices = problems.some((p) => p.kind === 'noService')
    ? []
    : validateGtfs(files, { today: start, streamed: checks });
  for (const name of FEED_FILE_ORDER) {
    const text = files.get(name);
    if (text === undefined) continue;
    const file = sink.open(name);
    file.write(text);
    file.close();
  }
  const backwardsReported = problems.some((p) => p.kind === 'timesBackwards');
  for (const notice of notices) {
    if (notice.severity !== 'ERROR') continue;
    if (notice.field !== undefined && EXPLAINED_FIELDS.has(notice.field) && EXPLAINED_CODES.has(notice.code))
      continue;
    if (backwardsReported && notice.code === 'stop_time_with_arrival_before_previous_departure_time')
      continue;
    problems.push({ kind: 'notice', notice });
  }

  return {
    problems,
    warnings: [
      ...notices.filter((n) => n.severity === 'WARNING'),
      // Rides whose price differs between a line's route variations: the feed gives one.
      ...(fares?.warnings ?? []),
      // Days a line has no schedule because a validity window ends.
      ...windowGapNotices(windowGaps(dataset.lines, dataset.schedules, start, settings.windowDays)),
    ],
    summary: {
      start,
      end,
      version,
      agencies: agencyRows.length,
      stops: stopRows.length,
      routes: routeRows.length,
      trips: tripCount,
      stopTimes: stopTimeCount,
      services: services.size,
    },
    ids,
  };
}

/** A problem in plain English (the command line, and the HTTP answer when the feed is not ready). */
export function describeFeedProblem(problem: FeedProblem): string {
  switch (problem.kind) {
    case 'setting': {
      const label = {
        siteUrl: 'the site address',
        publisherName: 'the publisher name',
        publisherContact: 'the publisher contact',
      }[problem.field];
      return `Publishing settings: ${label} is not set`;
    }
    case 'lineOperator':
      return `Line ${problem.lineName} (line ${problem.lineId}) has no operator`;
    case 'operatorUrl':
      return `Publishing settings: operator ${problem.operator} has no web address`;
    case 'stopPosition':
      return `Stop ${problem.stopName} (stop ${problem.stopId}) has no position`;
    case 'timesBackwards':
      return `Line ${problem.lineName}, schedule ${problem.scheduleId}, trip ${problem.tripId}: the time goes backwards at ${problem.stopName} (${problem.from} -> ${problem.to})`;
    case 'directionMismatch':
      return `Line ${problem.lineName}, schedule ${problem.scheduleId}, trip ${problem.tripId}: ${problem.boundFor}, but it starts at ${problem.firstStopName} and ends at ${problem.lastStopName}`;
    case 'noService':
      return 'No schedule runs in the feed window: the feed would have no trips';
    case 'notice':
      return `GTFS ${problem.notice.code}: ${problem.notice.message}`;
  }
}
