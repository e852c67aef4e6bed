import {
  type ChangeRulesSettings,
  type Concession,
  DomainError,
  diffStates,
  type FareRule,
  type FieldChange,
  type Holiday,
  type RestoreChangeInput,
  type SaveSchedulesFields,
  type ServiceChange,
  type Stop,
  serverMessage,
  type ThroughFare,
  UNVERSIONED,
  type YearlyRule,
} from '@bus/core';
import {
  type ChangeEntry,
  type ChangeKind,
  type ChangeStamp,
  type Db,
  deleteConcession,
  deleteFareRule,
  deleteHoliday,
  deleteLineDeep,
  deleteScheduleDeep,
  deleteServiceChange,
  deleteStop,
  deleteThroughFare,
  getChange,
  getStop,
  latestChange,
  lineExists,
  listBatch,
  listChangeAuthors,
  listChanges,
  type OpenedDatabase,
  restoreConcessionRow,
  restoreHolidayRow,
  restoreServiceChangeRow,
  restoreStopRow,
  summarizeBatches,
  type VersionScope,
} from '@bus/db';
import { changeRulesState, writeSettings } from './change-rules.ts';
import { writeFareRule, writeThroughFare } from './fares.ts';
import { writeLine } from './lines.ts';
import {
  type Actor,
  currentVersion,
  type EntityState,
  recordedWrite,
  vilniusStamp,
} from './recorded-write.ts';
import { writeRules } from './rules.ts';
import { writeSchedules } from './schedules.ts';
import {
  concessionState,
  fareRuleStates,
  holidayState,
  type LineState,
  lineInput,
  lineWithSchedulesStates,
  rulesState,
  type ScheduleState,
  scheduleStates,
  serviceChangeState,
  stopState,
  throughFareStates,
} from './states.ts';
import { refuseUsedStop } from './stops.ts';

/** The history screen: what changed, field by field, newest first. */
export type HistoryItem = Omit<ChangeEntry, 'before' | 'after' | 'batch'> & {
  changes: FieldChange[];
  /** False when the state before cannot be put back (see restoreChange). */
  restorable: boolean;
  /**
   * The version now of what a restore of this entry writes (a line, a line's schedules, the
   * yearly rules, a holiday, a stop): the restore sends it back and is refused when someone
   * changed that since the page was loaded.
   */
  version: number;
  /**
   * On the newest entry of a save that changed several schedules at once (a bulk move, a grid
   * save), or the positions of several stops (issue 29): how many entries it wrote, all put back
   * in one step by restoreBatch, and the version now of the schedules of its lines, or of the
   * stops (restoreBatch sends it back). Null otherwise.
   */
  batchRestore: { size: number; what: 'schedules' | 'stops'; version: number } | null;
};

export interface HistoryPage {
  items: HistoryItem[];
  /** Pass as beforeId for the next (older) page; null when this is the last. */
  nextBeforeId: number | null;
  /** Everyone who has changed something (the person filter). */
  authors: string[];
}

export interface HistoryFilter {
  kind?: ChangeKind | undefined;
  lineId?: number | undefined;
  username?: string | undefined;
  beforeId?: number | undefined;
  limit?: number | undefined;
}

const PAGE = 50;

