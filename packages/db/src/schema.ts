import type { Generated, Selectable } from 'kysely';

/**
 * Table types. Conventions: snake_case columns; booleans 0/1; stop times are minutes after
 * midnight (INTEGER 0..1439, NULL = no time); weekdays are a bit mask (bit 0 = MONDAY ..
 * bit 6 = SUNDAY); enums are stored as their product spelling ('City Bus', 'Out bound', ...).
 */
export interface StopTable {
  id: Generated<number>;
  name: string;
  coords: string | null;
  default_option: number;
  /** foldText(name): lower-case, no diacritics; drives the stop search. */
  name_folded: string;
  /** lithuanianSortKey(name): binary order = Lithuanian alphabetical order. */
  name_sort: string;
  /** Extra search names, separated by line breaks ('' = none); see searchNamesColumn. */
  search_names: Generated<string>;
  /** Position in decimal degrees (WGS 84), both set or both null (migration 2026-11-27). */
  lat: number | null;
  lon: number | null;
  /** Step-free boarding (issue 41), as GTFS codes it: 0 not known, 1 yes, 2 no. */
  wheelchair_boarding: Generated<number>;
  /** The bay or platform buses leave from (issue 42), 1-10 characters; null: none. */
  bay: Generated<string | null>;
}

export interface HolidayTable {
  id: Generated<number>;
  name: string;
  month: number;
  day: number;
}

export interface YearlyRuleTable {
  id: Generated<number>;
  period_name: string;
  type_of_yearly_rule: string | null;
  other_rule_id: number | null;
}

export interface TimePeriodTable {
  id: Generated<number>;
  rule_id: number;
  start_month: number;
  start_day: number;
  end_month: number;
  end_day: number;
}

export interface PatternItemTable {
  id: Generated<number>;
  rule_id: number;
  nth_occurence: number;
  /** 1 = MONDAY .. 7 = SUNDAY */
  day_of_week: number;
}

export interface LineTable {
  id: Generated<number>;
  name: string;
  route_start: string | null;
  route_end: string | null;
  route_type: string;
  operator: string | null;
  anyk_station_platform: string | null;
  price: string | null;
  via: string | null;
  enabled_seasonal_yearly_rule_filter: number;
}

export interface LineNoteTable {
  id: Generated<number>;
  line_id: number;
  note_key: string;
  note_value: string;
}

export interface RouteTable {
  id: Generated<number>;
  line_id: number;
  route_notes: string | null;
  /** Number of rows in route_stop for this route (kept by the repository). */
  stop_count: number;
}

export interface RouteStopTable {
  route_id: number;
  seq: number;
  stop_id: number;
}

export interface RouteDistanceTable {
  route_id: number;
  seq: number;
  meters: number | null;
}

export interface ScheduleTable {
  id: Generated<number>;
  line_id: number;
  rule_id: number;
  weekday_mask: number;
  runs_on_public_holidays: number;
  time_constraints_description: string | null;
  /** Validity window (issue 28): 'YYYY-MM-DD' inclusive, null: no bound on that side. */
  valid_from: Generated<string | null>;
  valid_until: Generated<string | null>;
  /** A low-floor bus with a ramp (issue 41), as GTFS codes it: 0 not known, 1 yes, 2 no. */
  wheelchair_accessible: Generated<number>;
}

export interface TripTable {
  id: Generated<number>;
  schedule_id: number;
  route_id: number;
  bound_for: string;
  route_dir_reversed: number;
}

