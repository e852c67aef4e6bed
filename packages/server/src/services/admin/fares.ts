import {
  type AdminDeleteInput,
  type ChangeSubject,
  type Concession,
  DomainError,
  type FareRule,
  type FareRulesListInput,
  isNewId,
  type KeyedMessage,
  type SaveConcessionFields,
  type SaveFareRuleFields,
  type SaveThroughFareFields,
  serverMessage,
  type ThroughFare,
  throughChanges,
  UNVERSIONED,
  type VersionedConcession,
  type VersionedFareRule,
  type VersionedThroughFare,
  type WithVersion,
} from '@bus/core';
import {
  type Db,
  deleteConcession,
  deleteFareRule,
  deleteThroughFare,
  type FareRuleFields,
  fareRuleIdFrom,
  findExistingStopIds,
  getFareRule,
  getLineInfo,
  getStopsByIds,
  getThroughFare,
  insertConcession,
  insertFareRule,
  insertThroughFare,
  listChangeRules,
  listConcessions,
  listFareRules,
  listRoutes,
  listThroughFares,
  type OpenedDatabase,
  restoreFareRuleRow,
  restoreThroughFareRow,
  type ThroughFareFields,
  throughFareIdFrom,
  updateConcession,
  updateFareRule,
  updateThroughFare,
} from '@bus/db';
import { type Actor, type EntityState, entityVersions, recordedWrite } from './recorded-write.ts';
import { concessionState, fareRuleStates, throughFareEnds, throughFareStates } from './states.ts';

/**
 * Fares (issue 41): each line's fare rules (a price list from a date: flat, per kilometre or by
 * distance bands, with pair fares) and the concessions. Each rule and each concession is a thing
 * of its own with its own version and history (kinds 'fare_rule' and 'concession'), saved and
 * deleted as holidays are; what a ride costs is core's (fares/fares.ts) and the public side's
 * (public-read/fares.ts).
 */

/** What saving and deleting a fare rule, a concession or a through fare need to know of its kind. */
interface Recorded {
  /** Its history's kind: each one has a version of its own. */
  kind: 'fare_rule' | 'concession' | 'through_fare';
  /** What the editor shows for one, for the conflict message. */
  label: (db: Db, id: number) => Promise<ChangeSubject>;
  /** One's state as the history keeps it (none for null: a new one, before the write). */
  states: (db: Db, id: number | null) => Promise<EntityState[]>;
  /** The refusal of a write to one that is not stored (404). */
  notFound: (id: number) => KeyedMessage;
}

/** Every stored one of `kind`, each with its version. */
async function withVersions<T extends { id: number }>(
  db: OpenedDatabase,
  kind: Recorded['kind'],
  list: Promise<T[]>,
): Promise<(T & { version: number })[]> {
  const [things, versions] = await Promise.all([list, entityVersions(db.kysely, kind)]);
  return things.map((thing) => ({ ...thing, version: versions.get(thing.id) ?? 0 }));
}

/**
 * Creates (id null or negative) or updates one of `recorded`'s kind with `write` (`existingId`
 * null for a new one), recorded in the history; answers it as stored, with its new version.
 */
async function saveRecorded<T extends { id: number }>(
  db: OpenedDatabase,
  actor: Actor,
  recorded: Recorded,
  input: { id: number | null; baseVersion: number | typeof UNVERSIONED },
  write: (trx: Db, existingId: number | null) => Promise<T>,
): Promise<T & { version: number }> {
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const { result, version } = await recordedWrite<T>(db, actor, {
    scope: (saved) => ({ kind: recorded.kind, id: saved?.id ?? existingId ?? 0 }),
    // A new one has no version yet: nothing to check.
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => recorded.label(trx, existingId ?? 0),
    states: (trx, saved) => recorded.states(trx, saved?.id ?? existingId),
    write: (trx) => write(trx, existingId),
  });
  return { ...result, version };
}

/** Deletes one of `recorded`'s kind with `remove` (false: it was not stored), recorded in the history. */
async function removeRecorded(
  db: OpenedDatabase,
  actor: Actor,
  recorded: Recorded,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
  remove: (trx: Db, id: number) => Promise<boolean>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: recorded.kind, id },
    baseVersion,
    what: (trx) => recorded.label(trx, id),
    states: (trx) => recorded.states(trx, id),
    write: async (trx) => {
      if (!(await remove(trx, id))) throw new DomainError('NOT_FOUND', recorded.notFound(id));
    },
  });
  return { id };
}

/** The fare rules of one line (or of every line), by line and date, each with its version. */
export async function getFareRules(
  db: OpenedDatabase,
  { lineId }: FareRulesListInput,
): Promise<VersionedFareRule[]> {
  return withVersions(
    db,
    'fare_rule',
    listFareRules(db.kysely, lineId === null ? 'all' : { lineIds: [lineId] }),
  );
}

