import {
  type KeyedMessage,
  renderServerMessage,
  SERVER_MESSAGE_KEYS,
  SERVER_MESSAGES,
  type ServerMessageParams,
  serverMessage,
} from '@bus/core';
import { describe, expect, it } from 'vitest';
import { serverMessagesEn } from './server-messages-en.ts';
import { serverMessagesLt } from './server-messages-lt.ts';

/** Parameters for every key (the type makes a new key need one here). */
const SAMPLES: { [K in keyof ServerMessageParams]: ServerMessageParams[K] } = {
  required: {},
  inputFailed: {},
  tripCount: {},
  singleTripOneWay: {},
  twoTripsDirections: {},
  textProblem: { field: 'platform', problem: 'too-long', limit: 50 },
  usernameTooLong: { max: 100 },
  passwordTooLong: { max: 1000 },
  tooManySearchNames: { max: 10 },
  invalidPosition: { problem: 'outside' },
  invalidWebAddress: { field: 'operatorUrl' },
  invalidPhone: {},
  feedWindowDays: { min: 30, max: 730 },
  versionRequired: { field: 'baseVersion', lineId: null },
  several: {
    parts: [
      serverMessage('textProblem', { field: 'stopName', problem: 'empty', limit: 100 }),
      serverMessage('textProblem', { field: 'stopNote', problem: 'control', limit: 200 }),
    ],
  },
  invalidId: { field: 'from' },
  invalidDate: {},
  queryTooLong: { max: 100 },
  badCredentials: {},
  tooManySignIns: {},
  signInBusy: {},
  accountLocked: { minutes: 2 },
  signInRequired: {},
  sessionInvalid: {},
  adminRequired: {},
  importRunning: {},
  serverError: {},
  bodyNotUtf8: {},
  stale: {
    subject: { kind: 'lineSchedules', lineId: 4, line: 'M35' },
    username: 'boss',
    at: '2026-01-05 14:30',
  },
  staleScheduleCopy: { lineId: 4, line: 'M35', scheduleIds: [70], username: 'anna', at: '2026-01-05 14:30' },
  staleLineCopy: {
    lineId: 7,
    line: 'M17 B',
    details: true,
    routeIds: [12, 13],
    addedRouteIds: [15],
    username: 'anna',
    at: '2026-01-05 14:30',
  },
  staleRulesCopy: {
    rules: [{ id: 2, name: 'Vasara' }],
    added: [
      { id: 5, name: 'Žiema' },
      { id: 6, name: 'Ruduo' },
    ],
    username: 'anna',
    at: '2026-01-05 14:30',
  },
  duplicateStopName: { name: 'Vikonys (kryžkelė)', stopId: 12 },
  stopUsedByLines: { stop: 'Vikonys', lines: ['M35', 'M36'] },
  routesUsedBySchedules: {
    routes: [
      { id: 3, notes: 'per Vikonis', schedules: [70, 71] },
      { id: 4, notes: null, schedules: [72] },
    ],
  },
  rulesUsedBySchedules: { rules: [{ id: 2, name: 'Vasara', schedules: [5] }] },
  ruleBorrowed: { id: 2, name: 'Vasara', borrower: 'Vasaros darbo dienos' },
  lineGone: { lineId: 9 },
  nothingToRestore: {},
  oneLinePerSave: {},
  lineNotFound: { id: 9 },
  scheduleNotFound: { id: 70 },
  scheduleNotOnLine: { id: 70, lineId: 9 },
  tripNotInSchedule: { id: 140 },
  tripNotFound: { id: 140 },
  ruleNotFound: { id: 2 },
  holidayNotFound: { id: 1 },
  stopNotFound: { id: 12 },
  routeNotOnLine: { id: 3 },
  noteNotOnLine: { id: 5 },
  changeNotFound: { id: 88 },
  badUsername: {},
  passwordEmpty: {},
  passwordTooShort: { min: 8 },
  unknownRole: { role: 'ROLE_X', roles: ['ROLE_ADMIN'] },
  userExists: { username: 'boss' },
  noSuchUser: { username: 'boss' },
};

