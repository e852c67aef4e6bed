import { type Holiday, WEEKDAYS, type Weekday, type YearlyRule, type YearlyRuleType } from '@bus/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

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

export async function listHolidays(db: Kysely<Database>): Promise<Holiday[]> {
  return db.selectFrom('holiday').select(['id', 'name', 'month', 'day']).orderBy('id').execute();
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
