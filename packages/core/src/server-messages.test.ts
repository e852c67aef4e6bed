import { describe, expect, it } from 'vitest';
import {
  issuesProblem,
  keyOfValidationText,
  parseAdminInput,
  SaveHolidayFields,
  SaveStopFields,
  SIGN_IN_MESSAGES,
  SignInInput,
  validationMessage,
  validationProblem,
} from './admin-inputs/index.ts';
import { DomainError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { IsoDate, LineIdInput, StopSearchInput } from './queries.ts';
import { SERVER_MESSAGE_SAMPLES, sampleMessage as sample } from './server-message-samples.ts';
import {
  englishMessage,
  type KeyedMessage,
  SERVER_MESSAGE_KEYS,
  SERVER_MESSAGES,
  serverMessage,
} from './server-messages.ts';
import { TEXT_LIMITS, type TextField, textProblemMessage } from './text-rules.ts';

describe('server messages', () => {
  it('every key has an English template that gives a text', () => {
    expect(SERVER_MESSAGE_KEYS.length).toBeGreaterThan(40);
    for (const key of SERVER_MESSAGE_KEYS) {
      expect(typeof SERVER_MESSAGES[key]).toBe('function');
      expect(englishMessage(sample(key)).length, key).toBeGreaterThan(0);
    }
    expect(Object.keys(SERVER_MESSAGE_SAMPLES).sort()).toEqual([...SERVER_MESSAGE_KEYS].sort());
  });

  it('the English is what the server has always sent', () => {
    expect(englishMessage(sample('inputFailed'))).toBe(MESSAGES.inputFailed);
    expect(englishMessage(sample('accountLocked'))).toBe(MESSAGES.accountLocked(5));
    expect(englishMessage(serverMessage('accountLocked', { minutes: 1 }))).toBe(MESSAGES.accountLocked(1));
    expect(englishMessage(sample('stale'))).toBe(
      'Line M35 was changed by boss at 2026-01-05 14:30 after you opened it. Nothing was saved: reload to see the current version (your changes are kept in the editor).',
    );
    expect(
      englishMessage(
        serverMessage('stale', { subject: { kind: 'stop', id: 5, name: null }, username: null, at: null }),
      ),
    ).toBe(
      'Bus stop 5 was changed by someone else after you opened it. Nothing was saved: reload to see the current version (your changes are kept in the editor).',
    );
    expect(englishMessage(sample('staleLineCopy'))).toBe(
      'Line 7 was changed after this page was loaded: route 12 (last by someone else). Nothing was saved: reload the page to see the current line, then make your changes again.',
    );
    expect(englishMessage(sample('staleRulesCopy'))).toBe(
      "Yearly rules 'Vasara' (rule 2), 'Žiema' (rule 3) were changed after this page was loaded (last by anna at 2026-01-05 14:30); rule 'Ruduo' (rule 5) was added since, and saving this page would delete it. Nothing was saved: reload the page to see the current rules, then make your changes again.",
    );
    expect(
      englishMessage(
        serverMessage('routesUsedBySchedules', {
          routes: [{ id: 3, notes: 'per Vikonis', schedules: [70, 71] }],
        }),
      ),
    ).toBe(
      "Route variations used by schedules cannot be removed: 'per Vikonis' (route 3) by schedules 70, 71",
    );
    expect(englishMessage(sample('rulesUsedBySchedules'))).toBe(
      "Yearly rules used by schedules cannot be deleted: 'Vasara' (rule 2) by schedules 5",
    );
    expect(englishMessage(sample('several'))).toBe(
      'Stop name is empty or only invisible characters; Stop coords note contains control characters or text direction overrides',
    );
    for (const field of Object.keys(TEXT_LIMITS) as TextField[])
      for (const problem of ['empty', 'too-long', 'control'] as const)
        expect(
          englishMessage(serverMessage('textProblem', { field, problem, limit: TEXT_LIMITS[field] })),
        ).toBe(textProblemMessage(field, problem));
    expect(englishMessage(sample('usernameTooLong'))).toBe(SIGN_IN_MESSAGES.usernameTooLong);
    expect(englishMessage(sample('passwordTooLong'))).toBe(SIGN_IN_MESSAGES.passwordTooLong);
  });

  it('a keyed DomainError keeps the English message and carries the key and parameters', () => {
    const error = new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: 9 }));
    expect(error.message).toBe('Line 9 does not exist');
    expect(error.messageKey).toBe('lineNotFound');
    expect(error.messageParams).toEqual({ id: 9 });
    expect(new DomainError('CONFLICT', 'plain').messageKey).toBeUndefined();
  });

  it("core's validation texts have their keys", () => {
    const texts: string[] = [
      MESSAGES.required,
      MESSAGES.inputFailed,
      MESSAGES.tripCount,
      MESSAGES.singleTripOneWay,
      MESSAGES.twoTripsDirections,
      SIGN_IN_MESSAGES.usernameTooLong,
      SIGN_IN_MESSAGES.passwordTooLong,
    ];
    for (const text of texts) {
      const keyed = keyOfValidationText(text);
      expect(keyed, text).not.toBeNull();
      if (keyed) expect(englishMessage(keyed)).toBe(text);
    }
    expect(keyOfValidationText('Expected number')).toBeNull();
    // The public queries' own texts.
    const publicIssues = [
      IsoDate.safeParse('2026-02-30'),
      LineIdInput.safeParse({ id: 'x' }),
      StopSearchInput.safeParse({ query: 'a'.repeat(101) }),
    ].flatMap((r) => (r.success ? [] : r.error.issues.map((i) => i.message)));
    expect(publicIssues).toHaveLength(3);
    expect(publicIssues.map((text) => keyOfValidationText(text)?.key)).toEqual([
      'invalidDate',
      'invalidId',
      'queryTooLong',
    ]);
    for (const text of publicIssues)
      expect(englishMessage(keyOfValidationText(text) as KeyedMessage)).toBe(text);
  });

  it('a failed validation is keyed as validationMessage words it', () => {
    const long = SaveStopFields.safeParse({ id: null, name: 'x'.repeat(101), coords: 'a\u202Eb' });
    expect(long.success).toBe(false);
    if (long.success) return;
    const problem = validationProblem(long.error);
    expect(problem.key).toBe('several');
    expect(englishMessage(problem)).toBe(validationMessage(long.error));
    expect(validationMessage(long.error)).toBe(
      'Stop name is too long: at most 100 characters; Stop coords note contains control characters or text direction overrides',
    );
    expect(issuesProblem(long.error.issues.map((i) => i.message))).toEqual(problem);
    expect(issuesProblem(['Expected number'])).toBeNull();
    expect(issuesProblem(['Expected number', MESSAGES.tripCount])).toEqual(serverMessage('tripCount'));

    const error = (() => {
      try {
        parseAdminInput(SaveHolidayFields, { name: 'x'.repeat(101), month: 1, day: 1 });
      } catch (e) {
        return e as DomainError;
      }
    })();
    expect(error?.message).toBe('Holiday name is too long: at most 100 characters');
    expect(error?.messageKey).toBe('textProblem');
    expect(error?.messageParams).toEqual({ field: 'holidayName', problem: 'too-long', limit: 100 });

    expect(() =>
      parseAdminInput(SignInInput, { username: 'u'.repeat(101), password: 'p'.repeat(1001) }),
    ).toThrow(`${SIGN_IN_MESSAGES.usernameTooLong}; ${SIGN_IN_MESSAGES.passwordTooLong}`);
  });
});
