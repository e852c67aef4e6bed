import { z } from 'zod';
import { BOUND_FOR, STEP_FREE_VALUES, WEEKDAYS } from '../domain.ts';
import { WindowBound } from '../schedule-window.ts';
import {
  BoolLike,
  EntityId,
  failed,
  intLike,
  list,
  MAX_ID,
  optionalIntLike,
  optionalText,
} from './fields.ts';
import { BaseVersion } from './versions.ts';

// Schedules as the editors send them (the rules a save checks are in schedule-save.ts)

/**
 * A schedule as the editor sends it. Only the shape is checked here: the rules of spec
 * section 5 apply after each trip's time list has been fitted to its route (see
 * prepareSchedulesToSave), because a list that is too long or too short is not an error.
 */
export const TripDraft = z.object(
  {
    id: EntityId,
    boundFor: z.enum(BOUND_FOR, failed),
    routeId: optionalIntLike(-MAX_ID, MAX_ID),
    routeDirReversed: BoolLike,
    /** 'HH:MM' (or 'HH:MM:SS') per stop in travel order; '' or null while not filled in. */
    timeList: list(z.string(failed).nullable()),
  },
  failed,
);
export type TripDraft = z.infer<typeof TripDraft>;

export const ScheduleDraft = z.object(
  {
    id: EntityId,
    runsOnWeekly: list(z.enum(WEEKDAYS, failed)),
    runsOnYearlyId: optionalIntLike(-MAX_ID, MAX_ID),
    runsOnPublicHolidays: BoolLike,
    timeConstraintsDescription: optionalText('scheduleDescription'),
    /** The validity window (issue 28): 'YYYY-MM-DD', or null / '' / absent for no bound. */
    validFrom: WindowBound,
    validUntil: WindowBound,
    /** Whether its bus is low-floor with a ramp (issue 41); absent: the stored mark stays. */
    stepFree: z.enum(STEP_FREE_VALUES, failed).optional(),
    trips: list(TripDraft),
  },
  failed,
);
export type ScheduleDraft = z.infer<typeof ScheduleDraft>;

/**
 * Saves (upserts) these schedules of one line; the line's other schedules stay as they are.
 * Without a version: the old REST path's whole-list save.
 */
export const SaveSchedulesFields = z.object(
  { lineId: intLike(1, MAX_ID), schedules: z.array(ScheduleDraft, failed) },
  failed,
);
export type SaveSchedulesFields = z.infer<typeof SaveSchedulesFields>;

export const SaveSchedulesInput = SaveSchedulesFields.safeExtend({ baseVersion: BaseVersion });
export type SaveSchedulesInput = z.infer<typeof SaveSchedulesInput>;
