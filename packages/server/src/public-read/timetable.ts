import {
  type BoundFor,
  type Clock,
  changesNothing,
  DomainError,
  type LineInfo,
  type LineStopsPreview,
  lineStopsPreview,
  type ScheduleRunsOn,
  type StepFree,
  type Stop,
  scheduleRunsOn,
  serverMessage,
  serviceDayContext,
  upcomingTimetables,
  vilniusNow,
  type Weekday,
  type YearlyRule,
} from '@bus/core';
import {
  findScheduleIdByTrip,
  getLineInfo,
  listHolidays,
  listLineInfos,
  listRoutes,
  listSchedules,
  listStopStepFree,
  listYearlyRules,
  type OpenedDatabase,
  type RouteWithStops,
  type ScheduleWithTrips,
} from '@bus/db';
import { checkPublicDate } from './date-window.ts';
import {
  type ClosedStop,
  closedStops,
  dayNotices,
  type NoticeView,
  type TripDayChange,
  tripDayChange,
} from './notices.ts';
import { changesOn, type ReadContext, serviceDay, snapshotOf } from './read-context.ts';

export interface LinePreview extends LineStopsPreview {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
  routeType: LineInfo['routeType'];
  /** Where the line goes: its routeEnd. */
  goesTo: string | null;
}

/** Browse list: every line with its main and extra stops; with `from`, only lines whose main route serves it. */
export async function listLinePreviews(db: OpenedDatabase, from: number | null): Promise<LinePreview[]> {
  const [lines, routes] = await Promise.all([listLineInfos(db.kysely), listRoutes(db.kysely, 'all')]);
  const routesByLine = new Map<number, RouteWithStops[]>();
  for (const route of routes)
    routesByLine.set(route.lineId, [...(routesByLine.get(route.lineId) ?? []), route]);
  const previews = lines.map((line) => ({
    id: line.id,
    name: line.name,
    routeStart: line.routeStart,
    routeEnd: line.routeEnd,
    routeType: line.routeType,
    goesTo: line.routeEnd,
    ...lineStopsPreview(routesByLine.get(line.id) ?? []),
  }));
  return from === null ? previews : previews.filter((p) => p.mainStops.some((s) => s.id === from));
}

export interface PublicRoute {
  id: number;
  routeNotes: string | null;
  stopsArr: Stop[];
  /** Metres from each stop to the next (null = unknown). */
  distanceMeters: (number | null)[];
}

export interface PublicTrip {
  id: number;
  boundFor: BoundFor;
  routeDirReversed: boolean;
  timeList: (string | null)[];
  route: PublicRoute;
}

export interface PublicSchedule {
  id: number;
  lineId: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: number;
  runsOnYearlyStr: string;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  /** The validity window, present only when the schedule has one. */
  validFrom?: string | null;
  validUntil?: string | null;
  trips: PublicTrip[];
}

function toPublicSchedules(
  schedules: ScheduleWithTrips[],
  routes: RouteWithStops[],
  rulesById: Map<number, YearlyRule>,
): PublicSchedule[] {
  const routeById = new Map(routes.map((r) => [r.id, r]));
  return schedules.map((s) => ({
    id: s.id,
    lineId: s.lineId,
    runsOnWeekly: s.runsOnWeekly,
    runsOnYearlyId: s.runsOnYearlyId,
    runsOnYearlyStr: rulesById.get(s.runsOnYearlyId)?.periodName ?? '',
    runsOnPublicHolidays: s.runsOnPublicHolidays,
    timeConstraintsDescription: s.timeConstraintsDescription,
    ...(s.validFrom || s.validUntil
      ? { validFrom: s.validFrom ?? null, validUntil: s.validUntil ?? null }
      : {}),
    trips: s.trips.map((t) => {
      const route = routeById.get(t.routeId);
      return {
        id: t.id,
        boundFor: t.boundFor,
        routeDirReversed: t.routeDirReversed,
        timeList: t.timeList,
        route: {
          id: t.routeId,
          routeNotes: route?.routeNotes ?? null,
          stopsArr: route?.stops ?? [],
          distanceMeters: route?.distanceMeters ?? [],
        },
      };
    }),
  }));
}

