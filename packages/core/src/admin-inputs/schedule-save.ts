import { z } from 'zod';
import { BOUND_FOR, STEP_FREE_VALUES, WEEKDAYS } from '../domain.ts';
import { MESSAGES } from '../messages.ts';
import { checkWindowOrder } from '../schedule-window.ts';
import { englishMessage, type KeyedMessage } from '../server-messages.ts';
import { formatTime, parseTime } from '../time.ts';
import { type ValidationResult, validationProblem } from './error-mapping.ts';
import { failed, uniqueIds } from './fields.ts';
import type { ScheduleDraft } from './schedules.ts';

/*
 * The schedule-save rules of spec section 5, checked after each trip's time list has been
 * fitted to its route: a weekday, a yearly rule, every time filled, 1-2 trips, their directions.
 */

/** A filled-in stop time, normalised to 'HH:MM' (the old client sends 'HH:MM:SS' back). */
const FilledTime = z.string(failed).transform((text, ctx) => {
  const minutes = parseTime(text.trim());
  if (minutes === null) {
    ctx.issues.push({ code: 'custom', message: MESSAGES.inputFailed, input: text });
    return z.NEVER;
  }
  return formatTime(minutes);
});

export const TripToSave = z.object(
  {
    id: z.number(failed).int(failed).nullable(),
    boundFor: z.enum(BOUND_FOR, failed),
    routeId: z.number(failed).int(failed).positive(failed),
    routeDirReversed: z.boolean(failed),
    timeList: z.array(FilledTime, failed),
  },
  failed,
);
export type TripToSave = z.infer<typeof TripToSave>;

const tripCount = { error: MESSAGES.tripCount };

/** Spec section 5: a weekday, a yearly rule, every time filled; 1-2 trips; their directions. */
export const ScheduleToSave = z
  .object(
    {
      id: z.number(failed).int(failed).nullable(),
      runsOnWeekly: z.array(z.enum(WEEKDAYS, failed), failed).min(1, failed),
      runsOnYearlyId: z.number(failed).int(failed).positive(failed),
      runsOnPublicHolidays: z.boolean(failed),
      timeConstraintsDescription: z.string(failed).nullable(),
      validFrom: z.string(failed).nullable().optional(),
      validUntil: z.string(failed).nullable().optional(),
      stepFree: z.enum(STEP_FREE_VALUES, failed).optional(),
      trips: z.array(TripToSave, failed).min(1, tripCount).max(2, tripCount),
    },
    failed,
  )
  .superRefine((schedule, ctx) => {
    checkWindowOrder(schedule, ctx);
    const dirs = schedule.trips.map((t) => t.boundFor);
    if (dirs.length === 1 && dirs[0] !== 'One way') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.singleTripOneWay, path: ['trips'] });
    }
    if (dirs.length === 2 && !(dirs.includes('Out bound') && dirs.includes('City bound'))) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.twoTripsDirections, path: ['trips'] });
    }
  });
export type ScheduleToSave = z.infer<typeof ScheduleToSave>;

export const SchedulesToSave = z.array(ScheduleToSave, failed).superRefine((schedules, ctx) => {
  const trips = schedules.flatMap((s) => s.trips);
  if (!uniqueIds(schedules) || !uniqueIds(trips))
    ctx.addIssue({ code: 'custom', message: MESSAGES.inputFailed });
});

/** Pads with '' (not filled in) or cuts a time list to the route's stop count (spec section 4). */
export function resizeTimeList(timeList: readonly (string | null)[], stopCount: number): (string | null)[] {
  const length = Math.max(0, stopCount);
  const resized = timeList.slice(0, length);
  while (resized.length < length) resized.push('');
  return resized;
}

/**
 * Before a save: every trip's time list is fitted to its route's stop count, then the spec's
 * schedule rules are checked. `stopCount` answers for the routes of the schedules' line;
 * a trip on any other route keeps its list and the caller rejects the route.
 */
export function prepareSchedulesToSave(
  schedules: readonly ScheduleDraft[],
  stopCount: (routeId: number) => number | undefined,
): ValidationResult<ScheduleToSave[]> {
  const resized = schedules.map((schedule) => ({
    ...schedule,
    trips: schedule.trips.map((trip) => {
      const count = trip.routeId === null ? undefined : stopCount(trip.routeId);
      return count === undefined ? trip : { ...trip, timeList: resizeTimeList(trip.timeList, count) };
    }),
  }));
  const result = SchedulesToSave.safeParse(resized);
  return result.success ? { success: true, data: result.data } : failure(validationProblem(result.error));
}

function failure(problem: KeyedMessage): { success: false; message: string; problem: KeyedMessage } {
  return { success: false, message: englishMessage(problem), problem };
}
