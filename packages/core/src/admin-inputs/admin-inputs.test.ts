import { describe, expect, it } from 'vitest';
import { BulkSchedulesInput } from '../bulk-schedules.ts';
import { resizeDistances } from '../domain.ts';
import { DomainError } from '../errors.ts';
import { MESSAGES, pickValidationMessage } from '../messages.ts';
import { isNewId } from '../reconcile.ts';
import { englishMessage, serverMessage } from '../server-messages.ts';
import {
  AdminDeleteInput,
  issuesProblem,
  isValidMonthDay,
  parseAdminInput,
  prepareSchedulesToSave,
  RestoreChangeInput,
  resizeTimeList,
  SaveHolidayFields,
  SaveHolidayInput,
  SaveLineFields,
  SaveLineInput,
  SavePublishingInput,
  SaveSchedulesFields,
  SaveSchedulesInput,
  SaveStopFields,
  SaveStopInput,
  SaveYearlyRulesFields,
  SaveYearlyRulesInput,
  type ScheduleDraft,
  SignInInput,
  validationMessage,
} from './index.ts';

describe('spec messages', () => {
  it('are the spec texts, word for word (including the trailing space)', () => {
    expect(MESSAGES.inputFailed).toBe("Input validation failed, check if everything's entered right");
    expect(MESSAGES.tripCount).toBe('Min 1 trip per schedule, Max 2 trips per schedule');
    expect(MESSAGES.singleTripOneWay).toBe(
      "Input validation failed, In single trip schedules - trip direction must be 'One way' ",
    );
    expect(MESSAGES.twoTripsDirections).toBe(
      "Input validation failed, In two trip schedules - 1 trip must be 'Out bound' and the other 'City bound'",
    );
    expect(MESSAGES.required).toBe('This field is required!');
  });

  it('picks the earliest rule of spec section 5 when several are broken', () => {
    expect(pickValidationMessage([MESSAGES.twoTripsDirections, MESSAGES.tripCount])).toBe(MESSAGES.tripCount);
    expect(pickValidationMessage([MESSAGES.tripCount, MESSAGES.inputFailed])).toBe(MESSAGES.inputFailed);
    expect(pickValidationMessage(['Expected number'])).toBeNull();
  });
});

describe('small rules', () => {
  it('treats null, 0 and negative ids as new', () => {
    expect([null, 0, -1, 5].map(isNewId)).toEqual([true, true, true, false]);
  });

  it('accepts a month and day that some year has (02-29 yes, 04-31 no)', () => {
    expect(isValidMonthDay(2, 29)).toBe(true);
    expect(isValidMonthDay(2, 30)).toBe(false);
    expect(isValidMonthDay(4, 31)).toBe(false);
    expect(isValidMonthDay(12, 31)).toBe(true);
    expect(isValidMonthDay(13, 1)).toBe(false);
    expect(isValidMonthDay(1, 0)).toBe(false);
  });

  it('pads time lists with empty times or cuts them to the stop count', () => {
    expect(resizeTimeList(['06:00'], 3)).toEqual(['06:00', '', '']);
    expect(resizeTimeList(['06:00', '06:05', null], 2)).toEqual(['06:00', '06:05']);
    expect(resizeTimeList([], 0)).toEqual([]);
  });

  it('pads distances with null or cuts them to one fewer than the stops', () => {
    expect(resizeDistances([], 3)).toEqual([null, null]);
    expect(resizeDistances([1, 2, 3], 2)).toEqual([1]);
    expect(resizeDistances([5], 0)).toEqual([]);
  });
});

describe('SignInInput', () => {
  it("needs both fields, with 'This field is required!'", () => {
    for (const input of [
      {},
      { username: 'a' },
      { username: ' ', password: 'x' },
      { username: 'a', password: '  ' },
    ]) {
      const result = SignInInput.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(validationMessage(result.error)).toBe(MESSAGES.required);
    }
    expect(SignInInput.parse({ username: ' boss ', password: ' 2025 ' })).toEqual({
      username: 'boss',
      password: ' 2025 ',
    });
  });
});