const FARE_RULE: Recorded = {
  kind: 'fare_rule',
  label: async (db, id) => {
    const rule = await getFareRule(db, id);
    const line = rule ? await getLineInfo(db, rule.lineId) : undefined;
    return { kind: 'fareRule', id, line: line?.name ?? null, validFrom: rule?.validFrom ?? null };
  },
  states: (db, id) => fareRuleStates(db, { id }),
  notFound: (id) => serverMessage('fareRuleNotFound', { id }),
};

/**
 * Creates (id null or negative) or updates a fare rule; answers it as stored, with its new
 * version. Refused: a line that does not exist (404), another rule of the line from the same date,
 * a pair fare naming a stop no route of the line passes (400, naming them).
 */
export async function saveFareRule(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveFareRuleFields>,
): Promise<VersionedFareRule> {
  const fields: FareRuleFields = {
    lineId: input.lineId,
    validFrom: input.validFrom,
    method: input.method,
    roundingCents: input.roundingCents,
    minimumCents: input.minimumCents,
    pairs: input.pairs,
  };
  return saveRecorded(db, actor, FARE_RULE, input, (trx, existingId) =>
    writeFareRule(trx, fields, existingId),
  );
}

/** A line a fare names; refused when there is none: a save's (404), a restore's (CONFLICT: it is gone). */
async function fareLine(trx: Db, lineId: number, restore: boolean) {
  const line = await getLineInfo(trx, lineId);
  if (line) return line;
  throw restore
    ? new DomainError('CONFLICT', serverMessage('lineGone', { lineId }))
    : new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
}

/**
 * The write of a rule: a save's (`id` null for a new one), or the history's restore of a recorded
 * one (`restore`: put back under its id whether it exists or not; its pairs' stops need only
 * exist, as the line's routes may have changed since).
 */
export async function writeFareRule(
  trx: Db,
  rule: FareRuleFields,
  id: number | null,
  { restore = false }: { restore?: boolean } = {},
): Promise<FareRule> {
  const line = await fareLine(trx, rule.lineId, restore);
  const other = await fareRuleIdFrom(trx, rule.lineId, rule.validFrom);
  if (other !== undefined && other !== id)
    throw new DomainError(
      restore ? 'CONFLICT' : 'INVALID_INPUT',
      serverMessage('fareRuleExists', { line: line.name, validFrom: rule.validFrom, ruleId: other }),
    );
  const pairStops = [...new Set(rule.pairs.flatMap((p) => [p.fromStopId, p.toStopId]))];
  if (restore) {
    const known = await findExistingStopIds(trx, pairStops);
    const gone = pairStops.find((stopId) => !known.has(stopId));
    if (gone !== undefined) throw new DomainError('CONFLICT', serverMessage('stopNotFound', { id: gone }));
  } else if (pairStops.length > 0) {
    const onLine = new Set(
      (await listRoutes(trx, { lineIds: [rule.lineId] })).flatMap((r) => r.stops.map((s) => s.id)),
    );
    const off = pairStops.find((stopId) => !onLine.has(stopId));
    if (off !== undefined)
      throw new DomainError(
        'INVALID_INPUT',
        serverMessage('fareStopNotOnLine', { stopId: off, line: line.name }),
      );
  }
  if (id === null) return insertFareRule(trx, rule);
  if (restore) await restoreFareRuleRow(trx, { id, ...rule });
  else if (!(await updateFareRule(trx, id, rule)))
    throw new DomainError('NOT_FOUND', serverMessage('fareRuleNotFound', { id }));
  return (await getFareRule(trx, id)) as FareRule;
}

/** Deletes a fare rule with its bands and pairs. */
export function removeFareRule(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  return removeRecorded(db, actor, FARE_RULE, input, deleteFareRule);
}

// ---- Concessions -------------------------------------------------------------------------

/** Every concession, by id, with its version. */
export function getConcessions(db: OpenedDatabase): Promise<VersionedConcession[]> {
  return withVersions(db, 'concession', listConcessions(db.kysely));
}

const CONCESSION: Recorded = {
  kind: 'concession',
  label: async (db, id) => {
    const concession = (await concessionState(db, id))[0]?.state as Concession | undefined;
    return { kind: 'concession', id, name: concession?.nameLt ?? null };
  },
  states: concessionState,
  notFound: (id) => serverMessage('concessionNotFound', { id }),
};

/** Creates (id null or negative) or updates a concession; answers it as stored, with its new version. */
export async function saveConcession(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveConcessionFields>,
): Promise<VersionedConcession> {
  const fields = { nameLt: input.nameLt, nameEn: input.nameEn, percent: input.percent };
  return saveRecorded<Concession>(db, actor, CONCESSION, input, async (trx, existingId) => {
    if (existingId === null) return insertConcession(trx, fields);
    const concession = { id: existingId, ...fields };
    if (!(await updateConcession(trx, concession)))
      throw new DomainError('NOT_FOUND', CONCESSION.notFound(existingId));
    return concession;
  });
}

