import {
  type AdminDeleteInput,
  type AdminStop,
  type ChangeSubject,
  DomainError,
  distinctSearchNames,
  foldText,
  isNewId,
  type SaveStopFields,
  serverMessage,
  stopLabel,
  UNVERSIONED,
  type WithVersion,
} from '@bus/core';
import {
  type Db,
  deleteStop,
  getAdminStopsByIds,
  getStop,
  insertStop,
  type LineRef,
  listAllStops,
  listStopFareUsage,
  listStopsByFoldedName,
  listStopThroughFareUsage,
  listStopUsage,
  type OpenedDatabase,
  updateStop,
} from '@bus/db';
import { type Actor, entityVersions, recordedWrite } from './recorded-write.ts';
import { stopState } from './states.ts';

/** A stop with the lines that have a route through it (legacy get-all-with-usage). */
export interface StopWithUsage {
  stop: AdminStop;
  usedInLines: LineRef[];
  /** The version the stops page saves against. */
  version: number;
}

export function getAllStops(db: OpenedDatabase): Promise<AdminStop[]> {
  return listAllStops(db.kysely);
}

async function withUsage(db: OpenedDatabase, stops: AdminStop[]): Promise<StopWithUsage[]> {
  const [usage, versions] = await Promise.all([listStopUsage(db.kysely), entityVersions(db.kysely, 'stop')]);
  return stops.map((stop) => ({
    stop,
    usedInLines: usage.get(stop.id) ?? [],
    version: versions.get(stop.id) ?? 0,
  }));
}

export async function getStopsWithUsage(db: OpenedDatabase): Promise<StopWithUsage[]> {
  return withUsage(db, await listAllStops(db.kysely));
}

/**
 * The stops the one stop search finds (by name or extra search name), best first; '' gives
 * every stop by id. `matching` is the visitors' search (public-read/stops.ts stopIdsMatching),
 * handed in by the caller: the write side reads nothing of the read side.
 */
export async function searchStopsWithUsage(
  db: OpenedDatabase,
  query: string,
  matching: (query: string) => Promise<number[]>,
): Promise<StopWithUsage[]> {
  if (foldText(query) === '') return withUsage(db, await listStopsByFoldedName(db.kysely, ''));
  return withUsage(db, await getAdminStopsByIds(db.kysely, await matching(query)));
}

const label = async (db: Db, id: number): Promise<ChangeSubject> => {
  const stop = (await stopState(db, id))[0]?.state as { name: string } | undefined;
  return { kind: 'stop', id, name: stop?.name ?? null };
};

/**
 * Creates (id null or negative) or updates a stop; returns it as stored, with its new version.
 * A name another stop already has (case and diacritics ignored) is refused until the save
 * confirms it (`confirmDuplicateName`), naming the stop that has it. The old REST path has no
 * way to confirm and saves as before; it knows no extra search names, so it keeps the stored ones.
 */
export async function saveStop(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveStopFields>,
): Promise<AdminStop & { version: number }> {
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const { result, version } = await recordedWrite<AdminStop>(db, actor, {
    scope: (saved) => ({ kind: 'stop', id: saved?.id ?? existingId ?? 0 }),
    // A new stop has no version yet: nothing to check.
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => label(trx, existingId ?? 0),
    states: (trx, saved) => stopState(trx, saved?.id ?? existingId),
    write: async (trx) => {
      if (actor.via === 'admin' && !input.confirmDuplicateName) {
        const same = (await listStopsByFoldedName(trx, foldText(input.name))).find(
          (s) => s.id !== existingId && foldText(s.name) === foldText(input.name),
        );
        if (same) {
          const which = stopLabel(same);
          throw new DomainError(
            'CONFLICT',
            serverMessage('duplicateStopName', { name: which, stopId: same.id }),
            { reason: 'duplicate-stop-name', stopId: same.id, name: same.name, coords: same.coords },
          );
        }
      }
      const stored = existingId === null ? undefined : await getStop(trx, existingId);
      if (existingId !== null && !stored)
        throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id: existingId }));
      const fields = {
        name: input.name,
        coords: input.coords,
        defaultOption: input.defaultOption,
        searchNames: distinctSearchNames(input.name, input.searchNames ?? stored?.searchNames ?? []),
        position: input.position === undefined ? (stored?.position ?? null) : input.position,
        stepFree: input.stepFree ?? stored?.stepFree ?? 'unknown',
        // Issue 42: absent (the old REST path, a draft from before) keeps the stored bay.
        bay: input.bay === undefined ? (stored?.bay ?? null) : input.bay,
      };
      if (existingId === null) return insertStop(trx, fields);
      await updateStop(trx, existingId, fields);
      return { id: existingId, ...fields };
    },
  });
  return { ...result, version };
}

/**
 * Refuses (CONFLICT) the delete of a stop that a route uses, naming the lines, or that a pair fare
 * or a through fare names (issue 41), naming the lines of those fares.
 */
export async function refuseUsedStop(trx: Db, stop: { id: number; name: string }): Promise<void> {
  const lines = (await listStopUsage(trx, [stop.id])).get(stop.id) ?? [];
  if (lines.length > 0)
    throw new DomainError(
      'CONFLICT',
      serverMessage('stopUsedByLines', { stop: stop.name, lines: lines.map((l) => l.name) }),
    );
  const fares = await listStopFareUsage(trx, stop.id);
  if (fares.length > 0)
    throw new DomainError(
      'CONFLICT',
      serverMessage('stopUsedByFares', { stop: stop.name, lines: fares.map((l) => l.name) }),
    );
  const through = await listStopThroughFareUsage(trx, stop.id);
  if (through.length > 0)
    throw new DomainError(
      'CONFLICT',
      serverMessage('stopUsedByThroughFares', { stop: stop.name, lines: through.map((l) => l.name) }),
    );
}

/** Deletes a stop nothing uses; a used stop is refused with what uses it (refuseUsedStop). */
export async function removeStop(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: 'stop', id },
    baseVersion,
    what: (trx) => label(trx, id),
    states: (trx) => stopState(trx, id),
    write: async (trx) => {
      const stop = await getStop(trx, id);
      if (!stop) throw new DomainError('NOT_FOUND', serverMessage('stopNotFound', { id }));
      await refuseUsedStop(trx, stop);
      await deleteStop(trx, id);
    },
  });
  return { id };
}