const sample = (key: keyof ServerMessageParams) => ({ key, params: SAMPLES[key] }) as KeyedMessage;

describe('the server message catalogues', () => {
  it('have the same keys in both languages, the keys of the server', () => {
    const keys = [...SERVER_MESSAGE_KEYS].sort();
    expect(Object.keys(serverMessagesEn).sort()).toEqual(keys);
    expect(Object.keys(serverMessagesLt).sort()).toEqual(keys);
    expect(Object.keys(SAMPLES).sort()).toEqual(keys);
  });

  it("English gives exactly the server's English for every key", () => {
    for (const key of SERVER_MESSAGE_KEYS)
      expect(renderServerMessage(serverMessagesEn, sample(key)), key).toBe(
        renderServerMessage(SERVER_MESSAGES, sample(key)),
      );
  });

  it('Lithuanian words every key (no English left, parameters kept)', () => {
    for (const key of SERVER_MESSAGE_KEYS) {
      const text = renderServerMessage(serverMessagesLt, sample(key));
      expect(text.length, key).toBeGreaterThan(0);
      expect(text, key).not.toBe(renderServerMessage(SERVER_MESSAGES, sample(key)));
      expect(text, key).not.toMatch(/undefined|null|\[object/);
    }
    expect(renderServerMessage(serverMessagesLt, sample('routesUsedBySchedules'))).toBe(
      'Tvarkaraščių naudojamų maršruto variantų pašalinti negalima: „per Vikonis“ (variantas 3) – tvarkaraščiai 70, 71; variantas 4 – tvarkaraštis 72',
    );
    expect(renderServerMessage(serverMessagesLt, sample('staleLineCopy'))).toBe(
      'Po to, kai įkėlėte šį puslapį, maršrute „M17 B“ pakeista: duomenys, variantai 12, 13 (paskutinį kartą – naudotojas anna, 2026-01-05 14:30); variantas 15 pridėtas vėliau, ir išsaugojus šį puslapį jis būtų ištrintas. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartinį maršrutą, ir pakeitimus atlikite dar kartą.',
    );
    expect(renderServerMessage(serverMessagesLt, sample('staleRulesCopy'))).toBe(
      'Metinė taisyklė „Vasara“ (taisyklė 2) pakeista po to, kai įkėlėte šį puslapį (paskutinį kartą – naudotojas anna, 2026-01-05 14:30); taisyklės „Žiema“ (taisyklė 5), „Ruduo“ (taisyklė 6) pridėtos vėliau, ir išsaugojus šį puslapį jos būtų ištrintos. Nieko neišsaugota: įkelkite puslapį iš naujo, kad matytumėte dabartines taisykles, ir pakeitimus atlikite dar kartą.',
    );
    expect(renderServerMessage(serverMessagesLt, sample('stale'))).toMatch(
      /^Kol redagavote, maršruto „M35“ tvarkaraščius pakeitė naudotojas boss \(2026-01-05 14:30\)\./,
    );
  });

  it.each([
    [1, '1 simbolis'],
    [2, '2 simboliai'],
    [9, '9 simboliai'],
    [10, '10 simbolių'],
    [11, '11 simbolių'],
    [20, '20 simbolių'],
    [21, '21 simbolis'],
    [22, '22 simboliai'],
    [100, '100 simbolių'],
  ])('counts in Lithuanian: at most %i -> %s', (max, words) => {
    expect(serverMessagesLt.usernameTooLong({ max })).toBe(
      `Naudotojo vardas per ilgas: ne daugiau kaip ${words}`,
    );
  });

  it.each([
    [1, 'po minutės'],
    [2, 'po 2 minučių'],
    [10, 'po 10 minučių'],
    [21, 'po 21 minutės'],
  ])('a locked account waits %i minute(s): %s', (minutes, words) => {
    expect(serverMessagesLt.accountLocked({ minutes })).toMatch(new RegExp(`${words}$`));
  });
});
