import type { Concession, FareMethod, FareRule, ThroughFare, ThroughJourney } from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database, FareRuleRow, ThroughFareRow } from '../schema.ts';
import { chunksOf, rowsPerInsert, selectByIds } from './bound-lists.ts';
import type { LineRef } from './stops.ts';

/**
 * Fares (issue 41): the lines' fare rules (each with its distance bands and pair fares) and the
 * concessions, read and written. What a ride costs is core's (fares/fares.ts).
 */

/** A rule as a save gives it (no id: the row's). */
export type FareRuleFields = Omit<FareRule, 'id'>;

/** The rule's own columns (its bands and pairs are rows of their own). */
export function fareRuleColumns(rule: FareRuleFields) {
  return {
    line_id: rule.lineId,
    valid_from: rule.validFrom,
    method: rule.method.kind,
    flat_cents: rule.method.kind === 'flat' ? rule.method.cents : null,
    cents_per_km: rule.method.kind === 'perKm' ? rule.method.centsPerKm : null,
    rounding_cents: rule.roundingCents,
    minimum_cents: rule.minimumCents,
  };
}

type BandRow = { rule_id: number; up_to_meters: number; cents: number };
type PairRow = { rule_id: number; from_stop_id: number; to_stop_id: number; cents: number };

function toFareRule(row: FareRuleRow, bands: readonly BandRow[], pairs: readonly PairRow[]): FareRule {
  const method: FareMethod =
    row.method === 'flat'
      ? { kind: 'flat', cents: row.flat_cents ?? 0 }
      : row.method === 'perKm'
        ? { kind: 'perKm', centsPerKm: row.cents_per_km ?? 0 }
        : { kind: 'bands', bands: bands.map((b) => ({ upToMeters: b.up_to_meters, cents: b.cents })) };
  return {
    id: row.id,
    lineId: row.line_id,
    validFrom: row.valid_from,
    method,
    roundingCents: row.rounding_cents,
    minimumCents: row.minimum_cents,
    pairs: pairs.map((p) => ({ fromStopId: p.from_stop_id, toStopId: p.to_stop_id, cents: p.cents })),
  };
}

/**
 * Fare rules with their bands (in order) and pairs (by their stops), by line and then date; of
 * some lines, some rules (by id), or all.
 */
export async function listFareRules(
  db: Kysely<Database>,
  by: { lineIds: readonly number[] } | { ids: readonly number[] } | 'all' = 'all',
): Promise<FareRule[]> {
  const query = db.selectFrom('fare_rule').selectAll();
  const rows = (
    by === 'all'
      ? await query.execute()
      : await selectByIds('lineIds' in by ? by.lineIds : by.ids, (part) =>
          query.where('lineIds' in by ? 'line_id' : 'id', 'in', part).execute(),
        )
  ).sort((a, b) => a.line_id - b.line_id || (a.valid_from < b.valid_from ? -1 : 1));
  if (rows.length === 0) return [];
  const ruleIds = rows.map((r) => r.id);
  const [bands, pairs] = await Promise.all([
    selectByIds(ruleIds, (part) =>
      db
        .selectFrom('fare_band')
        .select(['rule_id', 'up_to_meters', 'cents'])
        .where('rule_id', 'in', part)
        .orderBy('rule_id')
        .orderBy('seq')
        .execute(),
    ),
    selectByIds(ruleIds, (part) =>
      db
        .selectFrom('fare_pair')
        .select(['rule_id', 'from_stop_id', 'to_stop_id', 'cents'])
        .where('rule_id', 'in', part)
        .orderBy('rule_id')
        .orderBy('from_stop_id')
        .orderBy('to_stop_id')
        .execute(),
    ),
  ]);
  const bandsOf = groupByRule(bands);
  const pairsOf = groupByRule(pairs);
  return rows.map((row) => toFareRule(row, bandsOf.get(row.id) ?? [], pairsOf.get(row.id) ?? []));
}

function groupByRule<T extends { rule_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.rule_id);
    if (group) group.push(row);
    else groups.set(row.rule_id, [row]);
  }
  return groups;
}

export async function getFareRule(db: Kysely<Database>, id: number): Promise<FareRule | undefined> {
  return (await listFareRules(db, { ids: [id] }))[0];
}

/** The id of the line's rule from that date, if it has one. */
export async function fareRuleIdFrom(
  db: Kysely<Database>,
  lineId: number,
  validFrom: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('fare_rule')
    .select('id')
    .where('line_id', '=', lineId)
    .where('valid_from', '=', validFrom)
    .executeTakeFirst();
  return row?.id;
}

async function writeBandsAndPairs(db: Kysely<Database>, id: number, rule: FareRuleFields): Promise<void> {
  await db.deleteFrom('fare_band').where('rule_id', '=', id).execute();
  await db.deleteFrom('fare_pair').where('rule_id', '=', id).execute();
  const bands = rule.method.kind === 'bands' ? rule.method.bands : [];
  const bandRows = bands.map((b, seq) => ({ rule_id: id, seq, up_to_meters: b.upToMeters, cents: b.cents }));
  for (const part of chunksOf(bandRows, rowsPerInsert(4)))
    await db.insertInto('fare_band').values(part).execute();
  const pairRows = rule.pairs.map((p) => ({
    rule_id: id,
    from_stop_id: p.fromStopId,
    to_stop_id: p.toStopId,
    cents: p.cents,
  }));
  for (const part of chunksOf(pairRows, rowsPerInsert(4)))
    await db.insertInto('fare_pair').values(part).execute();
}