async function schedulesWithRoutes(db: OpenedDatabase, schedules: ScheduleWithTrips[]) {
  const routeIds = [...new Set(schedules.flatMap((s) => s.trips.map((t) => t.routeId)))];
  const [routes, rules] = await Promise.all([
    listRoutes(db.kysely, { routeIds }),
    listYearlyRules(db.kysely),
  ]);
  const rulesById = new Map(rules.map((r) => [r.id, r]));
  return { publicSchedules: toPublicSchedules(schedules, routes, rulesById), rules, rulesById };
}

export type LineTimetable =
  | { nothingFound: true }
  | {
      nothingFound: false;
      line: LineInfo;
      schedules: PublicSchedule[];
      /** The rules the schedules use (own periods only), in first-use order. */
      yearlyRules: YearlyRule[];
      /** Of those, the rules that run on `date` (borrowed periods and patterns applied). */
      activeRuleIds: number[];
      date: string;
      /** `date` is a public holiday (its table or Easter): only holiday services run. */
      isHoliday: boolean;
      /** The first date of a new timetable within 60 days of today, when any. */
      newTimetableFrom?: string;
    };

/** A line's public timetable. A line without schedules (or no such line) answers nothingFound. */
export async function getLineTimetable(
  db: OpenedDatabase,
  lineId: number,
  date: string | null,
  clock: Clock,
): Promise<LineTimetable> {
  const schedules = await listSchedules(db.kysely, { lineId });
  const line = schedules.length > 0 ? await getLineInfo(db.kysely, lineId) : undefined;
  if (!line) return { nothingFound: true };
  const { publicSchedules, rules, rulesById } = await schedulesWithRoutes(db, schedules);
  const usedRuleIds = [...new Set(schedules.map((s) => s.runsOnYearlyId))];
  const day = date ?? vilniusNow(clock).date;
  const context = serviceDayContext(day, rules, await listHolidays(db.kysely));
  const starts = [...new Set(schedules.flatMap((s) => s.validFrom ?? []))].sort();
  const [upcoming] = upcomingTimetables(new Map([[lineId, starts]]), [lineId], vilniusNow(clock).date);
  return {
    ...(upcoming ? { newTimetableFrom: upcoming.from } : {}),
    nothingFound: false,
    line,
    schedules: publicSchedules,
    yearlyRules: usedRuleIds.flatMap((id) => rulesById.get(id) ?? []),
    activeRuleIds: context.activeRuleIds.filter((id) => usedRuleIds.includes(id)),
    date: day,
    isHoliday: context.isHoliday,
  };
}

export interface TripSchedule {
  tripId: number;
  schedule: Omit<PublicSchedule, 'runsOnYearlyStr'> & { runsOnYearly: YearlyRule | null };
  lineInfo: LineInfo;
  /**
   * Step-free travel (issue 41): whether the schedule's bus is low-floor with a ramp, and the
   * stops of its routes staff have said a wheelchair can or cannot board at (the others: not known).
   */
  stepFree: { bus: StepFree; stops: { stopId: number; stepFree: 'yes' | 'no' }[] };
}

