import {
  type AdminDeleteInput,
  BOUND_FOR,
  type BoundFor,
  DomainError,
  formatTime,
  isStoredId,
  type LineInfo,
  parseTime,
  prepareSchedulesToSave,
  reconcileList,
  remapTripTimes,
  type SaveSchedulesFields,
  serverMessage,
  type TripDraft,
  UNVERSIONED,
  type Weekday,
  type WithVersion,
} from '@bus/core';
import {
  type Db,
  deleteScheduleDeep,
  deleteTripsOfScheduleExcept,
  findScheduleLines,
  getLineInfo,
  insertSchedule,
  insertTrip,
  listLineInfos,
  listRuleIds,
  listScheduleIdsByRule,
  listSchedules,
  listYearlyRules,
  type OpenedDatabase,
  routeStopCountsOfLine,
  routeStopIds,
  type ScheduleWithTrips,
  updateSchedule,
  updateTrip,
} from '@bus/db';
import { type Actor, currentVersion, recordedWrite } from './recorded-write.ts';
import { refuseStaleCopies } from './stale-copies.ts';
import { scheduleStates } from './states.ts';

/** A new schedule as the editor starts it: one trip, not yet on a route. */
export interface ScheduleTemplate {
  id: null;
  lineId: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: null;
  runsOnPublicHolidays: false;
  timeConstraintsDescription: null;
  validFrom: null;
  validUntil: null;
  trips: {
    id: null;
    boundFor: BoundFor;
    routeId: null;
    routeDirReversed: false;
    timeList: string[];
  }[];
}

/** Schedule editor of a line (legacy schedule-by-line). */
export interface LineSchedules {
  /** The line's schedules by id, trips by id, times 'HH:MM' (null = none). */
  schedules: ScheduleWithTrips[];
  empty: ScheduleTemplate;
  boundForOptions: BoundFor[];
  /** Every yearly rule, by id. */
  yearlyOptions: { id: number; periodName: string }[];
  /** 'name - routeStart - routeEnd' (missing parts left empty). */
  lineTitle: string;
  /** The version the schedule editor saves against (the line's schedules and routes). */
  version: number;
}

export function emptySchedule(lineId: number): ScheduleTemplate {
  return {
    id: null,
    lineId,
    runsOnWeekly: [],
    runsOnYearlyId: null,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    validFrom: null,
    validUntil: null,
    // 'One way' (the old server said 'City bound'): a schedule with one trip must be one way.
    trips: [{ id: null, boundFor: 'One way', routeId: null, routeDirReversed: false, timeList: [] }],
  };
}

export async function getLineSchedules(db: OpenedDatabase, lineId: number): Promise<LineSchedules> {
  const line = await getLineInfo(db.kysely, lineId);
  if (!line) throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  const [schedules, rules] = await Promise.all([
    listSchedules(db.kysely, { lineId }),
    listYearlyRules(db.kysely),
  ]);
  return {
    schedules,
    empty: emptySchedule(lineId),
    boundForOptions: [...BOUND_FOR],
    yearlyOptions: rules.map((r) => ({ id: r.id, periodName: r.periodName })),
    lineTitle: `${line.name} - ${line.routeStart ?? ''} - ${line.routeEnd ?? ''}`,
    version: await currentVersion(db.kysely, { kind: 'schedules', lineId }),
  };
}

/** A save of a line's schedules: the schedules as stored (in the order given) and the new version. */
export interface SavedSchedules {
  schedules: ScheduleWithTrips[];
  /** The version of the line's schedules after the save (what the editor saves against next). */
  version: number;
}

/**
 * What every write of a line's schedules records (a save, a delete): the version it checks and
 * moves on, the line it names, and the states of the line's schedules before and after.
 */
function lineSchedulesWrite(lineId: number) {
  return {
    scope: { kind: 'schedules', lineId } as const,
    what: async (trx: Db) => ({
      kind: 'lineSchedules' as const,
      lineId,
      line: (await getLineInfo(trx, lineId))?.name ?? null,
    }),
    states: (trx: Db) => scheduleStates(trx, lineId),
  };
}

