import { WEEKDAYS, type Weekday, WHOLE_YEAR_RULE_NAME } from '@bus/core';
import type {
  DatasetPattern,
  DatasetPeriod,
  DatasetRule,
} from '../../packages/server/src/import/dataset-parts.ts';
import type { Rng } from './prng.ts';

/** The yearly rules of the generated national timetable (generate.ts), and how a schedule picks one. */

export interface RuleGroups {
  wholeYear: number;
  seasonal: number[];
  staticRandom: number[];
  borrowing: number[];
  patterns: number[];
  combos: number[];
}

export function pickRule(rng: Rng, g: RuleGroups): number {
  const group = rng.weighted([
    [[g.wholeYear], 50],
    [g.seasonal, 20],
    [g.staticRandom, 10],
    [g.borrowing, 8],
    [g.patterns, 6],
    [g.combos, 6],
  ] as const);
  return rng.pick(group);
}

/**
 * About 60 yearly rules covering every shape the domain rules name: the whole year, seasons,
 * periods wrapping New Year, periods naming 02-29, rules borrowing periods via otherRuleId
 * (some with their own patterns), nth-weekday patterns (incl. 5th), and combos.
 */
export function generateRules(rng: Rng): { rules: DatasetRule[]; groups: RuleGroups } {
  const rules: DatasetRule[] = [];
  let periodId = 0;
  let patternId = 0;
  const period = (sm: number, sd: number, em: number, ed: number): DatasetPeriod => ({
    id: ++periodId,
    startMonth: sm,
    startDay: sd,
    endMonth: em,
    endDay: ed,
  });
  const pattern = (nth: number, day: Weekday): DatasetPattern => ({
    id: ++patternId,
    nthOccurenceEachMonth: nth,
    dayOfWeek: day,
  });
  const add = (
    periodName: string,
    typeOfYearlyRule: DatasetRule['typeOfYearlyRule'],
    timePeriods: DatasetPeriod[],
    pattern1Params: DatasetPattern[] = [],
    otherRuleId: number | null = null,
  ): number => {
    const id = rules.length + 1;
    rules.push({ id, periodName, typeOfYearlyRule, otherRuleId, timePeriods, pattern1Params });
    return id;
  };

  const wholeYear = add(WHOLE_YEAR_RULE_NAME, 'Static dates', [period(1, 1, 12, 31)]);
  const seasonal = [
    add('Vasaros sezonas', 'Static dates', [period(6, 1, 8, 31)]),
    add('Mokslo metai', 'Static dates', [period(9, 1, 6, 20)]),
    add('Žiemos sezonas', 'Static dates', [period(12, 1, 2, 29)]),
    add('Kalėdų atostogos', 'Static dates', [period(12, 20, 1, 10)]),
    add('Pavasaris', 'Static dates', [period(2, 29, 5, 31)]),
    add('Vasario pabaiga', 'Static dates', [period(2, 15, 2, 29)]),
    add('Mokinių atostogos', 'Static dates', [
      period(10, 27, 10, 31),
      period(12, 22, 1, 4),
      period(2, 16, 2, 20),
      period(4, 7, 4, 11),
      period(6, 21, 8, 31),
    ]),
    add('Ne vasara', 'Static dates', [period(1, 1, 5, 31), period(9, 1, 12, 31)]),
    add('Rudens sezonas', 'Static dates', [period(9, 1, 11, 30)]),
    add('Kurortinis sezonas', 'Static dates', [period(5, 15, 9, 15)]),
  ];
  const lastDay = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const randomBound = (): [number, number] => {
    if (rng.chance(0.1)) return [2, 29];
    const m = rng.int(1, 12);
    return [m, rng.int(1, Math.min(28, lastDay[m - 1] ?? 28))];
  };
  const staticRandom: number[] = [];
  for (let i = 0; i < 19; i++) {
    const periods = Array.from({ length: rng.int(1, 3) }, () => {
      const [sm, sd] = randomBound();
      const [em, ed] = randomBound();
      return period(sm, sd, em, ed);
    });
    staticRandom.push(add(`Sezoninis grafikas Nr. ${i + 1}`, 'Static dates', periods));
  }
  const lenders = [...seasonal, ...staticRandom];
  const weekday = () => rng.pick(WEEKDAYS);
  const borrowing: number[] = [];
  for (let i = 0; i < 10; i++) {
    const withPatterns = i % 2 === 0;
    borrowing.push(
      add(
        withPatterns ? `Kaip sezone, tik ${i + 1}` : `Pagal kitą taisyklę Nr. ${i + 1}`,
        withPatterns ? 'Combo' : null,
        [],
        withPatterns ? Array.from({ length: rng.int(1, 3) }, () => pattern(rng.int(1, 5), weekday())) : [],
        rng.pick(lenders),
      ),
    );
  }
  const patterns: number[] = [];
  for (let i = 0; i < 12; i++) {
    // Every third rule asks for a 5th weekday, which many months do not have.
    const items = Array.from({ length: rng.int(1, 3) }, (_, k) =>
      pattern(k === 0 && i % 3 === 0 ? 5 : rng.int(1, 4), weekday()),
    );
    patterns.push(add(`Kas mėnesį pagal formulę Nr. ${i + 1}`, 'Formula pattern', [], items));
  }
  const combos: number[] = [];
  for (let i = 0; i < 8; i++) {
    const [sm, sd] = randomBound();
    const [em, ed] = randomBound();
    combos.push(
      add(
        `Mišri taisyklė Nr. ${i + 1}`,
        'Combo',
        [period(sm, sd, em, ed)],
        Array.from({ length: rng.int(1, 4) }, () => pattern(rng.int(1, 5), weekday())),
      ),
    );
  }
  return { rules, groups: { wholeYear, seasonal, staticRandom, borrowing, patterns, combos } };
}
