import {
  MAX_BAND_METERS,
  MAX_FARE_BANDS,
  MAX_FARE_CENTS,
  MAX_PAIR_FARES,
  MAX_ROUNDING_CENTS,
  MAX_THROUGH_CHANGE_MINUTES,
} from './fares/fare-limits.ts';
import { type StopsTxtProblem, stopsTxtProblemText } from './gtfs/stops-txt.ts';
import { MESSAGES } from './messages.ts';
import { type LoneSurrogateAt, type TextField, type TextProblem, textProblemMessage } from './text-rules.ts';

/**
 * Every message the server sends that can reach a screen (domain errors and validation) has a
 * stable key and parameters besides its English text. tRPC errors carry them in
 * `data.messageKey` / `data.messageParams`, so the client words the message in the language
 * shown (packages/web/src/i18n/server-messages-*.ts); the old REST paths send the English text
 * only. SERVER_MESSAGES below is the English of every key: exactly the text the server sends.
 * Zod-free (the browser's catalogue reuses it).
 */

/** What a stale save names: the thing someone else changed after the editor loaded it. */
export type ChangeSubject =
  | { kind: 'line'; id: number; name: string | null }
  | { kind: 'lineSchedules'; lineId: number; line: string | null }
  | { kind: 'rules' }
  | { kind: 'holiday'; id: number; name: string | null }
  | { kind: 'stop'; id: number; name: string | null }
  /** A restore from the history: the entry's stored summary ('Line M35'). */
  | { kind: 'change'; summary: string }
  | { kind: 'publishing' }
  | { kind: 'serviceChange'; id: number; title: string | null }
  /** Some stop (the positions import saves every stop at once; issue 29). */
  | { kind: 'stops' }
  // The changes between buses.
  | { kind: 'changeRules' }
  // Issue 41: a line's fare rule (its line's name and first date), a concession.
  | { kind: 'fareRule'; id: number; line: string | null; validFrom: string | null }
  | { kind: 'concession'; id: number; name: string | null }
  // A through fare: its journey's two ends ('Kavarskas (M27)') and first date.
  | { kind: 'throughFare'; id: number; from: string | null; to: string | null; validFrom: string | null };

/** What is wrong with a fare rule or a concession as given (admin-inputs/fares.ts; issue 41). */
export type FareProblem =
  | 'validFromRequired'
  | 'cents'
  | 'rounding'
  | 'bandsRequired'
  | 'bandDistance'
  | 'bandsOrder'
  | 'tooMany'
  | 'pairSame'
  | 'pairTwice'
  | 'percent'
  | 'nameLtRequired'
  | 'nameEnRequired'
  // A through fare (fares/journey-fares.ts).
  | 'changeMinutes'
  | 'throughLineRequired'
  | 'throughStopRequired'
  | 'throughSameLine'
  | 'throughSameStop';

/** What is wrong with a service change as given (admin-inputs/service-changes.ts). */
export type ServiceChangeProblem =
  | 'fromRequired'
  | 'datesOrder'
  | 'tooLong'
  | 'tripsRequired'
  | 'retimeNothing'
  | 'retimeOnly'
  | 'timesOfOtherTrip'
  | 'time'
  | 'shift'
  | 'oneStop'
  | 'insteadOnlyClosure'
  | 'insteadSame'
  | 'titleRequired'
  | 'titleEnRequired'
  | 'url';

type NoParams = Record<string, never>;

/** Why a live position is refused, in English (the web words them in Lithuanian too). */
const LIVE_REFUSALS = {
  clockOff: "The position's time is more than 2 minutes off the server's clock (check the phone's time)",
  tooOften: 'Positions came more often than once a second',
  tooFast: 'The move from the last position would mean more than 150 km/h',
  tooFar: "The position is more than 2 km from the trip's route",
  noPositions: "None of the trip's stops is placed on the map, so the bus cannot be followed",
} as const;