/**
 * Saves (creates or updates) schedules of one line in one transaction and returns them as
 * stored, in the order given. Each trip's time list is first fitted to its route's stop
 * count, then spec section 5 is checked; any failure changes nothing. The trips of a saved
 * schedule are exactly those posted (others are deleted); schedules not posted are untouched.
 * A stored trip moved to another route with its old time list unchanged (as the old client
 * sends it) keeps the times of the stops both routes share; the others are left empty.
 * A save from an older version of the line's schedules is refused; every change is recorded.
 * The old REST path has no version (UNVERSIONED): its save is refused instead when it sends back
 * a stale copy of a schedule (see refuseStaleCopies).
 * The answer carries the version after the save: the editor's next save sends it.
 */
export async function saveSchedules(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveSchedulesFields>,
): Promise<SavedSchedules> {
  const { result, version } = await recordedWrite(db, actor, {
    ...lineSchedulesWrite(input.lineId),
    baseVersion: input.baseVersion,
    write: async (trx) => {
      if (input.baseVersion === UNVERSIONED) await refuseStaleCopies(trx, input, actor.username);
      return writeSchedules(trx, input);
    },
  });
  return { schedules: result, version };
}

/** 'HH:MM' for anything parseTime reads ('6:05', '06:05:00'); null for empty or unreadable. */
function normalTime(time: string | null): string | null {
  const minutes = time === null ? null : parseTime(time.trim());
  return minutes === null ? null : formatTime(minutes);
}

/**
 * The old client (and any client keeping times by position) sends a trip moved to another
 * route with the times it had: carry them to the new route by stop instead.
 */
async function carryTimesToNewRoutes(
  trx: Db,
  drafts: SaveSchedulesFields['schedules'],
  stored: Map<number, ScheduleWithTrips>,
): Promise<SaveSchedulesFields['schedules']> {
  const moves: { trip: TripDraft; old: ScheduleWithTrips['trips'][number] }[] = [];
  for (const schedule of drafts) {
    const before = isStoredId(schedule.id) ? stored.get(schedule.id) : undefined;
    for (const trip of schedule.trips) {
      const old = isStoredId(trip.id) ? before?.trips.find((t) => t.id === trip.id) : undefined;
      if (!old || trip.routeId === null || trip.routeId === old.routeId) continue;
      const same =
        trip.timeList.length === old.timeList.length &&
        trip.timeList.every((time, i) => normalTime(time) === (old.timeList[i] ?? null));
      if (same) moves.push({ trip, old });
    }
  }
  if (moves.length === 0) return drafts;
  const stops = await routeStopIds(trx, [
    ...new Set(moves.flatMap(({ trip, old }) => [old.routeId, trip.routeId as number])),
  ]);
  const travel = (routeId: number, reversed: boolean) => {
    const list = stops.get(routeId) ?? [];
    return reversed ? [...list].reverse() : list;
  };
  const moved = new Map(
    moves.map(({ trip, old }) => [
      trip,
      remapTripTimes(
        travel(old.routeId, old.routeDirReversed),
        travel(trip.routeId as number, trip.routeDirReversed),
        old.timeList,
        false,
      ).timeList,
    ]),
  );
  return drafts.map((schedule) => ({
    ...schedule,
    trips: schedule.trips.map((trip) => {
      const timeList = moved.get(trip);
      return timeList ? { ...trip, timeList } : trip;
    }),
  }));
}

/**
 * The schedules save itself. `restore` (the history's restore): schedule and trip ids that
 * are not stored are deleted ones coming back under their old ids, not unknown ids.
 */
