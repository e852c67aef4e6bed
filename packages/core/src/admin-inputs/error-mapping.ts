import type { ZodError, ZodType, z } from 'zod';
import { STORED_DATES } from '../date-bounds.ts';
import { DomainError } from '../errors.ts';
import { FEED_WINDOW_DAYS } from '../gtfs/publishing.ts';
import { PUNCTUALITY_MAX_DAYS, PUNCTUALITY_MAX_MINUTES } from '../live/punctuality.ts';
import { pickValidationMessage } from '../messages.ts';
import { MAX_STOP_QUERY_LENGTH } from '../queries.ts';
import {
  englishMessage,
  FARE_PROBLEM_LIST,
  type KeyedMessage,
  SERVICE_CHANGE_PROBLEM_LIST,
  serverMessage,
} from '../server-messages.ts';
import { MAX_SEARCH_NAMES } from '../stop-search.ts';
import { TEXT_LIMITS, TEXT_PROBLEMS, type TextField } from '../text-rules.ts';
import { SIGN_IN_LIMITS } from './sign-in.ts';

/*
 * Failed admin input as a message: every validation text of core mapped back to its keyed
 * message (server-messages.ts), the spec's message picked when several rules are broken, and
 * the legacy REST bodies' parse that throws it as INVALID_INPUT.
 */

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
      TEXT_PROBLEMS.map((problem) =>
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
    serverMessage('dateOutsideRange', STORED_DATES),
    serverMessage('scheduleWindowOrder'),
    ...SERVICE_CHANGE_PROBLEM_LIST.map((problem) => serverMessage('serviceChangeInvalid', { problem })),
    // Issue 41: fares.
    ...FARE_PROBLEM_LIST.map((problem) => serverMessage('fareInvalid', { problem })),
    serverMessage('queryTooLong', { max: MAX_STOP_QUERY_LENGTH }),
    ...(['order', 'tooLong'] as const).map((problem) =>
      serverMessage('punctualityPeriod', { problem, maxDays: PUNCTUALITY_MAX_DAYS }),
    ),
    ...(['earlyMinutes', 'lateMinutes'] as const).map((field) =>
      serverMessage('punctualityMinutes', { field, max: PUNCTUALITY_MAX_MINUTES }),
    ),
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

/** Validates raw input (e.g. a legacy REST body) with an admin schema; throws INVALID_INPUT with the spec message. */
export function parseAdminInput<T extends ZodType>(schema: T, raw: unknown): z.output<T> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new DomainError('INVALID_INPUT', validationProblem(result.error));
  return result.data;
}
