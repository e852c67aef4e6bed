import {
  type BoundFor,
  MESSAGES,
  prepareSchedulesToSave,
  remapTripTimes,
  resizeTimeList,
  type ScheduleDraft,
  type ScheduleToSave,
  type StepFree,
  type TripWarning,
  tripWarnings,
  type ValidationResult,
  WEEKDAYS,
  type Weekday,
} from '@bus/core';
import { savedId, tempId } from './temp-ids.ts';

/** A trip as the schedule editor holds it: times as shown ('' = not filled in), in travel order. */
export interface TripForm {
  id: number;
  boundFor: BoundFor;
  routeId: number | null;
  routeDirReversed: boolean;
  timeList: string[];
}

export interface ScheduleForm {
  id: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: number | null;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string;
  /** The validity window (issue 28), 'YYYY-MM-DD' or '' for no bound; absent in drafts kept from before. */
  validFrom?: string;
  validUntil?: string;
  /** Whether its bus is low-floor with a ramp (issue 41); absent in drafts kept from before. */
  stepFree?: StepFree;
  trips: TripForm[];
}

/** What the server sends (stored schedules and the empty template) as the editor's model. */
export interface ScheduleLike {
  id: number | null;
  runsOnWeekly: readonly Weekday[];
  runsOnYearlyId: number | null;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  stepFree?: StepFree;
  trips: readonly {
    id: number | null;
    boundFor: BoundFor;
    routeId: number | null;
    routeDirReversed: boolean;
    timeList: readonly (string | null)[];
  }[];
}

export function scheduleToForm(schedule: ScheduleLike): ScheduleForm {
  return {
    id: schedule.id ?? tempId(),
    runsOnWeekly: WEEKDAYS.filter((day) => schedule.runsOnWeekly.includes(day)),
    runsOnYearlyId: schedule.runsOnYearlyId,
    runsOnPublicHolidays: schedule.runsOnPublicHolidays,
    timeConstraintsDescription: schedule.timeConstraintsDescription ?? '',
    validFrom: schedule.validFrom ?? '',
    validUntil: schedule.validUntil ?? '',
    stepFree: schedule.stepFree ?? 'unknown',
    trips: schedule.trips.map((trip) => ({
      id: trip.id ?? tempId(),
      boundFor: trip.boundFor,
      routeId: trip.routeId,
      routeDirReversed: trip.routeDirReversed,
      timeList: trip.timeList.map((t) => (t ? t.slice(0, 5) : '')),
    })),
  };
}

/**
 * The schedule as the save sends it (spec section 4): temporary ids become null, and each
 * trip's time list is resized to its route's stop count (padded with '' or cut).
 */
export function toScheduleDraft(
  form: ScheduleForm,
  stopCount: (routeId: number) => number | undefined,
): ScheduleDraft {
  return {
    id: savedId(form.id),
    runsOnWeekly: WEEKDAYS.filter((day) => form.runsOnWeekly.includes(day)),
    runsOnYearlyId: form.runsOnYearlyId,
    runsOnPublicHolidays: form.runsOnPublicHolidays,
    timeConstraintsDescription: form.timeConstraintsDescription.trim() || null,
    // A form kept from before windows existed sends none: the stored window stays.
    ...(form.validFrom === undefined ? {} : { validFrom: form.validFrom.trim() || null }),
    ...(form.validUntil === undefined ? {} : { validUntil: form.validUntil.trim() || null }),
    // Nor a step-free mark (issue 41): the stored one stays.
    ...(form.stepFree === undefined ? {} : { stepFree: form.stepFree }),
    trips: form.trips.map((trip) => {
      const count = trip.routeId === null ? undefined : stopCount(trip.routeId);
      return {
        id: savedId(trip.id),
        boundFor: trip.boundFor,
        routeId: trip.routeId,
        routeDirReversed: trip.routeDirReversed,
        timeList: count === undefined ? [...trip.timeList] : resizeTimeList(trip.timeList, count),
      };
    }),
  };
}

