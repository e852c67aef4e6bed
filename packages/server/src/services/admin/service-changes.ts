import {
  type AdminDeleteInput,
  type ChangeStatus,
  type ChangeSubject,
  changeHoldsOn,
  changeStatus,
  DomainError,
  defaultNoticeText,
  formatTime,
  isNewId,
  type ListServiceChangesInput,
  retimeProblems,
  type ServiceChange,
  type ServiceChangeFields,
  serverMessage,
  toCalendarDate,
  UNVERSIONED,
  vilniusNow,
  type WithVersion,
} from '@bus/core';
import {
  type Db,
  deleteServiceChange,
  findScheduleLines,
  findTripSchedules,
  getStopsByIds,
  insertServiceChange,
  listLineInfos,
  listServiceChanges,
  listTripTimes,
  type OpenedDatabase,
  updateServiceChange,
} from '@bus/db';
import { type Actor, entityVersions, recordedWrite } from './recorded-write.ts';
import { serviceChangeState } from './states.ts';

/**
 * Service changes (issue 27): cancelled trips, changed times, closed stops and notices. Every
 * save and delete goes through recordedWrite (a version per change, a history entry, undo by
 * restore or delete). A change is checked against the data it names: the lines, stops and trips
 * must exist, and a retime must keep every time of its trips in the day and in order.
 */

/** A change with the version the editor saves against and where it stands today. */
export type VersionedServiceChange = ServiceChange & { version: number; status: ChangeStatus };

export interface ServiceChangeList {
  /** Vilnius' date today (what 'current', 'upcoming' and 'past' are measured from). */
  today: string;
  items: VersionedServiceChange[];
}

/** The changes, newest first; filtered by line (it names the line, or a trip of it) and by a date they hold on. */
export async function getServiceChanges(
  db: OpenedDatabase,
  clock: Actor['clock'],
  filter: ListServiceChangesInput,
): Promise<ServiceChangeList> {
  const today = vilniusNow(clock).date;
  const [changes, versions] = await Promise.all([
    listServiceChanges(db.kysely),
    entityVersions(db.kysely, 'service_change'),
  ]);
  let items = changes;
  if (filter.date !== null) items = items.filter((c) => changeHoldsOn(c, filter.date as string));
  if (filter.lineId !== null) {
    const lineId = filter.lineId;
    const tripLines = await linesOfTrips(
      db.kysely,
      items.flatMap((c) => c.tripIds),
    );
    items = items.filter(
      (c) => c.lineIds.includes(lineId) || c.tripIds.some((t) => tripLines.get(t) === lineId),
    );
  }
  return {
    today,
    items: items
      .map((c) => ({ ...c, version: versions.get(c.id) ?? 0, status: changeStatus(c, today) }))
      .sort((a, b) => b.id - a.id),
  };
}

async function linesOfTrips(db: Db, tripIds: readonly number[]): Promise<Map<number, number>> {
  const schedules = await findTripSchedules(db, tripIds);
  const lines = await findScheduleLines(db, [...schedules.values()]);
  const result = new Map<number, number>();
  for (const [trip, schedule] of schedules) {
    const line = lines.get(schedule);
    if (line !== undefined) result.set(trip, line);
  }
  return result;
}

/** What a change names, read and checked: every line, stop and trip must exist. */
async function checkedFacts(db: Db, change: ServiceChangeFields) {
  const tripLines = await linesOfTrips(db, change.tripIds);
  for (const id of change.tripIds)
    if (!tripLines.has(id))
      throw new DomainError('NOT_FOUND', serverMessage('serviceChangeUnknown', { what: 'trip', id }));
  const lineIds = [...new Set([...change.lineIds, ...tripLines.values()])];
  const lines = new Map((await listLineInfos(db, lineIds)).map((l) => [l.id, l.name]));
  for (const id of change.lineIds)
    if (!lines.has(id))
      throw new DomainError('NOT_FOUND', serverMessage('serviceChangeUnknown', { what: 'line', id }));
  const stopIds = [...change.stopIds, ...(change.insteadStopId === null ? [] : [change.insteadStopId])];
  const stops = await getStopsByIds(db, stopIds);
  for (const id of stopIds)
    if (!stops.has(id))
      throw new DomainError('NOT_FOUND', serverMessage('serviceChangeUnknown', { what: 'stop', id }));
  const times = new Map<number, (number | null)[]>();
  for (const row of await listTripTimes(db, change.tripIds)) {
    const list = times.get(row.trip_id) ?? [];
    list.push(row.minute);
    times.set(row.trip_id, list);
  }
  return { tripLines, lines, stops, times };
}