/** The parameters of each message key (plain JSON: they travel in the tRPC error's data). */
export interface ServerMessageParams {
  // The spec's validation messages (section 5) and the sign-in form's.
  required: NoParams;
  inputFailed: NoParams;
  tripCount: NoParams;
  singleTripOneWay: NoParams;
  twoTripsDirections: NoParams;
  /** A text field breaking a rule of text-rules.ts; `limit` is the field's maximum length. */
  textProblem: { field: TextField; problem: TextProblem; limit: number };
  usernameTooLong: { max: number };
  passwordTooLong: { max: number };
  tooManySearchNames: { max: number };
  /** A stop position that is not 'latitude, longitude', or lies outside Lithuania's surroundings. */
  invalidPosition: { problem: 'malformed' | 'outside' };
  /** A publishing setting that must be a web address (the contact: or an e-mail address). */
  invalidWebAddress: { field: 'siteUrl' | 'operatorUrl' | 'publisherContact' };
  invalidPhone: NoParams;
  feedWindowDays: { min: number; max: number };
  /**
   * A tRPC save or delete without the version it was made from (`lineId`: the line of a bulk
   * change whose version is missing from `baseVersions`; null otherwise).
   */
  versionRequired: { field: 'baseVersion' | 'baseVersions' | 'baseSavedAt'; lineId: number | null };
  /** Several problems at once, in this order, joined by '; '. */
  several: { parts: KeyedMessage[] };
  // The public queries' own checks.
  invalidId: { field: string };
  invalidDate: NoParams;
  /** A date staff give outside the dates anything may be saved for (STORED_DATES, date-bounds.ts). */
  dateOutsideRange: { from: string; to: string };
  /** A public page asked for a date outside the dates it answers for (PUBLIC_YEARS around today). */
  dateOutsideWindow: { from: string; to: string };
  /**
   * A text of the input holds a lone surrogate; `field` is its path ('name', 'stops.2.name'),
   * `line` the line it is on in a text of several lines (a stops.txt sent as `stopsTxt`).
   */
  textNotUnicode: { field: string; line?: number };
  /** A schedule's validity window ends before it starts. */
  scheduleWindowOrder: NoParams;
  /** "New timetable from ..." of a schedule that does not run on both sides of the date. */
  newTimetableOutside: { scheduleId: number; from: string };
  queryTooLong: { max: number };
  // Signing in and access.
  badCredentials: NoParams;
  tooManySignIns: NoParams;
  /** Too many password checks waiting at once (a flood): nothing was checked or recorded. */
  signInBusy: NoParams;
  /** A journey asked for a date outside the planner's window (`from`..`to`, 'YYYY-MM-DD'). */
  planDateOutsideWindow: { from: string; to: string };
  /** The journey planner's queue is full. */
  planBusy: NoParams;
  accountLocked: { minutes: number };
  signInRequired: NoParams;
  sessionInvalid: NoParams;
  adminRequired: NoParams;
  /** Issue 40: /drive and the position reports need an account with ROLE_DRIVER. */
  driverRequired: NoParams;
  /** A driver started a trip that does not run on the date (its schedule, or a service change cancels it). */
  liveNotRunning: { tripId: number; date: string; why: 'notRunning' | 'cancelled' };
  /** A report for a trip this driver has not started (or has ended) today. */
  liveNotStarted: { tripId: number };
  /** A position refused by the live rules (core live/types.ts LiveRefusal): nothing stored. */
  liveRefused: { reason: 'clockOff' | 'tooOften' | 'tooFast' | 'tooFar' | 'noPositions' };
  /** Staff's punctuality report asked for a period that ends before it starts, or is longer than `maxDays`. */
  punctualityPeriod: { problem: 'order' | 'tooLong'; maxDays: number };
  /** A bound of "on time" that is not a whole number of minutes from 0 to `max`. */
  punctualityMinutes: { field: 'earlyMinutes' | 'lateMinutes'; max: number };
  // The server itself.
  importRunning: NoParams;
  serverError: NoParams;
  /** A request body (JSON) that is not valid UTF-8: refused, not stored with replacement characters. */
  bodyNotUtf8: NoParams;
  // Conflicts.
  /** `at`: when it was changed, 'YYYY-MM-DD HH:MM' in Vilnius; null with username when unknown. */
  stale: { subject: ChangeSubject; username: string | null; at: string | null };
  /**
   * The old REST whole-list save of a line's schedules sent back schedules unchanged from an
   * earlier state that someone else has changed since (`username` and `at`: the newest of those
   * changes, `at` as in `stale`).
   */
  staleScheduleCopy: {
    lineId: number;
    line: string | null;
    scheduleIds: number[];
    username: string | null;
    at: string | null;
  };
  /**
   * The old REST save of a line with its routes sent back its details (`details`) or routes
   * (`routeIds`) unchanged from an earlier state that someone else has changed since; `addedRouteIds`:
   * routes added after the page was loaded, which the save would have deleted. `username` and `at`
   * as in staleScheduleCopy.
   */
  staleLineCopy: {
    lineId: number;
    line: string | null;
    details: boolean;
    routeIds: number[];
    addedRouteIds: number[];
    username: string | null;
    at: string | null;
  };
  /** The same for the old REST save of every yearly rule (`added`: rules it would have deleted). */
  staleRulesCopy: {
    rules: { id: number; name: string }[];
    added: { id: number; name: string }[];
    username: string | null;
    at: string | null;
  };
  /** `name`: the other stop as the lists show it ('Name (note)'). */
  duplicateStopName: { name: string; stopId: number };
  stopUsedByLines: { stop: string; lines: string[] };
  routesUsedBySchedules: { routes: { id: number; notes: string | null; schedules: number[] }[] };
  rulesUsedBySchedules: { rules: { id: number; name: string; schedules: number[] }[] };
  ruleBorrowed: { id: number; name: string; borrower: string };
  lineGone: { lineId: number };
  nothingToRestore: NoParams;
  oneLinePerSave: NoParams;
  // Not found.
  lineNotFound: { id: number };
  scheduleNotFound: { id: number };
  scheduleNotOnLine: { id: number; lineId: number };
  tripNotInSchedule: { id: number };
  tripNotFound: { id: number };
  ruleNotFound: { id: number };
  holidayNotFound: { id: number };
  stopNotFound: { id: number };
  routeNotOnLine: { id: number };
  noteNotOnLine: { id: number };
  changeNotFound: { id: number };
  // Service changes.
  serviceChangeInvalid: { problem: ServiceChangeProblem };
  serviceChangeNotFound: { id: number };
  /** A change names a line, stop or trip that does not exist. */
  serviceChangeUnknown: { what: 'line' | 'stop' | 'trip'; id: number };
  /** A retime would move a time of the trip out of the day, or make its times go backwards. */
  retimeProblem: { tripId: number; problem: 'outOfDay' | 'backwards' | 'badIndex'; stops: number[] };
  // User accounts (the command line).
  badUsername: NoParams;
  passwordEmpty: NoParams;
  passwordTooShort: { min: number };
  unknownRole: { role: string; roles: string[] };
  userExists: { username: string };
  noSuchUser: { username: string };
  // Positions from a GTFS stops.txt.
  /** A stops.txt that cannot be read: the first bad line and what is wrong there. */
  stopsTxtProblem: { line: number; problem: StopsTxtProblem };
  /** A stops.txt larger than the bus stops screen takes (`max` characters). */
  stopsTxtTooLarge: { max: number };
  /** The same stop twice in one positions save. */
  positionTwice: { stopId: number };
  // Fares (issue 41).
  /** A fare rule or concession field as given breaks a rule (admin-inputs/fares.ts). */
  fareInvalid: { problem: FareProblem };
  fareRuleNotFound: { id: number };
  concessionNotFound: { id: number };
  /** A pair fare names a stop that no route of the line passes (`line`: its name). */
  fareStopNotOnLine: { stopId: number; line: string };
  /** The line has a fare rule from that date already (at most one per line and date). */
  fareRuleExists: { line: string; validFrom: string; ruleId: number };
  /** A stop that pair fares name cannot be deleted (`lines`: the rules' lines). */
  stopUsedByFares: { stop: string; lines: string[] };
  // Through fares (a journey changing from one line to another).
  throughFareNotFound: { id: number };
  /** A through fare starts or ends at a stop no route of its line passes (`stop`, `line`: names). */
  throughStopNotOnLine: { stop: string; line: string };
  /** The two lines have no stop in common and no change place between them. */
  throughNoChange: { fromLine: string; toLine: string };
  /** The journey (either way round) has a through fare from that date already. */
  throughFareExists: { from: string; to: string; validFrom: string; id: number };
  /** A stop that through fares name cannot be deleted (`lines`: the fares' lines). */
  stopUsedByThroughFares: { stop: string; lines: string[] };
}

