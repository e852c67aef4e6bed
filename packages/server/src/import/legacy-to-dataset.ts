import {
  BOUND_FOR,
  DATASET_FORMAT,
  DATASET_VERSION,
  ROUTE_TYPES,
  TimetableDataset,
  WEEKDAYS,
  type Weekday,
  YEARLY_RULE_TYPES,
} from '@bus/core';
import { formatDatasetIssues } from './dataset-json.ts';
import type {
  DatasetLine as Line,
  DatasetRoute as Route,
  DatasetRule as Rule,
  DatasetSchedule as Schedule,
  DatasetTrip as Trip,
} from './dataset-parts.ts';
import { byPosition, legacyTime, Row } from './legacy-rows.ts';
import type { DumpTable, ParsedDump } from './mysql-dump-parser.ts';

export interface LegacyConversion {
  dataset: TimetableDataset;
  /** What the conversion had to adjust (never silently); the data-check warnings come on top. */
  warnings: string[];
}

/** The old system's tables this importer reads. */
const REQUIRED_TABLES = [
  'bus_stop',
  'public_holiday',
  'runs_on_yearly',
  'time_period',
  'pattern1params',
  'line',
  'route',
  'route_busstops',
  'route_distance_meters_list',
  'schedule',
  'runs_on_weekly',
  'trip1way',
  'trip1way_time_list',
] as const;

/**
 * Not imported on purpose: accounts are created anew (the old ones had self-chosen admin
 * roles), and schedule_trips only mirrors trip1way.schedule_id (it is checked, see below).
 */
const IGNORED_TABLES = new Set(['users', 'roles', 'user_roles', 'schedule_trips']);

/** Mapped by the old entities but missing from the real dump; imported when present. */
const OPTIONAL_TABLES = new Set(['custom_line_note']);

/**
 * Converts the old system's tables into the project's dataset, keeping every id. Anything
 * that cannot be converted faithfully throws; adjustments that keep the meaning are listed
 * in `warnings`.
 */
