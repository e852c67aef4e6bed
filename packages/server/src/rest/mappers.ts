import type { DepartureItem, LineInfo, Stop, YearlyRule } from '@bus/core';
import type {
  LinePreview,
  PublicRoute,
  PublicSchedule,
  PublicTrip,
  TripSchedule,
} from '../services/timetable.ts';

/**
 * Domain results -> the old server's JSON shapes (rest-contract.md section 0.1). Pure
 * renaming and formatting: no rules, no SQL.
 */

/** Jackson wrote LocalTime as 'HH:MM:SS'. */
export function legacyTime(time: string | null): string | null {
  return time === null ? null : `${time}:00`;
}

export function legacyStop(stop: Stop) {
  return { id: stop.id, name: stop.name, coords: stop.coords, defaultOption: stop.defaultOption };
}

/** The search list's label carries the coords note: 'Mokinių st. v. (Prie Andrioniškių)'. */
export function legacyStopOption(stop: Stop) {
  return { value: stop.id, label: stop.coords ? `${stop.name} (${stop.coords})` : stop.name };
}

/** get2's label is the bare name; a missing stop is {value:null,label:null}. */
export function legacyBareOption(stop: Stop | null) {
  return stop ? { value: stop.id, label: stop.name } : { value: null, label: null };
}

export function legacyLineInfo(line: LineInfo) {
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

export function legacyRoute(route: PublicRoute) {
  return {
    id: route.id,
    stopsArr: route.stopsArr.map(legacyStop),
    distanceMetersList: route.distanceMeters,
    routeNotes: route.routeNotes,
  };
}

export function legacyTrip(trip: PublicTrip) {
  return {
    id: trip.id,
    routeDirReversed: trip.routeDirReversed,
    boundFor: trip.boundFor,
    timeList: trip.timeList.map(legacyTime),
    route: legacyRoute(trip.route),
  };
}

export function legacyRule(rule: YearlyRule) {
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

export function legacyHomeItem(item: DepartureItem) {
  return {
    tripId: item.tripId,
    timeDepart: legacyTime(item.timeDepart),
    lineName: item.lineName,
    name: item.name,
    routeType: item.routeType,
    lineId: item.lineId,
    schedId: item.schedId,
    tooLate: item.tooLate,
  };
}

export function legacyPublicLinePreview(line: LinePreview) {
  const stop = (s: { id: number; name: string }) => ({ name: s.name, id: String(s.id) });
  return {
    id: line.id,
    name: line.name,
    goesTo: line.goesTo,
    mainStops: line.mainStops.map(stop),
    extraStops: line.extraStops === null ? null : line.extraStops.map(stop),
  };
}

export function legacyBrowseSchedule(s: PublicSchedule) {
  return {
    id: s.id,
    runsOnWeekly: s.runsOnWeekly,
    runsOnYearlyStr: s.runsOnYearlyStr,
    runsOnPublicHolidays: s.runsOnPublicHolidays,
    trips: s.trips.map(legacyTrip),
  };
}

export function legacyTripSchedule(result: TripSchedule) {
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