export interface TripTimeTable {
  trip_id: number;
  /** Index in travel order. */
  seq: number;
  minute: number | null;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** JSON array of role names, e.g. ["ROLE_ADMIN"]. */
  roles: string;
  created_at: Generated<string>;
  /** 1: the demo account (signs in only in demo mode); 0: any other; null: not checked yet. */
  demo: number | null;
  /** Part of every access token: moving it on ends every token issued before. */
  token_epoch: Generated<number>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface SignInFailureTable {
  id: Generated<number>;
  username: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** The client address the wrong password came from ('' for failures recorded before it was kept). */
  address: Generated<string>;
}

export type ChangeKind =
  | 'line'
  | 'schedule'
  | 'rules'
  | 'holiday'
  | 'stop'
  | 'service_change'
  // The changes between buses (one set, like the rules).
  | 'change_rules'
  // Issue 41: a line's fare rule (one price list, its line in line_id) and a concession.
  | 'fare_rule'
  | 'concession'
  // A through fare (its first line in line_id).
  | 'through_fare';
export type ChangeAction = 'create' | 'update' | 'delete';

/** One admin write (migration 2026-11-25-change-log). */
export interface ChangeLogTable {
  id: Generated<number>;
  /** ISO instant (UTC). */
  at: string;
  username: string;
  /** 'admin': the admin board (tRPC); 'rest': the old REST paths. */
  via: 'admin' | 'rest';
  kind: ChangeKind;
  /** The line, schedule, holiday or stop id; null for the yearly rules (one set). */
  entity_id: number | null;
  /** The line of a line or schedule change (for the line filter). */
  line_id: number | null;
  action: ChangeAction;
  /** One line for lists: 'Line M35', 'Schedule 70 of M35'. */
  summary: string;
  /** JSON of the state before (null when created) and after (null when deleted). */
  before_json: string | null;
  after_json: string | null;
  /** The change whose 'before' state this change put back. */
  restored_from: number | null;
  /** The first entry id of the save that wrote this entry. */
  batch: number | null;
}

/** A cancelled trip, changed times, a closed stop or a notice (migration 2026-11-30-service-changes). */
export interface ServiceChangeTable {
  id: Generated<number>;
  kind: 'cancel' | 'retime' | 'closure' | 'notice';
  /** 'YYYY-MM-DD', both ends included; null = open. */
  from_date: string | null;
  until_date: string | null;
  /** JSON arrays of ids. */
  line_ids: string;
  stop_ids: string;
  trip_ids: string;
  shift_minutes: number | null;
  /** JSON array of { tripId, index, time }. */
  stop_times: string;
  instead_stop_id: number | null;
  reason: string | null;
  title_lt: string;
  text_lt: string | null;
  title_en: string | null;
  text_en: string | null;
  cause: string;
  effect: string;
  url: string | null;
}

export interface Database {
  stop: StopTable;
  holiday: HolidayTable;
  yearly_rule: YearlyRuleTable;
  time_period: TimePeriodTable;
  pattern_item: PatternItemTable;
  line: LineTable;
  line_note: LineNoteTable;
  route: RouteTable;
  route_stop: RouteStopTable;
  route_distance: RouteDistanceTable;
  schedule: ScheduleTable;
  trip: TripTable;
  trip_time: TripTimeTable;
  app_user: UserTable;
  app_meta: AppMetaTable;
  sign_in_failure: SignInFailureTable;
  change_log: ChangeLogTable;
  service_change: ServiceChangeTable;
  // Changes between buses.
  stop_change_time: StopChangeTimeTable;
  change_place: ChangePlaceTable;
  // Fares (issue 41).
  fare_rule: FareRuleTable;
  fare_band: FareBandTable;
  fare_pair: FarePairTable;
  concession: ConcessionTable;
  through_fare: ThroughFareTable;
}

// Fares (migration 2026-12-06-fares): money in whole cents, distances in metres.
/** A line's price list from valid_from; `method` says which of its numbers count. */
export interface FareRuleTable {
  id: Generated<number>;
  line_id: number;
  /** 'YYYY-MM-DD', the first day it is in force. */
  valid_from: string;
  method: 'flat' | 'perKm' | 'bands';
  /** Set for a flat fare only. */
  flat_cents: number | null;
  /** Set for a fare per kilometre only. */
  cents_per_km: number | null;
  rounding_cents: number;
  minimum_cents: number;
}

/** A bands rule's bands, in order (ascending by up_to_meters). */
export interface FareBandTable {
  rule_id: number;
  seq: number;
  up_to_meters: number;
  cents: number;
}

/** A pair of the line's stops with a fare of its own (either direction). */
export interface FarePairTable {
  rule_id: number;
  from_stop_id: number;
  to_stop_id: number;
  cents: number;
}

/** Riders who pay `percent` % of the fare. */
export interface ConcessionTable {
  id: Generated<number>;
  name_lt: string;
  name_en: string;
  percent: number;
}
/** One ticket for a journey changing from one line to another (migration 2026-12-09-through-fares). */
export interface ThroughFareTable {
  id: Generated<number>;
  from_line_id: number;
  from_stop_id: number;
  to_line_id: number;
  to_stop_id: number;
  /** 'YYYY-MM-DD', the first day it is in force. */
  valid_from: string;
  cents: number;
  change_minutes: number;
}
export type ThroughFareRow = Selectable<ThroughFareTable>;
export type FareRuleRow = Selectable<FareRuleTable>;
export type ConcessionRow = Selectable<ConcessionTable>;

// Changes between buses (migration 2026-12-02-change-places).
/** A stop's own minimum change time. */
export interface StopChangeTimeTable {
  stop_id: number;
  minutes: number;
}

/** Two stops counted as one place for changing buses (stop_a < stop_b), and the walk between them. */
export interface ChangePlaceTable {
  stop_a: number;
  stop_b: number;
  walk_minutes: number;
}
export type StopChangeTimeRow = Selectable<StopChangeTimeTable>;
export type ChangePlaceRow = Selectable<ChangePlaceTable>;

/** A row as a select of every column gives it back (Kysely's Selectable of the table). */
export type StopRow = Selectable<StopTable>;
export type HolidayRow = Selectable<HolidayTable>;
export type ServiceChangeRow = Selectable<ServiceChangeTable>;
export type YearlyRuleRow = Selectable<YearlyRuleTable>;
export type TimePeriodRow = Selectable<TimePeriodTable>;
export type PatternItemRow = Selectable<PatternItemTable>;
export type LineRow = Selectable<LineTable>;
export type LineNoteRow = Selectable<LineNoteTable>;
export type RouteRow = Selectable<RouteTable>;
export type ScheduleRow = Selectable<ScheduleTable>;
export type TripRow = Selectable<TripTable>;
export type TripTimeRow = Selectable<TripTimeTable>;
