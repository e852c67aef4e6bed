import {
  type BoundFor,
  checkDatasetReferences,
  DATASET_FORMAT,
  DATASET_VERSION,
  distinctSearchNames,
  formatTime,
  stepFreeCode,
  stepFreeOf,
  type TimetableDataset,
} from '@bus/core';
import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { isDatabaseBusy } from '../connection.ts';
import type { Database, ScheduleRow } from '../schema.ts';
import { rebuildDepartureIndex } from './departure-index.ts';
import {
  concessionColumns,
  fareRuleColumns,
  listConcessions,
  listFareRules,
  listThroughFares,
  throughFareColumns,
} from './fares.ts';
import { listHolidays } from './holidays.ts';
import { clearImportMarker, markImportStarted } from './import-marker.ts';
import { lineColumns, listLineInfos } from './lines.ts';
import { listYearlyRules, patternColumns, periodColumns } from './rules.ts';
import { scheduleColumns, toSchedule } from './schedules.ts';
import { parseSearchNames, stopColumns, toPosition, toStop } from './stops.ts';

/** Rows per entity, as reported after an import and used to tell an empty database apart. */
export interface TimetableCounts {
  stops: number;
  holidays: number;
  yearlyRules: number;
  timePeriods: number;
  patternItems: number;
  lines: number;
  routes: number;
  schedules: number;
  trips: number;
  stopTimes: number;
}

export type ImportCounts = TimetableCounts;

/** The table behind each count. */
const COUNTED_TABLES = {
  stops: 'stop',
  holidays: 'holiday',
  yearlyRules: 'yearly_rule',
  timePeriods: 'time_period',
  patternItems: 'pattern_item',
  lines: 'line',
  routes: 'route',
  schedules: 'schedule',
  trips: 'trip',
  stopTimes: 'trip_time',
} as const satisfies Record<keyof TimetableCounts, keyof Database>;

/** Children first, so no delete ever has to wait for a cascade or trips over a reference. */
/** app_meta key: when the whole timetable was last imported (ISO instant). */
export const TIMETABLE_IMPORTED_AT = 'timetable_imported_at';

const TIMETABLE_TABLES_CHILD_FIRST = [
  // Fares (issue 41): a line's rules name it and their pairs name stops; a through fare names
  // two lines and two stops.
  'through_fare',
  'fare_pair',
  'fare_band',
  'fare_rule',
  'concession',
  'trip_time',
  'trip',
  'schedule',
  'route_distance',
  'route_stop',
  'route',
  'line_note',
  'line',
  'pattern_item',
  'time_period',
  'yearly_rule',
  'holiday',
  'stop',
] as const;

/**
 * At most this many rows go into one INSERT of a child table (a route's stops, a trip's
 * times). One statement per trip instead of one per stop time cuts the per-call overhead
 * between JavaScript and SQLite, which dominates at millions of stop times; 200 rows x 3
 * columns stays far below SQLite's parameter limit.
 */
const MAX_ROWS_PER_INSERT = 200;

/** 'HH:MM' -> minute after midnight, for exactly the 1440 valid spellings (no seconds). */
const TIME_OF_MINUTE = Array.from({ length: 1440 }, (_, minute) => formatTime(minute));
const MINUTE_OF_TIME = new Map(TIME_OF_MINUTE.map((text, minute) => [text, minute]));

/**
 * Replaces the whole timetable (every table except app_user) with `dataset`, keeping every
 * id, in one transaction: on any failure nothing changes and the error names the entity.
 * Synchronous on the raw handle because this is the one bulk path (a national dataset has
 * millions of stop times) and per-row query building would be far too slow.
 */
export function replaceTimetable(
  sqlite: BetterSqlite3.Database,
  dataset: TimetableDataset,
  options: ReplaceTimetableOptions = {},
): ImportCounts {
  const problems = checkDatasetReferences(dataset);
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).join('; ');
    const more = problems.length > 20 ? ` (and ${problems.length - 20} more)` : '';
    throw new Error(`the dataset is not consistent: ${shown}${more}`);
  }
  return replaceTimetableFrom(
    sqlite,
    (sink) => {
      for (const stop of dataset.stops) sink.stop(stop);
      for (const holiday of dataset.holidays) sink.holiday(holiday);
      for (const rule of dataset.yearlyRules) sink.yearlyRule(rule);
      for (const line of dataset.lines) sink.line(line);
      for (const schedule of dataset.schedules) sink.schedule(schedule);
      for (const rule of dataset.fareRules ?? []) sink.fareRule(rule);
      for (const concession of dataset.concessions ?? []) sink.concession(concession);
      for (const fare of dataset.throughFares ?? []) sink.throughFare(fare);
    },
    options,
  );
}

