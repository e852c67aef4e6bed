/** Domain enums and entity types. Strings are the product's own spellings (spec section 3). */

export const HOME_STOP_ID = 1;
export const WHOLE_YEAR_RULE_NAME = 'Apskritus metus';

export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** 'Nationial' is the product's spelling (spec section 2). */
export const ROUTE_TYPES = ['City Bus', 'Regional Bus', 'Nationial Bus'] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];

export const BOUND_FOR = ['City bound', 'Out bound', 'One way'] as const;
export type BoundFor = (typeof BOUND_FOR)[number];

export const DIRECTIONS = ['Out bound', 'City bound'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const YEARLY_RULE_TYPES = ['Static dates', 'Formula pattern', 'Combo'] as const;
export type YearlyRuleType = (typeof YEARLY_RULE_TYPES)[number];

export interface Stop {
  id: number;
  name: string;
  /** Free text; the town uses it as a disambiguation note, not as coordinates. */
  coords: string | null;
  defaultOption: boolean;
}

/** A stop as staff edit it: with the extra names the stop search also finds it by. */
export interface AdminStop extends Stop {
  searchNames: string[];
  /** Where the stop is (for the GTFS feed); null when staff have not given it yet. */
  position: Position | null;
  /** Whether a wheelchair can board there (issue 41). */
  stepFree: StepFree;
  /**
   * The bay or platform buses leave from ('3', 'A'; issue 42): shown on the departure board.
   * null: none (at the home station the board then shows the line's anykStationPlatform).
   */
  bay: string | null;
}

/**
 * Step-free travel (issue 41): at a stop, whether a wheelchair can board there; of a schedule's
 * bus, whether it is low-floor with a ramp. 'unknown' until staff say.
 */
export type StepFree = 'yes' | 'no' | 'unknown';
export const STEP_FREE_VALUES = ['yes', 'no', 'unknown'] as const satisfies readonly StepFree[];

/** GTFS's code of it (stops.txt wheelchair_boarding, trips.txt wheelchair_accessible), as stored. */
export function stepFreeCode(value: StepFree): 0 | 1 | 2 {
  return value === 'yes' ? 1 : value === 'no' ? 2 : 0;
}

export function stepFreeOf(code: number): StepFree {
  return code === 1 ? 'yes' : code === 2 ? 'no' : 'unknown';
}

/** Decimal degrees, WGS 84. */
export interface Position {
  lat: number;
  lon: number;
}

/** A stop found by the search; `matchedName` is the extra search name that matched, if not its name. */
export interface FoundStop extends Stop {
  matchedName?: string;
}

export interface Holiday {
  id: number;
  name: string;
  month: number;
  day: number;
}

export interface TimePeriod {
  id: number;
  startMonth: number;
  startDay: number;
  endMonth: number;
  endDay: number;
}

export interface PatternItem {
  id: number;
  nthOccurenceEachMonth: number;
  dayOfWeek: Weekday;
}

export interface YearlyRule {
  id: number;
  periodName: string;
  typeOfYearlyRule: YearlyRuleType | null;
  /** Borrow this other rule's periods (only when this rule has none of its own). */
  otherRuleId: number | null;
  timePeriods: TimePeriod[];
  pattern1Params: PatternItem[];
}

export interface CustomNote {
  id: number;
  noteKey: string;
  noteValue: string;
}

export interface LineInfo {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
  routeType: RouteType;
  operator: string | null;
  anykStationPlatform: string | null;
  price: string | null;
  /** Legacy free-text field kept so no imported data is lost. */
  via: string | null;
  enabledSeasonalYearlyRuleFilter: boolean;
  customNotes: CustomNote[];
}

export interface Route {
  id: number;
  lineId: number;
  routeNotes: string | null;
  /** Stop ids in the order the route is drawn. */
  stopIds: number[];
  /** Distance in metres from stop i to stop i+1 (null = unknown); length = stops - 1. */
  distanceMeters: (number | null)[];
}

export interface Trip {
  id: number;
  scheduleId: number;
  boundFor: BoundFor;
  routeId: number;
  routeDirReversed: boolean;
  /** 'HH:MM' per stop in travel order (reversed route order when routeDirReversed); null = no time. */
  timeList: (string | null)[];
}

export interface Schedule {
  id: number;
  lineId: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: number;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  /**
   * The validity window (issue 28): the first and the last date ('YYYY-MM-DD', Vilnius
   * calendar, inclusive) the schedule runs on, on top of its weekdays, yearly rule and holiday
   * flag. Absent or null: no bound on that side (a schedule without a window runs as ever).
   */
  validFrom?: string | null;
  validUntil?: string | null;
  /** Whether its bus is low-floor with a ramp (issue 41); absent: not known. */
  stepFree?: StepFree;
  trips: Trip[];
}

/**
 * Pads with null (unknown) or cuts a distance list to one entry fewer than the route's stops
 * (zod-free here: the fare rules in the browser bundle read routes with it).
 */
export function resizeDistances(distances: readonly (number | null)[], stopCount: number): (number | null)[] {
  const length = Math.max(0, stopCount - 1);
  const resized = distances.slice(0, length);
  while (resized.length < length) resized.push(null);
  return resized;
}
