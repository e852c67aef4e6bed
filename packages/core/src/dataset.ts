import { z } from 'zod';
import { BOUND_FOR, ROUTE_TYPES, WEEKDAYS, YEARLY_RULE_TYPES } from './domain.ts';

/**
 * The project's own data format: the whole timetable as one JSON document, ids kept.
 * `pnpm cli export` writes it, `pnpm cli import` reads it, and data/anyksciai.json is the
 * embedded default dataset. Cross-references (a route's stops, a trip's route, ...) are
 * checked after parsing by `checkDatasetReferences`.
 */
const id = z.number().int().positive();
const month = z.number().int().min(1).max(12);
const day = z.number().int().min(1).max(31);

export const DatasetStop = z.strictObject({
  id,
  name: z.string().min(1),
  coords: z.string().nullable(),
  defaultOption: z.boolean(),
});

export const DatasetHoliday = z.strictObject({ id, name: z.string(), month, day });

export const DatasetYearlyRule = z.strictObject({
  id,
  periodName: z.string().min(1),
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
  routeNotes: z.string().nullable(),
  stopIds: z.array(id).min(1),
  distanceMeters: z.array(z.number().int().nonnegative().nullable()),
});

export const DatasetLine = z.strictObject({
  id,
  name: z.string().min(1),
  routeStart: z.string().nullable(),
  routeEnd: z.string().nullable(),
  routeType: z.enum(ROUTE_TYPES),
  operator: z.string().nullable(),
  anykStationPlatform: z.string().nullable(),
  price: z.string().nullable(),
  via: z.string().nullable(),
  enabledSeasonalYearlyRuleFilter: z.boolean(),
  customNotes: z.array(z.strictObject({ id, noteKey: z.string(), noteValue: z.string() })),
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

export const DatasetSchedule = z.strictObject({
  id,
  lineId: id,
  runsOnWeekly: z.array(z.enum(WEEKDAYS)),
  runsOnYearlyId: id,
  runsOnPublicHolidays: z.boolean(),
  timeConstraintsDescription: z.string().nullable(),
  trips: z.array(DatasetTrip),
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
});
export type TimetableDataset = z.infer<typeof TimetableDataset>;