type Dataset = TimetableDataset;

/** A write the database refused, named by its entity ('trip 12: UNIQUE constraint failed: trip.id'). */
export class TimetableWriteError extends Error {
  override name = 'TimetableWriteError';
}

/** Where replaceTimetableFrom's fill puts the timetable, one entity at a time, in any order. */
export interface TimetableSink {
  stop(stop: Dataset['stops'][number]): void;
  holiday(holiday: Dataset['holidays'][number]): void;
  yearlyRule(rule: Dataset['yearlyRules'][number]): void;
  /** A line with its notes and routes. */
  line(line: Dataset['lines'][number]): void;
  /** A schedule with its trips and their times. */
  schedule(schedule: Dataset['schedules'][number]): void;
  /** A line's fare rule with its bands and pair fares (issue 41). */
  fareRule(rule: NonNullable<Dataset['fareRules']>[number]): void;
  concession(concession: NonNullable<Dataset['concessions']>[number]): void;
  /** A through fare: one ticket for a journey changing from one line to another. */
  throughFare(fare: NonNullable<Dataset['throughFares']>[number]): void;
}

/** The steps after the rows are written, for a progress display (each is one or a few statements). */
export type TimetableWriteStep = 'checking references' | 'building the departures index' | 'committing';

export interface ReplaceTimetableOptions {
  /** Told when each step after the rows begins. */
  onStep?: (step: TimetableWriteStep) => void;
}

/**
 * Replaces the whole timetable with what `fill` writes into the sink, in one transaction, as
 * replaceTimetable does: `fill` runs inside it, so an importer can read its file and write each
 * entity as it is read (a national import never holds the whole dataset). Whatever `fill`
 * throws undoes everything and is thrown as it is; a write the database refuses throws an error
 * naming the entity ('trip 12: UNIQUE constraint failed: ...'). The caller checks the
 * references (checkDatasetReferences); the foreign keys are verified again before the commit.
 */
