import { z } from 'zod';
import { isIsoDate } from './calendar.ts';
import { BOUND_FOR, ROUTE_TYPES, STEP_FREE_VALUES, WEEKDAYS, YEARLY_RULE_TYPES } from './domain.ts';
import { MAX_ROUNDING_CENTS, MAX_THROUGH_CHANGE_MINUTES } from './fares/fare-limits.ts';
import { checkWindowOrder, WindowBound } from './schedule-window.ts';
import { MAX_SEARCH_NAMES } from './stop-search.ts';
import { checkFieldText, type TextField } from './text-rules.ts';

/**
 * The project's own data format: the whole timetable as one JSON document, ids kept.
 * `pnpm cli export` writes it, `pnpm cli import` reads it, and data/anyksciai.json is the
 * embedded default dataset. Cross-references (a route's stops, a trip's route, ...) are
 * checked after parsing by `checkDatasetReferences`.
 */
const id = z.number().int().positive();
const month = z.number().int().min(1).max(12);
const day = z.number().int().min(1).max(31);

/** A text field under the same rules as the admin inputs (text-rules.ts), stored normalised. */
function checked(field: TextField, required: boolean) {
  return (raw: string | null, ctx: z.RefinementCtx) => {
    const result = checkFieldText(field, raw, required);
    if (result.ok) return result.value;
    ctx.issues.push({ code: 'custom', message: result.message, input: raw });
    return z.NEVER;
  };
}

const text = (field: TextField) =>
  z.string().transform((raw, ctx) => checked(field, true)(raw, ctx) as string);
/** An optional text field: null or blank is none. */
const optionalText = (field: TextField) => z.string().nullable().transform(checked(field, false));

export const DatasetStop = z.strictObject({
  id,
  name: text('stopName'),
  coords: optionalText('stopNote'),
  defaultOption: z.boolean(),
  /** Extra names the stop search finds it by; absent: none. */
  searchNames: z.array(text('stopSearchName')).max(MAX_SEARCH_NAMES).optional(),
  /** Where the stop is (decimal degrees); absent: not given yet. */
  position: z
    .strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
    .optional(),
  /** Whether a wheelchair can board there (issue 41); absent: not known. */
  stepFree: z.enum(STEP_FREE_VALUES).optional(),
  /** The bay or platform buses leave from (issue 42); absent or null: none. */
  bay: optionalText('bay').optional(),
});

export const DatasetHoliday = z.strictObject({ id, name: text('holidayName'), month, day });

export const DatasetYearlyRule = z.strictObject({
  id,
  periodName: text('ruleName'),
  typeOfYearlyRule: z.enum(YEARLY_RULE_TYPES).nullable(),
  otherRuleId: id.nullable(),
  timePeriods: z.array(
    z.strictObject({ id, startMonth: month, startDay: day, endMonth: month, endDay: day }),
  ),
  pattern1Params: z.array(
    z.strictObject({
      id,
      nthOccurenceEachMonth: z.number().int().min(1).max(5),
      dayOfWeek: z.enum(WEEKDAYS),
    }),
  ),
});

export const DatasetRoute = z.strictObject({
  id,
  routeNotes: optionalText('routeNotes'),
  stopIds: z.array(id).min(1),
  distanceMeters: z.array(z.number().int().nonnegative().nullable()),
});

export const DatasetLine = z.strictObject({
  id,
  name: text('lineName'),
  routeStart: optionalText('lineEnd'),
  routeEnd: optionalText('lineEnd'),
  routeType: z.enum(ROUTE_TYPES),
  operator: optionalText('operator'),
  anykStationPlatform: optionalText('platform'),
  price: optionalText('price'),
  via: optionalText('via'),
  enabledSeasonalYearlyRuleFilter: z.boolean(),
  customNotes: z.array(z.strictObject({ id, noteKey: text('noteKey'), noteValue: text('noteValue') })),
  routes: z.array(DatasetRoute),
});

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM between 00:00 and 23:59');

export const DatasetTrip = z.strictObject({
  id,
  boundFor: z.enum(BOUND_FOR),
  routeId: id,
  routeDirReversed: z.boolean(),
  timeList: z.array(time.nullable()),
});

export const DatasetSchedule = z
  .strictObject({
    id,
    lineId: id,
    runsOnWeekly: z.array(z.enum(WEEKDAYS)),
    runsOnYearlyId: id,
    runsOnPublicHolidays: z.boolean(),
    timeConstraintsDescription: optionalText('scheduleDescription'),
    /** The validity window (issue 28): 'YYYY-MM-DD' or null (also when absent), inclusive. */
    validFrom: WindowBound,
    validUntil: WindowBound,
    /** Whether its bus is low-floor with a ramp (issue 41); absent: not known. */
    stepFree: z.enum(STEP_FREE_VALUES).optional(),
    trips: z.array(DatasetTrip),
  })
  .superRefine(checkWindowOrder);

// Fares (issue 41): money in whole cents, distances in metres.
const cents = z.number().int().nonnegative();

export const DatasetFareRule = z.strictObject({
  id,
  lineId: id,
  validFrom: z.string().refine(isIsoDate, 'validFrom must be a calendar date written YYYY-MM-DD'),
  method: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('flat'), cents }),
    z.strictObject({ kind: z.literal('perKm'), centsPerKm: cents }),
    z.strictObject({
      kind: z.literal('bands'),
      bands: z
        .array(z.strictObject({ upToMeters: z.number().int().positive(), cents }))
        .refine(
          (bands) =>
            bands.every(
              (b, i) => i === 0 || b.upToMeters > (bands[i - 1] as { upToMeters: number }).upToMeters,
            ),
          'bands must be ascending by upToMeters',
        ),
    }),
  ]),
  roundingCents: z.number().int().min(1).max(MAX_ROUNDING_CENTS),
  minimumCents: cents,
  pairs: z.array(z.strictObject({ fromStopId: id, toStopId: id, cents })),
});

export const DatasetConcession = z.strictObject({
  id,
  nameLt: text('concessionName'),
  nameEn: text('concessionName'),
  percent: z.number().int().min(0).max(100),
});

/** A through fare (fares/journey-fares.ts): one ticket for a journey changing from one line to another. */
export const DatasetThroughFare = z.strictObject({
  id,
  fromLineId: id,
  fromStopId: id,
  toLineId: id,
  toStopId: id,
  validFrom: z.string().refine(isIsoDate, 'validFrom must be a calendar date written YYYY-MM-DD'),
  cents,
  changeMinutes: z.number().int().min(1).max(MAX_THROUGH_CHANGE_MINUTES),
});

export const DATASET_FORMAT = 'bus-timetable';
export const DATASET_VERSION = 1;

export const TimetableDataset = z.strictObject({
  format: z.literal(DATASET_FORMAT),
  version: z.literal(DATASET_VERSION),
  stops: z.array(DatasetStop),
  holidays: z.array(DatasetHoliday),
  yearlyRules: z.array(DatasetYearlyRule),
  lines: z.array(DatasetLine),
  schedules: z.array(DatasetSchedule),
  /** Issue 41: the lines' fare rules and the concessions; absent: none (a file from before fares). */
  fareRules: z.array(DatasetFareRule).optional(),
  concessions: z.array(DatasetConcession).optional(),
  /** The through fares; absent: none (a file from before them). */
  throughFares: z.array(DatasetThroughFare).optional(),
});
export type TimetableDataset = z.infer<typeof TimetableDataset>;
