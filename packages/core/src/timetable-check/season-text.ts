import type { TimetableDataset } from '../dataset.ts';
import { effectivePeriods, type indexRulesById, type PeriodBounds, periodContains } from '../service-day.ts';
import { foldText } from '../text.ts';
import { SEASONS, type Season } from './findings.ts';

/*
 * Reading the seasons and date ranges a Lithuanian (or English) text speaks of: a rule's name,
 * a schedule's description. Best effort, for the check's seasonMismatch and periodMismatch.
 */

/** Days of each month in a leap year (what some year has). */
export const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Genitive month names as a folded description writes them: "nuo balandžio 15 d.". */
const MONTHS_GENITIVE = [
  'sausio',
  'vasario',
  'kovo',
  'balandzio',
  'geguzes',
  'birzelio',
  'liepos',
  'rugpjucio',
  'rugsejo',
  'spalio',
  'lapkricio',
  'gruodzio',
];
const MONTH_WORD = `(${MONTHS_GENITIVE.join('|')})`;
/** 'nuo balandžio 15 d. iki lapkričio 3 d.' */
const WORD_RANGE = new RegExp(
  `\\bnuo ${MONTH_WORD} (\\d{1,2})(?: d\\.?)? iki ${MONTH_WORD} (\\d{1,2})\\b`,
  'g',
);
/** 'nuo 04.01 iki 11.15' (month first, as Lithuanian dates are written) */
const NUMBER_RANGE = /\bnuo (\d{1,2})[.-](\d{1,2})\.? iki (\d{1,2})[.-](\d{1,2})\b/g;
/** '4/15 - 11/03' (month first, as the rules' names write them) */
const SLASH_RANGE = /\b(\d{1,2})\/(\d{1,2}) ?[-–] ?(\d{1,2})\/(\d{1,2})\b/g;

/**
 * The date ranges a text names, month first: 'nuo balandžio 15 d. iki lapkričio 3 d.',
 * 'nuo 04.01 iki 11.15', '4/15 - 11/03'. Best effort; a range naming a day that does not
 * exist is left out.
 */
export function periodsIn(text: string): PeriodBounds[] {
  const folded = foldText(text);
  const found: PeriodBounds[] = [];
  const push = (startMonth: number, startDay: number, endMonth: number, endDay: number) => {
    const real = (m: number, d: number) => d >= 1 && d <= (DAYS_IN_MONTH[m - 1] ?? 0);
    if (real(startMonth, startDay) && real(endMonth, endDay))
      found.push({ startMonth, startDay, endMonth, endDay });
  };
  const month = (word: string | undefined) => MONTHS_GENITIVE.indexOf(word ?? '') + 1;
  for (const m of folded.matchAll(WORD_RANGE)) push(month(m[1]), Number(m[2]), month(m[3]), Number(m[4]));
  for (const regex of [NUMBER_RANGE, SLASH_RANGE]) {
    for (const m of folded.matchAll(regex)) push(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]));
  }
  return found;
}

/** Whether two sets of periods cover the same days of a (leap) year; no periods covers all of it. */
export function sameDays(a: readonly PeriodBounds[], b: readonly PeriodBounds[]): boolean {
  const covers = (periods: readonly PeriodBounds[], month: number, day: number) =>
    periods.length === 0 || periods.some((p) => periodContains(p, month, day));
  for (let month = 1; month <= 12; month++) {
    for (let day = 1; day <= (DAYS_IN_MONTH[month - 1] ?? 0); day++) {
      if (covers(a, month, day) !== covers(b, month, day)) return false;
    }
  }
  return true;
}

/**
 * Word stems (diacritics and case folded) by season. Best effort: a description saying
 * "not in summer" mentions summer all the same.
 */
const SEASON_WORDS: { readonly [S in Season]: RegExp } = {
  summer: /\bvasar|\bsummer/,
  winter: /\bziem|\bwinter/,
  schoolYear: /\bmokslo met|\bschool (?:year|term)|\bterm time/,
  schoolHolidays: /\batostog|\bschool holiday|\bvacation/,
  wholeYear: /\b(?:apskritus|istisus|visus) metus|\b(?:all|whole) year|\byear round/,
};

/** The seasons a text speaks of, in SEASONS order. */
export function seasonsIn(text: string): Season[] {
  const folded = foldText(text);
  return SEASONS.filter((season) => SEASON_WORDS[season].test(folded));
}

/**
 * The seasons a rule stands for: those its name speaks of; a name that speaks of none stands
 * for the whole year when its periods (own or borrowed) cover it (no periods, or one from
 * 01-01 to 12-31), else for nothing this check can tell.
 */
export function ruleSeasonsOf(
  rule: TimetableDataset['yearlyRules'][number],
  rulesById: ReturnType<typeof indexRulesById>,
): Season[] {
  const named = seasonsIn(rule.periodName);
  if (named.length > 0) return named;
  const periods = effectivePeriods(rule, rulesById);
  const wholeYear =
    periods.length === 0 ||
    periods.some(
      (p) =>
        (p.startMonth === 1 && p.startDay === 1 && p.endMonth === 12 && p.endDay === 31) ||
        // a period wrapping the year end that leaves no day out
        p.startMonth * 100 + p.startDay === nextDayKey(p.endMonth, p.endDay),
    );
  return wholeYear ? ['wholeYear'] : [];
}

function nextDayKey(month: number, day: number): number {
  const max = DAYS_IN_MONTH[month - 1] ?? 31;
  if (day < max) return month * 100 + day + 1;
  return month === 12 ? 101 : (month + 1) * 100 + 1;
}