export type ServerMessageKey = keyof ServerMessageParams;

/** One message: its key and parameters. */
export type KeyedMessage = {
  [K in ServerMessageKey]: { key: K; params: ServerMessageParams[K] };
}[ServerMessageKey];

/** A language's wording of every key. */
export type ServerMessageCatalogue = { [K in ServerMessageKey]: (params: ServerMessageParams[K]) => string };

/** A keyed message; keys without parameters take none. */
export function serverMessage<K extends ServerMessageKey>(
  key: K,
  ...params: ServerMessageParams[K] extends NoParams ? [] : [ServerMessageParams[K]]
): KeyedMessage {
  return { key, params: params[0] ?? {} } as KeyedMessage;
}

/** The refusal of an input with a lone surrogate (findLoneSurrogate's answer): its field, and its line. */
export function textNotUnicode({ path, line }: LoneSurrogateAt): KeyedMessage {
  return serverMessage('textNotUnicode', line === null ? { field: path } : { field: path, line });
}

/** A keyed message in a catalogue's language. */
export function renderServerMessage(catalogue: ServerMessageCatalogue, message: KeyedMessage): string {
  return (catalogue[message.key] as (params: unknown) => string)(message.params);
}

const subjectText = (subject: ChangeSubject): string => {
  switch (subject.kind) {
    case 'line':
      return `Line ${subject.name ?? subject.id}`;
    case 'lineSchedules':
      return `The schedules of line ${subject.line ?? subject.lineId}`;
    case 'rules':
      return 'The yearly rules';
    case 'holiday':
      return `Holiday ${subject.name ?? subject.id}`;
    case 'stop':
      return subject.name === null ? `Bus stop ${subject.id}` : `Stop ${subject.name}`;
    case 'change':
      return subject.summary;
    case 'publishing':
      return 'The publishing setup';
    case 'serviceChange':
      return `Service change ${subject.id}${subject.title === null ? '' : ` (${subject.title})`}`;
    case 'stops':
      return 'A bus stop';
    case 'changeRules':
      return 'The changes between buses';
    case 'fareRule':
      return subject.line === null || subject.validFrom === null
        ? `Fare rule ${subject.id}`
        : `The fare rule of line ${subject.line} from ${subject.validFrom}`;
    case 'concession':
      return `Concession ${subject.name ?? subject.id}`;
    case 'throughFare':
      return subject.from === null || subject.to === null || subject.validFrom === null
        ? `Through fare ${subject.id}`
        : `The through fare from ${subject.from} to ${subject.to} from ${subject.validFrom}`;
  }
};