export function replaceTimetableFrom(
  sqlite: BetterSqlite3.Database,
  fill: (sink: TimetableSink) => void,
  { onStep = () => {} }: ReplaceTimetableOptions = {},
): ImportCounts {
  const insert = (table: string, columns: string[], rows = 1) => {
    const one = `(${columns.map(() => '?').join(', ')})`;
    return sqlite.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => one).join(', ')}`,
    );
  };
  /** Inserts rows given flat (row after row) with one statement per chunk, statements cached by size. */
  const insertMany = (table: string, columns: string[]) => {
    const bySize = new Map<number, BetterSqlite3.Statement>();
    return (values: (string | number | null)[]) => {
      for (let start = 0; start < values.length; start += MAX_ROWS_PER_INSERT * columns.length) {
        const chunk =
          values.length <= MAX_ROWS_PER_INSERT * columns.length
            ? values
            : values.slice(start, start + MAX_ROWS_PER_INSERT * columns.length);
        const rows = chunk.length / columns.length;
        let statement = bySize.get(rows);
        if (!statement) {
          statement = insert(table, columns, rows);
          bySize.set(rows, statement);
        }
        statement.run(chunk);
      }
    };
  };
  /** Inserts one row given as { column: value }: one statement a table, named by the first row's columns. */
  const insertRow = (table: string) => {
    let statement: BetterSqlite3.Statement | undefined;
    return (row: Record<string, string | number | null>) => {
      if (!statement) {
        const columns = Object.keys(row);
        statement = sqlite.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        );
      }
      statement.run(row);
    };
  };
  const insertStop = insertRow('stop');
  const insertHoliday = insert('holiday', ['id', 'name', 'month', 'day']);
  const insertRule = insert('yearly_rule', ['id', 'period_name', 'type_of_yearly_rule', 'other_rule_id']);
  const setOtherRule = sqlite.prepare('UPDATE yearly_rule SET other_rule_id = ? WHERE id = ?');
  const insertPeriod = insertRow('time_period');
  const insertPattern = insertRow('pattern_item');
  const insertLine = insertRow('line');
  const insertNote = insert('line_note', ['id', 'line_id', 'note_key', 'note_value']);
  const insertRoute = insert('route', ['id', 'line_id', 'route_notes', 'stop_count']);
  const insertRouteStops = insertMany('route_stop', ['route_id', 'seq', 'stop_id']);
  const insertDistances = insertMany('route_distance', ['route_id', 'seq', 'meters']);
  const insertSchedule = insertRow('schedule');
  const insertTrip = insert('trip', ['id', 'schedule_id', 'route_id', 'bound_for', 'route_dir_reversed']);
  const insertTripTimes = insertMany('trip_time', ['trip_id', 'seq', 'minute']);
  const insertFareRule = insertRow('fare_rule');
  const insertFareBands = insertMany('fare_band', ['rule_id', 'seq', 'up_to_meters', 'cents']);
  const insertFarePairs = insertMany('fare_pair', ['rule_id', 'from_stop_id', 'to_stop_id', 'cents']);
  const insertConcession = insert('concession', ['id', 'name_lt', 'name_en', 'percent']);
  const insertThroughFare = insertRow('through_fare');

  // What is being written, so a constraint failure can name it.
  let entity = 'removing the old timetable';
  let entityId = 0;
  const named = (error: unknown): TimetableWriteError => {
    const reason = error instanceof Error ? error.message : String(error);
    const where = entityId === 0 ? entity : `${entity} ${entityId}`;
    return new TimetableWriteError(`${where}: ${reason}`, { cause: error });
  };
  /** Runs one entity's writes, naming it should one fail. */
  const writing = (name: string, id: number, write: () => void) => {
    entity = name;
    entityId = id;
    try {
      write();
    } catch (error) {
      throw named(error);
    }
  };
  const times: (number | null)[] = [];
  let inFill = false;
  // Rules may point at rules written after them: linked once all are written.
  const otherRules: [ruleId: number, otherRuleId: number][] = [];

  const sink: TimetableSink = {
    stop: (s) =>
      writing('stop', s.id, () =>
        insertStop({
          id: s.id,
          ...stopColumns({
            ...s,
            searchNames: distinctSearchNames(s.name, s.searchNames ?? []),
            position: s.position ?? null,
            // Every row names the same columns (one statement): not known unless said.
            stepFree: s.stepFree ?? 'unknown',
            bay: s.bay ?? null,
          }),
        }),
      ),
    holiday: (h) => writing('holiday', h.id, () => insertHoliday.run(h.id, h.name, h.month, h.day)),
    yearlyRule: (r) => {
      writing('yearly rule', r.id, () => insertRule.run(r.id, r.periodName, r.typeOfYearlyRule, null));
      if (r.otherRuleId !== null) otherRules.push([r.id, r.otherRuleId]);
      for (const p of r.timePeriods)
        writing('time period', p.id, () => insertPeriod({ id: p.id, ...periodColumns(r.id, p) }));
      for (const p of r.pattern1Params)
        writing('pattern item', p.id, () => insertPattern({ id: p.id, ...patternColumns(r.id, p) }));
    },
    line: (l) => {
      writing('line', l.id, () => insertLine({ id: l.id, ...lineColumns(l) }));
      for (const n of l.customNotes)
        writing('line note', n.id, () => insertNote.run(n.id, l.id, n.noteKey, n.noteValue));
      for (const r of l.routes)
        writing('route', r.id, () => {
          insertRoute.run(r.id, l.id, r.routeNotes, r.stopIds.length);
          insertRouteStops(r.stopIds.flatMap((stopId, seq) => [r.id, seq, stopId]));
          insertDistances(r.distanceMeters.flatMap((meters, seq) => [r.id, seq, meters]));
        });
    },
    schedule: (s) => {
      writing('schedule', s.id, () =>
        insertSchedule({
          id: s.id,
          line_id: s.lineId,
          ...scheduleColumns(s),
          // Every row names the same columns (one statement): no window is null.
          valid_from: s.validFrom ?? null,
          valid_until: s.validUntil ?? null,
          wheelchair_accessible: stepFreeCode(s.stepFree ?? 'unknown'),
        }),
      );
      for (const t of s.trips)
        writing('trip', t.id, () => {
          insertTrip.run(t.id, s.id, t.routeId, t.boundFor, bit(t.routeDirReversed));
          times.length = 0;
          for (let seq = 0; seq < t.timeList.length; seq++) {
            const text = t.timeList[seq] ?? null;
            const minute = text === null ? null : MINUTE_OF_TIME.get(text);
            if (minute === undefined) {
              throw new Error(`time ${JSON.stringify(text)} at position ${seq + 1} is not HH:MM`);
            }
            times.push(t.id, seq, minute);
          }
          insertTripTimes(times);
        });
    },
    fareRule: (r) =>
      writing('fare rule', r.id, () => {
        insertFareRule({ id: r.id, ...fareRuleColumns(r) });
        if (r.method.kind === 'bands')
          insertFareBands(r.method.bands.flatMap((b, seq) => [r.id, seq, b.upToMeters, b.cents]));
        insertFarePairs(r.pairs.flatMap((p) => [r.id, p.fromStopId, p.toStopId, p.cents]));
      }),
    concession: (c) =>
      writing('concession', c.id, () => {
        const columns = concessionColumns(c);
        insertConcession.run(c.id, columns.name_lt, columns.name_en, columns.percent);
      }),
    throughFare: (f) =>
      writing('through fare', f.id, () => insertThroughFare({ id: f.id, ...throughFareColumns(f) })),
  };

  const write = sqlite.transaction(() => {
    for (const table of TIMETABLE_TABLES_CHILD_FIRST) sqlite.prepare(`DELETE FROM ${table}`).run();

    inFill = true;
    fill(sink);
    inFill = false;

    for (const [ruleId, otherRuleId] of otherRules)
      writing('yearly rule', ruleId, () => setOtherRule.run(otherRuleId, ruleId));

    entity = 'checking references';
    entityId = 0;
    onStep('checking references');
    // trip_time is left out: its rows are written right after their own trip, with its id.
    for (const table of TIMETABLE_TABLES_CHILD_FIRST) {
      if (table === 'trip_time') continue;
      const broken = sqlite.pragma(`foreign_key_check(${table})`) as { table: string; parent: string }[];
      const first = broken[0];
      if (first) throw new Error(`${first.table} refers to a missing row of ${first.parent}`);
    }
    // The departures index, all of it, from what was just written.
    entity = 'building the departures index';
    onStep('building the departures index');
    rebuildDepartureIndex(sqlite);
    // The GTFS feed's version is the time the timetable last changed: an import changes it all.
    sqlite
      .prepare(`INSERT INTO app_meta (key, value) VALUES ('${TIMETABLE_IMPORTED_AT}', ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
      .run(new Date().toISOString());
    // Gone with the commit: a serving process sees the new timetable and no import at once.
    if (marker !== null) clearImportMarker(sqlite, marker);
    entity = 'committing';
    onStep('committing');
  });

  // Foreign keys are switched off for the bulk write (SQLite then erases whole tables at once
  // and skips a parent lookup per stop time) and verified with foreign_key_check before the
  // commit instead. The pragma cannot change inside a transaction, so a caller's open
  // transaction simply keeps them on.
  const toggleForeignKeys = !sqlite.inTransaction && sqlite.pragma('foreign_keys', { simple: true }) === 1;
  if (toggleForeignKeys) sqlite.pragma('foreign_keys = OFF');

  // A whole import of its own (not inside a caller's transaction) tells serving processes it
  // holds the database, so they refuse saves at once instead of waiting (import-marker.ts).
  let marker: string | null = null;
  try {
    // IMMEDIATE: take the write lock up front, so a second import (or any writer) waits its
    // busy timeout and then stops cleanly instead of failing halfway.
    if (sqlite.inTransaction) write();
    else {
      marker = markImportStarted(sqlite);
      write.immediate();
    }
  } catch (error) {
    if (marker !== null) {
      try {
        clearImportMarker(sqlite, marker);
      } catch {
        // Left behind it refuses nothing: it is only believed while its process holds the lock.
      }
    }
    if (isDatabaseBusy(error))
      throw new Error(
        'another import or a long write is running on this database; try again when it has finished',
        { cause: error },
      );
    // A refused write is named already; what the caller's fill threw is its own.
    if (error instanceof TimetableWriteError || inFill) throw error;
    throw named(error);
  } finally {
    if (toggleForeignKeys) sqlite.pragma('foreign_keys = ON');
  }
  return countNow(sqlite);
}

