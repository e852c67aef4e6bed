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
  serverMessage,
  UNVERSIONED,
  type VersionedConcession,
  type VersionedFareRule,
  type WithVersion,
} from '@bus/core';
import {
  type Db,
  deleteConcession,
  deleteFareRule,
  type FareRuleFields,
  fareRuleIdFrom,
  findExistingStopIds,
  getFareRule,
  getLineInfo,
  insertConcession,
  insertFareRule,
  listConcessions,
  listFareRules,
  listRoutes,
  type OpenedDatabase,
  restoreFareRuleRow,
  updateConcession,
  updateFareRule,
} from '@bus/db';
import { type Actor, entityVersions, recordedWrite } from './recorded-write.ts';
import { concessionState, fareRuleStates } from './states.ts';

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
