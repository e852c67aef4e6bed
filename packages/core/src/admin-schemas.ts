import { type ZodError, type ZodType, z } from 'zod';
import { daysInMonth } from './calendar.ts';
import { BOUND_FOR, type Position, ROUTE_TYPES, WEEKDAYS, YEARLY_RULE_TYPES } from './domain.ts';
import { DomainError } from './errors.ts';
import {
  FEED_WINDOW_DAYS,
  isEmailAddress,
  isPhoneNumber,
  isWebAddress,
  type PositionProblem,
  parsePosition,
} from './gtfs/publishing.ts';
import { MESSAGES, pickValidationMessage } from './messages.ts';
import { MAX_STOP_QUERY_LENGTH } from './queries.ts';
import { isNewId } from './reconcile.ts';
import { englishMessage, type KeyedMessage, serverMessage } from './server-messages.ts';
import { MAX_SEARCH_NAMES } from './stop-search.ts';
import { checkFieldText, TEXT_LIMITS, type TextField, type TextProblem } from './text-rules.ts';
import { formatTime, parseTime } from './time.ts';

/**
 * Inputs of the admin board (spec section 5). The same schemas check the admin forms, the
 * tRPC procedures and, through `parseAdminInput`, the legacy REST bodies. Every problem is
 * reported with one of the spec's messages (never zod's own wording), so whoever validates
 * shows the same text; the issue path still says which field to outline.
 *
 * Ids: an entity that exists has a positive id; a new one has null (or is missing) or a
 * negative temporary id (spec section 4). Fields the old client sends as text (Appendix C of
 * the REST contract: numeric strings, '' for "none", 'true'/'false') are accepted as such.
 * Text fields follow text-rules.ts: an empty required one gets the spec's message; one too
 * long, or with control characters or direction overrides, gets a message naming the field.
 */

const failed = { error: MESSAGES.inputFailed };
const MAX_ID = Number.MAX_SAFE_INTEGER;
const INTEGER_TEXT = /^-?\d+$/;

/** Id of an existing entity (> 0), or null for a new one; a negative id is a new one's temporary id. */
const EntityId = z
  .number(failed)
  .int(failed)
  .nullish()
  .transform((id) => id ?? null);

function toInteger(value: number | string): number {
  const text = typeof value === 'string' ? value.trim() : '';
  const n = typeof value === 'number' ? value : INTEGER_TEXT.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** An integer in [min, max], given as a number or as its digits. */
function intLike(min: number, max: number) {
  return z.union([z.number(failed), z.string(failed)], failed).transform((value, ctx) => {
    const n = toInteger(value);
    if (Number.isNaN(n) || n < min || n > max) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.inputFailed, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/** Like intLike; null, missing and '' mean "none". */
function optionalIntLike(min: number, max: number) {
  return z
    .union([z.number(failed), z.string(failed)], failed)
    .nullish()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const n = toInteger(value);
      if (Number.isNaN(n) || n < min || n > max) {
        ctx.issues.push({ code: 'custom', message: MESSAGES.inputFailed, input: value });
        return z.NEVER;
      }
      return n;
    });
}

/** true, or 'true' as the old client sends it; everything else allowed here ('' too) is false. */
const BoolLike = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('')], failed)
  .nullish()
  .transform((value) => value === true || value === 'true');

/**
 * A text field checked by text-rules.ts: the normalised text, null for a blank optional one,
 * or an issue (the spec's message for a missing required one, else one naming the field).
 */
function checkText(
  field: TextField,
  raw: string | null | undefined,
  required: boolean,
  ctx: z.RefinementCtx,
) {
  const checked = checkFieldText(field, raw, required);
  if (checked.ok) return checked.value;
  // Nothing typed at all is the spec's own case; invisible-only text is named.
  ctx.issues.push({
    code: 'custom',
    message: checked.blank ? MESSAGES.inputFailed : checked.message,
    input: raw,
  });
  return z.NEVER;
}

/** Required text of a field, stored trimmed and NFC-normalised. */
function requiredText(field: TextField) {
  return z.string(failed).transform((raw, ctx) => checkText(field, raw, true, ctx) as string);
}