function bit(value: boolean): number {
  return value ? 1 : 0;
}

/** Every count in one statement: `(SELECT count(*) FROM stop) AS stops, ...`. */
const COUNT_SQL = `SELECT ${Object.entries(COUNTED_TABLES)
  .map(([key, table]) => `(SELECT count(*) FROM ${table}) AS ${key}`)
  .join(', ')}`;

function countNow(sqlite: BetterSqlite3.Database): TimetableCounts {
  return sqlite.prepare(COUNT_SQL).get() as TimetableCounts;
}

export async function countTimetable(db: Kysely<Database>): Promise<TimetableCounts> {
  const { rows } = await sql<TimetableCounts>`${sql.raw(COUNT_SQL)}`.execute(db);
  return rows[0] as TimetableCounts;
}

/** Groups rows by a key, keeping their order; the queries below all sort by (key, order). */
function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * The whole timetable in the project's own format, every list ordered by id (and each
 * route's stops, distances and each trip's times by position), so that export, import and
 * export again give the same bytes.
 */
export async function readTimetable(
  db: Kysely<Database>,
  {
    streamTimes = false,
  }: {
    /**
     * The trips' times read a few hundred trips at a time rather than all at once: a national
     * read's peak memory is a third lower. Only on a connection nothing else uses meanwhile (the
     * feeds' process, a command): while the rows stream, the connection runs no other statement.
     */
    streamTimes?: boolean;
  } = {},
): Promise<TimetableDataset> {
  const [head, schedules, trips] = await Promise.all([
    readTimetableHead(db),
    db.selectFrom('schedule').selectAll().orderBy('id').execute(),
    db.selectFrom('trip').selectAll().orderBy('id').execute(),
  ]);

  // One row per trip rather than per stop time: a national timetable has millions of them,
  // and aggregating in SQLite is several times faster than handing each row to JavaScript.
  const timesQuery = db
    .selectFrom('trip_time')
    .select(['trip_id', sql<string>`json_group_array(minute ORDER BY seq)`.as('minutes')])
    .groupBy('trip_id');
  // Streamed: held whole, the rows' JSON and its parsed numbers were most of what a national
  // read took at its peak, beside the lists made of them.
  const timeRows = streamTimes ? timesQuery.stream(500) : await timesQuery.execute();
  const timeLists = new Map<number, (string | null)[]>();
  for await (const row of timeRows) timeLists.set(row.trip_id, timeListOf(row.minutes));

  const tripsBySchedule = groupBy(trips, (t) => t.schedule_id);
  return withSchedules(
    head,
    schedules.map((s) =>
      withoutEmptyWindow(
        s,
        (tripsBySchedule.get(s.id) ?? []).map((t) => ({
          id: t.id,
          boundFor: t.bound_for as BoundFor,
          routeId: t.route_id,
          routeDirReversed: t.route_dir_reversed === 1,
          timeList: timeLists.get(t.id) ?? [],
        })),
      ),
    ),
  );
}