/** The checks of spec section 5, exactly as the server runs them (same core function). */
export function validateSchedule(
  form: ScheduleForm,
  stopCount: (routeId: number) => number | undefined,
): ValidationResult<ScheduleToSave[]> & { draft: ScheduleDraft } {
  const draft = toScheduleDraft(form, stopCount);
  return { ...prepareSchedulesToSave([draft], stopCount), draft };
}

const TRIP_RULE_MESSAGES: readonly string[] = [
  MESSAGES.tripCount,
  MESSAGES.singleTripOneWay,
  MESSAGES.twoTripsDirections,
];

/** Trip rule messages stay 8 s, the others 3 s (spec section 9). */
export function isTripRuleMessage(message: string): boolean {
  return TRIP_RULE_MESSAGES.includes(message);
}

/** A new trip for a schedule: the other direction of its first trip, on the same route. */
export function secondTrip(first: TripForm | undefined): TripForm {
  return {
    id: tempId(),
    boundFor: first?.boundFor === 'City bound' ? 'Out bound' : 'City bound',
    routeId: first?.routeId ?? null,
    routeDirReversed: first ? !first.routeDirReversed : false,
    timeList: [],
  };
}

/** A route as the schedule editor knows it: its stops as drawn. */
export interface RouteStopsOf {
  id: number;
  stopsArr: readonly { id: number; name: string }[];
}

/** The stops a trip passes, in travel order (the route reversed for a reversed trip). */
export function travelStops(route: RouteStopsOf, reversed: boolean) {
  return reversed ? [...route.stopsArr].reverse() : [...route.stopsArr];
}

export interface RouteSwitch {
  timeList: string[];
  /** Stops both routes share, whose times were kept. */
  kept: number;
  /** Stops of the new route without a time yet. */
  empty: number;
  /** Times dropped with stops the new route does not have. */
  dropped: number;
}

/**
 * A trip moved to another route keeps the time of every stop both routes share (in travel
 * order, core's remapTripTimes) and leaves the others empty for staff to fill.
 */
export function switchTripRoute(
  trip: TripForm,
  from: RouteStopsOf | undefined,
  to: RouteStopsOf,
): RouteSwitch {
  const next = travelStops(to, trip.routeDirReversed).map((s) => s.id);
  if (!from) return { timeList: next.map(() => ''), kept: 0, empty: next.length, dropped: 0 };
  const previous = travelStops(from, trip.routeDirReversed).map((s) => s.id);
  const times = trip.timeList.map((t) => (t === '' ? null : t));
  const moved = remapTripTimes(previous, next, times, false);
  const timeList = moved.timeList.map((t) => t ?? '');
  return {
    timeList,
    kept: timeList.filter((t) => t !== '').length,
    empty: timeList.filter((t) => t === '').length,
    dropped: moved.dropped.length,
  };
}

export interface ScheduleWarning {
  /** 1-based trip number as the editor shows it. */
  trip: number;
  warning: TripWarning;
  /** Name of the stop the warning is about. */
  stopName: string;
}

/**
 * Plausibility warnings of a schedule about to be saved (core tripWarnings): times going
 * backwards along a trip, a direction that does not fit where the trip starts or ends.
 */
export function scheduleWarnings(form: ScheduleForm, routes: readonly RouteStopsOf[]): ScheduleWarning[] {
  const out: ScheduleWarning[] = [];
  form.trips.forEach((trip, index) => {
    const route = routes.find((r) => r.id === trip.routeId);
    if (!route) return;
    const stops = travelStops(route, trip.routeDirReversed);
    const names = new Map(stops.map((s) => [s.id, s.name]));
    for (const warning of tripWarnings({
      boundFor: trip.boundFor,
      travelStopIds: stops.map((s) => s.id),
      timeList: trip.timeList.map((t) => (t === '' ? null : t)),
    })) {
      const { stopId } = warning;
      out.push({ trip: index + 1, warning, stopName: (stopId === undefined ? '' : names.get(stopId)) ?? '' });
    }
  });
  return out;
}