describe('inputs the old client sends', () => {
  it('reads numeric strings, empty strings and boolean strings (REST contract, Appendix C)', () => {
    expect(SaveStopFields.parse({ name: 'A', defaultOption: '' })).toEqual({
      id: null,
      name: 'A',
      coords: null,
      defaultOption: false,
    });
    const schedules = SaveSchedulesFields.parse({
      lineId: '7',
      schedules: [
        {
          id: null,
          runsOnWeekly: ['MONDAY'],
          runsOnYearlyId: '3',
          runsOnPublicHolidays: 'true',
          timeConstraintsDescription: null,
          trips: [
            { id: null, boundFor: 'One way', routeId: 8, routeDirReversed: false, timeList: ['06:40:00'] },
          ],
        },
      ],
    });
    expect(schedules.lineId).toBe(7);
    expect(schedules.schedules[0]).toMatchObject({ runsOnYearlyId: 3, runsOnPublicHolidays: true });
    const rules = SaveYearlyRulesFields.parse({
      rules: [
        {
          id: 1,
          periodName: 'X',
          typeOfYearlyRule: null,
          otherRuleId: '',
          timePeriods: [],
          pattern1Params: [{ id: null, nthOccurenceEachMonth: '2', dayOfWeek: 'FRIDAY' }],
        },
      ],
    });
    expect(rules.rules[0]).toMatchObject({
      otherRuleId: null,
      pattern1Params: [{ nthOccurenceEachMonth: 2 }],
    });
    const line = SaveLineFields.parse({
      info: { id: null, name: 'L', routeStart: 'A', routeEnd: 'B', routeType: 'City Bus', customNotes: null },
      routes: [
        { id: -1, routeNotes: 'r', stopsArr: [{ id: 1, name: 'x' }, { id: 2 }], distanceMetersList: [''] },
      ],
      routeTypeOptions: ['ignored'],
      routeUsage: [[1]],
    });
    expect(line.routes[0]?.distanceMetersList).toEqual([null]);
    expect(line.routes[0]?.stopsArr).toEqual([{ id: 1 }, { id: 2 }]);
    expect(line.info).toMatchObject({
      operator: null,
      customNotes: [],
      enabledSeasonalYearlyRuleFilter: false,
    });
  });

  it('reports every problem with a spec message, never zod wording', () => {
    for (const [schema, input] of [
      [SaveHolidayFields, null],
      [SaveHolidayFields, { name: 3, month: 'x', day: [] }],
      [SaveLineFields, { info: 'x', routes: {} }],
      [SaveYearlyRulesFields, { rules: [{ periodName: 1, timePeriods: 'x' }] }],
      [SaveSchedulesFields, { lineId: -1, schedules: [{ trips: [{ boundFor: 1, timeList: 'x' }] }] }],
    ] as const) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) {
        for (const issue of result.error.issues) expect(issue.message).toBe(MESSAGES.inputFailed);
      }
    }
  });

  it('parseAdminInput throws INVALID_INPUT with the spec message', () => {
    expect(() => parseAdminInput(SaveHolidayFields, { name: '', month: 1, day: 1 })).toThrow(
      new DomainError('INVALID_INPUT', serverMessage('inputFailed')),
    );
    expect(parseAdminInput(SaveHolidayFields, { name: 'A', month: 2, day: 29 })).toEqual({
      id: null,
      name: 'A',
      month: 2,
      day: 29,
    });
  });
});

