import {
  type BoundFor,
  type DepartureItem,
  type Holiday,
  type LineInfo,
  type Stop,
  stopLabel,
  type Weekday,
  type YearlyRule,
} from '@bus/core';
import type {
  LinePreview,
  PublicRoute,
  PublicSchedule,
  PublicTrip,
  TripSchedule,
} from '../public-read/timetable.ts';
import type { AdminLinePreview, AdminRoute, LineFull, LineTemplate } from '../services/admin/lines.ts';
import type { RulesWithUsage } from '../services/admin/rules.ts';
import type { LineSchedules, RuleScheduleGroup } from '../services/admin/schedules.ts';
import type { StopWithUsage } from '../services/admin/stops.ts';
import type { SignInResult } from '../services/auth.ts';
import type * as S from './schemas.ts';
import type { LegacyOf } from './schemas.ts';

/**
 * Domain results -> the old server's JSON shapes (rest-contract.md section 0.1), each typed
 * by its schema in schemas.ts. Pure renaming and formatting: no rules, no SQL.
 */

/** Jackson wrote LocalTime as 'HH:MM:SS'. */
export function legacyTime(time: string | null): string | null {
  return time === null ? null : `${time}:00`;
}

export function legacyStop(stop: Stop): LegacyOf<typeof S.BusStop> {
  return { id: stop.id, name: stop.name, coords: stop.coords, defaultOption: stop.defaultOption };
}

/** The search list's label carries the coords note: 'Mokinių st. v. (Prie Andrioniškių)'. */
export function legacyStopOption(stop: Stop): LegacyOf<typeof S.StopOption> {
  return { value: stop.id, label: stopLabel(stop) };
}

/** get2's label is the bare name; a missing stop is {value:null,label:null}. */
export function legacyBareOption(stop: Stop | null): LegacyOf<typeof S.StopOption> {
  return stop ? { value: stop.id, label: stop.name } : { value: null, label: null };
}

export function legacyLineInfo(line: LineInfo): LegacyOf<typeof S.LineInfo> {
  return {
    id: line.id,
    name: line.name,
    routeStart: line.routeStart,
    routeEnd: line.routeEnd,
    operator: line.operator,
    anykStationPlatform: line.anykStationPlatform,
    price: line.price,
    enabledSeasonalYearlyRuleFilter: line.enabledSeasonalYearlyRuleFilter,
    customNotes: line.customNotes.map((n) => ({ id: n.id, noteKey: n.noteKey, noteValue: n.noteValue })),
    routeType: line.routeType,
  };
}

export function legacyRoute(route: PublicRoute): LegacyOf<typeof S.Route> {
  return {
    id: route.id,
    stopsArr: route.stopsArr.map(legacyStop),
    distanceMetersList: route.distanceMeters,
    routeNotes: route.routeNotes,
  };
}

export function legacyTrip(trip: PublicTrip): LegacyOf<typeof S.Trip> {
  return {
    id: trip.id,
    routeDirReversed: trip.routeDirReversed,
    boundFor: trip.boundFor,
    timeList: trip.timeList.map(legacyTime),
    route: legacyRoute(trip.route),
  };
}

export function legacyRule(rule: YearlyRule): LegacyOf<typeof S.Rule> {
  return {
    id: rule.id,
    periodName: rule.periodName,
    typeOfYearlyRule: rule.typeOfYearlyRule,
    timePeriods: rule.timePeriods.map((p) => ({
      id: p.id,
      startMonth: p.startMonth,
      startDay: p.startDay,
      endMonth: p.endMonth,
      endDay: p.endDay,
    })),
    otherRuleId: rule.otherRuleId,
    pattern1Params: rule.pattern1Params.map((p) => ({
      id: p.id,
      dayOfWeek: p.dayOfWeek,
      nthOccurenceEachMonth: p.nthOccurenceEachMonth,
    })),
  };
}

export function legacyHomeItem(item: DepartureItem): LegacyOf<typeof S.HomeItem> {
  return {
    tripId: item.tripId,
    timeDepart: `${item.timeDepart}:00`,
    lineName: item.lineName,
    name: item.name,
    routeType: item.routeType,
    lineId: item.lineId,
    schedId: item.schedId,
    tooLate: item.tooLate,
  };
}

export function legacyPublicLinePreview(line: LinePreview): LegacyOf<typeof S.PublicLinePreview> {
  const stop = (s: { id: number; name: string }) => ({ name: s.name, id: String(s.id) });
  return {
    id: line.id,
    name: line.name,
    goesTo: line.goesTo,
    mainStops: line.mainStops.map(stop),
    extraStops: line.extraStops === null ? null : line.extraStops.map(stop),
  };
}

export function legacyBrowseSchedule(s: PublicSchedule): LegacyOf<typeof S.BrowseSchedule> {
  return {
    id: s.id,
    runsOnWeekly: s.runsOnWeekly,
    runsOnYearlyStr: s.runsOnYearlyStr,
    runsOnPublicHolidays: s.runsOnPublicHolidays,
    trips: s.trips.map(legacyTrip),
  };
}