/** Optional text of a field: blank means none (null). */
function optionalText(field: TextField) {
  return z
    .string(failed)
    .nullish()
    .transform((raw, ctx) => checkText(field, raw, false, ctx));
}

/** A list the old client may send as null. */
function list<T extends ZodType>(item: T) {
  return z
    .array(item, failed)
    .nullish()
    .transform((items): z.output<T>[] => items ?? []);
}

/**
 * A month and day that some year has: 02-29 is allowed (holidays and periods repeat every
 * year, and a leap year has it), 04-31 is not.
 */
export function isValidMonthDay(month: number, day: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= daysInMonth(2000, month);
}

/** No id given twice; with `storedOnly`, only ids of stored entities count (temporary ids may repeat). */
function uniqueIds(items: readonly { id: number | null }[], storedOnly = true): boolean {
  const ids = items.map((i) => i.id).filter((id): id is number => id !== null && (!storedOnly || id > 0));
  return new Set(ids).size === ids.length;
}

// ---------------------------------------------------------------------------------------
// Sign-in

const required = { error: MESSAGES.required };

/**
 * The longest user name and password a sign-in takes, in characters (hardening): anything
 * longer is refused before the password is hashed, a failure is recorded or anything is logged.
 */
export const SIGN_IN_LIMITS = { username: 100, password: 1000 } as const;

export const SIGN_IN_MESSAGES = {
  usernameTooLong: englishMessage(serverMessage('usernameTooLong', { max: SIGN_IN_LIMITS.username })),
  passwordTooLong: englishMessage(serverMessage('passwordTooLong', { max: SIGN_IN_LIMITS.password })),
};

/** More than `max` characters (code points), without spreading a huge text. */
function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  if (text.length > 2 * max) return true;
  return [...text].length > max;
}

export const SignInInput = z
  .object(
    {
      // maxLength here only documents the limit (OpenAPI); the check below enforces it.
      username: z.string(required).trim().min(1, required).meta({ maxLength: SIGN_IN_LIMITS.username }),
      // Not trimmed: spaces may be part of a password; a blank one is still "missing".
      password: z
        .string(required)
        .refine((p) => p.trim() !== '', required)
        .meta({ maxLength: SIGN_IN_LIMITS.password }),
    },
    required,
  )
  // On the whole input (no field path), so tRPC and the old REST path send the same words.
  .superRefine(({ username, password }, ctx) => {
    if (longerThan(username, SIGN_IN_LIMITS.username))
      ctx.addIssue({ code: 'custom', message: SIGN_IN_MESSAGES.usernameTooLong, path: [] });
    if (longerThan(password, SIGN_IN_LIMITS.password))
      ctx.addIssue({ code: 'custom', message: SIGN_IN_MESSAGES.passwordTooLong, path: [] });
  });
export type SignInInput = z.infer<typeof SignInInput>;

// ---------------------------------------------------------------------------------------
// Ids of the admin reads and deletes

export const AdminIdInput = z.object({ id: intLike(1, MAX_ID) }, failed);
export type AdminIdInput = z.infer<typeof AdminIdInput>;

/**
 * The error of a field every tRPC save or delete must send (the version it was made from):
 * missing (or, for a version number, null) is refused with a message naming the field.
 */
export function requiredField(field: 'baseVersion' | 'baseVersions' | 'baseSavedAt') {
  const missing = englishMessage(serverMessage('versionRequired', { field, lineId: null }));
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || (field !== 'baseSavedAt' && issue.input === null)
        ? missing
        : MESSAGES.inputFailed,
  };
}

/**
 * The version of what the editor loaded (the newest history entry of it; 0 when it has none,
 * and for something new). Every tRPC save and delete sends it, and one made from an older
 * version is refused. The old REST paths have no version: they are checked with the `...Fields`
 * schemas below, which leave it out, and their services are told so explicitly (UNVERSIONED).
 */
export const BaseVersion = z.number(requiredField('baseVersion')).int(failed).min(0, failed);

