import { z } from 'zod';
import { BOARD_MAX_STOPS } from './board.ts';
import { isIsoDate } from './calendar.ts';
import { normalizeDeparturesQuery } from './departures-query.ts';
import { DIRECTIONS } from './domain.ts';

/**
 * Inputs of the public reads. The same schemas validate URL query params (where everything is
 * text), tRPC inputs (numbers) and forms; the spec's defaults (section 5) live only in
 * normalizeDeparturesQuery so no caller re-invents them.
 */

export const MAX_STOP_QUERY_LENGTH = 100;

const DIGITS = /^\d+$/;

function idMessage(label: string): string {
  return `${label} must be a positive whole number`;
}

/** Digits only: '1e3', '0x10' or '12abc' are refused rather than read as something else. */
function toPositiveId(value: number | string): number | null {
  const n = typeof value === 'number' ? value : DIGITS.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A required id: a positive integer, or a string of digits as query strings carry it. */
export function idField(label: string) {
  return z.union([z.number(), z.string()], { error: idMessage(label) }).transform((value, ctx) => {
    const id = toPositiveId(value);
    if (id === null) {
      ctx.issues.push({ code: 'custom', message: idMessage(label), input: value });
      return z.NEVER;
    }
    return id;
  });
}

/** Like idField, but absent, null and '' all mean "not given" (forms send `to=` when unset). */
function optionalIdField(label: string) {
  return (
    z
      .union([z.number(), z.string()], { error: idMessage(label) })
      .nullish()
      .transform((value, ctx): number | undefined => {
        if (value === null || value === undefined) return undefined;
        if (typeof value === 'string' && value.trim() === '') return undefined;
        const id = toPositiveId(value);
        if (id === null) {
          ctx.issues.push({ code: 'custom', message: idMessage(label), input: value });
          return z.NEVER;
        }
        return id;
      })
      // Keeps the key optional in the parsed type too, so `normalizeDeparturesQuery({}, today)` type-checks.
      .optional()
  );
}

export const IsoDate = z.string().refine(isIsoDate, 'date must be a calendar date written YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDate>;

/** Timetable home query as it arrives; lenient about spelling, strict about what ids are. */
export const DeparturesQueryInput = z.object({
  from: optionalIdField('from'),
  to: optionalIdField('to'),
  dir: z.string().nullish(),
  date: z.string().nullish(),
});
export type DeparturesQueryInput = z.infer<typeof DeparturesQueryInput>;

/**
 * The departure board's question (issue 42): its stops, each at most once (the first time it
 * is named counts), and the date (today in Vilnius when none).
 */
export const BoardQueryInput = z.object({
  stops: z
    .array(idField('stops'), { error: 'stops must be a list of stop ids' })
    .min(1, { error: 'stops must name at least one stop' })
    .max(BOARD_MAX_STOPS, { error: `stops may name at most ${BOARD_MAX_STOPS} stops` })
    .transform((ids) => [...new Set(ids)]),
  date: IsoDate.nullish(),
});
export type BoardQueryInput = z.infer<typeof BoardQueryInput>;

/** The query with every default applied: what the departures service works on. */
export const DeparturesQuery = z.object({
  from: idField('from'),
  to: idField('to').nullable(),
  dir: z.enum(DIRECTIONS),
  date: IsoDate,
});
export type DeparturesQuery = z.infer<typeof DeparturesQuery>;

/** Validates raw input and applies the defaults; throws ZodError for a malformed id. */
export function parseDeparturesQuery(raw: unknown, today: string): DeparturesQuery {
  return normalizeDeparturesQuery(DeparturesQueryInput.parse(raw), today);
}

/** Empty query is allowed: it asks for the default stops. */
export const StopSearchInput = z.object({
  query: z
    .string()
    .trim()
    .max(MAX_STOP_QUERY_LENGTH, `query must be at most ${MAX_STOP_QUERY_LENGTH} characters`)
    .default(''),
});
export type StopSearchInput = z.infer<typeof StopSearchInput>;

export const LineIdInput = z.object({ id: idField('id') });
export type LineIdInput = z.infer<typeof LineIdInput>;

export const TripIdInput = z.object({ id: idField('id') });
export type TripIdInput = z.infer<typeof TripIdInput>;

// Fares (issue 41).

/**
 * A ride's fare: between two stops of a trip's route (`tripId`), or of a line (`lineId`: its
 * first route with the ride, or `routeId`'s), on a date (today when none).
 */
export const FareInput = z
  .object({
    tripId: idField('tripId').optional(),
    lineId: idField('lineId').optional(),
    routeId: idField('routeId').optional(),
    fromStopId: idField('fromStopId'),
    toStopId: idField('toStopId'),
    date: IsoDate.nullish(),
  })
  .superRefine((input, ctx) => {
    if ((input.tripId === undefined) === (input.lineId === undefined))
      ctx.addIssue({ code: 'custom', message: 'give either tripId or lineId', path: ['tripId'] });
    else if (input.routeId !== undefined && input.lineId === undefined)
      ctx.addIssue({ code: 'custom', message: 'routeId goes with lineId', path: ['routeId'] });
  });
export type FareInput = z.infer<typeof FareInput>;

/** A line's fare table on a date (today when none): of each of its routes, or of `routeId` only. */
export const FareTableInput = z.object({
  lineId: idField('lineId'),
  routeId: idField('routeId').optional(),
  date: IsoDate.nullish(),
});
export type FareTableInput = z.infer<typeof FareTableInput>;
