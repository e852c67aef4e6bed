import type { BoundFor, DepartureItem, LineInfo, Weekday, YearlyRule } from '@bus/core';
import { staticRule } from '@bus/core/test-rules';
import type { LineTimetableData, PublicSchedule, PublicStop, PublicTrip } from '../lib/schedule.ts';

/** Small builders for the public answers' shapes (unit tests only). */

export const stop = (id: number, name = `Stop ${id}`): PublicStop => ({
  id,
  name,
  coords: null,
  defaultOption: false,
});

export function trip(
  id: number,
  boundFor: BoundFor,
  routeId: number,
  /** The route's stops: ids (named 'Stop <id>') or whole stops. */
  stops: (number | PublicStop)[],
  times: (string | null)[],
  routeDirReversed = false,
): PublicTrip {
  return {
    id,
    boundFor,
    routeDirReversed,
    timeList: times,
    route: {
      id: routeId,
      routeNotes: null,
      stopsArr: stops.map((s) => (typeof s === 'number' ? stop(s) : s)),
      distanceMeters: stops.slice(1).map(() => null),
    },
  };
}

export function schedule(
  id: number,
  trips: PublicTrip[],
  ruleId = 1,
  runsOnWeekly: Weekday[] = [],
): PublicSchedule {
  return {
    id,
    lineId: 1,
    runsOnWeekly,
    runsOnYearlyId: ruleId,
    runsOnYearlyStr: `Rule ${ruleId}`,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    trips,
  };
}

export function rule(id: number, periods: [number, number, number, number][] = []): YearlyRule {
  return staticRule(id, periods, 'Rule');
}

export function lineInfo(overrides: Partial<LineInfo> = {}): LineInfo {
  return {
    id: 1,
    name: 'M35',
    routeStart: 'Anykščiai',
    routeEnd: 'Dabužiai',
    routeType: 'Regional Bus',
    operator: 'Transporto Centras',
    anykStationPlatform: null,
    price: null,
    via: null,
    enabledSeasonalYearlyRuleFilter: false,
    customNotes: [],
    ...overrides,
  };
}

export function lineTimetable(
  schedules: PublicSchedule[],
  overrides: Partial<Omit<LineTimetableData, 'nothingFound'>> = {},
): LineTimetableData {
  return {
    nothingFound: false,
    line: lineInfo(),
    schedules,
    yearlyRules: [rule(1)],
    activeRuleIds: [1],
    date: '2026-03-12',
    isHoliday: false,
    ...overrides,
  };
}

/** A departure of the home's answer (M35 at 06:40 to Dabužiai unless `over` says otherwise). */
export const departure = (over: Partial<DepartureItem> = {}): DepartureItem => ({
  lineName: 'M35',
  routeType: 'Regional Bus',
  tooLate: false,
  lineId: 1,
  schedId: 2,
  tripId: 3,
  timeDepart: '06:40',
  name: 'Dabužiai',
  ...over,
});
