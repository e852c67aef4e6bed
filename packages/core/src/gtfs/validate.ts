import { addDays, parseIsoDate } from '../calendar.ts';
import { type CsvRead, readCsv } from './csv.ts';
import { isEmailAddress } from './publishing.ts';

const COLON = 58;

/**
 * A GTFS Schedule validator (https://gtfs.org/schedule/reference/) for the checks that matter
 * to this product's feed, named after MobilityData's gtfs-validator notices so a notice here
 * can be looked up in its rules. It is a subset: what planners choke on (broken references,
 * bad times, dates, URLs) and what says the feed is stale or half-built.
 *
 * A table of file schemas drives the checks that look at one row at a time; the checks that
 * need several rows or files are separate functions after it. Every file is parsed once.
 *
 * Notice order: feed-level notices (missing or unknown files) first; then each file's own
 * row checks, file by file in the order of STANDARD_FILES, rows ascending; then the
 * single-file checks that compare rows (agency, routes, calendar, feed_info, then the fare
 * files: timeframes, fare media, fare products, fare transfer rules, networks); then the
 * foreign keys; then stop_times order and trip edges (trip by trip); then trip and stop usage.
 * Within one check, rows ascend.
 */

/** File name ('stops.txt') -> its text as decoded from UTF-8 (a leading BOM may be present; ignore it). */
export type GtfsFiles = ReadonlyMap<string, string>;

export type GtfsSeverity = 'ERROR' | 'WARNING';

export interface GtfsNotice {
  /** MobilityData gtfs-validator notice code, snake_case, e.g. 'foreign_key_violation'. */
  code: string;
  severity: GtfsSeverity;
  file?: string;
  /** 1-based line number in the file (the header is line 1), when the notice is about a row. */
  row?: number;
  field?: string;
  /** One plain English sentence naming what is wrong and where, e.g. "stop_times.txt line 14: stop_id 'S9' is not in stops.txt". */
  message: string;
}

export interface ValidateOptions {
  /** YYYY-MM-DD, the day the feed is checked (for expiration). */
  today: string;
  /**
   * Files checked while they were written (StreamedFile), in place of their text in `files`:
   * those that grow with the timetable (stop_times.txt, trips.txt, calendar_dates.txt), never
   * held whole.
   */
  streamed?: readonly StreamedFile[];
}

// ---------------------------------------------------------------------------------------------
// Field types

interface FieldProblem {
  code: string;
  /** Completes "<file> line <n>: <field> '<value>' ...". */
  text: string;
}

type FieldCheck = (value: string) => FieldProblem | null;

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * Seconds from the start of the service day (hours may pass 23); null when not H:MM:SS or
 * HH:MM:SS. Read by char codes: it runs twice per stop_times row, and a regex match allocates.
 */
