import {
  type PatternItem,
  type TimePeriod,
  WEEKDAYS,
  type Weekday,
  type YearlyRule,
  type YearlyRuleType,
} from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { forEachIdChunk } from './bound-lists.ts';

/** The yearly rules with their periods and patterns, read and written. */

/** All yearly rules with their own periods and patterns, everything by id. */
export async function listYearlyRules(db: Kysely<Database>): Promise<YearlyRule[]> {
  const [rules, periods, patterns] = await Promise.all([
    db.selectFrom('yearly_rule').selectAll().orderBy('id').execute(),
    db.selectFrom('time_period').selectAll().orderBy('id').execute(),
    db.selectFrom('pattern_item').selectAll().orderBy('id').execute(),
  ]);
  const byId = new Map<number, YearlyRule>();
  for (const r of rules) {
    byId.set(r.id, {
      id: r.id,
      periodName: r.period_name,
      typeOfYearlyRule: r.type_of_yearly_rule as YearlyRuleType | null,
      otherRuleId: r.other_rule_id,
      timePeriods: [],
      pattern1Params: [],
    });
  }
  for (const p of periods) {
    byId.get(p.rule_id)?.timePeriods.push({
      id: p.id,
      startMonth: p.start_month,
      startDay: p.start_day,
      endMonth: p.end_month,
      endDay: p.end_day,
    });
  }
  for (const p of patterns) {
    byId.get(p.rule_id)?.pattern1Params.push({
      id: p.id,
      nthOccurenceEachMonth: p.nth_occurence,
      dayOfWeek: weekdayFromNumber(p.day_of_week),
    });
  }
  return [...byId.values()];
}

/** Stored 1 = MONDAY .. 7 = SUNDAY (a CHECK constraint keeps it in range). */
export function weekdayFromNumber(n: number): Weekday {
  const day = WEEKDAYS[n - 1];
  if (!day) throw new Error(`Stored weekday ${n} is out of range 1..7`);
  return day;
}

export function weekdayToNumber(day: Weekday): number {
  return WEEKDAYS.indexOf(day) + 1;
}

export interface RuleFields {
  periodName: string;
  typeOfYearlyRule: YearlyRuleType | null;
}

/** A period or pattern to store; a null id gets a new one. */
export type PeriodFields = Omit<TimePeriod, 'id'> & { id: number | null };
export type PatternFields = Omit<PatternItem, 'id'> & { id: number | null };

export async function listRuleIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('yearly_rule').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Inserted without a borrowed rule: link with setOtherRule once every rule of a save has its id. */
export async function insertRule(db: Kysely<Database>, rule: RuleFields, id?: number): Promise<number> {
  const row = await db
    .insertInto('yearly_rule')
    .values({
      period_name: rule.periodName,
      type_of_yearly_rule: rule.typeOfYearlyRule,
      other_rule_id: null,
      ...(id === undefined ? {} : { id }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(db: Kysely<Database>, id: number, rule: RuleFields): Promise<void> {
  await db
    .updateTable('yearly_rule')
    .set({ period_name: rule.periodName, type_of_yearly_rule: rule.typeOfYearlyRule })
    .where('id', '=', id)
    .execute();
}

export async function setOtherRule(
  db: Kysely<Database>,
  id: number,
  otherRuleId: number | null,
): Promise<void> {
  await db.updateTable('yearly_rule').set({ other_rule_id: otherRuleId }).where('id', '=', id).execute();
}

export function periodColumns(ruleId: number, p: Omit<TimePeriod, 'id'>) {
  return {
    rule_id: ruleId,
    start_month: p.startMonth,
    start_day: p.startDay,
    end_month: p.endMonth,
    end_day: p.endDay,
  };
}

export function patternColumns(ruleId: number, p: Omit<PatternItem, 'id'>) {
  return {
    rule_id: ruleId,
    nth_occurence: p.nthOccurenceEachMonth,
    day_of_week: weekdayToNumber(p.dayOfWeek),
  };
}

/**
 * Replaces a rule's periods. Ids the rule already had are kept (so a save that changes
 * nothing writes the same rows); any other id is replaced by a new one.
 */
export async function replacePeriods(
  db: Kysely<Database>,
  ruleId: number,
  periods: readonly PeriodFields[],
  /** A restore keeps every id it is given (they were this rule's). */
  keepAllIds = false,
): Promise<void> {
  const own = new Set(
    (await db.selectFrom('time_period').select('id').where('rule_id', '=', ruleId).execute()).map(
      (r) => r.id,
    ),
  );
  await db.deleteFrom('time_period').where('rule_id', '=', ruleId).execute();
  for (const p of periods) {
    await db
      .insertInto('time_period')
      .values({
        ...(p.id !== null && (keepAllIds || own.has(p.id)) ? { id: p.id } : {}),
        ...periodColumns(ruleId, p),
      })
      .execute();
  }
}

/** Replaces a rule's patterns, keeping the ids it already had (see replacePeriods). */
export async function replacePatterns(
  db: Kysely<Database>,
  ruleId: number,
  patterns: readonly PatternFields[],
  keepAllIds = false,
): Promise<void> {
  const own = new Set(
    (await db.selectFrom('pattern_item').select('id').where('rule_id', '=', ruleId).execute()).map(
      (r) => r.id,
    ),
  );
  await db.deleteFrom('pattern_item').where('rule_id', '=', ruleId).execute();
  for (const p of patterns) {
    await db
      .insertInto('pattern_item')
      .values({
        ...(p.id !== null && (keepAllIds || own.has(p.id)) ? { id: p.id } : {}),
        ...patternColumns(ruleId, p),
      })
      .execute();
  }
}

/** Deletes rules with their periods and patterns; links among the deleted rules are cut first. */
export async function deleteRules(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  // Every link cut before any rule goes (a part may link to a rule of a later part).
  await forEachIdChunk(ids, (part) =>
    db.updateTable('yearly_rule').set({ other_rule_id: null }).where('id', 'in', part).execute(),
  );
  await forEachIdChunk(ids, (part) => db.deleteFrom('time_period').where('rule_id', 'in', part).execute());
  await forEachIdChunk(ids, (part) => db.deleteFrom('pattern_item').where('rule_id', 'in', part).execute());
  await forEachIdChunk(ids, (part) => db.deleteFrom('yearly_rule').where('id', 'in', part).execute());
}