describe('the version every tRPC save and delete sends', () => {
  const holiday = { id: 2, name: 'Joninės', month: 6, day: 24 };
  const stop = { id: 3, name: 'Vikonys', coords: null, defaultOption: false };
  const line = {
    info: { id: 4, name: 'L', routeStart: 'A', routeEnd: 'B', routeType: 'City Bus', customNotes: [] },
    routes: [{ id: 5, routeNotes: 'r', stopsArr: [{ id: 1 }, { id: 2 }], distanceMetersList: [null] }],
  };
  const rules = { rules: [{ id: 1, periodName: 'X', timePeriods: [], pattern1Params: [] }] };
  const schedules = { lineId: 7, schedules: [] };
  const remove = { id: 9 };
  const BASE_VERSION = englishMessage(
    serverMessage('versionRequired', { field: 'baseVersion', lineId: null }),
  );
  const SCHEMAS = [
    ['holidays.save', SaveHolidayInput, holiday],
    ['stops.save', SaveStopInput, stop],
    ['lines.saveFull', SaveLineInput, line],
    ['rules.saveAll', SaveYearlyRulesInput, rules],
    ['schedules.saveList', SaveSchedulesInput, schedules],
    ['a delete', AdminDeleteInput, remove],
    ['history.restore', RestoreChangeInput, remove],
  ] as const;

  it.each(SCHEMAS)(
    '%s: missing or null is refused with a message naming baseVersion',
    (_what, schema, input) => {
      for (const baseVersion of [undefined, null]) {
        const result = schema.safeParse({ ...input, baseVersion });
        expect(result.success).toBe(false);
        const messages = result.error?.issues.map((i) => i.message) ?? [];
        expect(messages).toEqual([BASE_VERSION]);
        expect(result.error?.issues[0]?.path).toEqual(['baseVersion']);
        expect(issuesProblem(messages)).toEqual(
          serverMessage('versionRequired', { field: 'baseVersion', lineId: null }),
        );
      }
    },
  );

  it.each(SCHEMAS)(
    '%s: a version that is no version is the generic failure; 0 and up are kept',
    (_w, schema, input) => {
      for (const bad of [-1, 1.5, '3', true])
        expect(schema.safeParse({ ...input, baseVersion: bad }).error?.issues.map((i) => i.message)).toEqual([
          MESSAGES.inputFailed,
        ]);
      for (const version of [0, 41])
        expect(schema.parse({ ...input, baseVersion: version }).baseVersion).toBe(version);
    },
  );

  it.each([
    ['holiday', SaveHolidayFields, holiday],
    ['stop', SaveStopFields, stop],
    ['line', SaveLineFields, line],
    ['rules', SaveYearlyRulesFields, rules],
    ['schedules', SaveSchedulesFields, schedules],
  ] as const)('the old REST body of a %s needs none (a version sent is ignored)', (_what, schema, input) => {
    expect(schema.safeParse(input).success).toBe(true);
    expect(schema.parse({ ...input, baseVersion: 5 })).not.toHaveProperty('baseVersion');
  });

  it('a bulk change names baseVersions, the publishing save baseSavedAt (null there means never saved)', () => {
    const bulk = BulkSchedulesInput.safeParse({ scheduleIds: [1], runsOnWeekly: ['MONDAY'] });
    expect(bulk.error?.issues.map((i) => i.message)).toEqual([
      englishMessage(serverMessage('versionRequired', { field: 'baseVersions', lineId: null })),
    ]);
    const publishing = {
      siteUrl: null,
      publisherName: null,
      publisherContact: null,
      operators: [],
      windowDays: 365,
    };
    expect(SavePublishingInput.safeParse(publishing).error?.issues.map((i) => i.message)).toEqual([
      englishMessage(serverMessage('versionRequired', { field: 'baseSavedAt', lineId: null })),
    ]);
    expect(SavePublishingInput.safeParse({ ...publishing, baseSavedAt: null }).success).toBe(true);
  });
});

