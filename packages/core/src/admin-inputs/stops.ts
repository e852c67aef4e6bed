import { z } from 'zod';
import { type Position, STEP_FREE_VALUES } from '../domain.ts';
import { type PositionProblem, parsePosition } from '../gtfs/publishing.ts';
import { englishMessage, serverMessage } from '../server-messages.ts';
import { MAX_SEARCH_NAMES } from '../stop-search.ts';
import { BoolLike, checkText, EntityId, failed, optionalText, requiredText } from './fields.ts';
import { BaseVersion } from './versions.ts';

// Stops: the admin search and a stop's save

/** A stop as a save gives it, without a version (the old REST path). */
export const SaveStopFields = z.object(
  {
    id: EntityId,
    name: requiredText('stopName'),
    /** Free-text note that tells same-named stops apart. */
    coords: optionalText('stopNote'),
    defaultOption: BoolLike,
    /**
     * Extra names the stop search finds it by ('Autobusų stotis', 'Bus station'); absent: keep
     * the stored ones (the old REST path knows none).
     */
    searchNames: z
      .array(requiredText('stopSearchName'), failed)
      .max(MAX_SEARCH_NAMES, {
        error: englishMessage(serverMessage('tooManySearchNames', { max: MAX_SEARCH_NAMES })),
      })
      .optional(),
    /**
     * Whether a wheelchair can board there (issue 41); absent: keep the stored one (the old REST
     * path knows none).
     */
    stepFree: z.enum(STEP_FREE_VALUES, failed).optional(),
    /**
     * The bay or platform buses leave from (issue 42), at most 10 characters; '' or null: none.
     * Absent: keep the stored one (the old REST path knows none).
     */
    bay: z
      .string(failed)
      .nullable()
      .optional()
      .transform((raw, ctx) => (raw === undefined ? undefined : checkText('bay', raw, false, ctx))),
    /** The user has seen that another stop has this name and saves anyway. */
    confirmDuplicateName: z.boolean(failed).optional(),
    /**
     * Where the stop is, 'latitude, longitude' as pasted from a map; '' or null: none. Absent:
     * keep the stored one (the old REST path knows none).
     */
    position: z
      .string(failed)
      .nullable()
      .optional()
      .transform((value, ctx): Position | null | undefined => {
        if (value === undefined) return undefined;
        const parsed = parsePosition(value ?? '');
        if (parsed.ok) return parsed.position;
        ctx.issues.push({ code: 'custom', message: positionMessage(parsed.problem), input: value });
        return z.NEVER;
      }),
  },
  failed,
);
export type SaveStopFields = z.infer<typeof SaveStopFields>;

export const SaveStopInput = SaveStopFields.safeExtend({ baseVersion: BaseVersion });
export type SaveStopInput = z.infer<typeof SaveStopInput>;

const positionMessage = (problem: PositionProblem) =>
  englishMessage(serverMessage('invalidPosition', { problem }));

/** Admin stop search: diacritic- and case-insensitive substring; empty lists every stop. */
export const AdminStopSearchInput = z.object(
  {
    query: z
      .string(failed)
      .trim()
      .max(100, failed)
      .nullish()
      .transform((q) => q ?? ''),
  },
  failed,
);
export type AdminStopSearchInput = z.infer<typeof AdminStopSearchInput>;