function parseGtfsTime(value: string): number | null {
  const length = value.length;
  if (length !== 7 && length !== 8) return null;
  const h = length - 6;
  if (value.charCodeAt(h) !== COLON || value.charCodeAt(h + 3) !== COLON) return null;
  const hours = h === 1 ? digit(value, 0) : digit(value, 0) * 10 + digit(value, 1);
  const minutes = digit(value, h + 1) * 10 + digit(value, h + 2);
  const seconds = digit(value, h + 4) * 10 + digit(value, h + 5);
  // A non-digit is NaN, which fails both comparisons.
  if (!(minutes < 60 && seconds < 60 && hours >= 0)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

function digit(value: string, index: number): number {
  const d = value.charCodeAt(index) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}

/** A GTFS date (YYYYMMDD) as YYYY-MM-DD; null when not a real day. */
function parseGtfsDate(value: string): string | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return parseIsoDate(iso) ? iso : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

let zones: ReadonlySet<string> | undefined;
let zonesLowerCase: ReadonlySet<string> | undefined;
const zoneFallback = new Map<string, boolean>();
const ZONE_SHAPE = /^[A-Z][A-Za-z_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+$/;

function isTimeZone(name: string): boolean {
  if (!zones) {
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = new Set([...listed, 'UTC', 'Etc/UTC']);
    zonesLowerCase = new Set([...zones].map((zone) => zone.toLowerCase()));
  }
  if (zones.has(name)) return true;
  // ICU lists its own canonical ids, which lag IANA's: Node 20 has Europe/Kiev and
  // Asia/Calcutta but not Europe/Kyiv or Asia/Kolkata. So an unlisted name is accepted when the
  // runtime resolves it and it is written the way IANA writes names (Intl ignores case, IANA
  // does not: 'europe/vilnius' must still fail).
  let known = zoneFallback.get(name);
  if (known === undefined) {
    known = ZONE_SHAPE.test(name) && !zonesLowerCase?.has(name.toLowerCase()) && resolvesAsZone(name);
    zoneFallback.set(name, known);
  }
  return known;
}

function resolvesAsZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const url: FieldCheck = (v) =>
  isHttpUrl(v) ? null : { code: 'invalid_url', text: 'is not an absolute http or https URL' };
const email: FieldCheck = (v) =>
  isEmailAddress(v) ? null : { code: 'invalid_email', text: 'is not an email address' };
const timezone: FieldCheck = (v) =>
  isTimeZone(v) ? null : { code: 'invalid_timezone', text: 'is not an IANA time zone' };
const date: FieldCheck = (v) =>
  parseGtfsDate(v) ? null : { code: 'invalid_date', text: 'is not a real date written YYYYMMDD' };
const time: FieldCheck = (v) =>
  parseGtfsTime(v) === null
    ? { code: 'invalid_time', text: 'is not a time written H:MM:SS or HH:MM:SS' }
    : null;

function integer(inRange: (n: number) => boolean, range: string): FieldCheck {
  return (v) => {
    if (!INTEGER.test(v)) return { code: 'invalid_integer', text: 'is not a whole number' };
    return inRange(Number(v)) ? null : { code: 'number_out_of_range', text: `is not ${range}` };
  };
}

function float(min: number, max: number): FieldCheck {
  return (v) => {
    if (!FLOAT.test(v)) return { code: 'invalid_float', text: 'is not a decimal number' };
    const n = Number(v);
    return n >= min && n <= max
      ? null
      : { code: 'number_out_of_range', text: `is not between ${min} and ${max}` };
  };
}

let currencies: ReadonlySet<string> | undefined;

/** An ISO 4217 code as the runtime knows it (written in capitals). */
function isCurrency(code: string): boolean {
  currencies ??= new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [],
  );
  return currencies.size === 0 ? /^[A-Z]{3}$/.test(code) : currencies.has(code);
}

/** The decimal places ISO 4217 gives a currency (EUR 2, JPY 0). */
function currencyDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits as number;
}

/** The decimal places a decimal number is written with (its scale: '2.50' 2, '2' 0, '25e-1' 1). */
function decimalPlaces(value: string): number {
  const [mantissa = '', exponent] = value.toLowerCase().split('e');
  const dot = mantissa.indexOf('.');
  return (dot === -1 ? 0 : mantissa.length - dot - 1) - (exponent === undefined ? 0 : Number(exponent));
}

const currency: FieldCheck = (v) =>
  isCurrency(v) ? null : { code: 'invalid_currency', text: 'is not an ISO 4217 currency code' };
const decimal: FieldCheck = (v) =>
  FLOAT.test(v) ? null : { code: 'invalid_float', text: 'is not a decimal number' };

const between = (min: number, max: number) =>
  integer((n) => n >= min && n <= max, `between ${min} and ${max}`);
const flag = between(0, 1);
const routeType = integer(
  (n) => (n >= 0 && n <= 7) || n === 11 || n === 12 || (n >= 100 && n <= 1702),
  'a route type (0-7, 11, 12 or 100-1702)',
);

// ---------------------------------------------------------------------------------------------
// Schemas

interface FeedFacts {
  agencyCount: number;
}

interface FileSchema {
  required: readonly string[];
  /** Columns whose values together must be unique; rows with an empty part are skipped. */
  key?: readonly string[];
  /** Parts of `key` that may be empty (or absent): GTFS's optional primary key fields, empty being a value of its own. */
  optionalKeyParts?: readonly string[];
  /** Columns the file must have, whose values may be empty (rider_categories.is_default_fare_category). */
  requiredColumns?: readonly string[];
  types?: Readonly<Record<string, FieldCheck>>;
  /** Columns this row must fill besides `required` (GTFS's "conditionally required"). */
  requiredWhen?: (get: (column: string) => string, facts: FeedFacts) => readonly string[];
}

const WEEKDAY_COLUMNS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const NAME_AND_POSITION = ['stop_name', 'stop_lat', 'stop_lon'];
const NOTHING: readonly string[] = [];
/** What a fare leg rule matches a leg by (with its product, its primary key). */
const LEG_RULE_MATCH = [
  'network_id',
  'from_area_id',
  'to_area_id',
  'from_timeframe_group_id',
  'to_timeframe_group_id',
];

/** A fare transfer rule's primary key: every part optional, an empty one a value of its own. */
const TRANSFER_RULE_KEY = [
  'from_leg_group_id',
  'to_leg_group_id',
  'fare_product_id',
  'transfer_count',
  'duration_limit',
];

const SCHEMAS: Readonly<Record<string, FileSchema>> = {
  'agency.txt': {
    required: ['agency_name', 'agency_url', 'agency_timezone'],
    key: ['agency_id'],
    types: { agency_url: url, agency_fare_url: url, agency_timezone: timezone, agency_email: email },
    requiredWhen: (_, facts) => (facts.agencyCount > 1 ? ['agency_id'] : NOTHING),
  },
  'stops.txt': {
    required: ['stop_id'],
    key: ['stop_id'],
    types: {
      stop_lat: float(-90, 90),
      stop_lon: float(-180, 180),
      location_type: between(0, 4),
      wheelchair_boarding: between(0, 2),
      stop_url: url,
      stop_timezone: timezone,
    },
    // Stops, stations and entrances need a name and a place; generic nodes and boarding areas
    // (3, 4) may take them from their parent.
    requiredWhen: (get) => {
      const type = get('location_type');
      return type === '' || type === '0' || type === '1' || type === '2' ? NAME_AND_POSITION : NOTHING;
    },
  },
  'routes.txt': {
    required: ['route_id', 'route_type'],
    key: ['route_id'],
    types: { route_type: routeType, route_url: url },
    requiredWhen: (_, facts) => (facts.agencyCount > 1 ? ['agency_id'] : NOTHING),
  },
  'trips.txt': {
    required: ['route_id', 'service_id', 'trip_id'],
    key: ['trip_id'],
    types: { direction_id: flag, wheelchair_accessible: between(0, 2), bikes_allowed: between(0, 2) },
  },
  'stop_times.txt': {
    required: ['trip_id', 'stop_sequence', 'stop_id'],
    key: ['trip_id', 'stop_sequence'],
    types: {
      arrival_time: time,
      departure_time: time,
      stop_sequence: integer((n) => n >= 0, 'zero or more'),
      pickup_type: between(0, 3),
      drop_off_type: between(0, 3),
    },
  },
  'calendar.txt': {
    required: ['service_id', ...WEEKDAY_COLUMNS, 'start_date', 'end_date'],
    key: ['service_id'],
    types: {
      ...Object.fromEntries(WEEKDAY_COLUMNS.map((day) => [day, flag])),
      start_date: date,
      end_date: date,
    },
  },
  'calendar_dates.txt': {
    required: ['service_id', 'date', 'exception_type'],
    key: ['service_id', 'date'],
    types: { date, exception_type: between(1, 2) },
  },
  // GTFS Fares v2 (issue 41), as gtfs-validator's table schemas have them.
  'timeframes.txt': {
    required: ['timeframe_group_id', 'service_id'],
    key: ['timeframe_group_id', 'start_time', 'end_time', 'service_id'],
    optionalKeyParts: ['start_time', 'end_time'],
    types: { start_time: time, end_time: time },
  },
  'rider_categories.txt': {
    required: ['rider_category_id', 'rider_category_name'],
    requiredColumns: ['is_default_fare_category'],
    key: ['rider_category_id'],
    types: { is_default_fare_category: flag, eligibility_url: url },
  },
  'fare_media.txt': {
    required: ['fare_media_id', 'fare_media_type'],
    key: ['fare_media_id'],
    types: { fare_media_type: between(0, 4) },
  },
  'fare_products.txt': {
    required: ['fare_product_id', 'amount', 'currency'],
    key: ['fare_product_id', 'rider_category_id', 'fare_media_id'],
    optionalKeyParts: ['rider_category_id', 'fare_media_id'],
    types: { amount: decimal, currency },
  },
  'fare_leg_rules.txt': {
    required: ['fare_product_id'],
    key: [...LEG_RULE_MATCH, 'fare_product_id'],
    optionalKeyParts: LEG_RULE_MATCH,
    types: { rule_priority: integer((n) => n >= 0, 'zero or more') },
  },
  'fare_transfer_rules.txt': {
    required: ['fare_transfer_type'],
    key: TRANSFER_RULE_KEY,
    optionalKeyParts: TRANSFER_RULE_KEY,
    types: {
      duration_limit: integer((n) => n > 0, 'more than zero'),
      duration_limit_type: between(0, 3),
      fare_transfer_type: between(0, 2),
      transfer_count: integer((n) => n !== 0 && n >= -1, '-1 or more than zero'),
    },
  },
  'areas.txt': { required: ['area_id'], key: ['area_id'] },
  'stop_areas.txt': { required: ['area_id', 'stop_id'], key: ['area_id', 'stop_id'] },
  'networks.txt': { required: ['network_id'], key: ['network_id'] },
  'route_networks.txt': { required: ['route_id', 'network_id'], key: ['route_id'] },
  'feed_info.txt': {
    required: ['feed_publisher_name', 'feed_publisher_url', 'feed_lang'],
    types: {
      feed_publisher_url: url,
      feed_contact_url: url,
      feed_contact_email: email,
      feed_start_date: date,
      feed_end_date: date,
    },
  },
};

/** The files a feed must have; calendar.txt / calendar_dates.txt are checked as a pair. */
const REQUIRED_FILES = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'];

/**
 * The files the feed writer makes (feed.ts), in the order they are listed (a zip written from
 * memory, the CLI's summary): the standard's order.
 */
export const FEED_FILE_ORDER = [
  'agency.txt',
  'stops.txt',
  'routes.txt',
  'trips.txt',
  'stop_times.txt',
  'calendar.txt',
  'calendar_dates.txt',
  // The fares (issue 41, fare-files.ts), only when a price list is in force on the feed's days.
  'timeframes.txt',
  'rider_categories.txt',
  'fare_media.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  // Only with through fares (issue 41).
  'fare_transfer_rules.txt',
  'areas.txt',
  'stop_areas.txt',
  'networks.txt',
  'route_networks.txt',
  'feed_info.txt',
] as const;

/** Every file of the standard, in its order. */
const STANDARD_FILES: readonly string[] = [
  'agency.txt',
  'stops.txt',
  'routes.txt',
  'trips.txt',
  'stop_times.txt',
  'calendar.txt',
  'calendar_dates.txt',
  'fare_attributes.txt',
  'fare_rules.txt',
  'timeframes.txt',
  'rider_categories.txt',
  'fare_media.txt',
  'fare_products.txt',
  'fare_leg_rules.txt',
  'fare_leg_join_rules.txt',
  'fare_transfer_rules.txt',
  'areas.txt',
  'stop_areas.txt',
  'networks.txt',
  'route_networks.txt',
  'shapes.txt',
  'frequencies.txt',
  'transfers.txt',
  'pathways.txt',
  'levels.txt',
  'location_groups.txt',
  'location_group_stops.txt',
  'locations.geojson',
  'booking_rules.txt',
  'translations.txt',
  'feed_info.txt',
  'attributions.txt',
];
const STANDARD_FILE_SET = new Set(STANDARD_FILES);

// ---------------------------------------------------------------------------------------------
// Notices

class Notices {
  readonly list: GtfsNotice[] = [];

  add(
    severity: GtfsSeverity,
    code: string,
    where: { file?: string; row?: number; field?: string },
    message: string,
  ) {
    // Absent rather than undefined keys, so notices compare equal to literals in tests and logs.
    const notice: GtfsNotice = { code, severity, message };
    if (where.file !== undefined) notice.file = where.file;
    if (where.row !== undefined) notice.row = where.row;
    if (where.field !== undefined) notice.field = where.field;
    this.list.push(notice);
  }

  error(code: string, where: { file?: string; row?: number; field?: string }, message: string) {
    this.add('ERROR', code, where, message);
  }

  warning(code: string, where: { file?: string; row?: number; field?: string }, message: string) {
    this.add('WARNING', code, where, message);
  }
}

/** A value as quoted in a message: line breaks made visible, long values cut. */
function show(value: string): string {
  const flat = value.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return `'${flat.length > 60 ? `${flat.slice(0, 57)}...` : flat}'`;
}

// ---------------------------------------------------------------------------------------------
// Tables and the per-row checks

interface Table {
  file: string;
  columns: ReadonlyMap<string, number>;
  /** Data rows of the header's length, values trimmed of spaces and tabs. */
  rows: string[][];
  lines: number[];
  /** Parsing stopped at an unterminated quote: rows may be missing, so nothing is judged by their absence. */
  broken: boolean;
}

/** The value getter for one column; '' for every row when the file has no such column. */
function column(table: Table, name: string): (row: readonly string[]) => string {
  const index = table.columns.get(name);
  return index === undefined ? () => '' : (row) => row[index] ?? '';
}

/** A table whose rows can be trusted to be all there, and that has these columns. */
function complete(table: Table | undefined, ...columns: string[]): table is Table {
  return table !== undefined && !table.broken && columns.every((c) => table.columns.has(c));
}

const SPACE = 32;
const TAB = 9;

function hasEdgeSpace(value: string): boolean {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  return first === SPACE || first === TAB || last === SPACE || last === TAB;
}

/**
 * Reports whitespace and line breaks in one row's values and trims them in place. GTFS
 * consumers trim too, so later checks judge the trimmed value: ' S1' still references S1.
 * gtfs-validator makes leading_or_trailing_whitespaces a WARNING; here it is an ERROR because
 * our own writer produces the feed, so a stray space is our bug, and not every consumer trims
 * before matching ids.
 */
function checkValues(file: string, line: number, values: string[], names: readonly string[], out: Notices) {
  for (let j = 0; j < values.length; j++) {
    const value = values[j] as string;
    if (value === '') continue;
    const field = names[j] ?? value.trim();
    if (value.includes('\n') || value.includes('\r')) {
      out.error(
        'new_line_in_value',
        { file, row: line, field },
        `${file} line ${line}: ${field} ${show(value)} contains a line break`,
      );
    }
    if (hasEdgeSpace(value)) {
      out.error(
        'leading_or_trailing_whitespaces',
        { file, row: line, field },
        `${file} line ${line}: ${field} ${show(value)} starts or ends with a space or tab`,
      );
      values[j] = value.replace(/^[ \t]+|[ \t]+$/g, '');
    }
  }
}

/**
 * The row's key values joined; null when a required part is empty (missing_required_field says
 * so). An index of -1 is an optional part whose column the file does not have: empty.
 */
function rowKey(
  row: readonly string[],
  indexes: readonly number[],
  optional?: readonly boolean[],
): string | null {
  let key = '';
  for (let i = 0; i < indexes.length; i++) {
    const index = indexes[i] as number;
    const part = index === -1 ? '' : (row[index] as string);
    if (part === '' && optional?.[i] !== true) return null;
    key = i === 0 ? part : `${key}\u0000${part}`;
  }
  return key;
}

function checkFile(file: string, read: CsvRead, facts: FeedFacts, out: Notices): Table {
  const schema: FileSchema = SCHEMAS[file] ?? { required: NOTHING };
  const broken = read.unterminatedLine !== undefined;
  const table: Table = { file, columns: new Map(), rows: [], lines: [], broken };
  const reportBroken = () => {
    out.error(
      'csv_parsing_failed',
      { file, row: read.unterminatedLine },
      `${file} line ${read.unterminatedLine}: a quoted value is never closed, so the rest of the file cannot be read`,
    );
  };

  const header = read.rows[0];
  if (header === undefined) {
    if (broken) reportBroken();
    else out.warning('empty_file', { file }, `${file} is empty`);
    return table;
  }
  checkValues(file, read.lines[0] ?? 1, header, NOTHING, out);
  const columns = new Map<string, number>();
  header.forEach((name, index) => {
    if (!columns.has(name)) columns.set(name, index);
  });
  table.columns = columns;
  for (const name of [...schema.required, ...(schema.requiredColumns ?? NOTHING)]) {
    if (!columns.has(name)) {
      out.error('missing_required_column', { file, field: name }, `${file} has no ${name} column`);
    }
  }
  if (read.rows.length === 1 && !broken)
    out.warning('empty_file', { file }, `${file} has a header but no rows`);

  const required = schema.required
    .map((name) => [name, columns.get(name)] as const)
    .filter((entry): entry is readonly [string, number] => entry[1] !== undefined);
  const typed = Object.entries(schema.types ?? {})
    .map(([name, check]) => [name, columns.get(name), check] as const)
    .filter((entry): entry is readonly [string, number, FieldCheck] => entry[1] !== undefined);
  const optionalKey = schema.key?.map((name) => schema.optionalKeyParts?.includes(name) === true);
  const keyIndexes = schema.key?.map((name, i) => columns.get(name) ?? (optionalKey?.[i] ? -1 : undefined));
  const keyColumns = keyIndexes?.every((i) => i !== undefined) ? (keyIndexes as number[]) : undefined;
  const keys = new Map<string, number>();
  const missingConditional = new Set<string>();

  for (let r = 1; r < read.rows.length; r++) {
    const row = read.rows[r] as string[];
    const line = read.lines[r] as number;
    if (row.length !== header.length) {
      out.error(
        'invalid_row_length',
        { file, row: line },
        `${file} line ${line}: ${row.length} values where the header has ${header.length} columns`,
      );
      continue;
    }
    checkValues(file, line, row, header, out);

    for (const [name, index] of required) {
      if (row[index] === '') {
        out.error(
          'missing_required_field',
          { file, row: line, field: name },
          `${file} line ${line}: ${name} is empty`,
        );
      }
    }
    if (schema.requiredWhen) {
      const get = (name: string) => {
        const index = columns.get(name);
        return index === undefined ? '' : (row[index] ?? '');
      };
      for (const name of schema.requiredWhen(get, facts)) {
        if (!columns.has(name)) {
          // Once per file: every later row would say the same.
          if (!missingConditional.has(name)) {
            missingConditional.add(name);
            out.error(
              'missing_required_column',
              { file, field: name },
              `${file} has no ${name} column, which line ${line} needs`,
            );
          }
        } else if (get(name) === '') {
          out.error(
            'missing_required_field',
            { file, row: line, field: name },
            `${file} line ${line}: ${name} is empty`,
          );
        }
      }
    }
    for (const [name, index, check] of typed) {
      const value = row[index] as string;
      if (value === '') continue;
      const problem = check(value);
      if (problem) {
        out.error(
          problem.code,
          { file, row: line, field: name },
          `${file} line ${line}: ${name} ${show(value)} ${problem.text}`,
        );
      }
    }
    const key = keyColumns && rowKey(row, keyColumns, optionalKey);
    if (key && schema.key) {
      const first = keys.get(key);
      if (first === undefined) {
        keys.set(key, line);
      } else {
        const named = schema.key.map((name, i) => `${name} ${show(row[keyColumns[i] as number] ?? '')}`);
        out.error(
          'duplicate_key',
          { file, row: line, field: schema.key[schema.key.length - 1] },
          `${file} line ${line}: ${named.join(' with ')} is already on line ${first}`,
        );
      }
    }
    table.rows.push(row);
    table.lines.push(line);
  }
  if (broken) reportBroken();
  return table;
}

// ---------------------------------------------------------------------------------------------
// Checks that compare rows of one file

function checkAgencies(agency: Table | undefined, out: Notices) {
  if (!agency?.columns.has('agency_timezone')) return;
  const zone = column(agency, 'agency_timezone');
  let first: { value: string; line: number } | undefined;
  agency.rows.forEach((row, r) => {
    const value = zone(row);
    const line = agency.lines[r] as number;
    if (value === '') return;
    if (!first) first = { value, line };
    else if (value !== first.value) {
      out.error(
        'inconsistent_agency_timezone',
        { file: agency.file, row: line, field: 'agency_timezone' },
        `${agency.file} line ${line}: agency_timezone ${show(value)} differs from ${show(first.value)} on line ${first.line}`,
      );
    }
  });
}

function checkRoutes(routes: Table | undefined, out: Notices) {
  if (!routes) return;
  const file = routes.file;
  const shortName = column(routes, 'route_short_name');
  const longName = column(routes, 'route_long_name');
  const type = column(routes, 'route_type');
  const agencyId = column(routes, 'agency_id');
  const seen = new Map<string, number>();
  routes.rows.forEach((row, r) => {
    const line = routes.lines[r] as number;
    const short = shortName(row);
    const long = longName(row);
    if (short === '' && long === '') {
      out.error(
        'route_both_short_and_long_name_missing',
        { file, row: line },
        `${file} line ${line}: the route has neither route_short_name nor route_long_name`,
      );
      return;
    }
    const key = [short, long, type(row), agencyId(row)].join('\u0000');
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else {
      out.warning(
        'duplicate_route_name',
        { file, row: line },
        `${file} line ${line}: the route has the same names, type and agency as line ${first}`,
      );
    }
  });
}

function checkCalendar(calendar: Table | undefined, out: Notices) {
  if (!calendar) return;
  const start = column(calendar, 'start_date');
  const end = column(calendar, 'end_date');
  calendar.rows.forEach((row, r) => {
    checkRange(
      calendar,
      calendar.lines[r] as number,
      ['start_date', start(row)],
      ['end_date', end(row)],
      out,
    );
  });
}

function checkRange(
  table: Table,
  line: number,
  start: [string, string],
  end: [string, string],
  out: Notices,
) {
  const from = parseGtfsDate(start[1]);
  const to = parseGtfsDate(end[1]);
  if (from && to && from > to) {
    out.error(
      'start_and_end_range_out_of_order',
      { file: table.file, row: line, field: start[0] },
      `${table.file} line ${line}: ${start[0]} ${start[1]} is after ${end[0]} ${end[1]}`,
    );
  }
}

function checkFeedInfo(feedInfo: Table | undefined, today: string, out: Notices) {
  if (!feedInfo) return;
  const file = feedInfo.file;
  const start = column(feedInfo, 'feed_start_date');
  const end = column(feedInfo, 'feed_end_date');
  const in7 = addDays(today, 7);
  const in30 = addDays(today, 30);
  feedInfo.rows.forEach((row, r) => {
    const line = feedInfo.lines[r] as number;
    for (const [name, value] of [
      ['feed_start_date', start(row)],
      ['feed_end_date', end(row)],
    ] as const) {
      if (value === '') {
        out.warning(
          'missing_feed_info_date',
          { file, row: line, field: name },
          `${file} line ${line}: ${name} is not given, so planners cannot tell when the feed is valid`,
        );
      }
    }
    checkRange(feedInfo, line, ['feed_start_date', start(row)], ['feed_end_date', end(row)], out);
    const last = parseGtfsDate(end(row));
    if (last === null) return;
    const days = last < in7 ? 7 : last < in30 ? 30 : 0;
    if (days > 0) {
      out.warning(
        `feed_expiration_date${days}_days`,
        { file, row: line, field: 'feed_end_date' },
        `${file} line ${line}: feed_end_date ${end(row)} is less than ${days} days after ${today}`,
      );
    }
  });
}

// GTFS Fares v2 (issue 41): the checks of gtfs-validator that compare rows of a fare file.

const DAY_SECONDS = 24 * 3600;

/** timeframes.txt: both times or neither, none past 24:00:00, and no overlap within a group and service. */
function checkTimeframes(timeframes: Table | undefined, out: Notices) {
  if (!timeframes) return;
  const file = timeframes.file;
  const group = column(timeframes, 'timeframe_group_id');
  const service = column(timeframes, 'service_id');
  const startOf = column(timeframes, 'start_time');
  const endOf = column(timeframes, 'end_time');
  const spans = new Map<string, { start: number; end: number; line: number; text: [string, string] }[]>();
  timeframes.rows.forEach((row, r) => {
    const line = timeframes.lines[r] as number;
    const [start, end] = [startOf(row), endOf(row)];
    if ((start === '') !== (end === '')) {
      out.error(
        'timeframe_only_start_or_end_time_specified',
        { file, row: line, field: start === '' ? 'end_time' : 'start_time' },
        `${file} line ${line}: only one of start_time and end_time is given; both or neither`,
      );
      return;
    }
    let late = false;
    for (const [name, value] of [
      ['start_time', start],
      ['end_time', end],
    ] as const) {
      const seconds = parseGtfsTime(value);
      if (seconds === null || seconds <= DAY_SECONDS) continue;
      late = true;
      out.error(
        'timeframe_start_or_end_time_greater_than_twenty_four_hours',
        { file, row: line, field: name },
        `${file} line ${line}: ${name} ${value} is after 24:00:00`,
      );
    }
    const from = start === '' ? 0 : parseGtfsTime(start);
    const until = end === '' ? DAY_SECONDS : parseGtfsTime(end);
    // A time already reported (not a time, after midnight) has no place among the others.
    if (late || from === null || until === null) return;
    const key = `${group(row)}\u0000${service(row)}`;
    const list = spans.get(key) ?? [];
    list.push({ start: from, end: until, line, text: [start || '00:00:00', end || '24:00:00'] });
    spans.set(key, list);
  });
  const found: { line: number; message: string }[] = [];
  for (const [key, list] of spans) {
    const [groupId = '', serviceId = ''] = key.split('\u0000');
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    for (let i = 1; i < list.length; i++) {
      const previous = list[i - 1] as (typeof list)[number];
      const current = list[i] as (typeof list)[number];
      if (current.start >= previous.end) continue;
      found.push({
        line: current.line,
        message: `${file} line ${current.line}: ${current.text[0]}-${current.text[1]} overlaps ${previous.text[0]}-${previous.text[1]} on line ${previous.line} (timeframe_group_id ${show(groupId)}, service_id ${show(serviceId)})`,
      });
    }
  }
  for (const { line, message } of found.sort((a, b) => a.line - b.line))
    out.error('timeframe_overlap', { file, row: line }, message);
}

/** fare_media.txt: a card's or an app's name, and no two media of the same name and type. */
function checkFareMedia(media: Table | undefined, out: Notices) {
  if (!media) return;
  const file = media.file;
  const name = column(media, 'fare_media_name');
  const type = column(media, 'fare_media_type');
  const id = column(media, 'fare_media_id');
  const seen = new Map<string, { line: number; id: string }>();
  media.rows.forEach((row, r) => {
    const line = media.lines[r] as number;
    if ((type(row) === '2' || type(row) === '4') && name(row) === '') {
      out.warning(
        'missing_recommended_field',
        { file, row: line, field: 'fare_media_name' },
        `${file} line ${line}: a transit card or app (fare_media_type ${type(row)}) should have the fare_media_name riders know it by`,
      );
    }
    const key = `${name(row)}\u0000${type(row)}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, { line, id: id(row) });
    else {
      out.warning(
        'duplicate_fare_media',
        { file, row: line },
        `${file} line ${line}: fare media ${show(id(row))} has the same name and type as ${show(first.id)} on line ${first.line}`,
      );
    }
  });
}

/**
 * fare_products.txt: each amount written with its currency's decimal places (ISO 4217: 2.50
 * EUR, not 2.5), and no product with two default rider categories.
 */
function checkFareProducts(products: Table | undefined, categories: Table | undefined, out: Notices) {
  if (!products) return;
  const file = products.file;
  const amountOf = column(products, 'amount');
  const currencyOf = column(products, 'currency');
  const productOf = column(products, 'fare_product_id');
  const categoryOf = column(products, 'rider_category_id');
  products.rows.forEach((row, r) => {
    const line = products.lines[r] as number;
    const amount = amountOf(row);
    const code = currencyOf(row);
    if (!FLOAT.test(amount) || !isCurrency(code)) return;
    const digits = currencyDigits(code);
    if (decimalPlaces(amount) === digits) return;
    out.error(
      'invalid_currency_amount',
      { file, row: line, field: 'amount' },
      `${file} line ${line}: amount ${show(amount)} is not written with the ${digits} decimal places of ${code}`,
    );
  });
  if (!categories?.columns.has('rider_category_id')) return;
  const categoryId = column(categories, 'rider_category_id');
  const isDefault = column(categories, 'is_default_fare_category');
  const defaults = new Set(categories.rows.filter((row) => isDefault(row) === '1').map(categoryId));
  const byProduct = new Map<string, { category: string; line: number }[]>();
  products.rows.forEach((row, r) => {
    const category = categoryOf(row);
    if (!defaults.has(category)) return;
    const list = byProduct.get(productOf(row)) ?? [];
    if (!list.some((d) => d.category === category))
      list.push({ category, line: products.lines[r] as number });
    byProduct.set(productOf(row), list);
  });
  for (const [product, list] of byProduct) {
    const [first, second] = list;
    if (first === undefined || second === undefined) continue;
    out.error(
      'fare_product_with_multiple_default_rider_categories',
      { file, row: second.line, field: 'rider_category_id' },
      `${file} line ${second.line}: fare product ${show(product)} has a second default rider category, ${show(second.category)} (${show(first.category)} on line ${first.line})`,
    );
  }
}

/**
 * fare_transfer_rules.txt: a duration limit and its type come together; `transfer_count` is
 * given exactly when a rule joins a leg group to itself (gtfs-validator's
 * FareTransferRuleDurationLimitTypeValidator and FareTransferRuleTransferCountValidator).
 */
function checkFareTransferRules(rules: Table | undefined, out: Notices) {
  if (!rules) return;
  const file = rules.file;
  const limit = column(rules, 'duration_limit');
  const limitType = column(rules, 'duration_limit_type');
  const from = column(rules, 'from_leg_group_id');
  const to = column(rules, 'to_leg_group_id');
  const count = column(rules, 'transfer_count');
  rules.rows.forEach((row, r) => {
    const line = rules.lines[r] as number;
    if (limit(row) !== '' && limitType(row) === '')
      out.error(
        'fare_transfer_rule_duration_limit_without_type',
        { file, row: line, field: 'duration_limit_type' },
        `${file} line ${line}: duration_limit ${show(limit(row))} is given without a duration_limit_type saying between which moments it is counted`,
      );
    if (limit(row) === '' && limitType(row) !== '')
      out.error(
        'fare_transfer_rule_duration_limit_type_without_duration_limit',
        { file, row: line, field: 'duration_limit' },
        `${file} line ${line}: duration_limit_type ${show(limitType(row))} is given without a duration_limit`,
      );
    const sameGroup = from(row) !== '' && to(row) !== '' && from(row) === to(row);
    if (sameGroup && count(row) === '')
      out.error(
        'fare_transfer_rule_missing_transfer_count',
        { file, row: line, field: 'transfer_count' },
        `${file} line ${line}: a transfer within leg group ${show(from(row))} needs a transfer_count`,
      );
    if (!sameGroup && count(row) !== '')
      out.error(
        'fare_transfer_rule_with_forbidden_transfer_count',
        { file, row: line, field: 'transfer_count' },
        `${file} line ${line}: transfer_count is given for a transfer between two leg groups (${show(from(row))} and ${show(to(row))}); it is only for a transfer within one`,
      );
  });
}

/** A route's network is said in routes.txt or in networks.txt and route_networks.txt, never both. */
function checkNetworks(tables: ReadonlyMap<string, Table>, out: Notices) {
  if (!tables.get('routes.txt')?.columns.has('network_id')) return;
  for (const other of ['route_networks.txt', 'networks.txt']) {
    if (!tables.has(other)) continue;
    out.error(
      'route_networks_specified_in_more_than_one_file',
      { file: other, field: 'network_id' },
      `routes.txt has a network_id column and the feed has ${other}: a route's network is said in one of them`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Checks across files

interface ForeignKey {
  file: string;
  column: string;
  /** Any of these may hold the value (trips.service_id: calendar or calendar_dates). */
  parents: readonly (readonly [file: string, column: string])[];
  /**
   * A parent file that is absent, or has no such column, holds no values (an optional file: a
   * fare leg rule's area with no areas.txt is a broken reference), rather than being unable to say.
   */
  optionalParents?: boolean;
}

const FOREIGN_KEYS: readonly ForeignKey[] = [
  { file: 'routes.txt', column: 'agency_id', parents: [['agency.txt', 'agency_id']] },
  { file: 'trips.txt', column: 'route_id', parents: [['routes.txt', 'route_id']] },
  {
    file: 'trips.txt',
    column: 'service_id',
    parents: [
      ['calendar.txt', 'service_id'],
      ['calendar_dates.txt', 'service_id'],
    ],
  },
  { file: 'stop_times.txt', column: 'trip_id', parents: [['trips.txt', 'trip_id']] },
  { file: 'stop_times.txt', column: 'stop_id', parents: [['stops.txt', 'stop_id']] },
  { file: 'stops.txt', column: 'parent_station', parents: [['stops.txt', 'stop_id']] },
  // GTFS Fares v2 (issue 41).
  {
    file: 'timeframes.txt',
    column: 'service_id',
    parents: [
      ['calendar.txt', 'service_id'],
      ['calendar_dates.txt', 'service_id'],
    ],
  },
  ...(
    [
      ['fare_products.txt', 'rider_category_id', 'rider_categories.txt', 'rider_category_id'],
      ['fare_products.txt', 'fare_media_id', 'fare_media.txt', 'fare_media_id'],
      ['fare_leg_rules.txt', 'from_area_id', 'areas.txt', 'area_id'],
      ['fare_leg_rules.txt', 'to_area_id', 'areas.txt', 'area_id'],
      ['fare_leg_rules.txt', 'from_timeframe_group_id', 'timeframes.txt', 'timeframe_group_id'],
      ['fare_leg_rules.txt', 'to_timeframe_group_id', 'timeframes.txt', 'timeframe_group_id'],
      ['fare_leg_rules.txt', 'fare_product_id', 'fare_products.txt', 'fare_product_id'],
      ['fare_transfer_rules.txt', 'from_leg_group_id', 'fare_leg_rules.txt', 'leg_group_id'],
      ['fare_transfer_rules.txt', 'to_leg_group_id', 'fare_leg_rules.txt', 'leg_group_id'],
      ['fare_transfer_rules.txt', 'fare_product_id', 'fare_products.txt', 'fare_product_id'],
      ['stop_areas.txt', 'area_id', 'areas.txt', 'area_id'],
      ['route_networks.txt', 'network_id', 'networks.txt', 'network_id'],
    ] as const
  ).map(([file, name, parent, parentColumn]) => ({
    file,
    column: name,
    parents: [[parent, parentColumn] as const],
    optionalParents: true,
  })),
  // Into required files: one that is absent is said to be, once.
  { file: 'stop_areas.txt', column: 'stop_id', parents: [['stops.txt', 'stop_id']] },
  { file: 'route_networks.txt', column: 'route_id', parents: [['routes.txt', 'route_id']] },
  {
    file: 'fare_leg_rules.txt',
    column: 'network_id',
    parents: [
      ['routes.txt', 'network_id'],
      ['networks.txt', 'network_id'],
    ],
    optionalParents: true,
  },
];

const NO_VALUES: ReadonlyMap<string, number> = new Map();

/** What the checks across files know of a file: its table, or what was kept of it as it streamed by. */
interface FileFacts {
  tables: ReadonlyMap<string, Table>;
  streamed: ReadonlyMap<string, StreamedFile>;
}

/** Every value of a column (with its first line), or null when the file cannot say (absent, broken, no such column). */
function columnValues(facts: FileFacts, file: string, name: string): ReadonlyMap<string, number> | null {
  const streamed = facts.streamed.get(file);
  if (streamed !== undefined) return streamed.values.get(name) ?? null;
  const table = facts.tables.get(file);
  if (!complete(table, name)) return null;
  const get = column(table, name);
  const values = new Map<string, number>();
  table.rows.forEach((row, r) => {
    const value = get(row);
    if (!values.has(value)) values.set(value, table.lines[r] as number);
  });
  return values;
}

function checkForeignKeys(facts: FileFacts, out: Notices) {
  const has = (file: string) => facts.tables.has(file) || facts.streamed.has(file);
  for (const key of FOREIGN_KEYS) {
    const child = facts.tables.get(key.file);
    const streamedChild = facts.streamed.get(key.file);
    if (child === undefined && streamedChild === undefined) continue;
    if (child !== undefined && !child.columns.has(key.column)) continue;
    const present = key.parents.filter(([file]) => has(file) || key.optionalParents === true);
    // A missing parent file is reported as such; a broken one or one without the column
    // cannot say what it holds, and guessing would flood the report. An optional parent file
    // absent or without the column holds nothing.
    const parents = present.map(([file, name]) => {
      if (key.optionalParents !== true) return columnValues(facts, file, name);
      const table = facts.tables.get(file);
      if (!has(file) || (table !== undefined && !table.broken && !table.columns.has(name))) return NO_VALUES;
      return columnValues(facts, file, name);
    });
    if (present.length === 0 || parents.some((values) => values === null)) continue;
    const names = present.map(([file]) => file).join(' or ');
    const known = (value: string) => parents.some((values) => values?.has(value));
    const report = (line: number, value: string) =>
      out.error(
        'foreign_key_violation',
        { file: key.file, row: line, field: key.column },
        `${key.file} line ${line}: ${key.column} ${show(value)} is not in ${names}`,
      );
    if (child !== undefined) {
      const get = column(child, key.column);
      child.rows.forEach((row, r) => {
        const value = get(row);
        if (value !== '' && !known(value)) report(child.lines[r] as number, value);
      });
      continue;
    }
    // A streamed file kept each value once: a missing one is said at its first line.
    for (const [value, line] of streamedChild?.values.get(key.column) ?? []) {
      if (value !== '' && !known(value)) report(line, value);
    }
  }
}

/** Per trip, ordered by stop_sequence: the trip's edges have times, and times never go back. */
function checkStopTimeOrder(stopTimes: Table | undefined, out: Notices) {
  if (!stopTimes?.columns.has('trip_id') || !stopTimes.columns.has('stop_sequence')) return;
  const file = stopTimes.file;
  const tripId = column(stopTimes, 'trip_id');
  const sequenceOf = column(stopTimes, 'stop_sequence');
  const arrivalOf = column(stopTimes, 'arrival_time');
  const departureOf = column(stopTimes, 'departure_time');
  const { rows, lines } = stopTimes;

  const sequence = new Float64Array(rows.length);
  const byTrip = new Map<string, number[]>();
  rows.forEach((row, r) => {
    const text = sequenceOf(row);
    const trip = tripId(row);
    // An invalid stop_sequence is already reported; its row has no place in the order.
    if (trip === '' || !/^\d+$/.test(text)) return;
    sequence[r] = Number(text);
    const list = byTrip.get(trip);
    if (list) list.push(r);
    else byTrip.set(trip, [r]);
  });

  for (const [trip, indexes] of byTrip) {
    indexes.sort((a, b) => (sequence[a] as number) - (sequence[b] as number));
    const first = indexes[0] as number;
    const last = indexes[indexes.length - 1] as number;
    // A broken file may have lost the end of its last trip; its "last" row is not the edge.
    const edges = stopTimes.broken ? [] : first === last ? [first] : [first, last];
    for (const r of edges) {
      const row = rows[r] as string[];
      for (const [name, value] of [
        ['arrival_time', arrivalOf(row)],
        ['departure_time', departureOf(row)],
      ] as const) {
        if (value !== '') continue;
        const line = lines[r] as number;
        out.error(
          'missing_trip_edge',
          { file, row: line, field: name },
          `${file} line ${line}: the ${r === first ? 'first' : 'last'} stop of trip ${show(trip)} has no ${name}`,
        );
      }
    }
    let previous: { time: number; text: string; line: number } | undefined;
    for (const r of indexes) {
      const row = rows[r] as string[];
      const line = lines[r] as number;
      const arrival = parseGtfsTime(arrivalOf(row));
      if (arrival !== null && previous && arrival < previous.time) {
        out.error(
          'stop_time_with_arrival_before_previous_departure_time',
          { file, row: line, field: 'arrival_time' },
          `${file} line ${line}: arrival_time ${arrivalOf(row)} of trip ${show(trip)} is before departure_time ${previous.text} on line ${previous.line}`,
        );
      }
      const departure = parseGtfsTime(departureOf(row));
      if (departure !== null) previous = { time: departure, text: departureOf(row), line };
    }
  }
}

/** Rows per trip in stop_times.txt, or null when the file cannot say. */
function tripRowCounts(facts: FileFacts): ReadonlyMap<string, number> | null {
  const streamed = facts.streamed.get('stop_times.txt');
  if (streamed !== undefined) return streamed.values.has('trip_id') ? streamed.counts : null;
  const stopTimes = facts.tables.get('stop_times.txt');
  if (!complete(stopTimes, 'trip_id')) return null;
  const count = new Map<string, number>();
  const tripOf = column(stopTimes, 'trip_id');
  for (const row of stopTimes.rows) {
    const trip = tripOf(row);
    count.set(trip, (count.get(trip) ?? 0) + 1);
  }
  return count;
}

function checkUsage(facts: FileFacts, out: Notices) {
  const count = tripRowCounts(facts);
  // Every trip with the line it is on (a streamed trips.txt kept its first, and ids are its key).
  const trips =
    facts.tables.has('trips.txt') || facts.streamed.has('trips.txt')
      ? (columnValues(facts, 'trips.txt', 'trip_id') ?? allRows(facts.tables.get('trips.txt'), 'trip_id'))
      : null;
  if (count !== null && trips !== null) {
    const file = 'trips.txt';
    for (const [trip, line] of trips) {
      if (trip === '') continue;
      const used = count.get(trip) ?? 0;
      // Zero is unused_trip only: "unusable" would say the same thing twice.
      if (used === 0) {
        out.warning(
          'unused_trip',
          { file, row: line, field: 'trip_id' },
          `${file} line ${line}: trip ${show(trip)} has no stop_times`,
        );
      } else if (used === 1) {
        out.warning(
          'unusable_trip',
          { file, row: line, field: 'trip_id' },
          `${file} line ${line}: trip ${show(trip)} has only one stop_times row, so it goes nowhere`,
        );
      }
    }
  }

  const stops = facts.tables.get('stops.txt');
  const used = columnValues(facts, 'stop_times.txt', 'stop_id');
  if (used !== null && stops?.columns.has('stop_id')) {
    const stopId = column(stops, 'stop_id');
    const type = column(stops, 'location_type');
    stops.rows.forEach((row, r) => {
      const id = stopId(row);
      const kind = type(row);
      if (id === '' || (kind !== '' && kind !== '0') || used.has(id)) return;
      const line = stops.lines[r] as number;
      out.warning(
        'unused_stop',
        { file: stops.file, row: line, field: 'stop_id' },
        `${stops.file} line ${line}: stop ${show(id)} is in no stop_times row`,
      );
    });
  }
}

/** A column's value on each row, with the row's line (a file that may be broken: every row it has). */
function allRows(table: Table | undefined, name: string): [string, number][] | null {
  if (!table?.columns.has(name)) return null;
  const get = column(table, name);
  return table.rows.map((row, r) => [get(row), table.lines[r] as number]);
}

// ---------------------------------------------------------------------------------------------

export function validateGtfs(files: GtfsFiles, options: ValidateOptions): GtfsNotice[] {
  if (!parseIsoDate(options.today))
    throw new RangeError(`today must be a YYYY-MM-DD date, got '${options.today}'`);
  const out = new Notices();

  const streamed = new Map((options.streamed ?? []).map((file) => [file.file, file]));
  for (const file of streamed.keys()) {
    if (files.has(file)) throw new RangeError(`${file} is given twice: as text and as checked while written`);
  }
  const has = (file: string) => files.has(file) || streamed.has(file);
  for (const file of REQUIRED_FILES) {
    if (!has(file)) out.error('missing_required_file', { file }, `The feed has no ${file}`);
  }
  if (!has('calendar.txt') && !has('calendar_dates.txt')) {
    out.error(
      'missing_calendar_and_calendar_date_files',
      {},
      'The feed has neither calendar.txt nor calendar_dates.txt, so no trip has service dates',
    );
  }
  for (const file of files.keys()) {
    if (!STANDARD_FILE_SET.has(file))
      out.warning('unknown_file', { file }, `${file} is not a GTFS file and is ignored`);
  }

  const reads = new Map<string, CsvRead>();
  for (const file of STANDARD_FILES) {
    const text = files.get(file);
    // locations.geojson is JSON, not CSV, and none of the checks here need it.
    if (text !== undefined && file.endsWith('.txt')) reads.set(file, readCsv(text));
  }
  const facts: FeedFacts = { agencyCount: Math.max(0, (reads.get('agency.txt')?.rows.length ?? 0) - 1) };
  const tables = new Map<string, Table>();
  for (const file of STANDARD_FILES) {
    const read = reads.get(file);
    if (read !== undefined) tables.set(file, checkFile(file, read, facts, out));
    // Its row (and order) checks ran as it was written: their notices take its place in the order.
    out.list.push(...(streamed.get(file)?.notices ?? []));
  }
  const known: FileFacts = { tables, streamed };

  checkAgencies(tables.get('agency.txt'), out);
  checkRoutes(tables.get('routes.txt'), out);
  checkCalendar(tables.get('calendar.txt'), out);
  checkFeedInfo(tables.get('feed_info.txt'), options.today, out);
  checkTimeframes(tables.get('timeframes.txt'), out);
  checkFareMedia(tables.get('fare_media.txt'), out);
  checkFareProducts(tables.get('fare_products.txt'), tables.get('rider_categories.txt'), out);
  checkFareTransferRules(tables.get('fare_transfer_rules.txt'), out);
  checkNetworks(tables, out);
  checkForeignKeys(known, out);
  checkStopTimeOrder(tables.get('stop_times.txt'), out);
  checkUsage(known, out);
  return out.list;
}

/**
 * The files that grow with the timetable, as a feed writer streams them: the column its rows
 * come grouped by (a piece holds whole groups), and the columns whose values the checks across
 * files need (each kept once, with its first line).
 */
const STREAMED_FILES: Readonly<Record<string, { group: string; keep: readonly string[] }>> = {
  'stop_times.txt': { group: 'trip_id', keep: ['trip_id', 'stop_id'] },
  'trips.txt': { group: 'trip_id', keep: ['trip_id', 'route_id', 'service_id'] },
  'calendar_dates.txt': { group: 'service_id', keep: ['service_id'] },
};

/**
 * A file checked while it is written, a piece of whole groups at a time (a trip's stop times,
 * a service's dates), so a national feed's millions of rows are never held at once: each piece
 * gets the same row checks as a whole file (checkFile; stop_times.txt also checkStopTimeOrder),
 * and what the checks across files need is kept, one entry per value. A group found in two
 * pieces is said to be (its rows could not be checked together).
 */
export class StreamedFile {
  readonly notices: GtfsNotice[] = [];
  /** Column -> each value -> the line of its first row. */
  readonly values = new Map<string, Map<string, number>>();
  /** stop_times.txt: rows per trip. */
  readonly counts = new Map<string, number>();
  private readonly header: string;
  private readonly shape: { group: string; keep: readonly string[] };
  /** Lines of the file so far (the header is line 1). */
  private lines = 1;
  private pieces = 0;

  constructor(
    readonly file: string,
    columns: readonly string[],
  ) {
    const shape = STREAMED_FILES[file];
    if (shape === undefined) throw new RangeError(`${file} is not one of the files checked while written`);
    this.shape = shape;
    this.header = columns.join(',');
    for (const name of shape.keep) if (columns.includes(name)) this.values.set(name, new Map());
  }

  /** Rows of whole groups, each ending in CRLF or LF, as they follow in the file. */
  piece(rows: string): void {
    const read = readCsv(`${this.header}\n${rows}`);
    const offset = this.lines - 1;
    for (let i = 1; i < read.lines.length; i++) read.lines[i] = (read.lines[i] as number) + offset;
    const out = new Notices();
    const table = checkFile(this.file, read, { agencyCount: 0 }, out);
    if (this.file === 'stop_times.txt') checkStopTimeOrder(table, out);
    // The header's own notices once, not once per piece.
    for (const notice of out.list) {
      const aboutHeader = notice.row === undefined || notice.row === 1;
      if (this.pieces === 0 || !aboutHeader) this.notices.push(notice);
    }
    const group = column(table, this.shape.group);
    const groups = this.values.get(this.shape.group);
    const here = new Set<string>();
    table.rows.forEach((row, r) => {
      const value = group(row);
      // Rows per trip are what the usage checks need; other files' groups are not counted.
      if (this.file === 'stop_times.txt') this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
      if (here.has(value)) return;
      here.add(value);
      const earlier = groups?.get(value);
      if (earlier === undefined) return;
      const line = table.lines[r] as number;
      this.notices.push({
        code: 'duplicate_key',
        severity: 'ERROR',
        file: this.file,
        row: line,
        field: this.shape.group,
        message: `${this.file} line ${line}: ${this.shape.group} ${show(value)} is already on line ${earlier}, before other rows`,
      });
    });
    for (const [name, values] of this.values) {
      const get = column(table, name);
      table.rows.forEach((row, r) => {
        const value = get(row);
        if (!values.has(value)) values.set(value, table.lines[r] as number);
      });
    }
    this.lines += countLines(rows);
    this.pieces++;
  }
}

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