export async function getHistory(db: OpenedDatabase, filter: HistoryFilter): Promise<HistoryPage> {
  const limit = filter.limit ?? PAGE;
  const [entries, authors] = await Promise.all([
    listChanges(db.kysely, { ...filter, limit: limit + 1 }),
    listChangeAuthors(db.kysely),
  ]);
  const page = entries.slice(0, limit);
  const batches = await summarizeBatches(
    db.kysely,
    page.filter((e) => e.kind === 'schedule' || e.kind === 'stop').map((e) => e.batch),
  );
  const restorableBatch = (e: ChangeEntry) => {
    const batch = e.kind === 'schedule' || e.kind === 'stop' ? batches.get(e.batch) : undefined;
    const whole = e.kind === 'schedule' ? batch?.schedulesOnly : batch?.stopUpdatesOnly;
    return batch && batch.size > 1 && whole && batch.lastId === e.id ? batch : undefined;
  };
  const versions = new Map<string, number>();
  const versionOf = async (scope: VersionScope) => {
    const key = JSON.stringify(scope);
    const known = versions.get(key);
    if (known !== undefined) return known;
    const version = await currentVersion(db.kysely, scope);
    versions.set(key, version);
    return version;
  };
  const items: HistoryItem[] = [];
  for (const entry of page) {
    const { before, after, batch: _batch, ...e } = entry;
    const batch = restorableBatch(entry);
    items.push({
      ...e,
      changes: diffStates(before, after),
      restorable: !((e.kind === 'rules' || e.kind === 'change_rules') && before === null),
      version: await versionOf(restoreScope(entry)),
      batchRestore: batch
        ? {
            size: batch.size,
            what: e.kind === 'stop' ? 'stops' : 'schedules',
            version:
              e.kind === 'stop'
                ? await versionOf({ kind: 'stops' })
                : await batchVersion(db.kysely, await batchLines(db.kysely, entry.batch)),
          }
        : null,
    });
  }
  return {
    items,
    nextBeforeId: entries.length > limit ? (page.at(-1)?.id ?? null) : null,
    authors,
  };
}

/** The recorded change with this id; NOT_FOUND (naming the id) when there is none. */
async function existingChange(db: OpenedDatabase, changeId: number): Promise<ChangeEntry> {
  const entry = await getChange(db.kysely, changeId);
  if (!entry) throw new DomainError('NOT_FOUND', serverMessage('changeNotFound', { id: changeId }));
  return entry;
}

/** What a restore of the entry writes: the scope whose version it is checked against. */
function restoreScope(entry: ChangeEntry): VersionScope {
  switch (entry.kind) {
    case 'holiday':
    case 'stop':
    case 'service_change':
    case 'fare_rule':
    case 'concession':
    case 'through_fare':
      return { kind: entry.kind, id: entry.entityId as number };
    case 'rules':
      return { kind: 'rules' };
    case 'change_rules':
      return { kind: 'change_rules' };
    case 'line':
      return { kind: 'line', lineId: entry.entityId as number };
    case 'schedule':
      return { kind: 'schedules', lineId: entry.lineId as number };
  }
}

/** The lines whose schedules a save wrote (restoreBatch puts them back). */
async function batchLines(db: Db, batch: number): Promise<number[]> {
  const entries = await listBatch(db, batch);
  return [...new Set(entries.flatMap((e) => (e.lineId === null ? [] : [e.lineId])))].sort((a, b) => a - b);
}

/** The newest entry of the schedules of these lines. */
async function newestOfLines(db: Db, lineIds: readonly number[]): Promise<ChangeStamp | undefined> {
  let newest: ChangeStamp | undefined;
  for (const lineId of lineIds) {
    const latest = await latestChange(db, { kind: 'schedules', lineId });
    if (latest && (newest === undefined || latest.id > newest.id)) newest = latest;
  }
  return newest;
}

/** The version of the schedules of several lines together: the newest entry of any of them. */
async function batchVersion(db: Db, lineIds: readonly number[]): Promise<number> {
  return (await newestOfLines(db, lineIds))?.id ?? 0;
}

/**
 * Puts back the state before a change: the thing as it was (re-created with its old id when it
 * was deleted since), or deleted when the change created it. It goes through the same checks as
 * a save (a stop a route uses is not deleted) and is recorded like any other change. Refused
 * (CONFLICT) when what it writes changed after the history page was loaded (`baseVersion`: the
 * entry's `version` as the page showed it).
 */