/** A new rule (`id`: only when a restore puts a deleted one back under its old id); answers it as stored. */
export async function insertFareRule(
  db: Kysely<Database>,
  rule: FareRuleFields,
  id?: number,
): Promise<FareRule> {
  const { id: newId } = await db
    .insertInto('fare_rule')
    .values({ ...(id === undefined ? {} : { id }), ...fareRuleColumns(rule) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeBandsAndPairs(db, newId, rule);
  return (await getFareRule(db, newId)) as FareRule;
}

/** Rewrites a rule with its bands and pairs; false when there is no such rule. */
export async function updateFareRule(
  db: Kysely<Database>,
  id: number,
  rule: FareRuleFields,
): Promise<boolean> {
  const result = await db
    .updateTable('fare_rule')
    .set(fareRuleColumns(rule))
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await writeBandsAndPairs(db, id, rule);
  return true;
}

/** A recorded rule put back as it was (the history's restore): under its id, whether it exists or not. */
export async function restoreFareRuleRow(db: Kysely<Database>, rule: FareRule): Promise<void> {
  const { id, ...fields } = rule;
  if (!(await updateFareRule(db, id, fields))) await insertFareRule(db, fields, id);
}

/** Deletes a rule with its bands and pairs; false when there is no such rule. */
export async function deleteFareRule(db: Kysely<Database>, id: number): Promise<boolean> {
  await db.deleteFrom('fare_band').where('rule_id', '=', id).execute();
  await db.deleteFrom('fare_pair').where('rule_id', '=', id).execute();
  const result = await db.deleteFrom('fare_rule').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes every rule of a line with their bands and pairs (the line delete). */
export async function deleteFareRulesOfLine(db: Kysely<Database>, lineId: number): Promise<void> {
  const ruleIds = db.selectFrom('fare_rule').select('id').where('line_id', '=', lineId);
  await db.deleteFrom('fare_band').where('rule_id', 'in', ruleIds).execute();
  await db.deleteFrom('fare_pair').where('rule_id', 'in', ruleIds).execute();
  await db.deleteFrom('fare_rule').where('line_id', '=', lineId).execute();
}

/** The lines (by id) whose fare rules have a pair fare naming the stop: what keeps it from being deleted. */
export async function listStopFareUsage(db: Kysely<Database>, stopId: number): Promise<LineRef[]> {
  return db
    .selectFrom('fare_pair as p')
    .innerJoin('fare_rule as r', 'r.id', 'p.rule_id')
    .innerJoin('line as l', 'l.id', 'r.line_id')
    .select(['l.id', 'l.name'])
    .where((eb) => eb.or([eb('p.from_stop_id', '=', stopId), eb('p.to_stop_id', '=', stopId)]))
    .distinct()
    .orderBy('l.id')
    .execute();
}

// ---- Concessions -------------------------------------------------------------------------

const CONCESSION_COLUMNS = ['id', 'name_lt', 'name_en', 'percent'] as const;

function toConcession(row: { id: number; name_lt: string; name_en: string; percent: number }): Concession {
  return { id: row.id, nameLt: row.name_lt, nameEn: row.name_en, percent: row.percent };
}

export function concessionColumns(c: Omit<Concession, 'id'>) {
  return { name_lt: c.nameLt, name_en: c.nameEn, percent: c.percent };
}

/** Every concession, by id. */
export async function listConcessions(db: Kysely<Database>): Promise<Concession[]> {
  const rows = await db.selectFrom('concession').select(CONCESSION_COLUMNS).orderBy('id').execute();
  return rows.map(toConcession);
}

export async function insertConcession(db: Kysely<Database>, c: Omit<Concession, 'id'>): Promise<Concession> {
  const row = await db
    .insertInto('concession')
    .values(concessionColumns(c))
    .returning(CONCESSION_COLUMNS)
    .executeTakeFirstOrThrow();
  return toConcession(row);
}

/** Returns false when there is no such concession. */
export async function updateConcession(db: Kysely<Database>, c: Concession): Promise<boolean> {
  const result = await db
    .updateTable('concession')
    .set(concessionColumns(c))
    .where('id', '=', c.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns false when there is no such concession. */
export async function deleteConcession(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('concession').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A recorded concession put back as it was (the history's restore), under its id. */
export async function restoreConcessionRow(db: Kysely<Database>, c: Concession): Promise<void> {
  await db
    .insertInto('concession')
    .values({ id: c.id, ...concessionColumns(c) })
    .onConflict((oc) => oc.column('id').doUpdateSet(concessionColumns(c)))
    .execute();
}

/** Whether any price list is stored at all (the planner says nothing of fares until one is). */
export async function hasFareRules(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('fare_rule').select('id').limit(1).executeTakeFirst()) !== undefined;
}

// ---- Through fares -----------------------------------------------------------------------

/** A through fare as a save gives it (no id: the row's). */
export type ThroughFareFields = Omit<ThroughFare, 'id'>;

export function throughFareColumns(fare: ThroughFareFields) {
  return {
    from_line_id: fare.fromLineId,
    from_stop_id: fare.fromStopId,
    to_line_id: fare.toLineId,
    to_stop_id: fare.toStopId,
    valid_from: fare.validFrom,
    cents: fare.cents,
    change_minutes: fare.changeMinutes,
  };
}

function toThroughFare(row: ThroughFareRow): ThroughFare {
  return {
    id: row.id,
    fromLineId: row.from_line_id,
    fromStopId: row.from_stop_id,
    toLineId: row.to_line_id,
    toStopId: row.to_stop_id,
    validFrom: row.valid_from,
    cents: row.cents,
    changeMinutes: row.change_minutes,
  };
}

/**
 * Through fares by id; of some lines (either of their two), some fares (by id), or all. The id
 * order keeps a journey's prices in the order staff entered them; the screen sorts its own way.
 */
export async function listThroughFares(
  db: Kysely<Database>,
  by: { lineIds: readonly number[] } | { ids: readonly number[] } | 'all' = 'all',
): Promise<ThroughFare[]> {
  const query = db.selectFrom('through_fare').selectAll();
  const rows =
    by === 'all'
      ? await query.execute()
      : 'ids' in by
        ? await selectByIds(by.ids, (part) => query.where('id', 'in', part).execute())
        : await selectByIds(by.lineIds, (part) =>
            query
              .where((eb) => eb.or([eb('from_line_id', 'in', part), eb('to_line_id', 'in', part)]))
              .execute(),
          );
  const unique = new Map(rows.map((row) => [row.id, row]));
  return [...unique.values()].sort((a, b) => a.id - b.id).map(toThroughFare);
}

export async function getThroughFare(db: Kysely<Database>, id: number): Promise<ThroughFare | undefined> {
  return (await listThroughFares(db, { ids: [id] }))[0];
}

/** The id of a through fare of the journey (either way round) from that date, if there is one. */
export async function throughFareIdFrom(
  db: Kysely<Database>,
  journey: ThroughJourney,
  validFrom: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('through_fare')
    .select('id')
    .where('valid_from', '=', validFrom)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('from_line_id', '=', journey.fromLineId),
          eb('from_stop_id', '=', journey.fromStopId),
          eb('to_line_id', '=', journey.toLineId),
          eb('to_stop_id', '=', journey.toStopId),
        ]),
        eb.and([
          eb('from_line_id', '=', journey.toLineId),
          eb('from_stop_id', '=', journey.toStopId),
          eb('to_line_id', '=', journey.fromLineId),
          eb('to_stop_id', '=', journey.fromStopId),
        ]),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** A new through fare (`id`: only when a restore puts a deleted one back under its old id); answers it as stored. */
export async function insertThroughFare(
  db: Kysely<Database>,
  fare: ThroughFareFields,
  id?: number,
): Promise<ThroughFare> {
  const row = await db
    .insertInto('through_fare')
    .values({ ...(id === undefined ? {} : { id }), ...throughFareColumns(fare) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toThroughFare(row);
}

/** Rewrites a through fare; false when there is no such one. */
export async function updateThroughFare(
  db: Kysely<Database>,
  id: number,
  fare: ThroughFareFields,
): Promise<boolean> {
  const result = await db
    .updateTable('through_fare')
    .set(throughFareColumns(fare))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A recorded through fare put back as it was (the history's restore): under its id, whether it exists or not. */
export async function restoreThroughFareRow(db: Kysely<Database>, fare: ThroughFare): Promise<void> {
  const { id, ...fields } = fare;
  if (!(await updateThroughFare(db, id, fields))) await insertThroughFare(db, fields, id);
}

/** Deletes a through fare; false when there is no such one. */
export async function deleteThroughFare(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('through_fare').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes the through fares of a line, either of their two (the line delete). */
export async function deleteThroughFaresOfLine(db: Kysely<Database>, lineId: number): Promise<void> {
  await db
    .deleteFrom('through_fare')
    .where((eb) => eb.or([eb('from_line_id', '=', lineId), eb('to_line_id', '=', lineId)]))
    .execute();
}

/** The lines (by id) of the through fares that name the stop: what keeps it from being deleted. */
export async function listStopThroughFareUsage(db: Kysely<Database>, stopId: number): Promise<LineRef[]> {
  const fares = await db
    .selectFrom('through_fare')
    .select(['from_line_id', 'to_line_id'])
    .where((eb) => eb.or([eb('from_stop_id', '=', stopId), eb('to_stop_id', '=', stopId)]))
    .execute();
  const lineIds = [...new Set(fares.flatMap((f) => [f.from_line_id, f.to_line_id]))];
  if (lineIds.length === 0) return [];
  return db.selectFrom('line').select(['id', 'name']).where('id', 'in', lineIds).orderBy('id').execute();
}