/**
 * What the old REST paths pass for the version they do not have: the save is not checked against
 * a version (see the services for what is checked instead).
 */
export const UNVERSIONED = 'unversioned' as const;

/** A save's input as the services take it: from tRPC with its version, or from the old REST paths without. */
export type WithVersion<T> = Omit<T, 'baseVersion'> & { baseVersion: number | typeof UNVERSIONED };

/** The admin history's filters (newest first; beforeId pages to older entries). */
export const HistoryFilterInput = z.object(
  {
    kind: z.enum(['line', 'schedule', 'rules', 'holiday', 'stop'], failed).optional(),
    lineId: intLike(1, MAX_ID).optional(),
    username: z.string(failed).trim().min(1, failed).max(64, failed).optional(),
    beforeId: intLike(1, MAX_ID).optional(),
    limit: intLike(1, 200).optional(),
  },
  failed,
);
export type HistoryFilterInput = z.infer<typeof HistoryFilterInput>;

/** Deleting one thing, from the version the user saw. */
export const AdminDeleteInput = z.object({ id: intLike(1, MAX_ID), baseVersion: BaseVersion }, failed);
export type AdminDeleteInput = z.infer<typeof AdminDeleteInput>;

/**
 * Putting back the state before a history entry, from the version the history page showed of
 * what the restore writes (the entry's `version`; for a whole save, its `batchRestore.version`).
 */
export const RestoreChangeInput = z.object({ id: intLike(1, MAX_ID), baseVersion: BaseVersion }, failed);
export type RestoreChangeInput = z.infer<typeof RestoreChangeInput>;

export const LineScopeInput = z.object({ lineId: intLike(1, MAX_ID) }, failed);
export type LineScopeInput = z.infer<typeof LineScopeInput>;

export const RuleScopeInput = z.object({ ruleId: intLike(1, MAX_ID) }, failed);
export type RuleScopeInput = z.infer<typeof RuleScopeInput>;

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

// ---------------------------------------------------------------------------------------
// Holidays and stops

/** A holiday as a save gives it, without a version (the old REST path; the holidays page's checks). */
export const SaveHolidayFields = z
  .object(
    {
      id: EntityId,
      name: requiredText('holidayName'),
      month: intLike(1, 12),
      day: intLike(1, 31),
    },
    failed,
  )
  .refine((h) => isValidMonthDay(h.month, h.day), { ...failed, path: ['day'] });
export type SaveHolidayFields = z.infer<typeof SaveHolidayFields>;

export const SaveHolidayInput = SaveHolidayFields.safeExtend({ baseVersion: BaseVersion });
export type SaveHolidayInput = z.infer<typeof SaveHolidayInput>;

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
const webAddressMessage = (field: 'siteUrl' | 'operatorUrl' | 'publisherContact') =>
  englishMessage(serverMessage('invalidWebAddress', { field }));

/** An optional web address (blank: none); the contact may be an e-mail address instead. */
function optionalAddress(field: 'siteUrl' | 'operatorUrl' | 'publisherContact') {
  return optionalText('webAddress').transform((value, ctx) => {
    if (value === null) return null;
    if (isWebAddress(value) || (field === 'publisherContact' && isEmailAddress(value))) return value;
    ctx.issues.push({ code: 'custom', message: webAddressMessage(field), input: value });
    return z.NEVER;
  });
}

/** The publishing screen (GTFS feed): every field may stay blank until the feed is published. */
export const SavePublishingInput = z.object(
  {
    siteUrl: optionalAddress('siteUrl'),
    publisherName: optionalText('publisherName'),
    publisherContact: optionalAddress('publisherContact'),
    operators: z
      .array(
        z.object(
          {
            name: requiredText('operator'),
            url: optionalAddress('operatorUrl'),
            phone: optionalText('phone').transform((value, ctx) => {
              if (value === null || isPhoneNumber(value)) return value;
              ctx.issues.push({
                code: 'custom',
                message: englishMessage(serverMessage('invalidPhone')),
                input: value,
              });
              return z.NEVER;
            }),
          },
          failed,
        ),
        failed,
      )
      .max(200, failed),
    windowDays: z.union([z.number(failed), z.string(failed)], failed).transform((value, ctx) => {
      const n = toInteger(value);
      if (Number.isNaN(n) || n < FEED_WINDOW_DAYS.min || n > FEED_WINDOW_DAYS.max) {
        ctx.issues.push({ code: 'custom', message: FEED_WINDOW_MESSAGE, input: value });
        return z.NEVER;
      }
      return n;
    }),
    /** When the settings the editor shows were saved (null: never); a save from older ones is refused. */
    baseSavedAt: z.string(requiredField('baseSavedAt')).max(40, failed).nullable(),
  },
  failed,
);
export type SavePublishingInput = z.infer<typeof SavePublishingInput>;