export function legacyDumpToDataset(dump: ParsedDump): LegacyConversion {
  const warnings: string[] = [];
  const { fileName } = dump;

  for (const name of REQUIRED_TABLES) {
    if (!dump.tables.has(name)) {
      throw new Error(
        `${fileName}: the dump has no table \`${name}\`; is it the old timetable's MySQL dump?`,
      );
    }
  }
  for (const name of dump.tables.keys()) {
    const known =
      IGNORED_TABLES.has(name) ||
      OPTIONAL_TABLES.has(name) ||
      (REQUIRED_TABLES as readonly string[]).includes(name);
    if (!known) {
      warnings.push(`table \`${name}\` is not part of the old timetable and was not imported`);
    }
  }

  // The dump row each converted thing came from, so a problem the dataset check finds in it
  // names the dump line, not only the path in the converted data.
  const origins = new WeakMap<object, string>();
  const from = <T extends object>(row: Row, converted: T): T => {
    origins.set(converted, row.where);
    return converted;
  };
  const rows = (name: string): Row[] => {
    const table: DumpTable | undefined = dump.tables.get(name);
    return (table?.rows ?? []).map((r) => new Row(fileName, name, r));
  };
  /**
   * Rows by their id column, refusing duplicates (the old primary keys). Converted in id
   * order, so children pushed onto their parent (a line's routes, a schedule's trips) end up
   * ordered by id as well.
   */
  const byId = <T>(name: string, convert: (row: Row, id: number) => T): Map<number, T> => {
    const withIds = new Map<number, Row>();
    for (const row of rows(name)) {
      const id = row.int('id');
      if (withIds.has(id)) row.fail(`id ${id} appears twice`);
      withIds.set(id, row);
    }
    const sorted = [...withIds].sort(([a], [b]) => a - b);
    return new Map(
      sorted.map(([id, row]) => {
        const converted = convert(row, id);
        if (typeof converted === 'object' && converted !== null && !(converted instanceof Row))
          from(row, converted);
        return [id, converted];
      }),
    );
  };
  const parent = <T>(map: Map<number, T>, row: Row, column: string, table: string): T => {
    const id = row.int(column);
    const found = map.get(id);
    if (found === undefined) row.fail(`\`${column}\` = ${id}, but \`${table}\` has no row with that id`);
    return found;
  };

  const stops = byId('bus_stop', (row, id) => ({
    id,
    name: row.text('name'),
    coords: row.nullableText('coords'),
    defaultOption: row.bool('default_option'),
  }));

  const holidays = byId('public_holiday', (row, id) => ({
    id,
    name: row.text('name'),
    month: row.int('month'),
    day: row.int('day'),
  }));

  const rules = byId(
    'runs_on_yearly',
    (row, id): Rule => ({
      id,
      periodName: row.text('period_name'),
      typeOfYearlyRule: row.nullableOrdinal('type_of_yearly_rule', YEARLY_RULE_TYPES),
      otherRuleId: row.nullableInt('copy_time_periods_from_other_rule_id'),
      timePeriods: [],
      pattern1Params: [],
    }),
  );
  for (const rule of rules.values()) {
    if (rule.otherRuleId !== null && !rules.has(rule.otherRuleId)) {
      throw new Error(
        `${fileName}: \`runs_on_yearly\` ${rule.id} copies periods from rule ${rule.otherRuleId}, which does not exist`,
      );
    }
  }
  // No order column: periods and patterns keep id order (the order they were created in).
  for (const [id, row] of byId('time_period', (row) => row)) {
    parent(rules, row, 'runs_on_yearly_id', 'runs_on_yearly').timePeriods.push(
      from(row, {
        id,
        startMonth: row.int('start_month'),
        startDay: row.int('start_day'),
        endMonth: row.int('end_month'),
        endDay: row.int('end_day'),
      }),
    );
  }
  for (const [id, row] of byId('pattern1params', (row) => row)) {
    parent(rules, row, 'runs_on_yearly_id', 'runs_on_yearly').pattern1Params.push(
      from(row, {
        id,
        nthOccurenceEachMonth: row.int('nth_occurence_each_month'),
        // java.time.DayOfWeek stored by ORDINAL: 0 = MONDAY.
        dayOfWeek: row.ordinal('desired_xday', WEEKDAYS),
      }),
    );
  }

  const lines = byId(
    'line',
    (row, id): Line => ({
      id,
      name: row.text('name'),
      routeStart: row.nullableText('route_start'),
      routeEnd: row.nullableText('route_end'),
      routeType: row.ordinal('route_type', ROUTE_TYPES),
      operator: row.nullableText('operator'),
      anykStationPlatform: row.nullableText('anyk_station_platform'),
      price: row.nullableText('price'),
      via: row.nullableText('via'),
      enabledSeasonalYearlyRuleFilter: row.bool('enabled_seasonal_yearly_rule_filter'),
      customNotes: [],
      routes: [],
    }),
  );
  if (dump.tables.has('custom_line_note')) {
    for (const [id, row] of byId('custom_line_note', (row) => row)) {
      parent(lines, row, 'line_id', 'line').customNotes.push(
        from(row, {
          id,
          noteKey: row.text('note_key'),
          noteValue: row.text('note_value'),
        }),
      );
    }
  }

  const routes = byId('route', (row, id) => {
    const route: Route = { id, routeNotes: row.nullableText('route_notes'), stopIds: [], distanceMeters: [] };
    // No order column for a line's routes: id order, so the first route is the oldest one.
    parent(lines, row, 'line_id', 'line').routes.push(route);
    return route;
  });

  const routeStops = new Map<number, { position: number; value: number; row: Row }[]>();
  for (const row of rows('route_busstops')) {
    const route = parent(routes, row, 'route_id', 'route');
    const stop = parent(stops, row, 'stop_id', 'bus_stop');
    const list = routeStops.get(route.id) ?? [];
    list.push({ position: row.int('stops_arr_order'), value: stop.id, row });
    routeStops.set(route.id, list);
  }
  for (const route of routes.values()) {
    const list = byPosition(routeStops.get(route.id) ?? []);
    const gap = list.indexOf(undefined);
    if (gap !== -1) {
      throw new Error(`${fileName}: route ${route.id} has no stop at position ${gap} (\`route_busstops\`)`);
    }
    if (list.length === 0)
      throw new Error(`${fileName}: route ${route.id} has no stops (\`route_busstops\`)`);
    route.stopIds = list as number[];
  }

  const routeDistances = new Map<number, { position: number; value: number | null; row: Row }[]>();
  for (const row of rows('route_distance_meters_list')) {
    const route = parent(routes, row, 'route_id', 'route');
    const list = routeDistances.get(route.id) ?? [];
    list.push({
      position: row.int('distance_meters_list_order'),
      value: row.nullableInt('distance_meters_list'),
      row,
    });
    routeDistances.set(route.id, list);
  }
  for (const route of routes.values()) {
    // Hibernate reads missing positions as null, so the old app saw these lists null-padded.
    const list = byPosition(routeDistances.get(route.id) ?? []).map((d) => d ?? null);
    const expected = route.stopIds.length - 1;
    // Every route carries one distance per gap between stops; unknown ones are null. The
    // dump has no distances for most routes, which is simply "all unknown", not a problem.
    if (list.length > 0 && list.length !== expected) {
      const action =
        list.length < expected
          ? `padded with ${expected - list.length} null`
          : `cut, dropping ${JSON.stringify(list.slice(expected))}`;
      warnings.push(
        `route ${route.id}: the distance list has ${list.length} entries for ${route.stopIds.length} stops; ${action} to ${expected} entries`,
      );
    }
    list.length = Math.min(list.length, expected);
    while (list.length < expected) list.push(null);
    route.distanceMeters = list;
  }

  const schedules = byId(
    'schedule',
    (row, id): Schedule => ({
      id,
      lineId: parent(lines, row, 'line_id', 'line').id,
      runsOnWeekly: [],
      runsOnYearlyId: parent(rules, row, 'runs_on_yearly_id', 'runs_on_yearly').id,
      runsOnPublicHolidays: row.bool('runs_on_public_holidays'),
      timeConstraintsDescription: row.nullableText('time_constraints_description'),
      trips: [],
    }),
  );

  const weekdays = new Map<number, Set<Weekday>>();
  for (const row of rows('runs_on_weekly')) {
    const schedule = parent(schedules, row, 'schedule_id', 'schedule');
    const day = row.text('runs_on_weekly');
    if (!(WEEKDAYS as readonly string[]).includes(day))
      row.fail(`\`runs_on_weekly\` = ${JSON.stringify(day)} is not a weekday`);
    const set = weekdays.get(schedule.id) ?? new Set();
    if (set.has(day as Weekday)) warnings.push(`schedule ${schedule.id}: ${day} is listed twice; kept once`);
    set.add(day as Weekday);
    weekdays.set(schedule.id, set);
  }
  for (const schedule of schedules.values()) {
    // The rows have no order column (9 schedules list them backwards): use calendar order.
    const set = weekdays.get(schedule.id) ?? new Set();
    schedule.runsOnWeekly = WEEKDAYS.filter((d) => set.has(d));
  }

  const tripSchedule = new Map<number, number>();
  const trips = byId('trip1way', (row, id) => {
    const schedule = parent(schedules, row, 'schedule_id', 'schedule');
    tripSchedule.set(id, schedule.id);
    const trip: Trip = {
      id,
      boundFor: row.ordinal('bound_for', BOUND_FOR),
      routeId: parent(routes, row, 'route_id', 'route').id,
      // The column is nullable and the old code treated NULL as not reversed.
      routeDirReversed: row.nullableBool('is_route_dir_reversed') ?? false,
      timeList: [],
    };
    schedule.trips.push(trip);
    return trip;
  });

  const tripTimes = new Map<number, { position: number; value: string | null; row: Row }[]>();
  for (const row of rows('trip1way_time_list')) {
    const trip = parent(trips, row, 'trip1way_id', 'trip1way');
    const list = tripTimes.get(trip.id) ?? [];
    const position = row.int('time_list_order');
    list.push({
      position,
      value: legacyTime(row, 'time_list', warnings, `trip ${trip.id} time ${position + 1}`),
      row,
    });
    tripTimes.set(trip.id, list);
  }
  for (const trip of trips.values()) {
    const list = byPosition(tripTimes.get(trip.id) ?? []);
    const holes = list.filter((t) => t === undefined).length;
    if (holes > 0)
      warnings.push(`trip ${trip.id}: ${holes} positions are missing in the time list; left without a time`);
    trip.timeList = list.map((t) => t ?? null);
  }

  // The legacy join table should mirror trip1way.schedule_id; say so when it does not.
  for (const row of rows('schedule_trips')) {
    const tripId = row.int('trips_id');
    const scheduleId = row.int('schedule_id');
    const owner = tripSchedule.get(tripId);
    if (owner !== scheduleId) {
      warnings.push(
        `schedule_trips links trip ${tripId} to schedule ${scheduleId}, but trip1way says ${owner === undefined ? 'there is no such trip' : `schedule ${owner}`}; trip1way was used`,
      );
    }
  }

  // The editors trim what staff type; text that arrives padded is trimmed here too (and
  // reported), so saving an untouched line or stop never changes it.
  const trimmed = <T extends object>(entity: string, record: T, fields: (keyof T & string)[]) => {
    for (const field of fields) {
      const value = record[field];
      if (typeof value !== 'string' || value === value.trim()) continue;
      warnings.push(`${entity}: ${field} ${JSON.stringify(value)} had leading or trailing spaces; trimmed`);
      (record as Record<string, unknown>)[field] = value.trim();
    }
  };
  for (const stop of stops.values()) trimmed(`stop ${stop.id}`, stop, ['name', 'coords']);
  for (const line of lines.values()) {
    trimmed(`line ${line.id}`, line, [
      'name',
      'routeStart',
      'routeEnd',
      'operator',
      'anykStationPlatform',
      'price',
      'via',
    ]);
    for (const route of line.routes) trimmed(`route ${route.id}`, route, ['routeNotes']);
  }
  for (const rule of rules.values()) trimmed(`yearly rule ${rule.id}`, rule, ['periodName']);
  for (const holiday of holidays.values()) trimmed(`holiday ${holiday.id}`, holiday, ['name']);

  const candidate = {
    format: DATASET_FORMAT,
    version: DATASET_VERSION,
    stops: [...stops.values()],
    holidays: [...holidays.values()],
    yearlyRules: [...rules.values()],
    lines: [...lines.values()],
    schedules: [...schedules.values()],
  };
  // The same gate as a JSON import: month/day ranges, nth occurrence 1..5, blank names, ...
  const result = TimetableDataset.safeParse(candidate);
  if (!result.success) {
    const where = (path: readonly PropertyKey[]) => {
      let value: unknown = candidate;
      let found: string | undefined;
      for (const key of path) {
        if (value === null || typeof value !== 'object') break;
        value = (value as Record<PropertyKey, unknown>)[key];
        if (typeof value === 'object' && value !== null) found = origins.get(value) ?? found;
      }
      return found;
    };
    throw new Error(
      `${fileName}: the converted data is not a valid timetable:\n  ${formatDatasetIssues(result.error, candidate, where).join('\n  ')}`,
    );
  }
  return { dataset: result.data, warnings };
}