/**
 * The whole dataset from its head and its schedules (a list, or any iterable an export writes as
 * it is read), its members in the file's order: the timetable, then the fares (issue 41) when
 * there are any, so a file without fares reads as it always did.
 */
export function withSchedules<S>(
  head: TimetableHead,
  schedules: S,
): Omit<TimetableHead, 'fareRules' | 'concessions' | 'throughFares'> & { schedules: S } & Pick<
    TimetableHead,
    'fareRules' | 'concessions' | 'throughFares'
  > {
  const { fareRules, concessions, throughFares, ...timetable } = head;
  return {
    ...timetable,
    schedules,
    ...(fareRules === undefined ? {} : { fareRules }),
    ...(concessions === undefined ? {} : { concessions }),
    ...(throughFares === undefined ? {} : { throughFares }),
  };
}

/** A trip's minutes as json_group_array gives them, as the format's 'HH:MM' times. */
function timeListOf(minutes: string): (string | null)[] {
  return (JSON.parse(minutes) as (number | null)[]).map((minute) =>
    minute === null ? null : (TIME_OF_MINUTE[minute] ?? formatTime(minute)),
  );
}

/** Everything readTimetable gives but the schedules: the small part of a timetable. */
export type TimetableHead = Omit<TimetableDataset, 'schedules'>;