const FEED_WINDOW_MESSAGE = englishMessage(
  serverMessage('feedWindowDays', { min: FEED_WINDOW_DAYS.min, max: FEED_WINDOW_DAYS.max }),
);

// ---------------------------------------------------------------------------------------
// Lines with their route variations

export const LineNoteInput = z.object(
  { id: EntityId, noteKey: requiredText('noteKey'), noteValue: requiredText('noteValue') },
  failed,
);
export type LineNoteInput = z.infer<typeof LineNoteInput>;

export const SaveLineInfoInput = z.object(
  {
    id: EntityId,
    name: requiredText('lineName'),
    routeStart: requiredText('lineEnd'),
    routeEnd: requiredText('lineEnd'),
    routeType: z.enum(ROUTE_TYPES, failed),
    operator: optionalText('operator'),
    anykStationPlatform: optionalText('platform'),
    price: optionalText('price'),
    /** Legacy free text the old client never sends: missing keeps the stored value. */
    via: z
      .string(failed)
      .nullable()
      .optional()
      .transform((value, ctx) => (value === undefined ? undefined : checkText('via', value, false, ctx))),
    enabledSeasonalYearlyRuleFilter: BoolLike,
    customNotes: list(LineNoteInput),
  },
  failed,
);
export type SaveLineInfoInput = z.infer<typeof SaveLineInfoInput>;

/**
 * A route stop must be a chosen stop: a stored one (its id; the service checks that it exists),
 * or a new stop staff chose to create in the route editor: a temporary negative id with the
 * new stop's name, created by the line save itself (so a cancelled edit leaves no stop behind).
 * One temporary id may appear several times and always means the same new stop.
 */
const RouteStopRef = z.union(
  [
    z.object({ id: intLike(1, MAX_ID) }, failed),
    z.object({ id: intLike(-MAX_ID, -1), name: requiredText('stopName') }, failed),
  ],
  failed,
);
export type RouteStopRef = z.infer<typeof RouteStopRef>;

export const SaveRouteInput = z
  .object(
    {
      id: EntityId,
      routeNotes: requiredText('routeNotes'),
      stopsArr: z.array(RouteStopRef, failed).min(1, failed),
      /** Metres from each stop to the next; null = unknown. One entry fewer than the stops. */
      distanceMetersList: z.array(optionalIntLike(0, MAX_ID), failed),
    },
    failed,
  )
  .refine((r) => r.distanceMetersList.length === r.stopsArr.length - 1, {
    ...failed,
    path: ['distanceMetersList'],
  });
export type SaveRouteInput = z.infer<typeof SaveRouteInput>;

/** A line with its routes as a save gives it, without a version (the old REST path; the line editor's checks). */
export const SaveLineFields = z
  .object({ info: SaveLineInfoInput, routes: z.array(SaveRouteInput, failed) }, failed)
  .refine((line) => uniqueIds(line.routes) && uniqueIds(line.info.customNotes), failed);
export type SaveLineFields = z.infer<typeof SaveLineFields>;

export const SaveLineInput = SaveLineFields.safeExtend({ baseVersion: BaseVersion });
export type SaveLineInput = z.infer<typeof SaveLineInput>;

// ---------------------------------------------------------------------------------------
// Yearly rules

