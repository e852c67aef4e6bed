import { BOUND_FOR, ROUTE_TYPES, WEEKDAYS, YEARLY_RULE_TYPES } from '@bus/core';
import { z } from 'zod';

/**
 * The old server's JSON answers (rest-contract.md section 0.1 and section 1), each written
 * once: the mappers return these types, the OpenAPI document is generated from them (each
 * registered under its component name), and the contract tests parse real answers with them.
 * Objects are strict: exactly these keys, all present (the old server wrote nulls, never
 * omitted keys).
 */
export const legacySchemas = z.registry<{ id: string }>();

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  const described = (description ? schema.describe(description) : schema) as T;
  legacySchemas.add(described, { id });
  return described;
}

const int = z.number().int();
const nullableString = z.string().nullable();

export const Time = named(
  'Time',
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/),
  "A stop time as the old server wrote it: 'HH:MM:SS' (seconds always 00).",
);
export const Day = named('Day', z.enum(WEEKDAYS));
export const RouteType = named('RouteType', z.enum(ROUTE_TYPES), "'Nationial' is the product's spelling.");
export const BoundFor = named('BoundFor', z.enum(BOUND_FOR));

export const StopOption = named(
  'StopOption',
  z.strictObject({ value: int.nullable(), label: nullableString }),
  'A selector option; {value: null, label: null} when there is no stop.',
);
export const BusStop = named(
  'BusStop',
  z.strictObject({ id: int, name: nullableString, coords: nullableString, defaultOption: z.boolean() }),
);
export const LineIdName = named('LineIdName', z.strictObject({ id: int, name: z.string() }));
export const Note = named(
  'Note',
  z.strictObject({ id: int.nullable(), noteKey: z.string(), noteValue: z.string() }),
);
export const LineInfo = named(
  'LineInfo',
  z.strictObject({
    id: int,
    name: nullableString,
    routeStart: nullableString,
    routeEnd: nullableString,
    operator: nullableString,
    anykStationPlatform: nullableString,
    price: nullableString,
    enabledSeasonalYearlyRuleFilter: z.boolean(),
    customNotes: z.array(Note),
    routeType: RouteType.nullable(),
  }),
);
export const Route = named(
  'Route',
  z.strictObject({
    id: int,
    stopsArr: z.array(BusStop),
    distanceMetersList: z.array(int.nullable()),
    routeNotes: nullableString,
  }),
);
export const Trip = named(
  'Trip',
  z.strictObject({
    id: int,
    routeDirReversed: z.boolean().nullable(),
    boundFor: BoundFor.nullable(),
    timeList: z.array(Time.nullable()),
    route: Route,
  }),
  "timeList is in travel order (the route's stops reversed when routeDirReversed).",
);
export const TripDto = named(
  'TripDto',
  z.strictObject({
    id: int.nullable(),
    routeDirReversed: z.boolean(),
    boundFor: BoundFor,
    timeList: z.array(Time.nullable()),
    routeId: int.nullable(),
  }),
);
export const TimePeriod = named(
  'TimePeriod',
  z.strictObject({ id: int, startMonth: int, startDay: int, endMonth: int, endDay: int }),
);
export const Pattern = named(
  'Pattern',
  z.strictObject({ id: int, dayOfWeek: Day.nullable(), nthOccurenceEachMonth: int }),
);
export const Rule = named(
  'Rule',
  z.strictObject({
    id: int,
    periodName: z.string(),
    typeOfYearlyRule: z.enum(YEARLY_RULE_TYPES).nullable(),
    timePeriods: z.array(TimePeriod),
    otherRuleId: int.nullable(),
    pattern1Params: z.array(Pattern),
  }),
  'A yearly rule with its own periods only; otherRuleId names the rule whose periods it borrows.',
);
export const Schedule = named(
  'Schedule',
  z.strictObject({
    id: int,
    timeConstraintsDescription: nullableString,
    runsOnWeekly: z.array(Day),
    runsOnYearly: Rule.nullable(),
    runsOnPublicHolidays: z.boolean(),
    trips: z.array(Trip),
  }),
);
export const ScheduleDto = named(
  'ScheduleDto',
  z.strictObject({
    id: int.nullable(),
    trips: z.array(TripDto),
    timeConstraintsDescription: nullableString,
    runsOnWeekly: z.array(Day),
    runsOnYearlyId: int.nullable(),
    runsOnPublicHolidays: z.boolean(),
    lineId: int.nullable(),
  }),
);
export const Holiday = named(
  'Holiday',
  z.strictObject({ id: int, name: nullableString, month: int, day: int }),
);
export const HomeItem = named(
  'HomeItem',
  z.strictObject({
    tripId: int,
    timeDepart: Time,
    lineName: z.string(),
    name: z.string(),
    routeType: RouteType,
    lineId: int,
    schedId: int,
    tooLate: z.boolean(),
  }),
  'One departure. tooLate is new (the old server never sent it): the departure is already past in Vilnius.',
);
export const PreviewStop = named(
  'PreviewStop',
  z.strictObject({ name: z.string(), id: z.string().regex(/^\d+$/) }),
  'The stop id is a string here.',
);
export const PublicLinePreview = named(
  'PublicLinePreview',
  z.strictObject({
    id: int,
    name: z.string(),
    goesTo: nullableString,
    mainStops: z.array(PreviewStop),
    extraStops: z.array(PreviewStop).nullable(),
  }),
);
export const BrowseSchedule = named(
  'BrowseSchedule',
  z.strictObject({
    id: int,
    runsOnWeekly: z.array(Day),
    runsOnYearlyStr: z.string(),
    runsOnPublicHolidays: z.boolean(),
    trips: z.array(Trip),
  }),
);
export const LineTimetable = named(
  'LineTimetable',
  z.strictObject({ line: LineInfo, schedules: z.array(BrowseSchedule), yearlyRules: z.array(Rule) }),
);
export const NothingFound = named(
  'NothingFound',
  z.strictObject({ nothingFound: z.literal(true) }),
  'The line has no schedules (or does not exist).',
);
export const TripSchedule = named(
  'TripSchedule',
  z.strictObject({ schedule: Schedule, tripId: int, lineInfo: LineInfo }),
);
export const StopPair = named('StopPair', z.strictObject({ from: StopOption, to: StopOption }));
export const JwtResponse = named(
  'JwtResponse',
  z.strictObject({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    id: int,
    username: z.string(),
    email: nullableString,
    roles: z.array(z.string()),
  }),
);
export const StopWithUsage = named(
  'StopWithUsage',
  z.strictObject({ stop: BusStop, usedInLines: z.array(LineIdName) }),
);
export const AdminLinePreview = named(
  'AdminLinePreview',
  z.strictObject({
    id: int,
    name: z.string(),
    routeStart: nullableString,
    routeEnd: nullableString,
    mainStops: z.array(z.string()).nullable(),
    extraStops: z.array(z.string()).nullable(),
  }),
);
export const LineFull = named(
  'LineFull',
  z.strictObject({
    info: LineInfo,
    routes: z.array(Route),
    routeTypeOptions: z.array(RouteType),
    routeUsage: z
      .array(z.array(int))
      .describe('Per route (same order as routes): ids of the schedules with a trip on it.'),
  }),
);
const empty = z.array(z.never()).max(0);
export const EmptyLine = named(
  'EmptyLine',
  z.strictObject({
    info: z.strictObject({
      id: z.null(),
      name: z.null(),
      routeStart: z.null(),
      routeEnd: z.null(),
      operator: z.null(),
      anykStationPlatform: z.null(),
      price: z.null(),
      enabledSeasonalYearlyRuleFilter: z.literal(false),
      customNotes: empty,
      routeType: z.null(),
    }),
    routes: empty,
    routeTypeOptions: z.array(RouteType),
    routeUsage: empty,
  }),
  'The new-line form: a LineFull with nothing filled in.',
);
export const ScheduleByLine = named(
  'ScheduleByLine',
  z.strictObject({
    data: z.array(ScheduleDto),
    empty: ScheduleDto,
    boundForOptions: z.array(BoundFor),
    yearlyOptions: z.array(z.strictObject({ id: int, periodName: z.string() })),
    lineTitle: z.string(),
  }),
);
export const RouteDto = named(
  'RouteDto',
  z.strictObject({
    id: int,
    routeNotes: nullableString,
    stopsArr: z.array(BusStop),
    distanceMetersArr: z.array(int.nullable()),
    lineId: int,
  }),
  'Note the key distanceMetersArr here (distanceMetersList elsewhere).',
);
export const RulesWithUsage = named(
  'RulesWithUsage',
  z.strictObject({
    rules: z.array(Rule),
    schedules: z.array(z.strictObject({ ruleId: int, schedules: z.array(int) })),
  }),
);
export const RuleScheduleGroup = named(
  'RuleScheduleGroup',
  z.strictObject({
    line: LineInfo,
    schedules: z.array(
      z.strictObject({
        id: int,
        tripsFirstEntryAndDir: z.array(
          z
            .strictObject({ time: z.string().regex(/^(\d{2}:\d{2})?$/), dir: BoundFor })
            .describe("time: the trip's first time, zero-padded 'HH:MM' ('' when it has none)."),
        ),
        runsOnWeekly: z.array(Day),
      }),
    ),
  }),
);
export const ErrorBody = named(
  'ErrorBody',
  z.strictObject({ status: int, error: z.string(), message: z.string() }),
  'Every error: the HTTP status, its name and a human-readable message.',
);

/** Answer types, for the mappers. */
export type LegacyOf<T extends z.ZodType> = z.output<T>;