/** The timetable as readTimetable reads it, without the schedules (see eachTimetableSchedule). */
export async function readTimetableHead(db: Kysely<Database>): Promise<TimetableHead> {
  const [
    stops,
    holidays,
    yearlyRules,
    lines,
    routes,
    routeStops,
    distances,
    fareRules,
    concessions,
    throughFares,
  ] = await Promise.all([
    db.selectFrom('stop').selectAll().orderBy('id').execute(),
    listHolidays(db),
    listYearlyRules(db),
    listLineInfos(db),
    db.selectFrom('route').selectAll().orderBy('id').execute(),
    db.selectFrom('route_stop').selectAll().orderBy('route_id').orderBy('seq').execute(),
    db.selectFrom('route_distance').selectAll().orderBy('route_id').orderBy('seq').execute(),
    listFareRules(db),
    listConcessions(db),
    listThroughFares(db),
  ]);
  const routesByLine = groupBy(routes, (r) => r.line_id);
  const stopsByRoute = groupBy(routeStops, (s) => s.route_id);
  const distancesByRoute = groupBy(distances, (d) => d.route_id);
  return {
    format: DATASET_FORMAT,
    version: DATASET_VERSION,
    stops: stops.map((s) => {
      const position = toPosition(s);
      return {
        ...toStop(s),
        ...(s.search_names === '' ? {} : { searchNames: parseSearchNames(s.search_names) }),
        ...(position === null ? {} : { position }),
        ...(s.wheelchair_boarding === 0 ? {} : { stepFree: stepFreeOf(s.wheelchair_boarding) }),
        // Issue 42: written only when a stop has one, so a file without bays reads as it did.
        ...(s.bay === null ? {} : { bay: s.bay }),
      };
    }),
    holidays,
    yearlyRules,
    lines: lines.map((line) => ({
      ...line,
      routes: (routesByLine.get(line.id) ?? []).map((r) => ({
        id: r.id,
        routeNotes: r.route_notes,
        stopIds: (stopsByRoute.get(r.id) ?? []).map((s) => s.stop_id),
        distanceMeters: (distancesByRoute.get(r.id) ?? []).map((d) => d.meters),
      })),
    })),
    // Issue 41: only when there are any, so a timetable without fares exports as it always did.
    ...(fareRules.length === 0
      ? {}
      : {
          fareRules: [...fareRules]
            .sort((a, b) => a.id - b.id)
            .map((r) => ({
              ...r,
              method:
                r.method.kind === 'bands' ? { kind: 'bands' as const, bands: [...r.method.bands] } : r.method,
              pairs: [...r.pairs],
            })),
        }),
    ...(concessions.length === 0 ? {} : { concessions }),
    ...(throughFares.length === 0 ? {} : { throughFares }),
  };
}

type TripOfSchedule = {
  trip_id: number | null;
  trip_bound_for: string | null;
  trip_route_id: number | null;
  trip_reversed: number | null;
  trip_minutes: string | null;
};

/**
 * The schedules as readTimetable gives them (by id, each with its trips by id and their times),
 * one at a time: an export writes each as it is read and holds one schedule, not a national
 * timetable's millions of stop times. The connection runs nothing else until the iteration ends.
 */
export function* eachTimetableSchedule(
  sqlite: BetterSqlite3.Database,
): Generator<TimetableDataset['schedules'][number]> {
  const rows = sqlite
    .prepare(
      `SELECT s.*, t.id AS trip_id, t.bound_for AS trip_bound_for, t.route_id AS trip_route_id,
         t.route_dir_reversed AS trip_reversed,
         (SELECT json_group_array(minute ORDER BY seq) FROM trip_time WHERE trip_id = t.id) AS trip_minutes
       FROM schedule s LEFT JOIN trip t ON t.schedule_id = s.id
       ORDER BY s.id, t.id`,
    )
    .iterate() as IterableIterator<ScheduleRow & TripOfSchedule>;
  let current: { row: ScheduleRow; trips: TimetableDataset['schedules'][number]['trips'] } | null = null;
  for (const row of rows) {
    if (current === null || current.row.id !== row.id) {
      if (current !== null) yield withoutEmptyWindow(current.row, current.trips);
      current = { row, trips: [] };
    }
    if (row.trip_id === null) continue;
    current.trips.push({
      id: row.trip_id,
      boundFor: row.trip_bound_for as BoundFor,
      routeId: row.trip_route_id as number,
      routeDirReversed: row.trip_reversed === 1,
      // A trip without stop times has none (json_group_array over no rows gives '[]').
      timeList: row.trip_minutes === null ? [] : timeListOf(row.trip_minutes),
    });
  }
  if (current !== null) yield withoutEmptyWindow(current.row, current.trips);
}

/**
 * A schedule for the JSON format: validFrom and validUntil ('YYYY-MM-DD' or null) when it has a
 * window, neither key when it has none (a timetable without windows exports as it always did).
 */
function withoutEmptyWindow<T>(row: ScheduleRow, trips: T[]) {
  const { validFrom, validUntil, stepFree, ...rest } = toSchedule(row, trips);
  // Nor a step-free mark while it is not known (issue 41).
  const known = stepFree === undefined || stepFree === 'unknown' ? rest : { ...rest, stepFree };
  return validFrom === null && validUntil === null ? known : { ...known, validFrom, validUntil };
}