export const TimePeriodInput = z
  .object(
    {
      id: EntityId,
      startMonth: intLike(1, 12),
      startDay: intLike(1, 31),
      endMonth: intLike(1, 12),
      endDay: intLike(1, 31),
    },
    failed,
  )
  .refine((p) => isValidMonthDay(p.startMonth, p.startDay) && isValidMonthDay(p.endMonth, p.endDay), failed);
export type TimePeriodInput = z.infer<typeof TimePeriodInput>;

export const PatternItemInput = z.object(
  { id: EntityId, nthOccurenceEachMonth: intLike(1, 5), dayOfWeek: z.enum(WEEKDAYS, failed) },
  failed,
);
export type PatternItemInput = z.infer<typeof PatternItemInput>;

export const YearlyRuleInput = z.object(
  {
    id: EntityId,
    periodName: requiredText('ruleName'),
    typeOfYearlyRule: z
      .enum(YEARLY_RULE_TYPES, failed)
      .nullish()
      .transform((t) => t ?? null),
    /** Borrow this rule's periods; another rule of the same list, by its (maybe temporary) id. */
    otherRuleId: optionalIntLike(-MAX_ID, MAX_ID),
    timePeriods: list(TimePeriodInput),
    pattern1Params: list(PatternItemInput),
  },
  failed,
);
export type YearlyRuleInput = z.infer<typeof YearlyRuleInput>;

/**
 * The complete set of rules (rules left out are to be deleted). Borrowing is checked within
 * the list: only a rule without own periods may borrow, never from itself, only from a rule
 * that borrows nothing (one level, docs/domain-rules.md), and a temporary id must be in the
 * list. A positive id outside the list names a stored rule this save would delete; the
 * service reports that as a conflict.
 */
export const SaveYearlyRulesFields = z
  .object({ rules: z.array(YearlyRuleInput, failed) }, failed)
  .superRefine(({ rules }, ctx) => {
    // Temporary ids too: otherRuleId may name a new rule by one.
    if (!uniqueIds(rules, false))
      ctx.addIssue({ code: 'custom', message: MESSAGES.inputFailed, path: ['rules'] });
    rules.forEach((rule, index) => {
      const other = rule.otherRuleId;
      if (other === null) return;
      const target = rules.find((r) => r.id !== null && r.id === other);
      const broken =
        rule.timePeriods.length > 0 ||
        (rule.id !== null && other === rule.id) ||
        (target ? target.otherRuleId !== null : isNewId(other));
      if (broken)
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.inputFailed,
          path: ['rules', index, 'otherRuleId'],
        });
    });
  });
export type SaveYearlyRulesFields = z.infer<typeof SaveYearlyRulesFields>;

/** The rules with the version the yearly rules page loaded. */
export const SaveYearlyRulesInput = SaveYearlyRulesFields.safeExtend({ baseVersion: BaseVersion });
export type SaveYearlyRulesInput = z.infer<typeof SaveYearlyRulesInput>;

