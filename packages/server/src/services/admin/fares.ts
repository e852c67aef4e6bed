import {
  type AdminDeleteInput,
  type ChangeSubject,
  type Concession,
  DomainError,
  type FareRule,
  type FareRulesListInput,
  isNewId,
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
import { type Actor, entityVersions, recordedWrite } from './recorded-write.ts';
import { concessionState, fareRuleStates, throughFareEnds, throughFareStates } from './states.ts';

/**
 * Fares (issue 41): each line's fare rules (a price list from a date: flat, per kilometre or by
 * distance bands, with pair fares) and the concessions. Each rule and each concession is a thing
 * of its own with its own version and history (kinds 'fare_rule' and 'concession'), saved and
 * deleted as holidays are; what a ride costs is core's (fares/fares.ts) and the public side's
 * (public-read/fares.ts).
 */

/** The fare rules of one line (or of every line), by line and date, each with its version. */
export async function getFareRules(
  db: OpenedDatabase,
  { lineId }: FareRulesListInput,
): Promise<VersionedFareRule[]> {
  const [rules, versions] = await Promise.all([
    listFareRules(db.kysely, lineId === null ? 'all' : { lineIds: [lineId] }),
    entityVersions(db.kysely, 'fare_rule'),
  ]);
  return rules.map((rule) => ({ ...rule, version: versions.get(rule.id) ?? 0 }));
}

const ruleLabel = async (db: Db, id: number): Promise<ChangeSubject> => {
  const rule = await getFareRule(db, id);
  const line = rule ? await getLineInfo(db, rule.lineId) : undefined;
  return { kind: 'fareRule', id, line: line?.name ?? null, validFrom: rule?.validFrom ?? null };
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
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const fields: FareRuleFields = {
    lineId: input.lineId,
    validFrom: input.validFrom,
    method: input.method,
    roundingCents: input.roundingCents,
    minimumCents: input.minimumCents,
    pairs: input.pairs,
  };
  const { result, version } = await recordedWrite<FareRule>(db, actor, {
    scope: (saved) => ({ kind: 'fare_rule', id: saved?.id ?? existingId ?? 0 }),
    // A new rule has no version yet: nothing to check.
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => ruleLabel(trx, existingId ?? 0),
    states: (trx, saved) => fareRuleStates(trx, { id: saved?.id ?? existingId }),
    write: (trx) => writeFareRule(trx, fields, existingId),
  });
  return { ...result, version };
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
  const line = await getLineInfo(trx, rule.lineId);
  if (!line)
    throw restore
      ? new DomainError('CONFLICT', serverMessage('lineGone', { lineId: rule.lineId }))
      : new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: rule.lineId }));
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
export async function removeFareRule(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: 'fare_rule', id },
    baseVersion,
    what: (trx) => ruleLabel(trx, id),
    states: (trx) => fareRuleStates(trx, { id }),
    write: async (trx) => {
      if (!(await deleteFareRule(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('fareRuleNotFound', { id }));
    },
  });
  return { id };
}

// ---- Concessions -------------------------------------------------------------------------

/** Every concession, by id, with its version. */
export async function getConcessions(db: OpenedDatabase): Promise<VersionedConcession[]> {
  const [concessions, versions] = await Promise.all([
    listConcessions(db.kysely),
    entityVersions(db.kysely, 'concession'),
  ]);
  return concessions.map((c) => ({ ...c, version: versions.get(c.id) ?? 0 }));
}

const concessionLabel = async (db: Db, id: number): Promise<ChangeSubject> => {
  const concession = (await concessionState(db, id))[0]?.state as Concession | undefined;
  return { kind: 'concession', id, name: concession?.nameLt ?? null };
};