describe('SaveYearlyRulesInput borrowing checks', () => {
  const rule = (id: number | null, otherRuleId: number | null, periods = 0) => ({
    id,
    periodName: `r${id}`,
    otherRuleId,
    timePeriods: Array.from({ length: periods }, () => ({
      startMonth: 1,
      startDay: 1,
      endMonth: 2,
      endDay: 1,
    })),
    pattern1Params: [],
  });
  const ok = (rules: unknown[]) => SaveYearlyRulesInput.safeParse({ rules, baseVersion: 0 }).success;

  it('allows a rule without periods to borrow from a rule of the list that borrows nothing', () => {
    expect(ok([rule(-1, null, 1), rule(-2, -1)])).toBe(true);
    expect(ok([rule(3, null, 1), rule(null, 3)])).toBe(true);
    // A stored rule outside the list: the service decides (it would be deleted).
    expect(ok([rule(null, 3)])).toBe(true);
  });

  it('refuses own periods plus a borrowed rule, itself, chains, unknown temporary ids', () => {
    expect(ok([rule(-1, null, 1), rule(-2, -1, 1)])).toBe(false);
    expect(ok([rule(-1, -1)])).toBe(false);
    expect(ok([rule(5, 5)])).toBe(false);
    expect(ok([rule(-1, null, 1), rule(-2, -1), rule(-3, -2)])).toBe(false);
    expect(ok([rule(-2, -9)])).toBe(false);
    expect(ok([rule(-1, null, 1), rule(-1, null, 1)])).toBe(false);
  });
});

describe('prepareSchedulesToSave', () => {
  const trip = (
    boundFor: 'One way' | 'Out bound' | 'City bound',
    timeList: (string | null)[],
    routeId = 8,
  ) => ({
    id: null,
    boundFor,
    routeId,
    routeDirReversed: false,
    timeList,
  });
  const schedule = (
    trips: ScheduleDraft['trips'],
    overrides: Partial<ScheduleDraft> = {},
  ): ScheduleDraft => ({
    id: null,
    runsOnWeekly: ['MONDAY'],
    runsOnYearlyId: 1,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    trips,
    ...overrides,
  });
  const stopCount = (routeId: number) => (routeId === 8 ? 2 : undefined);
  const message = (schedules: ScheduleDraft[]) => {
    const result = prepareSchedulesToSave(schedules, stopCount);
    return result.success ? null : result.message;
  };

  it('fits the lists first, then checks; times come out as HH:MM', () => {
    const result = prepareSchedulesToSave(
      [schedule([trip('One way', ['06:00:00', '06:10', '', 'x'])])],
      stopCount,
    );
    expect(result).toEqual({
      success: true,
      data: [expect.objectContaining({ trips: [expect.objectContaining({ timeList: ['06:00', '06:10'] })] })],
    });
    expect(message([schedule([trip('One way', ['06:00'])])])).toBe(MESSAGES.inputFailed);
  });

  it('reports the rules in the spec order', () => {
    expect(message([schedule([trip('One way', ['06:00', '06:10'])], { runsOnWeekly: [] })])).toBe(
      MESSAGES.inputFailed,
    );
    expect(message([schedule([trip('One way', ['06:00', '06:10'])], { runsOnYearlyId: null })])).toBe(
      MESSAGES.inputFailed,
    );
    expect(message([schedule([])])).toBe(MESSAGES.tripCount);
    const t2 = ['06:00', '06:10'];
    expect(message([schedule([trip('Out bound', t2), trip('City bound', t2), trip('One way', t2)])])).toBe(
      MESSAGES.tripCount,
    );
    expect(message([schedule([trip('City bound', t2)])])).toBe(MESSAGES.singleTripOneWay);
    expect(message([schedule([trip('City bound', t2), trip('City bound', t2)])])).toBe(
      MESSAGES.twoTripsDirections,
    );
    expect(message([schedule([trip('City bound', t2), trip('Out bound', t2)])])).toBeNull();
    // The generic failure wins over a trip-count problem elsewhere in the list.
    expect(message([schedule([]), schedule([trip('One way', ['25:00', '06:10'])])])).toBe(
      MESSAGES.inputFailed,
    );
  });
});