// ---------------------------------------------------------------------------------------
// Schedules

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
      trips: z.array(TripToSave, failed).min(1, tripCount).max(2, tripCount),
    },
    failed,
  )
  .superRefine((schedule, ctx) => {
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

/** Pads with null (unknown) or cuts a distance list to one entry fewer than the route's stops. */
export function resizeDistances(distances: readonly (number | null)[], stopCount: number): (number | null)[] {
  const length = Math.max(0, stopCount - 1);
  const resized = distances.slice(0, length);
  while (resized.length < length) resized.push(null);
  return resized;
}

/** `problem`: the message's key and parameters (server-messages.ts), for the client's catalogue. */
export type ValidationResult<T> =
  | { success: true; data: T }
  | { success: false; message: string; problem: KeyedMessage };

/** Every validation text of core (the schemas' issue messages) with its keyed message. */
const KEYED_TEXTS: ReadonlyMap<string, KeyedMessage> = new Map(
  [
    serverMessage('required'),
    serverMessage('inputFailed'),
    serverMessage('tripCount'),
    serverMessage('singleTripOneWay'),
    serverMessage('twoTripsDirections'),
    ...(Object.keys(TEXT_LIMITS) as TextField[]).flatMap((field) =>
      (['empty', 'too-long', 'control'] as TextProblem[]).map((problem) =>
        serverMessage('textProblem', { field, problem, limit: TEXT_LIMITS[field] }),
      ),
    ),
    serverMessage('usernameTooLong', { max: SIGN_IN_LIMITS.username }),
    serverMessage('passwordTooLong', { max: SIGN_IN_LIMITS.password }),
    serverMessage('tooManySearchNames', { max: MAX_SEARCH_NAMES }),
    serverMessage('invalidPosition', { problem: 'malformed' }),
    serverMessage('invalidPosition', { problem: 'outside' }),
    serverMessage('invalidWebAddress', { field: 'siteUrl' }),
    serverMessage('invalidWebAddress', { field: 'operatorUrl' }),
    serverMessage('invalidWebAddress', { field: 'publisherContact' }),
    serverMessage('invalidPhone'),
    serverMessage('feedWindowDays', { min: FEED_WINDOW_DAYS.min, max: FEED_WINDOW_DAYS.max }),
    serverMessage('versionRequired', { field: 'baseVersion', lineId: null }),
    serverMessage('versionRequired', { field: 'baseVersions', lineId: null }),
    serverMessage('versionRequired', { field: 'baseSavedAt', lineId: null }),
    serverMessage('invalidDate'),
    serverMessage('queryTooLong', { max: MAX_STOP_QUERY_LENGTH }),
  ].map((keyed) => [englishMessage(keyed), keyed] as const),
);

const INVALID_ID = /^(\w+) must be a positive whole number$/;

/** The keyed message a validation text of core stands for; null for other texts (zod's own words). */
export function keyOfValidationText(text: string): KeyedMessage | null {
  const known = KEYED_TEXTS.get(text);
  if (known) return known;
  const id = INVALID_ID.exec(text);
  return id?.[1] ? serverMessage('invalidId', { field: id[1] }) : null;
}

/** Texts of core as one keyed message (each once, in order; several are joined by '; '). */
function joinedProblems(texts: readonly string[]): KeyedMessage {
  const parts = [...new Set(texts)].map((text) => keyOfValidationText(text) ?? serverMessage('inputFailed'));
  return parts.length === 1 && parts[0] ? parts[0] : serverMessage('several', { parts });
}

/**
 * The keyed message of failed input: the spec message when one is broken (the earliest rule;
 * see MESSAGES), else core's own texts of the issues (a text too long, invisible or with
 * control characters naming its field, a sign-in limit...). `everyIssue`: null unless every
 * issue has one of core's texts; otherwise the issues in zod's own words are passed over.
 */
function problemOf(messages: readonly string[], everyIssue: boolean): KeyedMessage | null {
  const spec = keyOfValidationText(pickValidationMessage(messages) ?? '');
  if (spec !== null) return spec;
  const known = messages.filter((text) => keyOfValidationText(text) !== null);
  if (known.length === 0 || (everyIssue && known.length < messages.length)) return null;
  return joinedProblems(known);
}

/** The message of a failed admin validation, keyed; 'Input validation failed…' when core has no words for it. */
export function validationProblem(error: ZodError): KeyedMessage {
  return (
    problemOf(
      error.issues.map((i) => i.message),
      false,
    ) ?? serverMessage('inputFailed')
  );
}

/** The spec message for a failed admin validation (the earliest rule broken; see MESSAGES). */
export function validationMessage(error: ZodError): string {
  return englishMessage(validationProblem(error));
}

/**
 * The keyed message of any failed input (a tRPC input): the spec message when one is broken,
 * else core's texts of every issue; null when an issue has zod's own words.
 */
export function issuesProblem(messages: readonly string[]): KeyedMessage | null {
  return problemOf(messages, true);
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

/** Validates raw input (e.g. a legacy REST body) with an admin schema; throws INVALID_INPUT with the spec message. */
export function parseAdminInput<T extends ZodType>(schema: T, raw: unknown): z.output<T> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new DomainError('INVALID_INPUT', validationProblem(result.error));
  return result.data;
}