const sizeText = (max: number) => `at most ${max} characters`;

/** Who made the newest change a stale copy missed: 'by anna at 2026-01-05 14:30'. */
const bySomeone = (username: string | null, at: string | null) =>
  username === null ? 'by someone else' : `by ${username} at ${at}`;

const SERVICE_CHANGE_PROBLEMS: Record<ServiceChangeProblem, string> = {
  fromRequired: 'Choose the first date of the change',
  datesOrder: 'The last date is before the first date',
  tooLong: 'A change to the service lasts at most 366 days',
  tripsRequired: 'Choose at least one trip',
  retimeNothing: 'Give a shift in minutes or a new time for a stop',
  retimeOnly: 'Only a time change shifts times',
  timesOfOtherTrip: 'A new time is given for a trip that is not chosen',
  time: 'A new time must be written HH:MM (00:00-23:59)',
  shift: 'A shift is at most 720 minutes either way',
  oneStop: 'Choose the one stop that is closed',
  insteadOnlyClosure: 'Only a closed stop has a stop to use instead',
  insteadSame: 'The stop to use instead must be another stop',
  titleRequired: 'A notice needs a title in Lithuanian',
  titleEnRequired: 'An English text needs an English title',
  url: 'The link must be a web address (https://...)',
};

export const SERVICE_CHANGE_PROBLEM_LIST = Object.keys(SERVICE_CHANGE_PROBLEMS) as ServiceChangeProblem[];