export async function restoreChange(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: RestoreChangeInput,
): Promise<{ changeIds: number[] }> {
  const entry = await existingChange(db, id);
  const restore = RESTORERS[entry.kind];
  return { changeIds: await restore(db, actor, entry, baseVersion) };
}

/**
 * Puts back the state before a whole save that changed several schedules at once (a bulk move,
 * a grid save), of one line or several: every schedule of it as it was before, in one
 * transaction and one new history batch, all or nothing (a line deleted since refuses it). Only
 * saves made of schedule entries, or of stop changes (the positions import: restoreStopBatch),
 * are restored this way; anything else is restored entry by entry.
 * Refused (CONFLICT) when the schedules of any of its lines changed after the history page was
 * loaded (`baseVersion`: the entry's `batchRestore.version` as the page showed it).
 */
export async function restoreBatch(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: RestoreChangeInput,
): Promise<{ changeIds: number[] }> {
  const entry = await existingChange(db, id);
  const entries = await listBatch(db.kysely, entry.batch);
  if (entries.length > 1 && entries.every((e) => e.kind === 'stop' && e.action === 'update'))
    return { changeIds: await restoreStopBatch(db, actor, entry, entries, baseVersion) };
  if (entries.some((e) => e.kind !== 'schedule' || e.lineId === null))
    throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
  const lineIds = [...new Set(entries.map((e) => e.lineId as number))].sort((a, b) => a - b);
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'schedules', lineId: lineIds[0] as number },
    // Several lines: checked in the write against the newest entry of any of them.
    baseVersion: UNVERSIONED,
    restoredFrom: entry.batch,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: async (trx) => {
      const states: EntityState[] = [];
      for (const lineId of lineIds) states.push(...(await scheduleStates(trx, lineId)));
      return states;
    },
    write: async (trx) => {
      const newest = await newestOfLines(trx, lineIds);
      if ((newest?.id ?? 0) !== baseVersion)
        throw new DomainError(
          'CONFLICT',
          serverMessage('stale', {
            subject: { kind: 'change', summary: entry.summary },
            username: newest?.username ?? null,
            at: newest ? vilniusStamp(newest.at) : null,
          }),
          { reason: 'stale', username: newest?.username ?? null, at: newest?.at ?? null },
        );
      for (const lineId of lineIds) {
        if (!(await lineExists(trx, lineId)))
          throw new DomainError('CONFLICT', serverMessage('lineGone', { lineId }));
        const ofLine = entries.filter((e) => e.lineId === lineId);
        for (const e of ofLine) if (e.before === null) await deleteScheduleDeep(trx, e.entityId as number);
        const befores = ofLine
          .filter((e) => e.before !== null)
          .map((e) => scheduleDraft(e.before as ScheduleState));
        if (befores.length > 0) await writeSchedules(trx, { lineId, schedules: befores }, { restore: true });
      }
    },
  });
  return { changeIds };
}

/**
 * Puts back every stop of a save that changed several (the positions import, issue 29) as it
 * was before, in one write; refused when any stop changed after the history page was loaded
 * (`baseVersion`: the version of the stops it showed).
 */
async function restoreStopBatch(
  db: OpenedDatabase,
  actor: Actor,
  entry: ChangeEntry,
  entries: readonly ChangeEntry[],
  baseVersion: number,
): Promise<number[]> {
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'stops' },
    baseVersion,
    restoredFrom: entry.batch,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: async (trx) => {
      const states: EntityState[] = [];
      for (const e of entries) states.push(...(await stopState(trx, e.entityId as number)));
      return states;
    },
    write: async (trx) => {
      for (const e of entries) await restoreStopRow(trx, e.before as Stop & { searchNames?: string[] });
    },
  });
  return changeIds;
}

/** `baseVersion`: the version of the entry's restoreScope the history page showed. */
type Restorer = (
  db: OpenedDatabase,
  actor: Actor,
  entry: ChangeEntry,
  baseVersion: number,
) => Promise<number[]>;