/** Creates (id null or negative) or updates a concession; answers it as stored, with its new version. */
export async function saveConcession(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveConcessionFields>,
): Promise<VersionedConcession> {
  const fields = { nameLt: input.nameLt, nameEn: input.nameEn, percent: input.percent };
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const { result, version } = await recordedWrite<Concession>(db, actor, {
    scope: (saved) => ({ kind: 'concession', id: saved?.id ?? existingId ?? 0 }),
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => concessionLabel(trx, existingId ?? 0),
    states: (trx, saved) => concessionState(trx, saved?.id ?? existingId),
    write: async (trx) => {
      if (existingId === null) return insertConcession(trx, fields);
      const concession = { id: existingId, ...fields };
      if (!(await updateConcession(trx, concession)))
        throw new DomainError('NOT_FOUND', serverMessage('concessionNotFound', { id: existingId }));
      return concession;
    },
  });
  return { ...result, version };
}

export async function removeConcession(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: 'concession', id },
    baseVersion,
    what: (trx) => concessionLabel(trx, id),
    states: (trx) => concessionState(trx, id),
    write: async (trx) => {
      if (!(await deleteConcession(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('concessionNotFound', { id }));
    },
  });
  return { id };
}

// ---- Through fares -----------------------------------------------------------------------

/** Every through fare, by id, with its version. */
export async function getThroughFares(db: OpenedDatabase): Promise<VersionedThroughFare[]> {
  const [fares, versions] = await Promise.all([
    listThroughFares(db.kysely),
    entityVersions(db.kysely, 'through_fare'),
  ]);
  return fares.map((fare) => ({ ...fare, version: versions.get(fare.id) ?? 0 }));
}

const throughFareLabel = async (db: Db, id: number): Promise<ChangeSubject> => {
  const fare = await getThroughFare(db, id);
  const ends = fare ? await throughFareEnds(db, [fare]) : undefined;
  const [from, to] = fare && ends ? ends(fare) : [null, null];
  return { kind: 'throughFare', id, from, to, validFrom: fare?.validFrom ?? null };
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
  const existingId = input.id === null || isNewId(input.id) ? null : input.id;
  const fields: ThroughFareFields = {
    fromLineId: input.fromLineId,
    fromStopId: input.fromStopId,
    toLineId: input.toLineId,
    toStopId: input.toStopId,
    validFrom: input.validFrom,
    cents: input.cents,
    changeMinutes: input.changeMinutes,
  };
  const { result, version } = await recordedWrite<ThroughFare>(db, actor, {
    scope: (saved) => ({ kind: 'through_fare', id: saved?.id ?? existingId ?? 0 }),
    baseVersion: existingId === null ? UNVERSIONED : input.baseVersion,
    what: (trx) => throughFareLabel(trx, existingId ?? 0),
    states: (trx, saved) => throughFareStates(trx, { id: saved?.id ?? existingId }),
    write: (trx) => writeThroughFare(trx, fields, existingId),
  });
  return { ...result, version };
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
  const lineOf = async (lineId: number) => {
    const line = await getLineInfo(trx, lineId);
    if (line) return line;
    throw restore
      ? new DomainError('CONFLICT', serverMessage('lineGone', { lineId }))
      : new DomainError('NOT_FOUND', serverMessage('lineNotFound', { id: lineId }));
  };
  const fromLine = await lineOf(fare.fromLineId);
  const toLine = await lineOf(fare.toLineId);
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

export async function removeThroughFare(
  db: OpenedDatabase,
  actor: Actor,
  { id, baseVersion }: WithVersion<AdminDeleteInput>,
): Promise<{ id: number }> {
  await recordedWrite(db, actor, {
    scope: { kind: 'through_fare', id },
    baseVersion,
    what: (trx) => throughFareLabel(trx, id),
    states: (trx) => throughFareStates(trx, { id }),
    write: async (trx) => {
      if (!(await deleteThroughFare(trx, id)))
        throw new DomainError('NOT_FOUND', serverMessage('throughFareNotFound', { id }));
    },
  });
  return { id };
}