const FARE_PROBLEMS: Record<FareProblem, string> = {
  validFromRequired: 'Choose the date the fares apply from',
  cents: `A price must be a whole number of cents from 0 to ${MAX_FARE_CENTS} (${MAX_FARE_CENTS / 100} €)`,
  rounding: `Rounding must be a whole number of cents from 1 to ${MAX_ROUNDING_CENTS}`,
  bandsRequired: 'A fare by distance bands needs at least one band',
  bandDistance: `A band's distance must be a whole number of metres from 1 to ${MAX_BAND_METERS}`,
  bandsOrder: 'Each distance band must reach further than the band before it',
  tooMany: `A fare rule has at most ${MAX_FARE_BANDS} distance bands and ${MAX_PAIR_FARES} pair fares`,
  pairSame: 'A pair fare needs two different stops',
  pairTwice: 'These two stops already have a pair fare in this rule (in either direction)',
  percent: 'The share paid must be a whole percent from 0 to 100',
  nameLtRequired: 'A concession needs a name in Lithuanian',
  nameEnRequired: 'A concession needs a name in English',
  changeMinutes: `The change time must be a whole number of minutes from 1 to ${MAX_THROUGH_CHANGE_MINUTES}`,
  throughLineRequired: 'Choose the line of each part of the journey',
  throughStopRequired: 'Choose the stop where the journey starts and the stop where it ends',
  throughSameLine: 'A through fare changes from one line to another: choose two different lines',
  throughSameStop: 'A through fare needs two different stops',
};

export const FARE_PROBLEM_LIST = Object.keys(FARE_PROBLEMS) as FareProblem[];

