import {
  DomainError,
  diffStates,
  type FieldChange,
  type Holiday,
  type SaveLineInput,
  type SaveSchedulesInput,
  type Stop,
  serverMessage,
  type YearlyRule,
} from '@bus/core';
import {
  type ChangeEntry,
  type ChangeKind,
  deleteHoliday,
  deleteLineDeep,
  deleteScheduleDeep,
  deleteStop,
  getChange,
  getStop,
  lineExists,
  listBatch,
  listChangeAuthors,
  listChanges,
  listStopUsage,
  type OpenedDatabase,
  restoreHolidayRow,
  restoreStopRow,
  summarizeBatches,
} from '@bus/db';
import { writeLine } from './lines.ts';
import { type Actor, type EntityState, recordedWrite } from './recorded-write.ts';
import { writeRules } from './rules.ts';
import { writeSchedules } from './schedules.ts';
import {
  holidayState,
  type LineState,
  lineWithSchedulesStates,
  rulesState,
  type ScheduleState,
  scheduleStates,
  stopState,
} from './states.ts';

/** The history screen: what changed, field by field, newest first. */
export type HistoryItem = Omit<ChangeEntry, 'before' | 'after' | 'batch'> & {
  changes: FieldChange[];
  /** False when the state before cannot be put back (see restoreChange). */
  restorable: boolean;
  /**
   * On the newest entry of a save that changed several schedules at once (a bulk move, a grid
   * save): how many entries it wrote, all put back in one step by restoreBatch. Null otherwise.
   */
  batchRestore: { size: number } | null;
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
    page.filter((e) => e.kind === 'schedule').map((e) => e.batch),
  );
  const batchRestore = (e: ChangeEntry) => {
    const batch = e.kind === 'schedule' ? batches.get(e.batch) : undefined;
    return batch && batch.size > 1 && batch.schedulesOnly && batch.lastId === e.id
      ? { size: batch.size }
      : null;
  };
  return {
    items: page.map((entry) => {
      const { before, after, batch: _batch, ...e } = entry;
      return {
        ...e,
        changes: diffStates(before, after),
        restorable: !(e.kind === 'rules' && before === null),
        batchRestore: batchRestore(entry),
      };
    }),
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

/**
 * Puts back the state before a change: the thing as it was (re-created with its old id when it
 * was deleted since), or deleted when the change created it. It goes through the same checks as
 * a save (a stop a route uses is not deleted) and is recorded like any other change.
 */
export async function restoreChange(
  db: OpenedDatabase,
  actor: Actor,
  changeId: number,
): Promise<{ changeIds: number[] }> {
  const entry = await existingChange(db, changeId);
  const restore = RESTORERS[entry.kind];
  return { changeIds: await restore(db, actor, entry) };
}

/**
 * Puts back the state before a whole save that changed several schedules at once (a bulk move,
 * a grid save), of one line or several: every schedule of it as it was before, in one
 * transaction and one new history batch, all or nothing (a line deleted since refuses it). Only
 * saves made of schedule entries are restored this way; anything else is restored entry by entry.
 */
export async function restoreBatch(
  db: OpenedDatabase,
  actor: Actor,
  changeId: number,
): Promise<{ changeIds: number[] }> {
  const entry = await existingChange(db, changeId);
  const entries = await listBatch(db.kysely, entry.batch);
  if (entries.some((e) => e.kind !== 'schedule' || e.lineId === null))
    throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
  const lineIds = [...new Set(entries.map((e) => e.lineId as number))].sort((a, b) => a - b);
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'schedules', lineId: lineIds[0] as number },
    restoredFrom: entry.batch,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: async (trx) => {
      const states: EntityState[] = [];
      for (const lineId of lineIds) states.push(...(await scheduleStates(trx, lineId)));
      return states;
    },
    write: async (trx) => {
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

type Restorer = (db: OpenedDatabase, actor: Actor, entry: ChangeEntry) => Promise<number[]>;

const restoreHoliday: Restorer = async (db, actor, entry) => {
  const id = entry.entityId as number;
  const before = entry.before as Holiday | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'holiday', id },
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

const restoreStop: Restorer = async (db, actor, entry) => {
  const id = entry.entityId as number;
  const before = entry.before as (Stop & { searchNames?: string[] }) | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'stop', id },
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => stopState(trx, id),
    write: async (trx) => {
      if (before !== null) return restoreStopRow(trx, before);
      const stop = await getStop(trx, id);
      if (!stop) return;
      const lines = (await listStopUsage(trx, [id])).get(id) ?? [];
      if (lines.length > 0)
        throw new DomainError(
          'CONFLICT',
          serverMessage('stopUsedByLines', { stop: stop.name, lines: lines.map((l) => l.name) }),
        );
      await deleteStop(trx, id);
    },
  });
  return changeIds;
};

/** A recorded line state as the line save takes it (ids kept). */
function lineInput(state: LineState): SaveLineInput {
  return {
    info: { ...state.info, customNotes: state.info.customNotes.map((n) => ({ ...n })) },
    routes: state.routes.map((r) => ({
      id: r.id,
      routeNotes: r.routeNotes ?? '',
      stopsArr: r.stops.map((s) => ({ id: s.id })),
      distanceMetersList: r.distanceMeters,
    })),
  } as SaveLineInput;
}

/** A recorded schedule as the schedule save takes it (ids kept). */
function scheduleDraft(state: ScheduleState): SaveSchedulesInput['schedules'][number] {
  return {
    id: state.id,
    runsOnWeekly: state.runsOnWeekly,
    runsOnYearlyId: state.runsOnYearlyId,
    runsOnPublicHolidays: state.runsOnPublicHolidays,
    timeConstraintsDescription: state.timeConstraintsDescription,
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
 * with the schedules deleted together with it, all under their old ids; a line the change
 * created is deleted again (with its schedules, as a line delete does).
 */
const restoreLine: Restorer = async (db, actor, entry) => {
  const lineId = entry.entityId as number;
  const before = entry.before as LineState | null;
  const schedules =
    entry.action === 'delete'
      ? (await listBatch(db.kysely, entry.batch))
          .filter((e) => e.kind === 'schedule' && e.action === 'delete' && e.lineId === lineId)
          .map((e) => e.before as ScheduleState)
      : [];
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'line', lineId },
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
    },
  });
  return changeIds;
};

/** A schedule as it was before the change (re-created under its ids), or deleted if the change created it. */
const restoreSchedule: Restorer = async (db, actor, entry) => {
  const scheduleId = entry.entityId as number;
  const lineId = entry.lineId as number;
  const before = entry.before as ScheduleState | null;
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'schedules', lineId },
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
const restoreRules: Restorer = async (db, actor, entry) => {
  const before = entry.before as YearlyRule[] | null;
  if (before === null) throw new DomainError('INVALID_INPUT', serverMessage('nothingToRestore'));
  const { changeIds } = await recordedWrite(db, actor, {
    scope: { kind: 'rules' },
    restoredFrom: entry.id,
    what: async () => ({ kind: 'change', summary: entry.summary }),
    states: (trx) => rulesState(trx),
    write: (trx) => writeRules(trx, before, { restore: true }),
  });
  return changeIds;
};

const RESTORERS: Record<ChangeKind, Restorer> = {
  holiday: restoreHoliday,
  stop: restoreStop,
  rules: restoreRules,
  line: restoreLine,
  schedule: restoreSchedule,
};