const restoreHoliday: Restorer = async (db, actor, entry, baseVersion) => {
  const id = entry.entityId as number;
  const before = entry.before as Holiday | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'holiday', id },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => holidayState(trx, id),
    write: async (trx) => {
      if (before === null) await deleteHoliday(trx, id);
      else await restoreHolidayRow(trx, before);
    },
  });
  return changeIds;
};

const restoreStop: Restorer = async (db, actor, entry, baseVersion) => {
  const id = entry.entityId as number;
  const before = entry.before as (Stop & { searchNames?: string[] }) | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'stop', id },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => stopState(trx, id),
    write: async (trx) => {
      if (before !== null) return restoreStopRow(trx, before);
      const stop = await getStop(trx, id);
      if (!stop) return;
      await refuseUsedStop(trx, stop);
      await deleteStop(trx, id);
    },
  });
  return changeIds;
};

/** A recorded schedule as the schedule save takes it (ids kept). */
function scheduleDraft(state: ScheduleState): SaveSchedulesFields['schedules'][number] {
  return {
    id: state.id,
    runsOnWeekly: state.runsOnWeekly,
    runsOnYearlyId: state.runsOnYearlyId,
    runsOnPublicHolidays: state.runsOnPublicHolidays,
    timeConstraintsDescription: state.timeConstraintsDescription,
    // A state recorded before windows existed has none: it comes back without one.
    validFrom: state.validFrom ?? null,
    validUntil: state.validUntil ?? null,
    // One recorded before step-free marks (issue 41) says nothing: the stored mark stays.
    ...(state.stepFree === undefined ? {} : { stepFree: state.stepFree }),
    trips: state.trips.map((t) => ({
      id: t.id,
      boundFor: t.boundFor,
      routeId: t.routeId,
      routeDirReversed: t.routeDirReversed,
      timeList: t.timeList,
    })),
  };
}

/**
 * A line as it was before the change. A line that was deleted comes back with its routes and
 * with the schedules and fare rules deleted together with it, all under their old ids; a line
 * the change created is deleted again (with its schedules, as a line delete does).
 */
const restoreLine: Restorer = async (db, actor, entry, baseVersion) => {
  const lineId = entry.entityId as number;
  const before = entry.before as LineState | null;
  const batch = entry.action === 'delete' ? await listBatch(db.kysely, entry.batch) : [];
  const deletedWith = (kind: ChangeKind) =>
    batch.filter((e) => e.kind === kind && e.action === 'delete' && e.lineId === lineId);
  const schedules = deletedWith('schedule').map((e) => e.before as ScheduleState);
  const fareRules = deletedWith('fare_rule').map((e) => e.before as FareRule);
  // A through fare names two lines: the delete of either took it along (its entry's line is its
  // first line's). It comes back with the line when its other line is still there.
  const throughFares = batch
    .filter((e) => e.kind === 'through_fare' && e.action === 'delete')
    .map((e) => e.before as ThroughFare)
    .filter((fare) => fare.fromLineId === lineId || fare.toLineId === lineId);
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'line', lineId },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => lineWithSchedulesStates(trx, lineId),
    write: async (trx) => {
      if (before === null) {
        await deleteLineDeep(trx, lineId);
        return;
      }
      await writeLine(trx, lineInput(before), lineId, { restore: true });
      if (schedules.length > 0)
        await writeSchedules(trx, { lineId, schedules: schedules.map(scheduleDraft) }, { restore: true });
      for (const { id, ...rule } of fareRules) await writeFareRule(trx, rule, id, { restore: true });
      for (const { id, ...fare } of throughFares) {
        const other = fare.fromLineId === lineId ? fare.toLineId : fare.fromLineId;
        if (await lineExists(trx, other)) await writeThroughFare(trx, fare, id, { restore: true });
      }
    },
  });
  return changeIds;
};

