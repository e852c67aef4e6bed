import {
  BOUND_FOR,
  type BoundFor,
  DomainError,
  isNewId,
  type LineInfo,
  MESSAGES,
  prepareSchedulesToSave,
  type SaveSchedulesInput,
  type Weekday,
} from '@bus/core';
import {
  deleteScheduleDeep,
  deleteTripsOfScheduleExcept,
  findScheduleLines,
  findTripSchedules,
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
  type ScheduleWithTrips,
  updateSchedule,
  updateTrip,
} from '@bus/db';

/** A new schedule as the editor starts it: one trip, not yet on a route. */
export interface ScheduleTemplate {
  id: null;
  lineId: number;
  runsOnWeekly: Weekday[];
  runsOnYearlyId: null;
  runsOnPublicHolidays: false;
  timeConstraintsDescription: null;
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
}

export function emptySchedule(lineId: number): ScheduleTemplate {
  return {
    id: null,
    lineId,
    runsOnWeekly: [],
    runsOnYearlyId: null,
    runsOnPublicHolidays: false,
    timeConstraintsDescription: null,
    // 'One way' (the old server said 'City bound'): a schedule with one trip must be one way.
    trips: [{ id: null, boundFor: 'One way', routeId: null, routeDirReversed: false, timeList: [] }],
  };
}

export async function getLineSchedules(db: OpenedDatabase, lineId: number): Promise<LineSchedules> {
  const line = await getLineInfo(db.kysely, lineId);
  if (!line) throw new DomainError('NOT_FOUND', `Line ${lineId} does not exist`);
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
  };
}

/**
 * Saves (creates or updates) schedules of one line in one transaction and returns them as
 * stored, in the order given. Each trip's time list is first fitted to its route's stop
 * count, then spec section 5 is checked; any failure changes nothing. The trips of a saved
 * schedule are exactly those posted (others are deleted); schedules not posted are untouched.
 */
export async function saveSchedules(
  db: OpenedDatabase,
  input: SaveSchedulesInput,
): Promise<ScheduleWithTrips[]> {
  const { lineId } = input;
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await getLineInfo(trx, lineId)))
      throw new DomainError('NOT_FOUND', `Line ${lineId} does not exist`);
    const stopCounts = await routeStopCountsOfLine(trx, lineId);
    const prepared = prepareSchedulesToSave(input.schedules, (routeId) => stopCounts.get(routeId));
    if (!prepared.success) throw new DomainError('INVALID_INPUT', prepared.message);
    const schedules = prepared.data;

    const ruleIds = new Set(await listRuleIds(trx));
    const onOtherLine = schedules.some((s) => s.trips.some((t) => !stopCounts.has(t.routeId)));
    if (onOtherLine || schedules.some((s) => !ruleIds.has(s.runsOnYearlyId))) {
      throw new DomainError('INVALID_INPUT', MESSAGES.inputFailed);
    }

    const storedIds = schedules.flatMap((s) => (s.id === null || isNewId(s.id) ? [] : [s.id]));
    const scheduleLines = await findScheduleLines(trx, storedIds);
    for (const id of storedIds) {
      if (scheduleLines.get(id) !== lineId) {
        throw new DomainError('NOT_FOUND', `Schedule ${id} does not exist on line ${lineId}`);
      }
    }
    const tripIds = schedules.flatMap((s) =>
      s.trips.flatMap((t) => (t.id === null || isNewId(t.id) ? [] : [t.id])),
    );
    const tripOwners = await findTripSchedules(trx, tripIds);
    for (const schedule of schedules) {
      for (const trip of schedule.trips) {
        if (trip.id === null || isNewId(trip.id)) continue;
        if (schedule.id === null || tripOwners.get(trip.id) !== schedule.id) {
          throw new DomainError('NOT_FOUND', `Trip ${trip.id} is not a trip of this schedule`);
        }
      }
    }

    const savedIds: number[] = [];
    for (const schedule of schedules) {
      let id: number;
      if (schedule.id === null || isNewId(schedule.id)) id = await insertSchedule(trx, lineId, schedule);
      else {
        id = schedule.id;
        await updateSchedule(trx, id, schedule);
      }
      const kept = schedule.trips.flatMap((t) => (t.id === null || isNewId(t.id) ? [] : [t.id]));
      await deleteTripsOfScheduleExcept(trx, id, kept);
      for (const trip of schedule.trips) {
        if (trip.id === null || isNewId(trip.id)) await insertTrip(trx, id, trip);
        else await updateTrip(trx, trip.id, trip);
      }
      savedIds.push(id);
    }
    const saved = new Map((await listSchedules(trx, { scheduleIds: savedIds })).map((s) => [s.id, s]));
    return savedIds.flatMap((id) => saved.get(id) ?? []);
  });
}

export async function removeSchedule(db: OpenedDatabase, id: number): Promise<{ id: number }> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await deleteScheduleDeep(trx, id)))
      throw new DomainError('NOT_FOUND', `Schedule ${id} does not exist`);
    return { id };
  });
}

/** One line's schedules on a rule (legacy get-schedules-by-rule). */
export interface RuleScheduleGroup {
  line: LineInfo;
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
    throw new DomainError('NOT_FOUND', `Yearly rule ${ruleId} does not exist`);
  }
  const schedules = await listSchedules(db.kysely, {
    scheduleIds: await listScheduleIdsByRule(db.kysely, ruleId),
  });
  const lines = await listLineInfos(db.kysely, [...new Set(schedules.map((s) => s.lineId))]);
  return lines.map((line) => ({
    line,
    schedules: schedules
      .filter((s) => s.lineId === line.id)
      .map((s) => ({
        id: s.id,
        runsOnWeekly: s.runsOnWeekly,
        tripsFirstEntryAndDir: s.trips.map((t) => ({ time: t.timeList[0] ?? '', dir: t.boundFor })),
      })),
  }));
}