export function removeConcession(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  return removeRecorded(db, actor, CONCESSION, input, deleteConcession);
}

// ---- Through fares -----------------------------------------------------------------------

/** Every through fare, by id, with its version. */
export function getThroughFares(db: OpenedDatabase): Promise<VersionedThroughFare[]> {
  return withVersions(db, 'through_fare', listThroughFares(db.kysely));
}

const THROUGH_FARE: Recorded = {
  kind: 'through_fare',
  label: async (db, id) => {
    const fare = await getThroughFare(db, id);
    const ends = fare ? await throughFareEnds(db, [fare]) : undefined;
    const [from, to] = fare && ends ? ends(fare) : [null, null];
    return { kind: 'throughFare', id, from, to, validFrom: fare?.validFrom ?? null };
  },
  states: (db, id) => throughFareStates(db, { id }),
  notFound: (id) => serverMessage('throughFareNotFound', { id }),
};

/**
 * Creates (id null or negative) or updates a through fare; answers it as stored, with its new
 * version. Refused: a line that does not exist (404); a stop no route of its line passes, two
 * lines with no stop in common and no change place between them, another through fare of the
 * same journey (either way round) from the same date (400, naming them).
 */
export async function saveThroughFare(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveThroughFareFields>,
): Promise<VersionedThroughFare> {
  const fields: ThroughFareFields = {
    fromLineId: input.fromLineId,
    fromStopId: input.fromStopId,
    toLineId: input.toLineId,
    toStopId: input.toStopId,
    validFrom: input.validFrom,
    cents: input.cents,
    changeMinutes: input.changeMinutes,
  };
  return saveRecorded(db, actor, THROUGH_FARE, input, (trx, existingId) =>
    writeThroughFare(trx, fields, existingId),
  );
}

/**
 * The write of a through fare: a save's (`id` null for a new one), or the history's restore of a
 * recorded one (`restore`: put back under its id whether it exists or not; its lines and stops
 * need only exist, as the lines' routes may have changed since).
 */
export async function writeThroughFare(
  trx: Db,
  fare: ThroughFareFields,
  id: number | null,
  { restore = false }: { restore?: boolean } = {},
): Promise<ThroughFare> {
  const fromLine = await fareLine(trx, fare.fromLineId, restore);
  const toLine = await fareLine(trx, fare.toLineId, restore);
  const stops = await getStopsByIds(trx, [fare.fromStopId, fare.toStopId]);
  for (const stopId of [fare.fromStopId, fare.toStopId])
    if (!stops.has(stopId))
      throw new DomainError(
        restore ? 'CONFLICT' : 'NOT_FOUND',
        serverMessage('stopNotFound', { id: stopId }),
      );
  const stopName = (stopId: number) => stops.get(stopId)?.name ?? String(stopId);
  if (!restore) {
    const stopsOf = async (lineId: number) =>
      new Set((await listRoutes(trx, { lineIds: [lineId] })).flatMap((r) => r.stops.map((s) => s.id)));
    const [fromStops, toStops] = [await stopsOf(fare.fromLineId), await stopsOf(fare.toLineId)];
    for (const [stopId, onLine, line] of [
      [fare.fromStopId, fromStops, fromLine],
      [fare.toStopId, toStops, toLine],
    ] as const)
      if (!onLine.has(stopId))
        throw new DomainError(
          'INVALID_INPUT',
          serverMessage('throughStopNotOnLine', { stop: stopName(stopId), line: line.name }),
        );
    const { places } = await listChangeRules(trx);
    if (throughChanges(fromStops, toStops, places, fare.fromStopId, fare.toStopId).length === 0)
      throw new DomainError(
        'INVALID_INPUT',
        serverMessage('throughNoChange', { fromLine: fromLine.name, toLine: toLine.name }),
      );
  }
  const other = await throughFareIdFrom(trx, fare, fare.validFrom);
  if (other !== undefined && other !== id)
    throw new DomainError(
      restore ? 'CONFLICT' : 'INVALID_INPUT',
      serverMessage('throughFareExists', {
        from: `${stopName(fare.fromStopId)} (${fromLine.name})`,
        to: `${stopName(fare.toStopId)} (${toLine.name})`,
        validFrom: fare.validFrom,
        id: other,
      }),
    );
  if (id === null) return insertThroughFare(trx, fare);
  if (restore) await restoreThroughFareRow(trx, { id, ...fare });
  else if (!(await updateThroughFare(trx, id, fare)))
    throw new DomainError('NOT_FOUND', serverMessage('throughFareNotFound', { id }));
  return (await getThroughFare(trx, id)) as ThroughFare;
}

export function removeThroughFare(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  return removeRecorded(db, actor, THROUGH_FARE, input, deleteThroughFare);
}