/** Refuses a retime that moves a time out of the day, puts times out of order, or names a stop the trip lacks. */
function checkRetime(change: ServiceChangeFields, times: ReadonlyMap<number, (number | null)[]>): void {
  if (change.kind !== 'retime') return;
  for (const tripId of change.tripIds) {
    const problems = retimeProblems(change, tripId, times.get(tripId) ?? []);
    for (const problem of ['badIndex', 'outOfDay', 'backwards'] as const)
      if (problems[problem].length > 0)
        throw new DomainError(
          'INVALID_INPUT',
          serverMessage('retimeProblem', { tripId, problem, stops: problems[problem] }),
        );
  }
}

/** The change as stored: its notice's words written from what it does where staff left them blank. */
async function completed(
  db: Db,
  change: ServiceChangeFields,
  clock: Actor['clock'],
): Promise<Omit<ServiceChange, 'id'>> {
  const { tripLines, lines, stops, times } = await checkedFacts(db, change);
  checkRetime(change, times);
  // A cancel or retime names its trips' lines, so the line's page and filter find it.
  const lineIds =
    change.kind === 'cancel' || change.kind === 'retime'
      ? [...new Set([...change.lineIds, ...tripLines.values()])].sort((a, b) => a - b)
      : change.lineIds;
  const { id: _id, ...fields } = change;
  const stored: Omit<ServiceChange, 'id'> = {
    ...fields,
    lineIds,
    titleLt: change.titleLt ?? '',
  };
  if (change.titleLt !== null) return stored;
  const firstTime = (tripId: number) => {
    const minute = (times.get(tripId) ?? []).find((m) => m !== null);
    return minute === undefined || minute === null ? '' : formatTime(minute);
  };
  const words = defaultNoticeText(stored, {
    trips: change.tripIds
      .map((id) => ({ time: firstTime(id), lineName: lines.get(tripLines.get(id) as number) ?? '' }))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)),
    stopName: (id) => stops.get(id)?.name ?? String(id),
    thisYear: toCalendarDate(vilniusNow(clock).date).year,
  });
  return { ...stored, ...words };
}

const label = async (db: Db, id: number): Promise<ChangeSubject> => {
  const change = (await serviceChangeState(db, id))[0]?.state as ServiceChange | undefined;
  return { kind: 'serviceChange', id, title: change?.titleLt ?? null };
};

/** Creates (id null or negative) or updates a change; returns it as stored, with its new version. */
export async function saveServiceChange(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<ServiceChangeFields>,
): Promise<VersionedServiceChange> {
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const { result, version } = await recordedWrite<ServiceChange>(db, actor, {
    scope: (saved) => ({ kind: 'service_change', id: saved?.id ?? existingId ?? 0 }),
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => label(trx, existingId ?? 0),
    states: (trx, saved) => serviceChangeState(trx, saved?.id ?? existingId),
    write: async (trx) => {
      const { baseVersion: _v, ...fields } = input;
      const stored = await completed(trx, fields as ServiceChangeFields, actor.clock);
      if (existingId === null) return insertServiceChange(trx, stored);
      const change = { id: existingId, ...stored };
      if (!(await updateServiceChange(trx, change)))
        throw new DomainError('NOT_FOUND', serverMessage('serviceChangeNotFound', { id: existingId }));
      return change;
    },
  });
  return { ...result, version, status: changeStatus(result, vilniusNow(actor.clock).date) };
}

/** Deletes a change (its undo): the trips run again, the notice goes; the history keeps it. */
export async function removeServiceChange(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number; version: number }> {
  const { version } = await recordedWrite(db, actor, {
    scope: { kind: 'service_change', id },
    baseVersion,
    what: (trx) => label(trx, id),
    states: (trx) => serviceChangeState(trx, id),
    write: async (trx) => {
      if (!(await deleteServiceChange(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('serviceChangeNotFound', { id }));
    },
  });
  return { id, version };
}