/** The schedule a trip belongs to, with all its trips and routes, and the line. */
export async function getTripSchedule(db: OpenedDatabase, tripId: number): Promise<TripSchedule> {
  const scheduleId = await findScheduleIdByTrip(db.kysely, tripId);
  const schedule =
    scheduleId === undefined ? undefined : (await listSchedules(db.kysely, { scheduleIds: [scheduleId] }))[0];
  const lineInfo = schedule ? await getLineInfo(db.kysely, schedule.lineId) : undefined;
  if (!schedule || !lineInfo)
    throw new DomainError('NOT_FOUND', serverMessage('tripNotFound', { id: tripId }));
  const { publicSchedules, rulesById } = await schedulesWithRoutes(db, [schedule]);
  const { runsOnYearlyStr: _name, ...rest } = publicSchedules[0] as PublicSchedule;
  const stopIds = [...new Set(rest.trips.flatMap((t) => t.route.stopsArr.map((s) => s.id)))];
  return {
    tripId,
    schedule: { ...rest, runsOnYearly: rulesById.get(schedule.runsOnYearlyId) ?? null },
    lineInfo,
    stepFree: {
      bus: schedule.stepFree ?? 'unknown',
      stops: stopIds.length === 0 ? [] : await listStopStepFree(db.kysely, stopIds),
    },
  };
}

// ---- Service changes on the line and trip pages (issue 27) --------------------------------

/**
 * What the line and trip pages add for their date: the notices and what the changes do. The
 * answers always carry them; their types say optional, as fields added to an existing answer.
 */
export interface DayChangesView {
  /** The notices holding on the date that concern what the page shows, oldest first. */
  notices: NoticeView[];
  /** The page's trips that would run on the date and are cancelled or run at other times. */
  tripChanges: TripDayChange[];
  /** The page's stops closed on the date. */
  closedStops: ClosedStop[];
}

/** What of a schedule the changes are read against. */
type ChangedSchedule = ScheduleRunsOn & {
  trips: readonly (Pick<PublicTrip, 'id' | 'timeList'> & {
    route: { stopsArr: readonly { id: number }[] };
  })[];
};

/** The changes on `date` for schedules of a page: only trips that run that day are marked. */
async function dayChangesView(
  read: ReadContext,
  date: string,
  scope: { lineIds: number[]; schedules: readonly ChangedSchedule[] },
): Promise<DayChangesView> {
  const [day, service, snapshot] = await Promise.all([
    changesOn(read, date),
    serviceDay(read, date),
    snapshotOf(read),
  ]);
  const trips = scope.schedules.flatMap((s) => s.trips);
  const stopIds = trips.flatMap((t) => t.route.stopsArr.map((s) => s.id));
  const notices = dayNotices(day, { lineIds: scope.lineIds, tripIds: trips.map((t) => t.id), stopIds });
  if (changesNothing(day)) return { notices, tripChanges: [], closedStops: [] };
  const running = scope.schedules.filter((s) => scheduleRunsOn(s, service.context));
  return {
    notices,
    tripChanges: running.flatMap((s) => s.trips.flatMap((t) => tripDayChange(day, t) ?? [])),
    closedStops: closedStops(day, stopIds, (id) => snapshot.stopNames.get(id) ?? String(id)),
  };
}

/** The line page's answer for a date (today when none): the timetable with that date's changes. */
export async function lineTimetableOn(
  read: ReadContext,
  lineId: number,
  date: string | null,
): Promise<
  { nothingFound: true } | (Extract<LineTimetable, { nothingFound: false }> & Partial<DayChangesView>)
> {
  checkPublicDate(read, date);
  const timetable = await getLineTimetable(read.db, lineId, date ?? read.now.date, read.clock);
  if (timetable.nothingFound) return timetable;
  const view = await dayChangesView(read, timetable.date, {
    lineIds: [lineId],
    schedules: timetable.schedules,
  });
  return { ...timetable, ...view };
}

/** The trip page's answer for a date (today when none): the schedule with that date's changes. */
export async function tripScheduleOn(
  read: ReadContext,
  tripId: number,
  date: string | null,
): Promise<TripSchedule & Partial<DayChangesView> & { date?: string }> {
  checkPublicDate(read, date);
  const answer = await getTripSchedule(read.db, tripId);
  const day = date ?? read.now.date;
  const view = await dayChangesView(read, day, {
    lineIds: [answer.lineInfo.id],
    schedules: [answer.schedule],
  });
  return { ...answer, date: day, ...view };
}
