import { compareLineNames, type FareRule } from '@bus/core';

/** Where a rule stands on a day: in force, to come, or replaced by a later one of its line. */
export type RuleStatus = 'current' | 'upcoming' | 'past';

export interface LineGroup<R extends FareRule> {
  lineId: number;
  /** The line's name (its id while the lines are not known). */
  name: string;
  ends: string | null;
  /** The line's rules by date, each with where it stands. */
  rules: { rule: R; status: RuleStatus }[];
}

interface ListedLine {
  id: number;
  name: string;
  routeStart: string | null;
  routeEnd: string | null;
}

/**
 * The rules grouped by line, the lines as staff count them (M5, M24, M38), each line's rules by
 * date: the latest one not after `today` is in force, the later ones are upcoming, the earlier
 * ones replaced (as core's fareRuleOn picks the rule of a day).
 */
export function rulesByLine<R extends FareRule>(
  rules: readonly R[],
  lines: readonly ListedLine[],
  today: string,
): LineGroup<R>[] {
  const byLine = new Map<number, R[]>();
  for (const rule of rules) byLine.set(rule.lineId, [...(byLine.get(rule.lineId) ?? []), rule]);
  const groups = [...byLine].map(([lineId, ofLine]): LineGroup<R> => {
    const line = lines.find((l) => l.id === lineId);
    const sorted = [...ofLine].sort((a, b) => a.validFrom.localeCompare(b.validFrom) || a.id - b.id);
    const inForce = sorted.findLast((rule) => rule.validFrom <= today);
    return {
      lineId,
      name: line?.name ?? String(lineId),
      ends: line?.routeStart && line.routeEnd ? `${line.routeStart} – ${line.routeEnd}` : null,
      rules: sorted.map((rule) => ({
        rule,
        status: rule === inForce ? 'current' : rule.validFrom > today ? 'upcoming' : 'past',
      })),
    };
  });
  return groups.sort((a, b) => compareLineNames(a.name, b.name) || a.lineId - b.lineId);
}

/** The line the list is narrowed to, from the address (`?line=12`); null: every line. */
export function lineOfSearch(search: string): number | null {
  const value = new URLSearchParams(search).get('line');
  return value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