export async function writeSchedules(
  trx: Db,
  input: SaveSchedulesFields,
  { restore = false }: { restore?: boolean } = {},
): Promise<ScheduleWithTrips[]> {
  const { lineId } = input;
  if (!(await getLineInfo(trx, lineId)))
    throw new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  const storedSchedules = new Map((await listSchedules(trx, { lineId })).map((s) => [s.id, s]));
  const drafts = await carryTimesToNewRoutes(trx, input.schedules, storedSchedules);
  const stopCounts = await routeStopCountsOfLine(trx, lineId);
  const prepared = prepareSchedulesToSave(drafts, (routeId) => stopCounts.get(routeId));
  if (!prepared.success) throw new DomainError('INVALID_INPUT', prepared.problem);
  const schedules = prepared.data;

  const ruleIds = new Set(await listRuleIds(trx));
  const onOtherLine = schedules.some((s) => s.trips.some((t) => !stopCounts.has(t.routeId)));
  if (onOtherLine || schedules.some((s) => !ruleIds.has(s.runsOnYearlyId))) {
    throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
  }

  // Only the posted schedules are saved: the line's others stay as they are.
  const plan = reconcileList(storedSchedules.keys(), schedules, { complete: false });
  const unknown = restore ? undefined : plan.unknownIds[0];
  if (unknown !== undefined)
    throw new DomainError('NOT_FOUND', serverMessage('scheduleNotOnLine', { id: unknown, lineId }));
  if (plan.duplicateIds.length > 0) throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
  const tripPlans = schedules.map((schedule) => {
    const storedTrips = isStoredId(schedule.id) ? (storedSchedules.get(schedule.id)?.trips ?? []) : [];
    const tripPlan = reconcileList(
      storedTrips.map((t) => t.id),
      schedule.trips,
    );
    const unknownTrip = restore ? undefined : tripPlan.unknownIds[0];
    if (unknownTrip !== undefined)
      throw new DomainError('NOT_FOUND', serverMessage('tripNotInSchedule', { id: unknownTrip }));
    return tripPlan;
  });

  const savedIds: number[] = [];
  for (const [index, schedule] of schedules.entries()) {
    let id: number;
    if (!isStoredId(schedule.id)) id = await insertSchedule(trx, lineId, schedule);
    else if (plan.unknownIds.includes(schedule.id))
      id = await insertSchedule(trx, lineId, schedule, schedule.id);
    else {
      id = schedule.id;
      await updateSchedule(trx, id, schedule);
    }
    const tripPlan = tripPlans[index] as (typeof tripPlans)[number];
    await deleteTripsOfScheduleExcept(
      trx,
      id,
      tripPlan.updates.map((t) => t.id),
    );
    for (const trip of schedule.trips) {
      if (!isStoredId(trip.id)) await insertTrip(trx, id, trip);
      else if (tripPlan.unknownIds.includes(trip.id)) await insertTrip(trx, id, trip, trip.id);
      else await updateTrip(trx, trip.id, trip);
    }
    savedIds.push(id);
  }
  const saved = new Map((await listSchedules(trx, { scheduleIds: savedIds })).map((s) => [s.id, s]));
  return savedIds.flatMap((id) => saved.get(id) ?? []);
}

export async function removeSchedule(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  const lineId = (await findScheduleLines(db.kysely, [id])).get(id);
  if (lineId === undefined) throw new DomainError('NOT_FOUND', serverMessage('scheduleNotFound', { id }));
  await recordedWrite(db, actor, {
    ...lineSchedulesWrite(lineId),
    baseVersion,
    write: async (trx) => {
      if (!(await deleteScheduleDeep(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('scheduleNotFound', { id }));
    },
  });
  return { id };
}

/** One line's schedules on a rule (legacy get-schedules-by-rule). */
export interface RuleScheduleGroup {
  line: LineInfo;
  /** The version of the line's schedules (what a bulk change from the rule's page saves against). */
  version: number;
  schedules: {
    id: number;
    runsOnWeekly: Weekday[];
    /** Per trip: its first time ('HH:MM', '' when it has none) and direction. */
    tripsFirstEntryAndDir: { time: string; dir: BoundFor }[];
  }[];
}

/** Schedules whose own rule is `ruleId` (rules borrowing its periods do not count), by line id, then by id. */
export async function getSchedulesByRule(db: OpenedDatabase, ruleId: number): Promise<RuleScheduleGroup[]> {
  if (!(await listRuleIds(db.kysely)).includes(ruleId)) {
    throw new DomainError('NOT_FOUND', serverMessage('ruleNotFound', { id: ruleId }));
  }
  const schedules = await listSchedules(db.kysely, {
    scheduleIds: await listScheduleIdsByRule(db.kysely, ruleId),
  });
  const lines = await listLineInfos(db.kysely, [...new Set(schedules.map((s) => s.lineId))]);
  const versions = await Promise.all(
    lines.map((line) => currentVersion(db.kysely, { kind: 'schedules', lineId: line.id })),
  );
  return lines.map((line, index) => ({
    line,
    version: versions[index] ?? 0,
    schedules: schedules
      .filter((s) => s.lineId === line.id)
      .map((s) => ({
        id: s.id,
        runsOnWeekly: s.runsOnWeekly,
        tripsFirstEntryAndDir: s.trips.map((t) => ({ time: t.timeList[0] ?? '', dir: t.boundFor })),
      })),
  }));
}