/** The English of every key: word for word what the server sends (and has always sent). */
export const SERVER_MESSAGES: ServerMessageCatalogue = {
  required: () => MESSAGES.required,
  inputFailed: () => MESSAGES.inputFailed,
  tripCount: () => MESSAGES.tripCount,
  singleTripOneWay: () => MESSAGES.singleTripOneWay,
  twoTripsDirections: () => MESSAGES.twoTripsDirections,
  textProblem: ({ field, problem }) => textProblemMessage(field, problem),
  usernameTooLong: ({ max }) => `User name is too long: ${sizeText(max)}`,
  passwordTooLong: ({ max }) => `Password is too long: ${sizeText(max)}`,
  tooManySearchNames: ({ max }) => `At most ${max} extra search names`,
  invalidPosition: ({ problem }) =>
    problem === 'malformed'
      ? 'Position must be latitude and longitude in degrees, for example 55.5248, 25.1043'
      : 'Position is outside Lithuania: latitude comes first, for example 55.5248, 25.1043',
  invalidWebAddress: ({ field }) =>
    field === 'publisherContact'
      ? 'Contact must be an e-mail address or a web address starting with https://'
      : `${field === 'siteUrl' ? 'Site address' : 'Operator web address'} must be a web address starting with https://`,
  invalidPhone: () => 'Phone must be a number: digits, spaces, + ( ) and -',
  feedWindowDays: ({ min, max }) => `Feed window must be ${min} to ${max} days`,
  versionRequired: ({ field, lineId }) => {
    if (field === 'baseSavedAt')
      return 'baseSavedAt is required (when the settings the editor shows were saved; null when never)';
    if (field === 'baseVersions')
      return lineId === null
        ? "baseVersions is required (the version of each line's schedules the page loaded)"
        : `baseVersions is required for line ${lineId} (the version of its schedules the page loaded)`;
    return 'baseVersion is required (the version of what the editor loaded; 0 for something new)';
  },
  several: ({ parts }) => parts.map((part) => renderServerMessage(SERVER_MESSAGES, part)).join('; '),
  invalidId: ({ field }) => `${field} must be a positive whole number`,
  invalidDate: () => 'date must be a calendar date written YYYY-MM-DD',
  dateOutsideRange: ({ from, to }) => `A date must be from ${from} to ${to}`,
  dateOutsideWindow: ({ from, to }) => `Timetables can be shown for dates from ${from} to ${to}`,
  textNotUnicode: ({ field, line }) =>
    `${field === '' ? 'The input' : field}${line === undefined ? '' : ` line ${line}`} holds a broken character (a lone surrogate), which is not text`,
  scheduleWindowOrder: () => MESSAGES.scheduleWindowOrder,
  newTimetableOutside: ({ scheduleId, from }) =>
    `Schedule ${scheduleId} is not valid both before ${from} and from it: a new timetable from a date copies schedules valid on the day before it and on it`,
  queryTooLong: ({ max }) => `query must be ${sizeText(max)}`,
  badCredentials: () => MESSAGES.badCredentials,
  tooManySignIns: () => MESSAGES.tooManySignIns,
  signInBusy: () => MESSAGES.signInBusy,
  planDateOutsideWindow: ({ from, to }) => `Journeys can be planned for dates from ${from} to ${to}`,
  planBusy: () => 'Many journeys are being planned right now, try again in a few seconds',
  accountLocked: ({ minutes }) => MESSAGES.accountLocked(minutes),
  signInRequired: () => MESSAGES.signInRequired,
  sessionInvalid: () => MESSAGES.sessionInvalid,
  adminRequired: () => MESSAGES.adminRequired,
  driverRequired: () => 'This needs a driver account',
  liveNotRunning: ({ tripId, date, why }) =>
    why === 'cancelled' ? `Trip ${tripId} is cancelled on ${date}` : `Trip ${tripId} does not run on ${date}`,
  liveNotStarted: ({ tripId }) => `Trip ${tripId} is not started by you today: start it first`,
  liveRefused: ({ reason }) => `${LIVE_REFUSALS[reason]}: nothing was stored`,
  punctualityPeriod: ({ problem, maxDays }) =>
    problem === 'order'
      ? 'The period ends before it starts: the last date must be on or after the first'
      : `The period is longer than ${maxDays} days: choose a shorter one`,
  punctualityMinutes: ({ field, max }) =>
    `${field === 'earlyMinutes' ? 'Minutes early' : 'Minutes late'} must be a whole number from 0 to ${max}`,
  importRunning: () => MESSAGES.importRunning,
  serverError: () => 'Something went wrong on the server',
  bodyNotUtf8: () => 'The request body is not valid UTF-8 text: nothing was saved',
  stale: ({ subject, username, at }) =>
    `${subjectText(subject)} was changed ${username === null ? 'by someone else' : `by ${username} at ${at}`} after you opened it. Nothing was saved: reload to see the current version (your changes are kept in the editor).`,
  staleScheduleCopy: ({ line, lineId, scheduleIds, username, at }) =>
    `${scheduleIds.length === 1 ? 'Schedule' : 'Schedules'} ${scheduleIds.join(', ')} of line ${line ?? lineId} ${
      scheduleIds.length === 1 ? 'was' : 'were'
    } changed after this page was loaded (last ${bySomeone(username, at)}). Nothing was saved: reload the page to see the current schedules, then make your changes again.`,
  staleLineCopy: ({ line, lineId, details, routeIds, addedRouteIds, username, at }) => {
    const what = [
      ...(details ? ['its details'] : []),
      ...(routeIds.length === 0
        ? []
        : [`${routeIds.length === 1 ? 'route' : 'routes'} ${routeIds.join(', ')}`]),
    ];
    return `Line ${line ?? lineId} was changed after this page was loaded: ${what.join(', ')} (last ${bySomeone(username, at)})${
      addedRouteIds.length === 0
        ? ''
        : addedRouteIds.length === 1
          ? `; route ${addedRouteIds[0]} was added since, and saving this page would delete it`
          : `; routes ${addedRouteIds.join(', ')} were added since, and saving this page would delete them`
    }. Nothing was saved: reload the page to see the current line, then make your changes again.`;
  },
  staleRulesCopy: ({ rules, added, username, at }) => {
    const names = (list: { id: number; name: string }[]) =>
      list.map(({ id, name }) => `'${name}' (rule ${id})`).join(', ');
    return `${rules.length === 1 ? 'Yearly rule' : 'Yearly rules'} ${names(rules)} ${
      rules.length === 1 ? 'was' : 'were'
    } changed after this page was loaded (last ${bySomeone(username, at)})${
      added.length === 0
        ? ''
        : `; ${added.length === 1 ? 'rule' : 'rules'} ${names(added)} ${
            added.length === 1 ? 'was' : 'were'
          } added since, and saving this page would delete ${added.length === 1 ? 'it' : 'them'}`
    }. Nothing was saved: reload the page to see the current rules, then make your changes again.`;
  },
  duplicateStopName: ({ name, stopId }) =>
    `Another stop is already called “${name}” (stop ${stopId}). Choose “Save anyway” to give this stop the same name.`,
  stopUsedByLines: ({ stop, lines }) => `Bus stop ${stop} is used by lines: ${lines.join(', ')}`,
  routesUsedBySchedules: ({ routes }) =>
    `Route variations used by schedules cannot be removed: ${routes
      .map(
        ({ id, notes, schedules }) =>
          `${notes ? `'${notes}' (route ${id})` : `route ${id}`} by schedules ${schedules.join(', ')}`,
      )
      .join('; ')}`,
  rulesUsedBySchedules: ({ rules }) =>
    `Yearly rules used by schedules cannot be deleted: ${rules
      .map(({ id, name, schedules }) => `'${name}' (rule ${id}) by schedules ${schedules.join(', ')}`)
      .join('; ')}`,
  ruleBorrowed: ({ id, name, borrower }) =>
    `Yearly rule '${name}' (rule ${id}) cannot be deleted: rule '${borrower}' borrows its periods`,
  lineGone: ({ lineId }) => `Line ${lineId} no longer exists: restore the line first`,
  nothingToRestore: () => 'This change has no earlier state to restore',
  oneLinePerSave: () => 'All schedules of one save must belong to one line',
  lineNotFound: ({ id }) => `Line ${id} does not exist`,
  scheduleNotFound: ({ id }) => `Schedule ${id} does not exist`,
  scheduleNotOnLine: ({ id, lineId }) => `Schedule ${id} does not exist on line ${lineId}`,
  tripNotInSchedule: ({ id }) => `Trip ${id} is not a trip of this schedule`,
  tripNotFound: ({ id }) => `Trip ${id} does not exist`,
  ruleNotFound: ({ id }) => `Yearly rule ${id} does not exist`,
  holidayNotFound: ({ id }) => `Holiday ${id} does not exist`,
  stopNotFound: ({ id }) => `Bus stop ${id} does not exist`,
  routeNotOnLine: ({ id }) => `Route ${id} is not a route of this line`,
  noteNotOnLine: ({ id }) => `Note ${id} is not a note of this line`,
  changeNotFound: ({ id }) => `Change ${id} does not exist`,
  serviceChangeInvalid: ({ problem }) => SERVICE_CHANGE_PROBLEMS[problem],
  serviceChangeNotFound: ({ id }) => `Service change ${id} does not exist`,
  serviceChangeUnknown: ({ what, id }) =>
    what === 'line'
      ? `Line ${id} does not exist`
      : what === 'stop'
        ? `Bus stop ${id} does not exist`
        : `Trip ${id} does not exist`,
  retimeProblem: ({ tripId, problem, stops }) =>
    problem === 'outOfDay'
      ? `Trip ${tripId}: the shift moves the time at stop ${stops.map((i) => i + 1).join(', ')} out of the day (00:00-23:59)`
      : problem === 'backwards'
        ? `Trip ${tripId}: the new times go backwards at stop ${stops.map((i) => i + 1).join(', ')}`
        : `Trip ${tripId} has no stop ${stops.map((i) => i + 1).join(', ')}`,
  badUsername: () => 'a username is 1 to 64 characters: letters, digits, and . _ @ -',
  passwordEmpty: () => 'the password is empty',
  passwordTooShort: ({ min }) => `the password is too short (at least ${min} characters)`,
  unknownRole: ({ role, roles }) => `unknown role ${JSON.stringify(role)} (one of ${roles.join(', ')})`,
  userExists: ({ username }) => `user ${username} already exists`,
  noSuchUser: ({ username }) => `there is no user ${username}`,
  // Positions from a GTFS stops.txt.
  stopsTxtProblem: ({ line, problem }) =>
    `The stops file cannot be read: line ${line}: ${stopsTxtProblemText(problem)}`,
  stopsTxtTooLarge: ({ max }) =>
    `The stops file is too large for this screen (at most ${max / 1_000_000} million characters): import it with pnpm cli import-stop-positions --from-gtfs`,
  positionTwice: ({ stopId }) => `Bus stop ${stopId} is given twice`,
  // Fares (issue 41).
  fareInvalid: ({ problem }) => FARE_PROBLEMS[problem],
  fareRuleNotFound: ({ id }) => `Fare rule ${id} does not exist`,
  concessionNotFound: ({ id }) => `Concession ${id} does not exist`,
  fareStopNotOnLine: ({ stopId, line }) =>
    `Bus stop ${stopId} is not on a route of line ${line}: a pair fare needs two stops of the line`,
  fareRuleExists: ({ line, validFrom, ruleId }) =>
    `Line ${line} already has fares from ${validFrom} (fare rule ${ruleId}): change that one, or choose another date`,
  stopUsedByFares: ({ stop, lines }) =>
    `Bus stop ${stop} is named by pair fares of lines: ${lines.join(', ')}`,
  throughFareNotFound: ({ id }) => `Through fare ${id} does not exist`,
  throughStopNotOnLine: ({ stop, line }) =>
    `Bus stop ${stop} is not on a route of line ${line}: a through fare starts and ends at stops of its lines`,
  throughNoChange: ({ fromLine, toLine }) =>
    `Lines ${fromLine} and ${toLine} have no stop in common and no change place between them: no journey changes from one to the other`,
  throughFareExists: ({ from, to, validFrom, id }) =>
    `The journey from ${from} to ${to} already has a through fare from ${validFrom} (through fare ${id}): change that one, or choose another date`,
  stopUsedByThroughFares: ({ stop, lines }) =>
    `Bus stop ${stop} is named by through fares of lines: ${lines.join(', ')}`,
};

/** A keyed message in English: the text the server sends. */
export function englishMessage(message: KeyedMessage): string {
  return renderServerMessage(SERVER_MESSAGES, message);
}

/** The keys, in catalogue order (for tests). */
export const SERVER_MESSAGE_KEYS = Object.keys(SERVER_MESSAGES) as ServerMessageKey[];
