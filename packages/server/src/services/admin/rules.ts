import {
  DomainError,
  isStoredId,
  reconcileList,
  type SaveYearlyRulesFields,
  serverMessage,
  UNVERSIONED,
  type WithVersion,
  type YearlyRule,
} from '@bus/core';
import {
  type Db,
  deleteRules,
  insertRule,
  listYearlyRules,
  type OpenedDatabase,
  replacePatterns,
  replacePeriods,
  scheduleIdsByRule,
  setOtherRule,
  updateRule,
} from '@bus/db';
import { type Actor, currentVersion, recordedWrite } from './recorded-write.ts';
import { refuseStaleRules } from './stale-copies.ts';
import { rulesState } from './states.ts';

/** Yearly rules editor (legacy yearly-rules/get-all). */
export interface RulesWithUsage {
  /** Every rule by id, with its own periods and patterns (a borrowed rule is named by otherRuleId). */
  rules: YearlyRule[];
  /** Per rule, same order: ids of the schedules that run on it, ascending. */
  usage: { ruleId: number; scheduleIds: number[] }[];
  /** The version the yearly rules page saves against. */
  version: number;
}

export async function getRulesWithUsage(db: OpenedDatabase): Promise<RulesWithUsage> {
  const [rules, usage] = await Promise.all([listYearlyRules(db.kysely), scheduleIdsByRule(db.kysely)]);
  return {
    rules,
    usage: rules.map((r) => ({ ruleId: r.id, scheduleIds: usage.get(r.id) ?? [] })),
    version: await currentVersion(db.kysely, { kind: 'rules' }),
  };
}

/** A save of the yearly rules: the rules as stored (in the order given) and the new version. */
export interface SavedRules {
  rules: YearlyRule[];
  /** The version of the yearly rules after the save (what the rules page saves against next). */
  version: number;
}

/**
 * Saves the complete list of yearly rules in one transaction and returns them as stored,
 * in the order given. A stored rule left out of the list is deleted, unless schedules run on
 * it or a rule of the list borrows its periods: then nothing is saved (CONFLICT). New rules
 * have null or negative ids; otherRuleId may name a new rule by its negative id.
 * The answer carries the rules' version after the save: the page's next save sends it.
 */
export async function saveRules(
  db: OpenedDatabase,
  actor: Actor,
  input: WithVersion<SaveYearlyRulesFields>,
): Promise<SavedRules> {
  const { result, version } = await recordedWrite(db, actor, {
    scope: { kind: 'rules' },
    baseVersion: input.baseVersion,
    what: async () => ({ kind: 'rules' }),
    states: (trx) => rulesState(trx),
    write: async (trx) => {
      if (input.baseVersion === UNVERSIONED) await refuseStaleRules(trx, input.rules, actor.username);
      return writeRules(trx, input.rules);
    },
  });
  return { rules: result, version };
}

/**
 * The rules save itself. `restore` (the history's restore): rule ids that are not stored are
 * deleted rules coming back under their old ids (with their periods' and patterns' ids).
 */
export async function writeRules(
  trx: Db,
  posted: SaveYearlyRulesFields['rules'],
  { restore = false }: { restore?: boolean } = {},
): Promise<YearlyRule[]> {
  const stored = new Map((await listYearlyRules(trx)).map((r) => [r.id, r]));
  const plan = reconcileList(stored.keys(), posted);
  const unknown = restore ? undefined : plan.unknownIds[0];
  if (unknown !== undefined)
    throw new DomainError('NOT_FOUND', serverMessage('ruleNotFound', { id: unknown }));
  const postedIds = new Set(posted.map((r) => r.id));
  const toDelete = plan.deletes.map((id) => stored.get(id) as YearlyRule);

  const usage = await scheduleIdsByRule(trx);
  const used = toDelete.filter((r) => usage.has(r.id));
  if (used.length > 0) {
    const list = used.map((r) => ({ id: r.id, name: r.periodName, schedules: usage.get(r.id) ?? [] }));
    throw new DomainError('CONFLICT', serverMessage('rulesUsedBySchedules', { rules: list }));
  }
  for (const rule of posted) {
    const other = rule.otherRuleId;
    // The schema has checked links within the list; a positive id outside it is a stored rule being deleted, or nothing.
    if (other === null || postedIds.has(other)) continue;
    const lender = stored.get(other);
    if (!lender) throw new DomainError('INVALID_INPUT', serverMessage('inputFailed'));
    throw new DomainError(
      'CONFLICT',
      serverMessage('ruleBorrowed', { id: lender.id, name: lender.periodName, borrower: rule.periodName }),
    );
  }

  await deleteRules(
    trx,
    toDelete.map((r) => r.id),
  );
  const written: { rule: (typeof posted)[number]; id: number }[] = [];
  const idMap = new Map<number, number>();
  for (const rule of posted) {
    const fields = { periodName: rule.periodName, typeOfYearlyRule: rule.typeOfYearlyRule };
    let id: number;
    if (!isStoredId(rule.id)) id = await insertRule(trx, fields);
    else if (plan.unknownIds.includes(rule.id)) id = await insertRule(trx, fields, rule.id);
    else {
      id = rule.id;
      await updateRule(trx, id, fields);
    }
    if (rule.id !== null) idMap.set(rule.id, id);
    written.push({ rule, id });
  }
  for (const { rule, id } of written) {
    await setOtherRule(trx, id, rule.otherRuleId === null ? null : (idMap.get(rule.otherRuleId) ?? null));
    await replacePeriods(trx, id, rule.timePeriods, restore);
    await replacePatterns(trx, id, rule.pattern1Params, restore);
  }
  const saved = new Map((await listYearlyRules(trx)).map((r) => [r.id, r]));
  return written.flatMap(({ id }) => saved.get(id) ?? []);
}