export function legacyTripSchedule(result: TripSchedule): LegacyOf<typeof S.TripSchedule> {
  const s = result.schedule;
  return {
    schedule: {
      id: s.id,
      timeConstraintsDescription: s.timeConstraintsDescription,
      runsOnWeekly: s.runsOnWeekly,
      runsOnYearly: s.runsOnYearly === null ? null : legacyRule(s.runsOnYearly),
      runsOnPublicHolidays: s.runsOnPublicHolidays,
      trips: s.trips.map(legacyTrip),
    },
    tripId: result.tripId,
    lineInfo: legacyLineInfo(result.lineInfo),
  };
}

export function legacyHoliday(h: Holiday): LegacyOf<typeof S.Holiday> {
  return { id: h.id, name: h.name, month: h.month, day: h.day };
}

export function legacyStopWithUsage(s: StopWithUsage): LegacyOf<typeof S.StopWithUsage> {
  return { stop: legacyStop(s.stop), usedInLines: s.usedInLines.map((l) => ({ id: l.id, name: l.name })) };
}

export function legacyAdminLinePreview(p: AdminLinePreview): LegacyOf<typeof S.AdminLinePreview> {
  return {
    id: p.id,
    name: p.name,
    routeStart: p.routeStart,
    routeEnd: p.routeEnd,
    mainStops: p.mainStops,
    extraStops: p.extraStops,
  };
}

function legacyAdminRoute(route: AdminRoute): LegacyOf<typeof S.Route> {
  return {
    id: route.id,
    stopsArr: route.stopsArr.map(legacyStop),
    distanceMetersList: route.distanceMetersList,
    routeNotes: route.routeNotes,
  };
}

export function legacyLineFull(full: LineFull): LegacyOf<typeof S.LineFull> {
  return {
    info: legacyLineInfo(full.info),
    routes: full.routes.map(legacyAdminRoute),
    routeTypeOptions: full.routeTypeOptions,
    routeUsage: full.routeUsage,
  };
}

export function legacyEmptyLine(template: LineTemplate): LegacyOf<typeof S.EmptyLine> {
  const { via: _legacyOnly, ...info } = template.info;
  return { ...template, info };
}

/** route/byline names the distance list distanceMetersArr and carries the line id. */
export function legacyRouteDto(route: AdminRoute): LegacyOf<typeof S.RouteDto> {
  return {
    id: route.id,
    routeNotes: route.routeNotes,
    stopsArr: route.stopsArr.map(legacyStop),
    distanceMetersArr: route.distanceMetersList,
    lineId: route.lineId,
  };
}

type ScheduleLike = {
  id: number | null;
  lineId: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: number | null;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  trips: {
    id: number | null;
    boundFor: BoundFor;
    routeId: number | null;
    routeDirReversed: boolean;
    timeList: (string | null)[];
  }[];
};

export function legacyScheduleDto(s: ScheduleLike): LegacyOf<typeof S.ScheduleDto> {
  return {
    id: s.id,
    trips: s.trips.map((t) => ({
      id: t.id,
      routeDirReversed: t.routeDirReversed,
      boundFor: t.boundFor,
      timeList: t.timeList.map((time) => legacyTime(time === '' ? null : time)),
      routeId: t.routeId,
    })),
    timeConstraintsDescription: s.timeConstraintsDescription,
    runsOnWeekly: s.runsOnWeekly,
    runsOnYearlyId: s.runsOnYearlyId,
    runsOnPublicHolidays: s.runsOnPublicHolidays,
    lineId: s.lineId,
  };
}

export function legacyScheduleByLine(result: LineSchedules): LegacyOf<typeof S.ScheduleByLine> {
  return {
    data: result.schedules.map(legacyScheduleDto),
    empty: legacyScheduleDto(result.empty),
    boundForOptions: result.boundForOptions,
    yearlyOptions: result.yearlyOptions.map((o) => ({ id: o.id, periodName: o.periodName })),
    lineTitle: result.lineTitle,
  };
}

export function legacyRulesWithUsage(result: RulesWithUsage): LegacyOf<typeof S.RulesWithUsage> {
  return {
    rules: result.rules.map(legacyRule),
    schedules: result.usage.map((u) => ({ ruleId: u.ruleId, schedules: u.scheduleIds })),
  };
}

export function legacyRuleScheduleGroup(group: RuleScheduleGroup): LegacyOf<typeof S.RuleScheduleGroup> {
  return {
    line: legacyLineInfo(group.line),
    schedules: group.schedules.map((s) => ({
      id: s.id,
      tripsFirstEntryAndDir: s.tripsFirstEntryAndDir.map((t) => ({ time: t.time, dir: t.dir })),
      runsOnWeekly: s.runsOnWeekly,
    })),
  };
}

export function legacySignIn(result: SignInResult): LegacyOf<typeof S.JwtResponse> {
  return {
    accessToken: result.accessToken,
    tokenType: result.tokenType,
    id: result.id,
    username: result.username,
    email: null,
    roles: result.roles,
  };
}
