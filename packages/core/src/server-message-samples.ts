import {
  type KeyedMessage,
  type ServerMessageKey,
  type ServerMessageParams,
  serverMessage,
} from './server-messages.ts';

/*
 * Test support (`@bus/core/server-message-samples`, in no package entry): one sample of every
 * server message, for the tests of core's English and of the web's catalogues.
 */

/** Parameters for every key (the type makes a new key need one here). */
export const SERVER_MESSAGE_SAMPLES: { [K in keyof ServerMessageParams]: ServerMessageParams[K] } = {
  required: {},
  inputFailed: {},
  tripCount: {},
  singleTripOneWay: {},
  twoTripsDirections: {},
  textProblem: { field: 'stopName', problem: 'too-long', limit: 100 },
  usernameTooLong: { max: 100 },
  passwordTooLong: { max: 1000 },
  tooManySearchNames: { max: 10 },
  invalidPosition: { problem: 'outside' },
  invalidWebAddress: { field: 'operatorUrl' },
  invalidPhone: {},
  feedWindowDays: { min: 30, max: 730 },
  versionRequired: { field: 'baseVersions', lineId: 7 },
  several: {
    parts: [
      serverMessage('textProblem', { field: 'stopName', problem: 'empty', limit: 100 }),
      serverMessage('textProblem', { field: 'stopNote', problem: 'control', limit: 200 }),
    ],
  },
  invalidId: { field: 'from' },
  invalidDate: {},
  dateOutsideRange: { from: '2000-01-01', to: '2099-12-31' },
  dateOutsideWindow: { from: '2024-01-01', to: '2027-12-31' },
  textNotUnicode: { field: 'stops.2.name' },
  scheduleWindowOrder: {}, // wt-dated (issue 28)
  newTimetableOutside: { scheduleId: 70, from: '2027-01-01' }, // wt-dated (issue 28)
  queryTooLong: { max: 100 },
  badCredentials: {},
  tooManySignIns: {},
  signInBusy: {},
  planDateOutsideWindow: { from: '2026-11-22', to: '2027-11-30' },
  planBusy: {},
  accountLocked: { minutes: 5 },
  signInRequired: {},
  sessionInvalid: {},
  adminRequired: {},
  importRunning: {},
  serverError: {},
  bodyNotUtf8: {},
  stale: { subject: { kind: 'line', id: 4, name: 'M35' }, username: 'boss', at: '2026-01-05 14:30' },
  staleScheduleCopy: {
    lineId: 4,
    line: 'M35',
    scheduleIds: [70, 71],
    username: 'anna',
    at: '2026-01-05 14:30',
  },
  staleLineCopy: {
    lineId: 7,
    line: null,
    details: false,
    routeIds: [12],
    addedRouteIds: [],
    username: null,
    at: null,
  },
  staleRulesCopy: {
    rules: [
      { id: 2, name: 'Vasara' },
      { id: 3, name: 'Žiema' },
    ],
    added: [{ id: 5, name: 'Ruduo' }],
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
  serviceChangeInvalid: { problem: 'datesOrder' },
  serviceChangeNotFound: { id: 4 },
  serviceChangeUnknown: { what: 'trip', id: 140 },
  retimeProblem: { tripId: 140, problem: 'outOfDay', stops: [0, 1] },
  badUsername: {},
  passwordEmpty: {},
  passwordTooShort: { min: 8 },
  unknownRole: { role: 'ROLE_X', roles: ['ROLE_ADMIN'] },
  userExists: { username: 'boss' },
  noSuchUser: { username: 'boss' },
  stopsTxtProblem: { line: 12, problem: { kind: 'badDegrees', column: 'stop_lat', value: '55,5' } },
  stopsTxtTooLarge: { max: 900_000 },
  positionTwice: { stopId: 11 },
};

/** The sample message of a key. */
export const sampleMessage = (key: ServerMessageKey): KeyedMessage =>
  ({ key, params: SERVER_MESSAGE_SAMPLES[key] }) as KeyedMessage;