/** A schedule as it was before the change (re-created under its ids), or deleted if the change created it. */
const restoreSchedule: Restorer = async (db, actor, entry, baseVersion) => {
  const scheduleId = entry.entityId as number;
  const lineId = entry.lineId as number;
  const before = entry.before as ScheduleState | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'schedules', lineId },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => scheduleStates(trx, lineId),
    write: async (trx) => {
      if (!(await lineExists(trx, lineId)))
        throw new DomainError('CONFLICT', serverMessage('lineGone', { lineId }));
      if (before === null) await deleteScheduleDeep(trx, scheduleId);
      else await writeSchedules(trx, { lineId, schedules: [scheduleDraft(before)] }, { restore: true });
    },
  });
  return changeIds;
};

/** The whole set of yearly rules as it was before the change (deleted rules come back under their ids). */
const restoreRules: Restorer = async (db, actor, entry, baseVersion) => {
  const before = entry.before as YearlyRule[] | null;
  if (before === null) throw new DomainError('INVALID_INPUT', serverMessage('nothingToRestore'));
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'rules' },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => rulesState(trx),
    write: (trx) => writeRules(trx, before, { restore: true }),
  });
  return changeIds;
};

const restoreServiceChange: Restorer = async (db, actor, entry, baseVersion) => {
  const id = entry.entityId as number;
  const before = entry.before as ServiceChange | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'service_change', id },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => serviceChangeState(trx, id),
    write: async (trx) => {
      if (before === null) await deleteServiceChange(trx, id);
      else await restoreServiceChangeRow(trx, before);
    },
  });
  return changeIds;
};

/** The whole set of changes between buses as it was before the change. */
const restoreChangeRules: Restorer = async (db, actor, entry, baseVersion) => {
  const before = entry.before as ChangeRulesSettings | null;
  if (before === null) throw new DomainError('INVALID_INPUT', serverMessage('nothingToRestore'));
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'change_rules' },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => changeRulesState(trx),
    write: (trx) => writeSettings(trx, before),
  });
  return changeIds;
};

/** A fare rule as it was before the change (issue 41), or deleted if the change created it. */
const restoreFareRule: Restorer = async (db, actor, entry, baseVersion) => {
  const id = entry.entityId as number;
  const before = entry.before as FareRule | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'fare_rule', id },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => fareRuleStates(trx, { id }),
    write: async (trx) => {
      if (before === null) await deleteFareRule(trx, id);
      else {
        const { id: _id, ...rule } = before;
        await writeFareRule(trx, rule, id, { restore: true });
      }
    },
  });
  return changeIds;
};

/** A through fare as it was before the change, or deleted if the change created it. */
const restoreThroughFare: Restorer = async (db, actor, entry, baseVersion) => {
  const id = entry.entityId as number;
  const before = entry.before as ThroughFare | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'through_fare', id },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => throughFareStates(trx, { id }),
    write: async (trx) => {
      if (before === null) await deleteThroughFare(trx, id);
      else {
        const { id: _id, ...fare } = before;
        await writeThroughFare(trx, fare, id, { restore: true });
      }
    },
  });
  return changeIds;
};

const restoreConcession: Restorer = async (db, actor, entry, baseVersion) => {
  const id = entry.entityId as number;
  const before = entry.before as Concession | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'concession', id },
    baseVersion,
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => concessionState(trx, id),
    write: async (trx) => {
      if (before === null) await deleteConcession(trx, id);
      else await restoreConcessionRow(trx, before);
    },
  });
  return changeIds;
};

const RESTORERS: Record<ChangeKind, Restorer> = {
  // Issue 41: fares.
  fare_rule: restoreFareRule,
  concession: restoreConcession,
  through_fare: restoreThroughFare,
  change_rules: restoreChangeRules,
  service_change: restoreServiceChange,
  holiday: restoreHoliday,
  stop: restoreStop,
  rules: restoreRules,
  line: restoreLine,
  schedule: restoreSchedule,
};
